"""The rules-engine contract shared by every game: pure, typed, standard library only."""
