"""Per-round random number generators, deterministic from a 64-bit seed."""

from __future__ import annotations

import random
import secrets

SEED_BITS = 64
SEED_LIMIT = 1 << SEED_BITS
_MASK = SEED_LIMIT - 1


def new_seed() -> int:
    """A fresh 64-bit round seed from the operating system."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a round seed is an integer from 0 to 2**64-1, not {seed!r}")
    return seed


def round_rng(seed: int) -> random.Random:
    """The generator a round draws from: Mersenne Twister seeded with the round seed only."""
    return random.Random(check_seed(seed))


def derive_seed(master: int, index: int) -> int:
    """The ``index``-th round seed of a reproducible series (SplitMix64 of master + index).

    Used by the simulation tool, the demo and tests so that a series of rounds can be replayed
    from one number while neighbouring rounds stay statistically independent.
    """
    z = (master + (index + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
