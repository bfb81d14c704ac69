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
  over the guide's rollouts is a policy improvement over the guide;
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
  mean paired difference from the guide's choice;
- decisions the guide calls settled are not searched: its optional method
  ``settled(self, view, legal) -> action | None`` names the action when the choice needs
  no search (laying down a phase, placing and hitting cards), at the root and inside the
  tree alike (a settled step is part of the transition, not a tree level), so the budget
  goes to the decisions that matter;
- the default budget comes from the guide's optional class attribute
  ``ismcts_iterations`` (an int, or a static method of the player count: its game's
  rollouts and evaluations cost more or less), else 300.

Budget: ``iterations`` per move, or ``time`` seconds per move, or both (whichever ends
first). The default is an iteration budget, so that a seeded match or tournament gives
the same moves on any machine and under any load (a time budget cannot), sized to stay
under one second per move in every game and player count on one core of the reference
machine (``benchmarks/ismcts_speed.py``).

Parameters (spec ``ismcts:iterations=2000,c=0.7``): ``iterations``, ``time`` (seconds),
``c`` (exploration; rewards are win shares in [0, 1]), ``depth`` (rollout steps before
the cut), ``expand`` (visits before a node grows), ``tree`` (maximum tree depth),
``rollout`` (``heuristic`` or ``random``, or any bot spec), ``eval`` (``heuristic``,
``none``, or a ``module:Class`` bot spec with ``position_value``), ``prior``, ``branch``
(branch on seen chance outcomes), ``confidence``, ``settle`` (follow the guide's settled choices),
``paired`` (every root action on each sample, with common random numbers), ``scale`` (a
factor on the budget, iterations or time: the expert level's 4).
"""

import importlib
import math
import random
import time as clock
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from meeple.bots.base import Bot
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL, AnyGame

DEFAULT_ITERATIONS = 300
DEFAULT_EXPLORATION = 0.7
DEFAULT_EXPAND = 10
DEFAULT_PRIOR = 0.03
DEPTH_WITH_EVALUATION = 12
DEPTH_WITHOUT_EVALUATION = 400


@runtime_checkable
class Settler(Protocol):
    """What ISMCTS needs from a bot to skip the decisions that need no search."""

    def settled(self, view: object, legal: tuple[object, ...]) -> object | None:
        """The action to take without searching, or None: search this decision."""
        ...


@runtime_checkable
class Observer(Protocol):
    """A root policy that keeps track of the game (ISMCTS shows it every decision)."""

    def observe(self, view: object, action: object) -> None:
        """A view this seat was shown and the action it took there."""
        ...


@runtime_checkable
class PositionEvaluator(Protocol):
    """What ISMCTS needs from a bot to value a cut-off position from one seat's view."""

    def position_value(self, view: object) -> float:
        """A non-negative strength of this bot's seat: larger is better."""
        ...


class _Node:
    """One tree node: the statistics of the action (or seen outcome) that leads here."""

    __slots__ = ("available", "children", "outcomes", "reward", "squares", "visits")

    def __init__(self) -> None:
        self.children: dict[object, _Node] = {}
        self.outcomes: dict[object, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.squares = 0.0  # the sum of the squared rewards (for the confidence test)


class ISMCTSBot(Bot):
    """Single-observer information-set MCTS with determinization per iteration."""

    name = "ismcts"

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        rng: random.Random,
        iterations: int | None = None,
        time: float | None = None,
        c: float = DEFAULT_EXPLORATION,
        depth: int | None = None,
        expand: int = DEFAULT_EXPAND,
        tree: int | None = None,
        rollout: str = "heuristic",
        eval: str = "heuristic",
        prior: float | None = None,
        confidence: float | None = None,
        branch: bool = True,
        paired: bool = False,
        settle: bool = True,
        scale: float = 1.0,
    ) -> None:
        super().__init__(game, seat, rng)
        _check_int("iterations", iterations, 1)
        _check_int("depth", depth, 0)
        _check_int("expand", expand, 1)
        _check_int("tree", tree, 1)
        if time is not None and (
            isinstance(time, bool) or not isinstance(time, (int, float)) or time <= 0
        ):
            raise InvalidOptionError(
                f"ismcts: time must be a positive number of seconds, not {time!r}"
            )
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or scale <= 0:
            raise InvalidOptionError(f"ismcts: scale must be a positive number, not {scale!r}")
        for label, number in (("c", c), ("prior", prior), ("confidence", confidence)):
            if number is not None and (
                isinstance(number, bool) or not isinstance(number, (int, float))
            ):
                raise InvalidOptionError(f"ismcts: {label} must be a number, not {number!r}")
        guide = guide_class(game)
        if iterations is None and time is None:
            iterations = _suggested_iterations(guide, game.players)
        # ``scale`` multiplies the budget (the expert level searches four times longer)
        self.iterations = None if iterations is None else max(1, round(iterations * scale))
        self.time_limit = None if time is None else float(time) * scale
        self.exploration = float(c)
        self.expand_after = expand
        self.tree_depth = tree if tree is not None else 1 << 30
        self.branch_on_seen_chance = bool(branch)
        self.paired = bool(paired)
        self.evaluators = _evaluators(game, eval, guide, rng)
        self.rollout_bots = _rollout_bots(game, rollout, guide, rng)
        if depth is None:
            depth = DEPTH_WITH_EVALUATION if self.evaluators else DEPTH_WITHOUT_EVALUATION
        self.depth = depth
        if prior is None:
            prior = DEFAULT_PRIOR if guide is not None else 0.0
        self.prior = float(prior)
        if confidence is None:
            confidence = _suggested_confidence(guide)
        self.confidence = float(confidence)
        self.prior_bot = (
            _root_policy(guide)(game, seat, random.Random(rng.random()))
            if guide is not None and self.prior > 0
            else None
        )
        # A root policy that reads the game is shown every decision of this seat.
        self.observer = self.prior_bot.observe if isinstance(self.prior_bot, Observer) else None
        # One guide per seat whose settled choices are followed (none: search everything).
        self.settlers: list[Callable[[object, tuple[object, ...]], object | None]] = []
        if settle and guide is not None and hasattr(guide, "settled"):
            for each in range(game.players):
                bot = guide(game, each, random.Random(rng.random()))
                assert isinstance(bot, Settler)
                self.settlers.append(bot.settled)
        self.last_iterations = 0  # iterations of the last search (for benchmarks)
        # The last decision's search tree (None: a decision it did not search), whose
        # root children hold each action's visits and rewards (for the review).
        self.last_root: _Node | None = None
        # Paired mode: each root action's (count, sum, sum of squares) of its win-share
        # differences from the guide's choice on the same samples, in the last search.
        self.differences: dict[object, list[float]] = {}

    # ------------------------------------------------------------------------ search
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        action = self._decide(view, legal)
        if self.observer is not None:
            self.observer(view, action)
        return action

    def _decide(self, view: object, legal: tuple[object, ...]) -> object:
        self.last_root = None
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.settlers:
            settled = self.settlers[self.seat](view, legal)
            if settled is not None:
                self.last_iterations = 0
                return settled
        favourite = None
        if self.prior_bot is not None:
            favourite = self.prior_bot.choose(view, legal)
        tested = favourite if self.confidence > 0 else None  # (pairs only what is tested)
        root = self.search(view, tested)
        if self.confidence > 0 and favourite is not None:
            if self.paired:
                return self._paired_choice(favourite)
            return self._confident_choice(root, legal, favourite)
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

    def _confident_choice(
        self, root: _Node, legal: tuple[object, ...], favourite: object
    ) -> object:
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

    def search(self, view: object, favourite: object | None = None) -> _Node:
        """Run the budget from ``view``; the root's children hold each action's visits.

        In paired mode ``differences`` then holds, for each other root action, its
        win-share differences from ``favourite`` on the same samples (count, sum, sum
        of squares)."""
        game = self.game
        rng = self.rng
        root = _Node()
        limit = self.iterations if self.iterations is not None else 1 << 60
        deadline = None if self.time_limit is None else clock.perf_counter() + self.time_limit
        done = 0
        self.differences = {}
        while done < limit:
            if deadline is not None and done and clock.perf_counter() >= deadline:
                break
            state = game.determinize(view, rng)
            if not self.paired:
                done += 1
                self._simulate(state, root, rng, None)
                continue
            # Paired: every root action from this sample, each with the same random
            # numbers after it (the same draws, the same rollout choices where the
            # paths agree), so that the actions are compared on equal terms.
            seed = rng.getrandbits(64)
            bot_states = [bot.rng.getstate() for bot in self.rollout_bots]
            actions = game.legal_actions_unchecked(state)
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
        self.last_iterations = done
        self.last_root = root
        return root

    def _simulate(
        self, state: object, root: _Node, rng: random.Random, first: object | None
    ) -> float:
        """One simulation from a sampled root state: select, expand, roll out, back up.

        ``first``: the root action to take (paired mode); None lets UCB choose. Returns
        this bot's seat's share of the win where the simulation ended.
        """
        game = self.game
        seat = self.seat
        current_player = game.current_player
        legal_actions = game.legal_actions_unchecked
        apply_action = game.apply_unchecked
        sample_chance = game.sample_chance_unchecked
        apply_chance = game.apply_chance_unchecked
        exploration = self.exploration
        settlers = self.settlers
        log = math.log
        sqrt = math.sqrt
        node = root
        path: list[tuple[_Node, int]] = []
        expanded = False
        # Selection and expansion: follow the tree while every legal action is tried.
        while not expanded:
            actor = current_player(state)
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                outcome = sample_chance(state, rng)
                visible = game.outcome_visibility(state, outcome)
                if self.branch_on_seen_chance and (visible is None or seat in visible):
                    child = node.outcomes.get(outcome)
                    if child is None:
                        child = node.outcomes[outcome] = _Node()
                    child.visits += 1  # passes through it, for the expansion rule
                    node = child
                state = apply_chance(state, outcome)
                continue
            if path and (len(path) >= self.tree_depth or node.visits < self.expand_after):
                break  # the tree grows here later (or never): the rollout takes over
            legal = legal_actions(state)
            if settlers and path:  # (the root decision is never settled here)
                settled = settlers[actor](game.view(state, actor), legal)
                if settled is not None:
                    state = apply_action(state, settled)
                    continue
            children = node.children
            if not path and first is not None:
                for action in legal:
                    if action != first and action in children:
                        children[action].available += 1
                action = first
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node()
                    expanded = True
            else:
                untried = []
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.available += 1
                # Progressive widening below the root: a node may hold about the square
                # root of its visits in children, the rollout policy's choice first, so
                # that a thinly visited line follows the rollout policy, not chance.
                widen = bool(untried) and (
                    not path
                    or len(untried) == len(legal)
                    or len(legal) - len(untried) < math.isqrt(node.visits)
                )
                if widen:
                    action = untried[0]
                    if path and self.rollout_bots and len(untried) == len(legal):
                        choice = self.rollout_bots[actor].choose(game.view(state, actor), legal)
                        action = choice if choice in untried else action
                    elif len(untried) > 1:
                        action = untried[rng.randrange(len(untried))]
                    child = children[action] = _Node()
                    expanded = True
                else:
                    best_score = -1.0
                    child = None
                    action = legal[0]
                    for candidate in legal:
                        option = children.get(candidate)
                        if option is None or not option.visits:
                            continue
                        score = option.reward / option.visits + exploration * sqrt(
                            log(option.available) / option.visits
                        )
                        if score > best_score:
                            best_score, child, action = score, option, candidate
                    assert child is not None
            path.append((child, actor))
            node = child
            state = apply_action(state, action)
        # Rollout: at most ``depth`` steps by the rollout bots (or uniform random play).
        steps = self.depth
        rollout_bots = self.rollout_bots
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
        shares = self._shares(state, game.players)
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            share = shares[actor]
            child.reward += share
            child.squares += share * share
        return shares[self.seat]

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


def _mean_and_error(node: _Node) -> tuple[float, float]:
    """A node's mean reward and the squared standard error of that mean."""
    n = node.visits
    mean = node.reward / n
    variance = max(0.0, node.squares / n - mean * mean) * n / (n - 1)
    return mean, variance / n


def _suggested_confidence(guide: type[Bot] | None) -> float:
    """The guide's ``ismcts_confidence`` (standard errors; 0: off), else 0."""
    suggested = getattr(guide, "ismcts_confidence", 0.0)
    if isinstance(suggested, (int, float)) and not isinstance(suggested, bool) and suggested > 0:
        return float(suggested)
    return 0.0


def _check_int(label: str, value: object, minimum: int) -> None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or value < minimum
    ):
        raise InvalidOptionError(f"ismcts: {label} must be an integer >= {minimum}, not {value!r}")


def _suggested_iterations(guide: type[Bot] | None, players: int) -> int:
    """The guide's ``ismcts_iterations`` (an int, or a function of the player count)."""
    suggested = getattr(guide, "ismcts_iterations", None)
    if callable(suggested):
        suggested = suggested(players)
    if isinstance(suggested, int) and not isinstance(suggested, bool) and suggested > 0:
        return suggested
    return DEFAULT_ITERATIONS


def _root_policy(guide: type[Bot]) -> type[Bot]:
    """The policy whose choice the search favours at its root: the guide's optional
    ``ismcts_root_policy()`` (a stronger bot too slow for rollouts), else the guide."""
    named = getattr(guide, "ismcts_root_policy", None)
    policy = named() if callable(named) else None
    return policy if isinstance(policy, type) and issubclass(policy, Bot) else guide


def guide_class(game: AnyGame) -> type[Bot] | None:
    """The game's heuristic bot class (``meeple.bots.heuristic.<game>``), if it has one."""
    try:
        module = importlib.import_module(f"meeple.bots.heuristic.{game.spec.name}")
    except ImportError:
        return None
    cls = getattr(module, "HeuristicBot", None)
    return cls if isinstance(cls, type) and issubclass(cls, Bot) else None


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
        from meeple.bots.registry import bot_class, parse_bot_spec

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
        return [guide(game, seat, random.Random(rng.random())) for seat in range(game.players)]
    from meeple.bots.registry import bot_class, parse_bot_spec

    parsed = parse_bot_spec(spec)
    cls = bot_class(parsed, game.spec.name)
    try:
        return [
            cls(game, seat, random.Random(rng.random()), **parsed.params)
            for seat in range(game.players)
        ]
    except TypeError as error:
        raise InvalidOptionError(f"ismcts: rollout bot {spec!r}: {error}") from None
