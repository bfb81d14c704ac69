"""Information-set Monte Carlo tree search: one search bot for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) through the engine
contract alone. Each iteration

1. samples a full state consistent with the bot's own view (``game.determinize``), never
   the true state, with the bot's own generator;
2. descends the tree of actions, choosing by UCB1 with *availability counts*: an action
   legal in only some determinizations is judged by how often it was available, not by
   how often its parent was visited (a subset-armed bandit);
3. expands one untried action, then plays a rollout of at most ``depth`` steps, chance
   sampled from the bot's generator. Below the root a node grows only once visited
   ``expand`` times, and then progressively (about the square root of its visits in
   children), the rollout policy's choice first, so that thinly visited lines follow
   the rollout policy rather than arbitrary moves;
4. scores the end (each seat's share of the win) or, at the depth limit, the position's
   estimated win shares, and backs the score up the path, each action credited with its
   own actor's share.

Chance outcomes are sampled; the tree branches on an outcome only when the observer may
see it (``game.outcome_visibility``), e.g. the card it draws itself, so a decision after
a draw knows the card. A multi-step decision (laying a phase card by card) is just a run
of actions by the same seat, each one a tree level. A decision with one legal action is
not searched.

Knowledge (all optional, all from the game's heuristic bot class, the *guide*, so the
search itself knows no game):

- rollouts are played by the guide (one instance per seat, each from its seat's view of
  the sampled state), uniform random without one (``rollout=random`` forces it). Search
  over the guide's rollouts is a policy improvement over the guide. The guide may name a
  cheaper policy for them with ``ismcts_rollout_policy(players)`` (Toc's judges each
  part of a split 7 on its own instead of searching the whole split);
- the value at the depth limit comes from the guide's optional method
  ``position_value(self, view) -> float`` (a non-negative strength of its seat in that
  view; larger is better), asked of every seat and normalised into win shares. Without
  it the cut scores every seat equally and rollouts run longer;
- the final choice favours the guide's own choice by ``prior`` (in win share), so that
  the search leaves it only on evidence. The guide may name a stronger policy for that
  root choice with ``ismcts_root_policy()``, one too slow to play rollouts (Phase 10's
  reads the next player from the cards it let go); one with ``observe(view, action)``
  is shown every decision of the seat, so that it can keep track of the game. With
  ``confidence`` (z, from the guide's optional ``ismcts_confidence``) the search leaves
  that choice only for an action whose mean is higher by ``prior`` plus z standard
  errors of the difference (a few visits per action, as in a Phase 10 discard among
  eleven cards, would otherwise pick the luckiest); in paired mode the test is on the
  mean paired difference from the guide's choice. The guide may also set the prior
  (``ismcts_prior``, a win share) and ask for paired mode (``ismcts_paired``); like
  ``ismcts_confidence``, each is a value or a static method of the player count. With a
  confidence test, the guide's choice is the one tested even at a prior of 0;
- decisions the guide calls settled are not searched: its optional method
  ``settled(self, view, legal) -> action | None`` names the action when the choice needs
  no search (laying down a phase, placing and hitting cards), at the root and inside the
  tree alike (a settled step is part of the transition, not a tree level), so the budget
  goes to the decisions that matter; at the root, the root policy settles this seat's
  choices instead when it has the method (Phase 10's reading bot plans its lay-down
  and hits, the guide lays and hits greedily);
- the default budget comes from the guide's optional class attribute
  ``ismcts_iterations`` (an int, or a static method of the player count: its game's
  rollouts and evaluations cost more or less), else 300; the rollout's depth before the
  cut, from its optional ``ismcts_depth`` (an int, or a static method of the player
  count that may answer None), else 12.

Budget: ``iterations`` per move, or ``time`` seconds per move, or both (whichever ends
first). The default is an iteration budget, so that a seeded match or tournament gives
the same moves on any machine and under any load (a time budget cannot), sized to stay
under one second per move in every game and player count on one core of the reference
machine (``benchmarks/ismcts_speed.py``).

Parameters: one ``IsmctsSettings`` (``meeple.bots.ismcts_settings``), which a spec
builds (``ismcts:iterations=2000,c=0.7``): ``iterations``, ``time`` (seconds), ``c``
(exploration; rewards are win shares in [0, 1]), ``depth`` (rollout steps before the
cut), ``expand`` (visits before a node grows), ``tree`` (maximum tree depth), ``rollout``
(``heuristic`` or ``random``, or any bot spec), ``eval`` (``heuristic``, ``none``, or a
``module:Class`` bot spec with ``position_value``), ``prior``, ``branch`` (branch on seen
chance outcomes), ``confidence``, ``settle`` (follow the guide's settled choices),
``paired`` (every root action on each sample, with common random numbers), ``scale`` (a
factor on the budget, iterations or time: the expert level's 4).

One simulation (``_simulate``) is four steps, each its own function: ``_descend``
(selection, through ``_select``, and expansion, through ``_expand``), ``_roll_out``,
``_shares`` (the score where it ended) and ``_back_up``.
"""

