"""The accounts' store: ratings per game and player count, provisional until 10 games,
a game rated once (the primary key of rating_changes), the leaderboard's order, and
what deleting an account leaves."""

import pytest
from sqlalchemy.exc import IntegrityError

from meeple.store import Store
from meeple.store.accounts import PROVISIONAL_GAMES, AccountStore, Entrant, RatedGame, rate_game
from meeple.store.db import StoredSeat, StoredTable


def finished_table(store: Store, table_id: str, accounts: list[int]) -> None:
    seats = [StoredSeat(i, "human", name=f"p{i}", account_id=a) for i, a in enumerate(accounts)]
    table = StoredTable(table_id, "", "cmyk", 1, 2, {}, "finished", seats=seats, rated=True)
    table.result = {"winners": [0]}
    store.insert_table(table)


def test_ratings_provisional_until_ten_games_and_rated_once(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    accounts = AccountStore(store.engine)
    ann = accounts.create_account("Ann", "ann", "x")
    bob = accounts.create_account("Bob", "bob", "x")
    assert ann is not None and bob is not None
    assert accounts.create_account("ANN", "ann", "x") is None  # one name whatever the case
    game = RatedGame("cmyk", 2, (Entrant(0, ann.id), Entrant(1, bob.id)), winners=(0,))
    for number in range(PROVISIONAL_GAMES):
        finished_table(store, f"t{number}", [ann.id, bob.id])
        with store.engine.begin() as connection:
            rate_game(connection, f"t{number}", game)
        board = accounts.leaderboard("cmyk", 2, 10, 0)
        assert [e["name"] for e in board] == ["Ann", "Bob"]  # Ann won every game
        assert all(e["provisional"] == (number + 1 < PROVISIONAL_GAMES) for e in board)
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        rate_game(connection, "t0", game)  # the same game again: refused, nothing written
    (rating,) = accounts.ratings_of(ann.id)
    assert rating["games"] == PROVISIONAL_GAMES and not rating["provisional"]
    points = accounts.rating_points(ann.id)
    assert len(points) == PROVISIONAL_GAMES and points[-1]["rating"] == rating["rating"]
    assert accounts.ratings_of(bob.id)[0]["rating"] < rating["rating"]
    assert accounts.rated_player_counts("cmyk") == [2]
    # A bot level's identity and a new player: the new one (provisional) ranks after.
    finished_table(store, "bots", [ann.id, None])
    bot_game = RatedGame("cmyk", 2, (Entrant(0, ann.id), Entrant(1, bot_level="hard")), (1,))
    with store.engine.begin() as connection:
        rate_game(connection, "bots", bot_game)
    board = accounts.leaderboard("cmyk", 2, 10, 0)
    assert [e["name"] for e in board][-1] == "bot-hard" and board[-1]["kind"] == "bot"

    store.add_chat("t0", 1, "Bob", "good game")
    accounts.delete_account(bob.id)
    assert accounts.player("bob") is None
    assert [e["name"] for e in accounts.leaderboard("cmyk", 2, 10, 0)] == ["Ann", "bot-hard"]
    assert [m.name for m in store.recent_chat("t0")] == [""]  # what Bob said, unsigned
    history = accounts.history(ann.id, 50, 0)
    assert len(history) == PROVISIONAL_GAMES + 1
    assert history[-1]["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "bot": None,
        "name": None,
        "account": True,
        "deleted": True,
    }
    store.close()
