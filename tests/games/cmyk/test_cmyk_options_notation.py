"""CMYK options (the deck, the choices) and notation."""

import random
from collections import Counter

import pytest

from meeple.engine.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from meeple.engine.protocol import CHANCE, TERMINAL
from meeple.engine.registry import load_game
from meeple.games.cmyk.actions import Discard, Lay, LayMany, PlayMix, PlaySweep
from meeple.games.cmyk.cards import FIRST_MIX, SWEEP, WHITE, card_name, is_joker
from meeple.games.cmyk.rules import CmykGame
from support.cmyk import card, make_state


# ------------------------------------------------------------------------------ deck
def test_the_default_deck_has_the_spec_88_cards() -> None:
    deck = CmykGame(4).deck
    counts = Counter(deck)
    assert len(deck) == 88
    assert sum(counts[k] for k in range(36)) == 72 and set(counts[k] for k in range(36)) == {2}
    assert counts[WHITE] == 4
    assert sum(counts[k] for k in deck if is_joker(k)) == 4
    assert counts[SWEEP] == 1
    assert sum(1 for k in deck if k >= FIRST_MIX) == 7


def test_the_default_mixes_start_with_the_seed_example() -> None:
    game = CmykGame(2)
    assert game.config.mixes[0] == (0, 50, 90, 10)
    assert card_name(FIRST_MIX, game.config.mixes) == "mix X1 (0/50/90/10)"


def test_a_partial_deck_takes_the_other_keys_from_the_default() -> None:
    game = CmykGame(2, {"deck": {"sweep": 0, "colour_cards": 1}})
    assert game.options["deck"] == {
        "colour_cards": [1] * 9,
        "white": 4,
        "jokers": 1,
        "sweep": 0,
        "mixes": game.spec.option("deck").default["mixes"],  # type: ignore[index,call-overload]
    }
    assert len(game.deck) == 36 + 4 + 4 + 7


def test_identical_mix_cards_share_one_kind() -> None:
    game = CmykGame(2, {"deck": {"mixes": [[10, 20, 30, 40], [10, 20, 30, 40], [0, 0, 0, 0]]}})
    assert game.config.mixes == ((10, 20, 30, 40), (0, 0, 0, 0))
    assert game.config.mix_counts == (2, 1)
    assert Counter(game.deck)[FIRST_MIX] == 2


@pytest.mark.parametrize(
    ("deck", "reason"),
    [
        ([1, 2], "must be a JSON object"),
        ({"jokers": 1, "bombs": 2}, "unknown deck keys \\['bombs'\\]"),
        ({"colour_cards": [2, 2]}, "list of nine counts"),
        ({"colour_cards": 0}, "at least one colour card"),
        ({"white": -1}, "white must be between 0 and 20"),
        ({"sweep": "one"}, "sweep must be a whole number"),
        ({"mixes": [[0, 50, 90]]}, "mixes\\[0\\] must be a list of four percentages"),
        ({"mixes": [[0, 50, 95, 10]]}, "the Y percentage 95 must be a multiple of 10"),
        ({"mixes": [[100, 0, 0, 0]]}, "the C percentage 100 must be a multiple of 10 from 0 to 90"),
    ],
)
def test_a_bad_deck_raises_saying_what_is_wrong(deck: object, reason: str) -> None:
    with pytest.raises(InvalidOptionError, match=f"option 'deck'.*{reason}"):
        CmykGame(2, {"deck": deck})  # type: ignore[dict-item]


def test_a_deck_too_small_for_the_players_is_refused() -> None:
    small = {"colour_cards": 1, "white": 0, "jokers": 0, "sweep": 0, "mixes": []}
    CmykGame(6, {"deck": small})  # 36 cards: enough for six hands and a stock
    with pytest.raises(InvalidOptionError, match="8 cards are too few for 6 players"):
        CmykGame(6, {"deck": {**small, "colour_cards": [1, 0, 0, 0, 0, 0, 0, 0, 1]}})


@pytest.mark.parametrize(
    ("option", "value", "valid"),
    [
        ("opening_no_card", "pass", '"discard", "play_normally"'),
        ("overflow", "allowed", '"forbidden", "bust"'),
        ("tie_break", "youngest", '"none", "most_piles"'),
    ],
)
def test_a_bad_choice_lists_the_valid_ones(option: str, value: str, valid: str) -> None:
    with pytest.raises(InvalidOptionError, match=f"{option}.*one of {valid}"):
        CmykGame(3, {option: value})


def test_stall_limit_must_be_at_least_one() -> None:
    with pytest.raises(InvalidOptionError, match=r"stall_limit.*too small"):
        CmykGame(3, {"stall_limit": 0})


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidOptionError, match="valid counts: 2, 3, 4, 5, 6"):
        CmykGame(players)


def test_the_game_is_registered_under_cmyk() -> None:
    game = load_game("cmyk", 3, tie_break="most_piles")
    assert isinstance(game, CmykGame) and game.config.tie_break == "most_piles"


# --------------------------------------------------------------------------- notation
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("C30", Lay(card("C30"), 0)),
        ("c3", Lay(card("C30"), 0)),
        ("j40", Lay(card("Y40"), 2)),
        ("n*", Lay(card("K*"), 3)),
        ("WM", Lay(WHITE, 1)),
        ("M* + c30", LayMany((Lay(card("C30"), 0), Lay(card("M*"), 1)))),
        ("S", PlaySweep()),
        ("x2", PlayMix(FIRST_MIX + 1)),
        ("-K70", Discard(card("K70"))),
        ("- W", Discard(WHITE)),
        ("-S", Discard(SWEEP)),
    ],
)
def test_notation_parses(text: str, action: object) -> None:
    from meeple.games.cmyk.notation import parse_action

    assert parse_action(text, 7) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("Q30", "'Q', which is not a colour"),
        ("C35", "not a card: after the colour letter expected a value 10..90"),
        ("C100", "not a card"),
        ("W", "say which pile the white goes on"),
        ("X9", "unknown mix 'X9'; mixes: X1, X2, X3, X4, X5, X6, X7"),
        ("C30+C20", "a colour appears twice"),
        ("C30+S", "played alone"),
        ("C30+", "an empty card"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, reason: str) -> None:
    game = CmykGame(2)
    state = make_state(game, ["C10", "M10"])
    with pytest.raises(InvalidActionError, match=reason):
        game.parse_action(state, text)


def test_well_formed_but_illegal_notation_is_refused_with_a_reason() -> None:
    game = CmykGame(2)
    state = make_state(game, ["C10", "M10"])
    with pytest.raises(IllegalActionError, match="you do not hold cyan 20%"):
        game.parse_action(state, "C20")


def test_every_legal_action_round_trips_through_notation() -> None:
    game = CmykGame(4, {"deck": {"white": 10, "jokers": 3}})
    rng = random.Random(3)
    seen: set[type] = set()
    for _ in range(5):
        state = game.initial_state()
        while game.current_player(state) != TERMINAL:
            if game.current_player(state) == CHANCE:
                state = game.apply_chance(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            texts = [game.format_action(state, action) for action in legal]
            assert len(set(texts)) == len(texts)
            for action, text in zip(legal, texts, strict=True):
                assert game.parse_action(state, text) == action
                seen.add(type(action))
            state = game.apply_action(state, legal[rng.randrange(len(legal))])
    assert seen == {Lay, LayMany, PlaySweep, PlayMix, Discard}