import math
import random
import time
from collections.abc import Callable, Sequence

from meeple.bots.base import Bot
from meeple.bots.guide import (
    Observer,
    PositionEvaluator,
    Settler,
    guide_class,
    rollout_policy,
    root_policy,
    suggested_confidence,
    suggested_depth,
    suggested_iterations,
    suggested_paired,
    suggested_prior,
)
from meeple.bots.ismcts_settings import IsmctsSettings
from meeple.bots.registry import bot_class, parse_bot_spec
from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame

DEFAULT_PRIOR = 0.03
DEPTH_WITH_EVALUATION = 12
DEPTH_WITHOUT_EVALUATION = 400
UNLIMITED = 1 << 60

# The guide's settled choice for a seat's view and legal actions (None: search it).
SettleFunction = Callable[[object, tuple[object, ...]], object | None]
# One tree step of a simulation: the node reached and the seat whose action led there.
Path = list[tuple["Node", int]]


class Node:
    """One tree node: the statistics of the action (or seen outcome) that leads here."""

    __slots__ = ("available", "children", "outcomes", "reward", "squares", "visits")

    def __init__(self) -> None:
        self.children: dict[object, Node] = {}
        self.outcomes: dict[object, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.squares = 0.0  # the sum of the squared rewards (for the confidence test)


class ISMCTSBot(Bot):
    """Single-observer information-set MCTS with determinization per iteration.

    ``settings`` (default: ``IsmctsSettings()``), refined by spec parameters given by
    their spec names (``ISMCTSBot(game, seat, rng, iterations=500, eval="none")``, as
    ``make_bot("ismcts:iterations=500,eval=none", ...)`` does).
    """

    name = "ismcts"

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        rng: random.Random,
        settings: IsmctsSettings | None = None,
        **params: OptionValue,
    ) -> None:
        super().__init__(game, seat, rng)
        settings = IsmctsSettings.from_params(params, settings)
        self.settings = settings
        guide = guide_class(game)
        iterations = settings.iterations
        if iterations is None and settings.time_limit is None:
            iterations = suggested_iterations(guide, game.players)
        # ``scale`` multiplies the budget (the expert level searches four times longer)
        scale = settings.scale
        self.iterations = None if iterations is None else max(1, round(iterations * scale))
        self.time_limit = (
            None if settings.time_limit is None else float(settings.time_limit) * scale
        )
        self.exploration = float(settings.exploration)
        self.expand_after = settings.expand
        self.tree_depth = settings.tree if settings.tree is not None else 1 << 30
        self.branch_on_seen_chance = settings.branch
        paired = settings.paired
        self.paired = suggested_paired(guide, game.players) if paired is None else paired
        self.evaluators = _evaluators(game, settings.evaluation, guide, rng)
        self.rollout_bots = _rollout_bots(game, settings.rollout, guide, rng)
        depth = settings.depth
        if depth is None:  # (the guide's depth is for a cut its own evaluation values)
            depth = (
                suggested_depth(guide, game.players, DEPTH_WITH_EVALUATION)
                if self.evaluators
                else DEPTH_WITHOUT_EVALUATION
            )
        self.depth = depth
        prior = settings.prior
        if prior is None:
            prior = (
                suggested_prior(guide, game.players, DEFAULT_PRIOR) if guide is not None else 0.0
            )
        self.prior = float(prior)
        confidence = settings.confidence
        self.confidence = float(
            suggested_confidence(guide, game.players) if confidence is None else confidence
        )
        # The guide's choice is favoured (by ``prior``) or tested against (``confidence``).
        self.prior_bot = (
            root_policy(guide)(game, seat, random.Random(rng.random()))
            if guide is not None and (self.prior > 0 or self.confidence > 0)
            else None
        )
        # A root policy that reads the game is shown every decision of this seat.
        self.observer = self.prior_bot.observe if isinstance(self.prior_bot, Observer) else None
        # One guide per seat whose settled choices are followed (none: search everything).
        self.settlers = _settlers(game, guide, rng) if settings.settle else []
        self.last_iterations = 0  # iterations of the last search (for benchmarks)
        # The last decision's search tree (None: a decision it did not search), whose
        # root children hold each action's visits and rewards (for the review).
        self.last_root: Node | None = None
        # The root policy's choice in the last searched decision (None: none was asked),
        # to count how often the search leaves it (``benchmarks/leaves.py``).
        self.last_favourite: object | None = None
        # Paired mode: each root action's (count, sum, sum of squares) of its win-share
        # differences from the guide's choice on the same samples, in the last search.
        self.differences: dict[object, list[float]] = {}

    # ------------------------------------------------------------------ the decision
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        action = self._decide(view, legal)
        if self.observer is not None:
            self.observer(view, action)
        return action

    def _decide(self, view: object, legal: tuple[object, ...]) -> object:
        self.last_root = self.last_favourite = None
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.settlers:
            # The root policy settles this seat's own choices when it can (it may plan
            # them better than the guide that settles them inside the tree).
            settle = (
                self.prior_bot.settled
                if isinstance(self.prior_bot, Settler)
                else self.settlers[self.seat]
            )
            settled = settle(view, legal)
            if settled is not None:
                self.last_iterations = 0
                return settled
        favourite = None
        if self.prior_bot is not None:
            favourite = self.last_favourite = self.prior_bot.choose(view, legal)
        tested = favourite if self.confidence > 0 else None  # (pairs only what is tested)
        root = self.search(view, tested)
        if self.confidence > 0 and favourite is not None:
            if self.paired:
                return self._paired_choice(favourite)
            return self._confident_choice(root, legal, favourite)
        return self._best_choice(root, legal, favourite)

    def _best_choice(self, root: Node, legal: tuple[object, ...], favourite: object) -> object:
        """The best mean among the well-visited actions, the guide's own choice helped
        by ``prior``."""
        most = max((child.visits for child in root.children.values()), default=0)
        best = None
        best_score = -1.0
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits * 4 < most:
                continue  # too few visits for its mean to be trusted
            score = child.reward / child.visits
            if action == favourite:
                score += self.prior
            if score > best_score:
                best, best_score = action, score
        return legal[0] if best is None else best

    def estimates(self, view: object) -> dict[object, float]:
        """Each root action's mean win share for this seat in the last decision's search
        (the actions it visited), searching ``view`` now if that decision was not searched
        (one legal action, or one its guide settles)."""
        root = self.last_root if self.last_root is not None else self.search(view)
        return {
            action: child.reward / child.visits
            for action, child in root.children.items()
            if child.visits > 0
        }

    def _confident_choice(self, root: Node, legal: tuple[object, ...], favourite: object) -> object:
        """The guide's choice, unless another action beats it by ``prior`` plus
        ``confidence`` standard errors of the difference of their mean win shares: many
        actions with a few visits each would otherwise win on noise alone."""
        base = root.children.get(favourite)
        if base is None or base.visits < 2:
            return favourite
        base_mean, base_error = _mean_and_error(base)
        best, best_mean = favourite, base_mean
        for action in legal:
            child = root.children.get(action)
            if action == favourite or child is None or child.visits < 2:
                continue
            mean, error = _mean_and_error(child)
            margin = self.prior + self.confidence * math.sqrt(error + base_error)
            if mean - base_mean > margin and mean > best_mean:
                best, best_mean = action, mean
        return best

    def _paired_choice(self, favourite: object) -> object:
        """The guide's choice, unless another action beats it on the same samples by
        ``prior`` plus ``confidence`` standard errors of their mean paired difference
        (the luck a sample deals both alike no longer blurs the test)."""
        best, best_gain = favourite, 0.0
        for action, (count, total, squares) in self.differences.items():
            if count < 2:
                continue
            gain = total / count
            variance = max(0.0, squares / count - gain * gain) * count / (count - 1)
            margin = self.prior + self.confidence * math.sqrt(variance / count)
            if gain > margin and gain > best_gain:
                best, best_gain = action, gain
        return best

    # -------------------------------------------------------------------- the search
    def search(self, view: object, favourite: object | None = None) -> Node:
        """Run the budget from ``view``; the root's children hold each action's visits.

        In paired mode ``differences`` then holds, for each other root action, its
        win-share differences from ``favourite`` on the same samples (count, sum, sum
        of squares)."""
        root = Node()
        limit = self.iterations if self.iterations is not None else UNLIMITED
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        self.differences = {}
        while done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = self.game.determinize(view, self.rng)
            if self.paired:
                done = self._paired_sample(state, root, favourite, done, limit)
            else:
                done += 1
                self._simulate(state, root, self.rng, None)
        self.last_iterations = done
        self.last_root = root
        return root

    def _paired_sample(
        self, state: object, root: Node, favourite: object | None, done: int, limit: int
    ) -> int:
        """Every root action from this sample, each with the same random numbers after
        it (the same draws, the same rollout choices where the paths agree), so that the
        actions are compared on equal terms; returns the iterations done so far."""
        seed = self.rng.getrandbits(64)
        bot_states = [bot.rng.getstate() for bot in self.rollout_bots]
        actions = self.game.legal_actions_unchecked(state)
        if favourite in actions:  # first, so that a sample cut short still pairs
            actions = (favourite, *(action for action in actions if action != favourite))
        shares: dict[object, float] = {}
        for action in actions:
            if done >= limit:
                break
            done += 1
            for bot, bot_state in zip(self.rollout_bots, bot_states, strict=True):
                bot.rng.setstate(bot_state)
            shares[action] = self._simulate(state, root, random.Random(seed), action)
        base = shares.pop(favourite, None)
        if base is not None:
            for action, share in shares.items():
                entry = self.differences.setdefault(action, [0, 0.0, 0.0])
                entry[0] += 1
                entry[1] += share - base
                entry[2] += (share - base) ** 2
        return done

    def _simulate(
        self, state: object, root: Node, rng: random.Random, first: object | None
    ) -> float:
        """One simulation from a sampled root state: select and expand, roll out, back up.

        ``first``: the root action to take (paired mode); None lets UCB choose. Returns
        this bot's seat's share of the win where the simulation ended.
        """
        path: Path = []
        state = self._descend(state, root, rng, first, path)
        state = self._roll_out(state, rng)
        shares = self._shares(state, self.game.players)
        _back_up(root, path, shares)
        return shares[self.seat]

    def _descend(
        self, state: object, root: Node, rng: random.Random, first: object | None, path: Path
    ) -> object:
        """Selection and expansion: follow the tree while every legal action is tried,
        then add one child. Appends each tree step to ``path``; returns the state where
        the rollout starts (after the new child's action, or where the tree stops)."""
        game = self.game
        node = root
        while True:
            actor = game.current_player(state)
            if actor == TERMINAL:
                return state
            if actor == CHANCE:
                outcome = game.sample_chance_unchecked(state, rng)
                node = self._seen_outcome(node, state, outcome)
                state = game.apply_chance_unchecked(state, outcome)
                continue
            if path and (len(path) >= self.tree_depth or node.visits < self.expand_after):
                return state  # the tree grows here later (or never): the rollout takes over
            legal = game.legal_actions_unchecked(state)
            settled = self._settled(state, actor, legal) if path else None
            if settled is not None:  # (the root decision is never settled here)
                state = game.apply_unchecked(state, settled)
                continue
            if not path and first is not None:
                action, child, expanded = _take(node, legal, first)
            else:
                action, child, expanded = self._select(node, state, actor, legal, bool(path), rng)
            path.append((child, actor))
            node = child
            state = game.apply_unchecked(state, action)
            if expanded:
                return state

    def _seen_outcome(self, node: Node, state: object, outcome: object) -> Node:
        """The child of ``node`` for a chance outcome this seat sees (counted as passed
        through, for the expansion rule), or ``node`` itself for one it does not."""
        if not self.branch_on_seen_chance:
            return node
        visible = self.game.outcome_visibility(state, outcome)
        if visible is not None and self.seat not in visible:
            return node
        child = node.outcomes.get(outcome)
        if child is None:
            child = node.outcomes[outcome] = Node()
        child.visits += 1
        return child

    def _settled(self, state: object, actor: int, legal: tuple[object, ...]) -> object | None:
        """The guide's settled choice for ``actor`` here, or None (or no settlers)."""
        if not self.settlers:
            return None
        return self.settlers[actor](self.game.view(state, actor), legal)

    def _select(
        self,
        node: Node,
        state: object,
        actor: int,
        legal: tuple[object, ...],
        below_root: bool,
        rng: random.Random,
    ) -> tuple[object, Node, bool]:
        """An untried action to expand if the node may widen, else the UCB1 choice among
        the tried ones (each tried action's availability counted): (action, child, whether
        the child is new).

        Progressive widening below the root: a node may hold about the square root of
        its visits in children, the rollout policy's choice first, so that a thinly
        visited line follows the rollout policy, not chance."""
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried and (
            not below_root
            or len(untried) == len(legal)
            or len(legal) - len(untried) < math.isqrt(node.visits)
        ):
            return self._expand(node, state, actor, legal, untried, below_root, rng)
        return _upper_confidence_choice(children, legal, self.exploration)

    def _expand(
        self,
        node: Node,
        state: object,
        actor: int,
        legal: tuple[object, ...],
        untried: list[object],
        below_root: bool,
        rng: random.Random,
    ) -> tuple[object, Node, bool]:
        """A new child for one untried action: the rollout policy's choice for a node
        without children below the root, else one at random."""
        action = untried[0]
        if below_root and self.rollout_bots and len(untried) == len(legal):
            choice = self.rollout_bots[actor].choose(self.game.view(state, actor), legal)
            action = choice if choice in untried else action
        elif len(untried) > 1:
            action = untried[rng.randrange(len(untried))]
        child = node.children[action] = Node()
        return action, child, True

    def _roll_out(self, state: object, rng: random.Random) -> object:
        """At most ``depth`` steps by the rollout bots (or uniform random play)."""
        game = self.game
        current_player = game.current_player
        legal_actions = game.legal_actions_unchecked
        apply_action = game.apply_unchecked
        sample_chance = game.sample_chance_unchecked
        apply_chance = game.apply_chance_unchecked
        rollout_bots = self.rollout_bots
        steps = self.depth
        while steps > 0:
            actor = current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state = apply_chance(state, sample_chance(state, rng))
            else:
                legal = legal_actions(state)
                count = len(legal)
                if count == 1:
                    action = legal[0]
                elif rollout_bots:
                    action = rollout_bots[actor].choose(game.view(state, actor), legal)
                else:
                    action = legal[int(rng.random() * count)]
                state = apply_action(state, action)
            steps -= 1
        return state

    def _shares(self, state: object, players: int) -> Sequence[float]:
        """Each seat's share of the win: exact at the end, estimated at a cut."""
        game = self.game
        if game.current_player(state) == TERMINAL:
            winners = game.result(state).winners
            if not winners:
                return [1.0 / players] * players
            share = 1.0 / len(winners)
            return [share if seat in winners else 0.0 for seat in range(players)]
        if not self.evaluators:
            return [1.0 / players] * players
        values = [
            max(0.0, evaluate(game.view(state, seat)))
            for seat, evaluate in enumerate(self.evaluators)
        ]
        total = sum(values)
        if total <= 0.0:
            return [1.0 / players] * players
        return [value / total for value in values]


