"""The encoding tables of each game's README, generated from the encoders themselves (a
test checks that each README holds the tables it generates, so they cannot drift).

    python -m meeple.rl.docs phase10
"""

import sys

from meeple.engine.registry import default_players, load_game
from meeple.rl.encoding import encoder_for


def tables(name: str) -> str:
    """The action and observation tables of ``name`` (default options, its usual count)."""
    players = default_players(name)
    encoder = encoder_for(load_game(name, players))
    return (
        f"#### Action indices\n\n"
        f"Indices for {players} players and the default options "
        f"({encoder.num_actions} indices for {encoder.action_count} engine actions; the "
        f"counts in symbols hold for every configuration).\n\n"
        f"{encoder.actions_markdown()}\n\n"
        f"#### Observation\n\n"
        f"Fields in order ({encoder.observation_size} float32 entries for {players} players "
        f"and the default options).\n\n"
        f"{encoder.layout.markdown()}\n"
    )


def main(argv: list[str]) -> None:
    for name in argv:
        print(tables(name))


if __name__ == "__main__":
    main(sys.argv[1:])
