"""Every action space stays within ``MAX_ACTIONS`` indices, over the whole configuration
space: players and every option drawn from what the option declarations allow (the
structured ones, a CMYK deck, Phase 10 phases, a Toquer deck, from strategies of their
own), and, exhaustively, the extremes of the options that set the size."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from meeple.engine.errors import InvalidOptionError
from meeple.engine.options import OptionSpec, OptionValue
from meeple.engine.registry import game_class, game_names, load_game
from meeple.games.cmyk.cards import MAX_COPIES, VALUES
from meeple.rl.encoding import encoder_for
from meeple.rl.encoding.base import MAX_ACTIONS

PERCENT = st.sampled_from(range(0, 100, 10))
COUNT = st.integers(0, MAX_COPIES)


@st.composite
def cmyk_decks(draw: st.DrawFn) -> OptionValue:
    return {
        "colour_cards": draw(st.lists(COUNT, min_size=9, max_size=9)),
        "white": draw(COUNT),
        "jokers": draw(COUNT),
        "sweep": draw(COUNT),
        "mixes": draw(st.lists(st.lists(PERCENT, min_size=4, max_size=4), max_size=MAX_COPIES)),
    }


@st.composite
def phase10_phases(draw: st.DrawFn) -> OptionValue:
    """null, or a list of phases, each sets and runs or colour groups of 10 cards at most."""
    if draw(st.booleans()):
        return None
    phases: list[OptionValue] = []
    for _ in range(draw(st.integers(1, 12))):
        words = ["colour"] if draw(st.booleans()) else ["set", "run"]
        groups: list[str] = []
        room = 10
        while room >= 2 and (not groups or draw(st.booleans())):
            size = draw(st.integers(2, room))
            groups.append(f"{draw(st.sampled_from(words))}{size}")
            room -= size
        phases.append("+".join(groups))
    return phases


@st.composite
def toquer_decks(draw: st.DrawFn) -> OptionValue:
    if draw(st.booleans()):
        return "standard"
    values = draw(st.lists(st.integers(-99, 99), min_size=1, max_size=20, unique=True))
    return {str(value): draw(st.integers(0, 60)) for value in values}


STRUCTURED = {
    ("cmyk", "deck"): cmyk_decks(),
    ("phase10", "phases"): phase10_phases(),
    ("toquer", "deck"): toquer_decks(),
}


def option_values(game: str, option: OptionSpec) -> st.SearchStrategy[OptionValue]:
    """Every value the declaration of ``option`` allows."""
    if option.check is not None:
        return STRUCTURED[(game, option.name)]
    if option.choices is not None:
        return st.sampled_from(option.choices)
    if isinstance(option.default, bool):
        return st.booleans()
    assert isinstance(option.default, int), option
    low = option.minimum if option.minimum is not None else option.default - 100
    high = option.maximum if option.maximum is not None else option.default + 100
    return st.integers(low, high)


@st.composite
def configurations(draw: st.DrawFn, game: str) -> tuple[int, dict[str, OptionValue]]:
    spec = game_class(game).spec
    players = draw(st.sampled_from(spec.player_counts))
    options = {option.name: draw(option_values(game, option)) for option in spec.options}
    return players, options


def test_every_structured_option_has_a_strategy() -> None:
    structured = {
        (name, option.name)
        for name in game_names()
        for option in game_class(name).spec.options
        if option.check is not None
    }
    assert structured == STRUCTURED.keys()


@pytest.mark.parametrize("game", game_names())
def test_every_configuration_stays_within_a_thousand_indices(game: str) -> None:
    @settings(
        max_examples=10,
        deadline=None,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(configurations(game))
    def check(configuration: tuple[int, dict[str, OptionValue]]) -> None:
        players, options = configuration
        try:
            configured = load_game(game, players, **options)
        except InvalidOptionError:
            assume(False)  # options that clash (a Toc shortcut longer than a sector, …)
            raise
        encoder = encoder_for(configured)
        assert 0 < encoder.num_actions <= MAX_ACTIONS

    check()


def test_the_cmyk_bound_holds_for_every_deck() -> None:
    """CMYK's indices are ``1 + 8v + 5w + 8j + 2s + 2M`` (``v`` values with copies, ``w``,
    ``j``, ``s``: whites, jokers, sweeps in the deck, ``M`` distinct mixes): at most 128,
    since a deck holds at most ``MAX_COPIES`` mix cards."""
    worst = 1 + 8 * len(VALUES) + 5 + 8 + 2 + 2 * MAX_COPIES
    assert worst <= MAX_ACTIONS
    # The count is linear in each: the smallest deck, each raised alone, and the largest.
    smallest, largest = (1, 0, 0, 0, 0), (9, 1, 1, 1, MAX_COPIES)
    raised = [(*smallest[:i], largest[i], *smallest[i + 1 :]) for i in range(5)]
    for v, white, jokers, sweep, mixes in [smallest, *raised, largest]:
        deck = {
            "colour_cards": [3] * v + [0] * (9 - v),
            "white": 4 * white,
            "jokers": jokers,
            "sweep": sweep,
            "mixes": [[10 * (i % 10), 10 * (i // 10), 0, 0] for i in range(mixes)],
        }
        encoder = encoder_for(load_game("cmyk", 2, deck=deck))
        assert encoder.num_actions == 1 + 8 * v + 5 * white + 8 * jokers + 2 * sweep + 2 * mixes
    with pytest.raises(InvalidOptionError):  # the deck option refuses more mix cards
        load_game("cmyk", 2, deck={"mixes": [[10, 0, 0, 0]] * (MAX_COPIES + 1)})
    assert worst == 128


PHASE10_WIDEST = [
    "set2+set2+set2+set2+set2",
    "run2+run2+run2+run2+run2",
    "colour2+colour2+colour2+colour2+colour2",
]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        # Phase 10: five groups (the most in 10 cards) of every kind at every position.
        *(("phase10", n, {"phases": PHASE10_WIDEST}) for n in (2, 6)),
        # Toc: the longest ring and shortcuts, teams of four (the most pawns to move),
        # every card that moves (105,320 engine actions).
        (
            "toc",
            8,
            {
                "teams": "halves",
                "cells_per_sector": 30,
                "shortcut_length": 28,
                "partner_exchange": True,
                "jack_eleven": True,
                "ace_eleven": True,
            },
        ),
        *(
            ("toquer", n, {"layout": layout})
            for n in (2, 8)
            for layout in ("shared_column", "own_grid")
        ),
    ],
)
def test_the_extremes_stay_within_a_thousand_indices(
    game: str, players: int, options: dict[str, OptionValue]
) -> None:
    encoder = encoder_for(load_game(game, players, **options))
    assert encoder.num_actions <= MAX_ACTIONS
    # (Phase 10 and Toc: only because their actions of many parts are chosen index by index)
    assert encoder.action_count > MAX_ACTIONS or game == "toquer"