def _take(node: Node, legal: tuple[object, ...], first: object) -> tuple[object, Node, bool]:
    """The root action ``first`` (paired mode), the others' availability counted:
    (action, child, whether the child is new)."""
    children = node.children
    for action in legal:
        if action != first and action in children:
            children[action].available += 1
    child = children.get(first)
    if child is None:
        child = children[first] = Node()
        return first, child, True
    return first, child, False


def _upper_confidence_choice(
    children: dict[object, Node], legal: tuple[object, ...], exploration: float
) -> tuple[object, Node, bool]:
    """The tried action with the highest UCB1 score (by availability): (action, child,
    False)."""
    log = math.log
    sqrt = math.sqrt
    best_score = -1.0
    best: Node | None = None
    action = legal[0]
    for candidate in legal:
        option = children.get(candidate)
        if option is None or not option.visits:
            continue
        score = option.reward / option.visits + exploration * sqrt(
            log(option.available) / option.visits
        )
        if score > best_score:
            best_score, best, action = score, option, candidate
    assert best is not None
    return action, best, False


def _back_up(root: Node, path: Path, shares: Sequence[float]) -> None:
    """Credit each tree step with its own actor's share of the win."""
    root.visits += 1
    for child, actor in path:
        child.visits += 1
        share = shares[actor]
        child.reward += share
        child.squares += share * share


