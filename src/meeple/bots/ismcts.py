"""Information-set Monte Carlo tree search: one search bot for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) through the engine
contract alone. Each iteration

1. samples a full state consistent with the bot's own view (``game.determinize``), never
   the true state, with the bot's own generator;
2. descends the tree of actions, choosing by UCB1 with *availability counts*: an action
   legal in only some determinizations is judged by how often it was available, not by
   how often its parent was visited (a subset-armed bandit);
3. expands one untried action, then plays a rollout of at most ``depth`` steps with the
   rollout policy (uniform random) and chance sampled from the bot's generator;
4. scores the end (each seat's share of the win) or, at the depth limit, the position's
   estimated win shares (see *Evaluation* below), and backs the score up the path,
   each action credited with its own actor's share.

Chance outcomes are sampled; the tree branches on an outcome only when the observer may
see it (``game.outcome_visibility``), e.g. the card it draws itself, so a decision after
a draw knows the card. A multi-step decision (laying a phase card by card) is just a run
of actions by the same seat, each one a tree level.

Budget: ``iterations`` per move, or ``time`` seconds per move, or both (whichever ends
first). The default is an iteration budget, so that a seeded match or tournament gives
the same moves on any machine and under any load (a time budget cannot), sized to stay
under one second per move in every game and player count on one core of the reference
machine (``benchmarks/ismcts_speed.py``). A decision with one legal action is not
searched.

Evaluation: long games (a random game of Phase 10 runs ~10,000 steps) need a depth
limit and a value at the cut. The value comes from an optional method of a bot class,
``position_value(self, view) -> float``: a non-negative strength of the bot's seat in
that view (e.g. an estimated chance to win). By default ISMCTS looks for it on the
game's heuristic bot (``meeple.bots.heuristic.<game>:HeuristicBot``); ``eval=SPEC``
names another bot class (``module:Class``), ``eval=none`` turns evaluation off. The
values of all seats, each from its own view, are normalised into win shares. Without
an evaluation the cut scores every seat equally, and rollouts run longer (``depth``).

Parameters (spec ``ismcts:iterations=2000,c=0.7``): ``iterations``, ``time`` (seconds),
``c`` (exploration, rewards are win shares in [0, 1]), ``depth`` (rollout steps),
``eval`` (see above), ``rollout`` (``random``, or a bot spec such as ``heuristic`` to
play the rollouts: stronger play per iteration, far fewer iterations per second).
"""

import importlib
import math
import random
import time as clock
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from meeple.bots.base import Bot
from meeple.engine.errors import InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL, Game

AnyGame = Game[object, object, object, object]

DEFAULT_ITERATIONS = 300
DEFAULT_EXPLORATION = 0.7
DEPTH_WITH_EVALUATION = 20
DEPTH_WITHOUT_EVALUATION = 400


@runtime_checkable
class PositionEvaluator(Protocol):
    """What ISMCTS needs from a bot to value a cut-off position from one seat's view."""

    def position_value(self, view: object) -> float:
        """A non-negative strength of this bot's seat: larger is better."""
        ...


