"""Seeded random streams derived from one match seed.

The engine never stores or creates a generator: callers own them. A match derives one
independent stream per purpose (chance, each seat's bot, ...) from its single seed, so
that the same seed always gives the same record whatever else uses randomness.
"""

import hashlib
import random


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and a path of labels, stable across runs."""
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def stream(seed: int, *labels: str | int) -> random.Random:
    """An independent ``random.Random`` for the purpose named by ``labels``."""
    return random.Random(derive_seed(seed, *labels))