def _mean_and_error(node: Node) -> tuple[float, float]:
    """A node's mean reward and the squared standard error of that mean."""
    n = node.visits
    mean = node.reward / n
    variance = max(0.0, node.squares / n - mean * mean) * n / (n - 1)
    return mean, variance / n


def _settlers(game: AnyGame, guide: type[Bot] | None, rng: random.Random) -> list[SettleFunction]:
    """One guide per seat whose settled choices are followed (none without the hook)."""
    if guide is None or not hasattr(guide, "settled"):
        return []
    settlers: list[SettleFunction] = []
    for each in range(game.players):
        bot = guide(game, each, random.Random(rng.random()))
        assert isinstance(bot, Settler)
        settlers.append(bot.settled)
    return settlers


def _evaluators(
    game: AnyGame, spec: str, guide: type[Bot] | None, rng: random.Random
) -> list[Callable[[object], float]]:
    """One ``position_value`` per seat, from the bot class ``spec`` names (or none)."""
    if spec == "none":
        return []
    if spec == "heuristic":
        cls = guide
        if cls is None or not hasattr(cls, "position_value"):
            return []  # no evaluation for this game
    else:
        cls = bot_class(parse_bot_spec(spec), game.spec.name)
        if not hasattr(cls, "position_value"):
            raise InvalidOptionError(f"ismcts: eval bot {spec!r} has no position_value method")
    evaluators: list[Callable[[object], float]] = []
    for seat in range(game.players):
        bot = cls(game, seat, random.Random(rng.random()))
        assert isinstance(bot, PositionEvaluator)
        evaluators.append(bot.position_value)
    return evaluators


def _rollout_bots(
    game: AnyGame, spec: str, guide: type[Bot] | None, rng: random.Random
) -> list[Bot]:
    """One bot per seat to play the rollouts (none: uniform random)."""
    if spec == "random" or (spec == "heuristic" and guide is None):
        return []
    if spec == "heuristic" and guide is not None:
        policy = rollout_policy(guide, game.players)
        return [policy(game, seat, random.Random(rng.random())) for seat in range(game.players)]
    parsed = parse_bot_spec(spec)
    cls = bot_class(parsed, game.spec.name)
    try:
        return [
            cls(game, seat, random.Random(rng.random()), **parsed.params)
            for seat in range(game.players)
        ]
    except TypeError as error:
        raise InvalidOptionError(f"ismcts: rollout bot {spec!r}: {error}") from None
