"""ISMCTS: legal, seeded and blind to hidden cards; finds good moves; plays every game."""

import random
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from conftest import config_id, game_configs, make
from meeple.bots.base import Bot
from meeple.bots.ismcts import ISMCTSBot
from meeple.bots.registry import make_bot
from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionValue
from meeple.engine.protocol import (
    CHANCE,
    TERMINAL,
    AnyGame,
    Game,
    GameResult,
    GameSpec,
    standard_returns,
)
from meeple.engine.registry import load_game
from meeple.engine.rng import stream
from meeple.games.phase10.actions import DrawStock, Hit, Place, TakeDiscard
from meeple.games.phase10.state import Stage


# ------------------------------------------------------------------------ toy games
@dataclass(frozen=True, slots=True)
class Take:
    stones: int


@dataclass(frozen=True, slots=True)
class NimState:
    stones: int
    turn: int
    winner: int


class Nim(Game[NimState, Take, None, NimState]):
    """Take 1-3 stones; whoever takes the last one wins. From 7, taking 3 wins."""

    spec = GameSpec("nim", "Nim", 1, (2,), (), "take 1-3 stones; the last one wins")
    state_type = NimState
    action_type = Take
    outcome_type = type(None)
    view_type = NimState

    def __init__(self, players: int = 2, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)

    def initial_state(self) -> NimState:
        return NimState(7, 0, -1)

    def current_player(self, state: NimState) -> int:
        return TERMINAL if state.winner >= 0 else state.turn

    def _legal_actions(self, state: NimState) -> tuple[Take, ...]:
        return tuple(Take(n) for n in (1, 2, 3) if n <= state.stones)

    def _apply_action(self, state: NimState, action: Take) -> NimState:
        left = state.stones - action.stones
        return NimState(left, 1 - state.turn, state.turn if left == 0 else -1)

    def _sample_chance(self, state: NimState, rng: random.Random) -> None:
        raise AssertionError("no chance in Nim")

    def _is_possible_outcome(self, state: NimState, outcome: None) -> bool:
        return False

    def _apply_chance(self, state: NimState, outcome: None) -> NimState:
        raise AssertionError("no chance in Nim")

    def returns(self, state: NimState) -> tuple[float, ...]:
        return standard_returns(2, (state.winner,) if state.winner >= 0 else ())

    def result(self, state: NimState) -> GameResult:
        return GameResult((state.winner,) if state.winner >= 0 else (), (0.0, 0.0), 7)

    def view(self, state: NimState, seat: int | None) -> NimState:
        return state

    def determinize(self, view: NimState, rng: random.Random) -> NimState:
        return view

    def redeal_hidden(self, state: NimState, seat: int, rng: random.Random) -> NimState:
        return state

    def format_action(self, state: NimState, action: Take) -> str:
        return str(action.stones)

    def _parse_action(self, state: NimState, text: str) -> Take:
        return Take(int(text))

    def card_inventory(self, state: NimState) -> Counter[object]:
        return Counter()

    def full_inventory(self) -> Counter[object]:
        return Counter()


@dataclass(frozen=True, slots=True)
class Guess:
    card: int


@dataclass(frozen=True, slots=True)
class GuessState:
    card: int  # seat 1's hidden card, -1 before the deal
    guess: int  # -1 until seat 0 guesses


@dataclass(frozen=True, slots=True)
class GuessView:
    high: bool | None  # what seat 0 is told: the card is 3-5 (True) or 0-2; None: not dealt
    card: int | None  # seat 1 (and a finished game) sees the card
    guess: int