class _Node:
    """One tree node: the statistics of the action (or seen outcome) that leads here."""

    __slots__ = ("available", "children", "outcomes", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[object, _Node] = {}
        self.outcomes: dict[object, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


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
        eval: str | None = "heuristic",
        rollout: str = "random",
        branch: bool = True,
        tree: int | None = None,
        prior: float = 0.0,
    ) -> None:
        super().__init__(game, seat, rng)
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise InvalidOptionError(
                f"ismcts: iterations must be a positive integer, not {iterations!r}"
            )
        if time is not None and (not isinstance(time, (int, float)) or time <= 0):
            raise InvalidOptionError(
                f"ismcts: time must be a positive number of seconds, not {time!r}"
            )
        if depth is not None and (not isinstance(depth, int) or depth < 0):
            raise InvalidOptionError(f"ismcts: depth must be an integer >= 0, not {depth!r}")
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.time_limit = None if time is None else float(time)
        self.exploration = float(c)
        self.evaluators = _evaluators(game, eval, rng)
        self.rollout_bots = _rollout_bots(game, rollout, rng)
        self.branch_on_seen_chance = bool(branch)
        if tree is not None and (not isinstance(tree, int) or tree < 1):
            raise InvalidOptionError(f"ismcts: tree must be an integer >= 1, not {tree!r}")
        self.tree_depth = tree if tree is not None else 1 << 30
        self.prior = float(prior)
        self.prior_bot = _prior_bot(game, seat, rng) if self.prior > 0 else None
        if depth is None:
            depth = DEPTH_WITH_EVALUATION if self.evaluators else DEPTH_WITHOUT_EVALUATION
        self.depth = depth
        self.last_iterations = 0  # iterations of the last search (for benchmarks)

    # ------------------------------------------------------------------------ search
    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(view)
        favourite = None
        if self.prior_bot is not None:
            favourite = self.prior_bot.choose(view, legal)
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

    def search(self, view: object) -> _Node:
        """Run the budget from ``view``; the root's children hold each action's visits."""
        game = self.game
        rng = self.rng
        seat = self.seat
        players = game.players
        current_player = game.current_player
        legal_actions = game._legal_actions
        apply_action = game._apply_action
        sample_chance = game._sample_chance
        apply_chance = game._apply_chance
        outcome_visibility = game.outcome_visibility
        exploration = self.exploration
        branch = self.branch_on_seen_chance
        log = math.log
        sqrt = math.sqrt
        root = _Node()
        limit = self.iterations if self.iterations is not None else 1 << 60
        deadline = None if self.time_limit is None else clock.perf_counter() + self.time_limit
        done = 0
        while done < limit:
            if deadline is not None and done and clock.perf_counter() >= deadline:
                break
            done += 1
            state = game.determinize(view, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            expanded = False
            tree_depth = self.tree_depth
            # Selection and expansion: follow the tree while every legal action is tried.
            while not expanded:
                actor = current_player(state)
                if actor == TERMINAL:
                    break
                if actor == CHANCE:
                    outcome = sample_chance(state, rng)
                    visible = outcome_visibility(state, outcome)
                    if branch and (visible is None or seat in visible):
                        child = node.outcomes.get(outcome)
                        if child is None:
                            child = node.outcomes[outcome] = _Node()
                        node = child
                    state = apply_chance(state, outcome)
                    continue
                if len(path) >= tree_depth:
                    break  # deeper than the tree may grow: the rollout takes over
                legal = legal_actions(state)
                children = node.children
                untried = []
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.available += 1
                if untried:
                    action = (
                        untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    )
                    child = children[action] = _Node()
                    expanded = True
                else:
                    best_score = -1.0
                    child = None
                    action = legal[0]
                    for candidate in legal:
                        option = children[candidate]
                        score = option.reward / option.visits + exploration * sqrt(
                            log(option.available) / option.visits
                        )
                        if score > best_score:
                            best_score, child, action = score, option, candidate
                    assert child is not None
                path.append((child, actor))
                node = child
                state = apply_action(state, action)
            # Rollout: at most ``depth`` steps of uniform random play (or of the rollout bots).
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
            shares = self._shares(state, players)
            root.visits += 1
            for child, actor in path:
                child.visits += 1
                child.reward += shares[actor]
        self.last_iterations = done
        return root

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


def _evaluators(
    game: AnyGame, spec: str | None, rng: random.Random
) -> list[Callable[[object], float]]:
    """One ``position_value`` per seat, from the bot class ``spec`` names (or none)."""
    if spec is None or spec == "none":
        return []
    if spec == "heuristic":
        module_name, class_name = f"meeple.bots.heuristic.{game.spec.name}", "HeuristicBot"
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            return []  # no heuristic bot for this game (yet): no evaluation
        cls = getattr(module, class_name, None)
        if not isinstance(cls, type) or not hasattr(cls, "position_value"):
            return []
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


def _rollout_bots(game: AnyGame, spec: str, rng: random.Random) -> list[Bot]:
    """One bot per seat to play the rollouts (none: uniform random, the fast default)."""
    if spec == "random":
        return []
    from meeple.bots.registry import bot_class, parse_bot_spec

    parsed = parse_bot_spec(spec)
    cls = bot_class(parsed, game.spec.name)
    return [
        cls(game, seat, random.Random(rng.random()), **parsed.params)
        for seat in range(game.players)
    ]


def _prior_bot(game: AnyGame, seat: int, rng: random.Random) -> Bot | None:
    """The game's heuristic bot, whose choice the final selection favours (or none)."""
    try:
        module = importlib.import_module(f"meeple.bots.heuristic.{game.spec.name}")
    except ImportError:
        return None
    cls = getattr(module, "HeuristicBot", None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        return None
    return cls(game, seat, random.Random(rng.random()))
