"""Heuristic bots, one module per game, each exposing ``HeuristicBot``."""