class GuessGame(Game[GuessState, Guess, int, GuessView]):
    """Seat 1 is dealt a card 0-5; seat 0, told only whether it is high, names it."""

    spec = GameSpec("guess", "Guess", 1, (2,), (), "guess the hidden card")
    state_type = GuessState
    action_type = Guess
    outcome_type = int
    view_type = GuessView

    def __init__(self, players: int = 2, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(players, options)

    def initial_state(self) -> GuessState:
        return GuessState(-1, -1)

    def current_player(self, state: GuessState) -> int:
        if state.card < 0:
            return CHANCE
        return TERMINAL if state.guess >= 0 else 0

    def _legal_actions(self, state: GuessState) -> tuple[Guess, ...]:
        return tuple(Guess(card) for card in range(6))

    def _apply_action(self, state: GuessState, action: Guess) -> GuessState:
        return GuessState(state.card, action.card)

    def _sample_chance(self, state: GuessState, rng: random.Random) -> int:
        return rng.randrange(6)

    def _is_possible_outcome(self, state: GuessState, outcome: int) -> bool:
        return 0 <= outcome < 6

    def _apply_chance(self, state: GuessState, outcome: int) -> GuessState:
        return GuessState(outcome, -1)

    def returns(self, state: GuessState) -> tuple[float, ...]:
        return standard_returns(2, self.result(state).winners)

    def result(self, state: GuessState) -> GameResult:
        if state.guess < 0:
            return GameResult((), (0.0, 0.0), 0)
        return GameResult((0,) if state.guess == state.card else (1,), (0.0, 0.0), 1)

    def view(self, state: GuessState, seat: int | None) -> GuessView:
        dealt = state.card >= 0
        shown = state.card if dealt and (seat == 1 or state.guess >= 0) else None
        return GuessView(state.card >= 3 if dealt else None, shown, state.guess)

    def determinize(self, view: GuessView, rng: random.Random) -> GuessState:
        if view.high is None:
            return GuessState(-1, view.guess)
        card = view.card if view.card is not None else rng.randrange(3) + (3 if view.high else 0)
        return GuessState(card, view.guess)

    def redeal_hidden(self, state: GuessState, seat: int, rng: random.Random) -> GuessState:
        if seat == 1 or state.card < 0:
            return state
        return replace(state, card=rng.randrange(3) + (3 if state.card >= 3 else 0))

    def format_action(self, state: GuessState, action: Guess) -> str:
        return str(action.card)

    def _parse_action(self, state: GuessState, text: str) -> Guess:
        return Guess(int(text))

    def card_inventory(self, state: GuessState) -> Counter[object]:
        return Counter()

    def full_inventory(self) -> Counter[object]:
        return Counter()


class StonesLeftEvaluator(Bot):
    """A made-up position value for Nim: seat 0 likes many stones left, seat 1 few."""

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        return legal[0]

    def position_value(self, view: object) -> float:
        assert isinstance(view, NimState)
        return float(view.stones) if self.seat == 0 else float(10 - view.stones)


# ---------------------------------------------------------------------------- tests
def test_ismcts_finds_the_winning_move_at_nim() -> None:
    game = Nim()
    bot = ISMCTSBot(game, 0, random.Random(1), iterations=500)  # type: ignore[arg-type]
    state = game.initial_state()
    assert bot.choose(game.view(state, 0), game.legal_actions(state)) == Take(3)
    assert bot.last_iterations == 500


def test_ismcts_samples_the_hidden_card_from_what_the_view_allows() -> None:
    game = GuessGame()
    high_guesses = set()
    for card in range(6):
        state = game.apply_chance(game.initial_state(), card)
        bot = ISMCTSBot(game, 0, random.Random(5), iterations=300)  # type: ignore[arg-type]
        choice = bot.choose(game.view(state, 0), game.legal_actions(state))
        assert isinstance(choice, Guess)
        # Only cards consistent with the hint can win; the true card is never consulted.
        assert (choice.card >= 3) == (card >= 3)
        if card >= 3:
            high_guesses.add(choice)
    assert len(high_guesses) == 1  # the same view and seed, the same guess


def test_the_evaluation_hook_values_the_cut_off_positions() -> None:
    game = Nim()
    state = game.initial_state()
    legal = game.legal_actions(state)
    spec = f"{__name__}:StonesLeftEvaluator"
    # Three iterations: each move once, cut straight after it and valued by the hook,
    # which likes many stones left: it takes 1 (a full search would take 3).
    greedy = ISMCTSBot(game, 0, random.Random(2), iterations=3, depth=0, eval=spec)  # type: ignore[arg-type]
    assert greedy.choose(game.view(state, 0), legal) == Take(1)
    with pytest.raises(InvalidOptionError, match="position_value"):
        ISMCTSBot(game, 0, random.Random(2), eval="random")  # type: ignore[arg-type]


def test_bad_parameters_are_refused_with_a_reason() -> None:
    game = load_game("phase10", 2)
    for spec in ("ismcts:iterations=0", "ismcts:time=-1", "ismcts:depth=x", "ismcts:speed=3"):
        with pytest.raises(InvalidOptionError):
            make_bot(spec, game, 0, random.Random(0))


def _phase10_decision(seed: int, stage: Stage) -> tuple[AnyGame, object]:
    """A Phase 10 state some random steps in where the seat to act is at ``stage``."""
    game = load_game("phase10", 3)
    rng = random.Random(seed)
    state = game.initial_state()
    steps = 0
    while True:
        actor = game.current_player(state)
        assert actor != TERMINAL
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        if steps > 40 and state.stage == stage and len(legal) > 1:  # type: ignore[attr-defined]
            return game, state
        state = game.apply_action(state, legal[rng.randrange(len(legal))])
        steps += 1


def test_ismcts_never_depends_on_the_cards_it_cannot_see() -> None:
    game, state = _phase10_decision(3, Stage.PLAY)
    seat = game.current_player(state)
    choices = set()
    for redeal in range(4):
        hidden = game.redeal_hidden(state, seat, random.Random(redeal))
        assert game.view(hidden, seat) == game.view(state, seat)
        random.seed(redeal)  # the global generator must not matter either
        spec = "ismcts:iterations=60,depth=10,settle=false"  # (search even a settled choice)
        bot = make_bot(spec, game, seat, stream(9, "seat", seat))
        choices.add(bot.choose(game.view(hidden, seat), game.legal_actions(hidden)))
    assert len(choices) == 1


def test_the_tree_branches_on_the_card_it_draws_itself_only() -> None:
    game, state = _phase10_decision(4, Stage.DRAW)
    seat = game.current_player(state)
    legal = game.legal_actions(state)
    assert DrawStock() in legal and TakeDiscard() in legal
    bot = ISMCTSBot(game, seat, random.Random(1), iterations=200, depth=10)
    root = bot.search(game.view(state, seat))
    assert sum(child.visits for child in root.children.values()) == 200
    # Its own draw is a chance outcome it sees: one branch per card drawn.
    assert len(root.children[DrawStock()].outcomes) > 1
    assert not root.children[TakeDiscard()].outcomes


def test_a_time_budget_ends_the_search() -> None:
    game, state = _phase10_decision(5, Stage.PLAY)
    seat = game.current_player(state)
    bot = ISMCTSBot(game, seat, random.Random(1), time=0.05, settle=False)
    assert bot.choose(game.view(state, seat), game.legal_actions(state)) in game.legal_actions(
        state
    )
    assert bot.last_iterations >= 1


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_ismcts_plays_legal_moves_in_every_game(config: tuple[str, int, dict[str, object]]) -> None:
    """A stretch of a game with ISMCTS (small budget, the game's heuristic rollouts,
    evaluation and prior) in every seat: always legal."""
    game = make(config)
    rng = random.Random(7)
    bots = [
        ISMCTSBot(game, seat, random.Random(seat), iterations=4, depth=4, expand=2)
        for seat in range(game.players)
    ]
    state = game.initial_state()
    searched = 0
    for _ in range(120):
        actor = game.current_player(state)
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        action = bots[actor].choose(game.view(state, actor), legal)
        assert action in legal
        searched += len(legal) > 1
        state = game.apply_action(state, action)
    assert searched > 0


def test_a_tree_of_depth_one_grows_only_the_root_and_rollout_bots_play_on() -> None:
    game, state = _phase10_decision(6, Stage.PLAY)
    seat = game.current_player(state)
    bot = ISMCTSBot(
        game, seat, random.Random(1), iterations=40, depth=6, tree=1, rollout="heuristic"
    )
    assert len(bot.rollout_bots) == game.players
    root = bot.search(game.view(state, seat))
    assert root.children and all(not child.children for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 40


def test_a_strong_prior_keeps_the_heuristic_choice() -> None:
    from meeple.bots.heuristic.phase10 import HeuristicBot

    game, state = _phase10_decision(7, Stage.PLAY)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    favourite = HeuristicBot(game, seat, random.Random(0)).choose(view, legal)
    # (unsettled: the guide's laying down is searched, not followed unsearched)
    bot = ISMCTSBot(
        game,
        seat,
        random.Random(2),
        iterations=len(legal) * 4,
        depth=4,
        tree=1,
        prior=1.0,
        confidence=0,
        settle=False,
    )
    assert bot.last_favourite is None
    assert bot.choose(view, legal) == favourite and bot.last_iterations > 0
    assert bot.last_favourite == favourite  # what the search started from, for counting
    bot.choose(view, legal[:1])  # a decision it does not search
    assert bot.last_favourite is None and bot.last_iterations == 0
    unguided = ISMCTSBot(
        game, seat, random.Random(2), iterations=8, prior=0, confidence=0, settle=False
    )
    unguided.choose(view, legal)
    assert unguided.last_iterations == 8 and unguided.last_favourite is None


def test_the_default_budget_comes_from_the_guide_and_is_an_iteration_count() -> None:
    # CMYK's and Toquer's guides answer by the player count, None meaning the search's
    # own depth
    for players, iterations, depth in ((2, 2000, 4), (4, 1000, 12), (6, 800, 12)):
        cmyk = make_bot("ismcts", load_game("cmyk", players), 0, random.Random(0))
        assert isinstance(cmyk, ISMCTSBot) and cmyk.time_limit is None
        assert (cmyk.iterations, cmyk.depth) == (iterations, depth)
        # paired, tested at two standard errors with no prior, at three players or more
        assert (cmyk.paired, cmyk.confidence) == ((False, 0.0) if players == 2 else (True, 2.0))
        assert cmyk.prior == (0.03 if players == 2 else 0.0)
    for players, iterations, depth in ((2, 600, 6), (4, 300, 12)):
        toquer = make_bot("ismcts", load_game("toquer", players), 0, random.Random(0))
        assert isinstance(toquer, ISMCTSBot)
        assert (toquer.iterations, toquer.depth) == (iterations, depth)
    from meeple.bots.heuristic.toc import HeuristicBot as TocGuide
    from meeple.bots.heuristic.toc import RolloutBot as TocRollout

    for players, iterations, depth, rollout in (
        (2, 600, 6, TocGuide),
        (3, 700, 8, TocRollout),
        (4, 700, 8, TocRollout),
        (6, 200, 12, TocGuide),
    ):
        toc = make_bot("ismcts", load_game("toc", players), 0, random.Random(0))
        assert isinstance(toc, ISMCTSBot)
        assert (toc.iterations, toc.depth) == (iterations, depth)
        assert {type(each) for each in toc.rollout_bots} == {rollout}
    big_toc = make_bot("ismcts", load_game("toc", 8), 0, random.Random(0))
    assert isinstance(big_toc, ISMCTSBot) and (big_toc.iterations, big_toc.depth) == (130, 12)
    assert len(big_toc.rollout_bots) == 8 and len(big_toc.evaluators) == 8
    nim = ISMCTSBot(Nim(), 0, random.Random(0))  # type: ignore[arg-type]
    assert nim.iterations == 300 and not nim.rollout_bots and not nim.evaluators
    assert nim.depth == 400 and nim.prior == 0.0


def test_paired_mode_tries_every_root_action_on_each_sample() -> None:
    game, state = _phase10_decision(8, Stage.PLAY)
    seat = game.current_player(state)
    legal = game.legal_actions(state)
    bot = ISMCTSBot(game, seat, random.Random(3), iterations=len(legal) * 3, depth=6, paired=True)
    root = bot.search(game.view(state, seat))
    assert sorted(child.visits for child in root.children.values()) == [3] * len(legal)
    assert bot.choose(game.view(state, seat), legal) in legal


def test_settled_decisions_follow_the_root_policy_and_the_rest_are_searched() -> None:
    """Phase 10's root policy, the reading bot, settles the search's own choices (its
    planned lay-down and hits, the draw, a Skip); a discard is searched."""
    from meeple.bots.heuristic.phase10 import ReadingBot

    game = load_game("phase10", 2)
    rng = random.Random(4)
    state = game.initial_state()
    seen = Counter[str]()
    while seen["searched"] < 3 or seen["settled"] < 3 or seen["planned"] < 2:
        actor = game.current_player(state)
        assert actor != TERMINAL
        if actor == CHANCE:
            state = game.apply_chance(state, game.sample_chance(state, rng))
            continue
        view, legal = game.view(state, actor), game.legal_actions(state)
        policy = ReadingBot(game, actor, random.Random(0)).settled(view, legal)
        if len(legal) > 1:
            bot = ISMCTSBot(game, actor, random.Random(1), iterations=12, depth=4)
            choice = bot.choose(view, legal)
            assert choice in legal
            if policy is None:
                assert bot.last_iterations == 12
                seen["searched"] += 1
            else:  # drawing, laying down, placing, hitting, a Skip: the policy's choice
                assert bot.last_iterations == 0 and choice == policy
                seen["settled"] += 1
                seen["planned"] += isinstance(policy, (Place, Hit))
                unsettled = ISMCTSBot(game, actor, random.Random(1), iterations=12, settle=False)
                unsettled.choose(view, legal)
                assert unsettled.last_iterations == 12
        state = game.apply_action(state, legal[rng.randrange(len(legal))])


def test_the_guides_choice_stands_unless_another_beats_it_with_confidence() -> None:
    from meeple.bots.ismcts import Node

    bot = ISMCTSBot(Nim(), 0, random.Random(0), confidence=2.0, prior=0.0)  # type: ignore[arg-type]

    def node(rewards: list[float]) -> Node:
        made = Node()
        made.visits = len(rewards)
        made.reward = sum(rewards)
        made.squares = sum(r * r for r in rewards)
        return made

    legal = (Take(1), Take(2), Take(3))
    root = Node()
    root.children[Take(1)] = node([0.0, 1.0] * 5)  # the guide's: 0.5, widely spread
    root.children[Take(2)] = node([0.0, 1.0, 1.0] * 3)  # 0.67: noise at these counts
    assert bot._confident_choice(root, legal, Take(1)) == Take(1)
    root.children[Take(3)] = node([0.9, 1.0] * 10)  # 0.95, steady: evidence
    assert bot._confident_choice(root, legal, Take(1)) == Take(3)
    root.children[Take(1)] = node([0.5])  # one visit: no test possible, the guide stands
    assert bot._confident_choice(root, legal, Take(1)) == Take(1)
    with pytest.raises(InvalidOptionError, match="confidence"):
        ISMCTSBot(Nim(), 0, random.Random(0), confidence="high")  # type: ignore[arg-type]
    phase10 = make_bot("ismcts", load_game("phase10", 2), 0, random.Random(0))
    assert isinstance(phase10, ISMCTSBot) and phase10.confidence == 2.0
    # Phase 10 pairs its discards at every player count, with no prior (docs/bots.md):
    # unpaired, the search never left its root policy at four players
    for players in (2, 3, 4, 6):
        bot = make_bot("ismcts", load_game("phase10", players), 0, random.Random(0))
        assert isinstance(bot, ISMCTSBot) and (bot.paired, bot.prior) == (True, 0.0), players
        assert bot.confidence == 2.0
    assert not make_bot("ismcts:paired=false", load_game("phase10", 4), 0, random.Random(0)).paired
    assert ISMCTSBot(Nim(), 0, random.Random(0)).confidence == 0.0  # type: ignore[arg-type]


def test_paired_mode_tests_the_mean_paired_difference_from_the_guides_choice() -> None:
    from meeple.bots.heuristic.phase10 import HeuristicBot

    bot = ISMCTSBot(Nim(), 0, random.Random(0), confidence=2.0, prior=0.0, paired=True)  # type: ignore[arg-type]

    def pairs(differences: list[float]) -> list[float]:
        return [len(differences), sum(differences), sum(d * d for d in differences)]

    bot.differences = {Take(2): pairs([-0.5, 0.6] * 5)}  # ahead on average, by noise
    assert bot._paired_choice(Take(1)) == Take(1)
    bot.differences[Take(3)] = pairs([0.04, 0.06] * 5)  # a small lead, on every sample
    assert bot._paired_choice(Take(1)) == Take(3)
    bot.differences = {Take(3): pairs([0.3])}  # one pair: no test possible
    assert bot._paired_choice(Take(1)) == Take(1)

    game, state = _phase10_decision(8, Stage.PLAY)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    favourite = HeuristicBot(game, seat, random.Random(0)).choose(view, legal)
    paired = ISMCTSBot(
        game, seat, random.Random(3), iterations=len(legal) * 4, depth=6, paired=True
    )
    paired.search(view, favourite)
    assert favourite not in paired.differences
    assert {action: entry[0] for action, entry in paired.differences.items()} == {
        action: 4 for action in legal if action != favourite
    }
    assert paired.choose(view, legal) in legal


def test_a_spec_builds_the_settings_by_their_spec_names() -> None:
    from meeple.bots.ismcts_settings import IsmctsSettings

    game = load_game("cmyk", 2)
    bot = make_bot("ismcts:iterations=50,c=1.5,eval=none,time=2", game, 0, random.Random(0))
    assert isinstance(bot, ISMCTSBot)
    assert bot.settings == IsmctsSettings(
        iterations=50, exploration=1.5, evaluation="none", time_limit=2
    )
    assert bot.exploration == 1.5 and not bot.evaluators and bot.time_limit == 2.0
    expert = make_bot("expert", game, 0, random.Random(0))
    assert isinstance(expert, ISMCTSBot) and expert.settings == IsmctsSettings(scale=4)
    assert expert.iterations == 4 * 2000
    # parameters refine the settings given
    refined = ISMCTSBot(game, 0, random.Random(0), IsmctsSettings(iterations=9), depth=3)
    assert refined.settings == IsmctsSettings(iterations=9, depth=3)
    with pytest.raises(
        InvalidOptionError, match=r"unknown parameter 'speed' \(use iterations, time, c, depth"
    ):
        make_bot("ismcts:speed=3", game, 0, random.Random(0))
    with pytest.raises(InvalidOptionError, match="branch must be true or false"):
        IsmctsSettings(branch=1)  # type: ignore[arg-type]


class NimGuide(Bot):
    """Takes one stone; values a position by nothing in particular (for the guide test)."""

    ismcts_iterations = 17
    ismcts_depth = 5

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        return legal[0]

    def position_value(self, view: object) -> float:
        return 1.0


def test_a_registered_games_named_heuristic_bot_is_the_guide() -> None:
    from meeple.bots.guide import guide_class
    from meeple.engine.registry import register_game, unregister_game

    assert guide_class(Nim()) is None  # type: ignore[arg-type]
    register_game(Nim, heuristic_bot=f"{__name__}:NimGuide")  # type: ignore[arg-type]
    try:
        assert guide_class(Nim()) is NimGuide  # type: ignore[arg-type]
        bot = ISMCTSBot(Nim(), 0, random.Random(0))  # type: ignore[arg-type]
        assert bot.iterations == 17 and len(bot.rollout_bots) == 2 and len(bot.evaluators) == 2
        assert bot.depth == 5  # the guide's depth, for a cut its evaluation values
        assert ISMCTSBot(Nim(), 0, random.Random(0), depth=2).depth == 2  # type: ignore[arg-type]
        unvalued = ISMCTSBot(Nim(), 0, random.Random(0), evaluation="none")  # type: ignore[arg-type]
        assert unvalued.depth == 400  # no evaluation: roll out to the end
    finally:
        unregister_game("nim")


def test_a_guides_depth_may_depend_on_the_player_count() -> None:
    from meeple.bots.guide import suggested_depth

    class ByCount(NimGuide):
        @staticmethod
        def ismcts_depth(players: int) -> int:  # type: ignore[override]
            return 6 if players == 2 else 12

    assert suggested_depth(ByCount, 2, 99) == 6
    assert suggested_depth(ByCount, 4, 99) == 12
    assert suggested_depth(NimGuide, 3, 99) == 5
    assert suggested_depth(None, 2, 99) == 99


class NimRollout(NimGuide):
    """Takes the last stone offered (a rollout policy of its own, for the hook test)."""

    def choose(self, view: object, legal: tuple[object, ...]) -> object:
        return legal[-1]


class RolloutGuide(NimGuide):
    """A guide naming a cheaper rollout policy at two players only."""

    @staticmethod
    def ismcts_rollout_policy(players: int) -> type[Bot] | None:
        return NimRollout if players == 2 else None


def test_a_guide_may_name_the_policy_that_plays_its_rollouts() -> None:
    from meeple.bots.guide import rollout_policy
    from meeple.engine.registry import register_game, unregister_game

    assert rollout_policy(RolloutGuide, 2) is NimRollout
    assert rollout_policy(RolloutGuide, 3) is RolloutGuide  # None: the guide itself
    assert rollout_policy(NimGuide, 2) is NimGuide  # no hook: the guide
    register_game(Nim, heuristic_bot=f"{__name__}:RolloutGuide")  # type: ignore[arg-type]
    try:
        bot = ISMCTSBot(Nim(), 0, random.Random(0))  # type: ignore[arg-type]
        assert [type(each) for each in bot.rollout_bots] == [NimRollout, NimRollout]
        assert type(bot.prior_bot) is RolloutGuide  # the root still favours the guide's choice
        forced = ISMCTSBot(Nim(), 0, random.Random(0), rollout="random")  # type: ignore[arg-type]
        assert forced.rollout_bots == []
    finally:
        unregister_game("nim")


class PairedGuide(NimGuide):
    """A guide asking for paired mode at two players, no prior and a confidence test."""

    ismcts_prior = 0.0

    @staticmethod
    def ismcts_confidence(players: int) -> float:
        return 2.0 if players == 2 else 0.0

    @staticmethod
    def ismcts_paired(players: int) -> bool:
        return players == 2


def test_a_guide_may_ask_for_paired_mode_and_its_own_prior() -> None:
    from meeple.bots.guide import suggested_confidence, suggested_paired, suggested_prior
    from meeple.engine.registry import register_game, unregister_game

    assert suggested_paired(PairedGuide, 2) and not suggested_paired(PairedGuide, 3)
    assert not suggested_paired(NimGuide, 2) and not suggested_paired(None, 2)
    assert suggested_prior(PairedGuide, 2, 0.03) == 0.0
    assert suggested_prior(NimGuide, 2, 0.03) == 0.03
    assert suggested_confidence(PairedGuide, 2) == 2.0
    assert suggested_confidence(PairedGuide, 3) == suggested_confidence(NimGuide, 2) == 0.0
    register_game(Nim, heuristic_bot=f"{__name__}:NimGuide")  # type: ignore[arg-type]
    try:
        plain = ISMCTSBot(Nim(), 0, random.Random(0))  # type: ignore[arg-type]
        assert not plain.paired and plain.prior == 0.03 and plain.prior_bot is not None
    finally:
        unregister_game("nim")
    register_game(Nim, heuristic_bot=f"{__name__}:PairedGuide")  # type: ignore[arg-type]
    try:
        bot = ISMCTSBot(Nim(), 0, random.Random(0))  # type: ignore[arg-type]
        assert bot.paired and bot.prior == 0.0 and bot.confidence == 2.0
        # no prior, but a confidence test: the guide's choice is still the one tested
        assert isinstance(bot.prior_bot, PairedGuide)
        view = Nim().view(Nim().initial_state(), 0)
        legal = Nim().legal_actions(Nim().initial_state())
        assert bot.choose(view, legal) in legal and bot.differences  # paired on samples
        # the spec's own settings win over the guide's
        unpaired = ISMCTSBot(Nim(), 0, random.Random(0), paired=False, prior=0.1)  # type: ignore[arg-type]
        assert not unpaired.paired and unpaired.prior == 0.1
    finally:
        unregister_game("nim")
    # no guide, no prior and no confidence: nothing to favour or test
    assert ISMCTSBot(Nim(), 0, random.Random(0)).prior_bot is None  # type: ignore[arg-type]
