"""Per-round random numbers, every output defined by this project (``docs/RNG.md``).

A round draws from :class:`RoundRng`, seeded with the round's 64-bit seed only. Nothing here
relies on an algorithm CPython may change (``random.Random``'s Mersenne Twister seeding,
``randrange``, ``sample``, ``choices`` and ``randbytes`` are not promised to stay the same), so a
seed plays the same round on every Python the project supports, and on any other language that
implements the few lines of ``docs/RNG.md``:

* the bit stream: 64-byte blocks ``BLAKE2b-512(key = LE64(seed), message = LE64(block number))``
  for block numbers 0, 1, 2, ..., read as eight little-endian 64-bit words each (RFC 7693);
* bounded integers: Lemire's multiply-and-reject method on one word (unbiased);
* every other draw (a range, a choice, weighted choices, a sample, a shuffle, bytes, a float) is
  defined on top of those two, exactly as the methods below do.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from bisect import bisect_right
from collections.abc import MutableSequence, Sequence
from itertools import accumulate
from typing import Any, TypeVar

SEED_BITS = 64
SEED_LIMIT = 1 << SEED_BITS
_MASK = SEED_LIMIT - 1
_WORDS = struct.Struct("<8Q").unpack  # one 64-byte block -> eight little-endian words
_FLOAT_UNIT = 2.0**-53
_blake2b = hashlib.blake2b
_BLOCK_NUMBERS = tuple(n.to_bytes(8, "little") for n in range(64))  # LE64(n) of the first blocks, made once

T = TypeVar("T")


def new_seed() -> int:
    """A fresh 64-bit round seed from the operating system."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a round seed is an integer from 0 to 2**64-1, not {seed!r}")
    return seed


class RoundRng:
    """The generator a round draws from (``docs/RNG.md`` defines every output).

    It has the names of the ``random.Random`` methods the games use, but each is this project's
    own algorithm: the same seed gives the same numbers on every Python version. Every draw takes
    whole 64-bit words from the stream, in order; nothing is cached between draws but the
    unread words of the current block.
    """

    __slots__ = ("_block", "_bytes", "_hasher", "_key", "_next", "_words")

    def __init__(self, seed: int) -> None:
        self._key = (seed if type(seed) is int and 0 <= seed < SEED_LIMIT else check_seed(seed)).to_bytes(8, "little")
        self._hasher: Any = None  # BLAKE2b keyed with the seed, made when a second block is needed
        self._block = 0  # the number of the next block to compute
        self._bytes = b""
        self._words: tuple[int, ...] = ()
        self._next = 8  # index of the next unread word in the current block; 8: none left

    def rekey(self, key: bytes) -> None:
        """Restart the stream under a new BLAKE2b key (at most 64 bytes), from block 0.

        A round does this when an answer is recorded (``answer_key``), in place, so code holding
        this generator draws from the new stream at once.
        """
        if not 0 < len(key) <= 64:
            raise ValueError(f"a BLAKE2b key is 1 to 64 bytes, not {len(key)}")
        self._key = bytes(key)
        self._hasher = None
        self._block = 0
        self._bytes = b""
        self._words = ()
        self._next = 8

    # -- the bit stream ---------------------------------------------------------------------

    def _refill(self, unpack: bool = True) -> None:
        """The next block, as bytes and (with ``unpack``) as the eight words the draws read."""
        block = self._block
        if block:  # the keyed state copied for each further block: the key is hashed once
            hasher = self._hasher
            if hasher is None:
                hasher = self._hasher = _blake2b(key=self._key)  # BLAKE2b-512: 64 bytes is the default size
            hasher = hasher.copy()
            hasher.update(_BLOCK_NUMBERS[block] if block < 64 else block.to_bytes(8, "little"))
            self._bytes = hasher.digest()
        else:  # most rounds need one block only: hashed in one call, no keyed state kept
            self._bytes = _blake2b(_BLOCK_NUMBERS[0], key=self._key).digest()
        self._block = block + 1
        if unpack:
            self._words = _WORDS(self._bytes)
            self._next = 0
        else:  # taken whole as bytes (``randbytes(64)``): no word of it is left to read
            self._next = 8

    def next64(self) -> int:
        """The next 64-bit word of the stream."""
        i = self._next
        if i == 8:
            self._refill()
            i = 0
        self._next = i + 1
        return self._words[i]

    def getrandbits(self, k: int) -> int:
        """``k`` random bits: the top ``k`` bits of the next ceil(k/64) words (little-endian)."""
        if k < 0:
            raise ValueError("the number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 64:
            return self.next64() >> (64 - k)
        words = -(-k // 64)
        value = 0
        for j in range(words):
            value |= self.next64() << (64 * j)
        return value >> (64 * words - k)

    # -- integers ---------------------------------------------------------------------------

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**64`` (Lemire's method, no bias).

        ``m = word * n``; the result is ``m >> 64``, unless the low 64 bits of ``m`` fall below
        ``(2**64 - n) % n``, in which case the word is rejected and the next one tried.
        """
        if not 0 < n <= SEED_LIMIT:
            raise ValueError(f"a bound must be from 1 to 2**64, not {n!r}")
        i = self._next
        if i == 8:
            self._refill()
            i = 0
        self._next = i + 1
        m = self._words[i] * n
        if (m & _MASK) < n:
            threshold = (SEED_LIMIT - n) % n
            while (m & _MASK) < threshold:
                m = self.next64() * n
        return m >> 64

    def below_each(self, bounds: Sequence[int]) -> list[int]:
        """``[below(n) for n in bounds]``, drawn in that order: a spin's reel stops in one call."""
        out: list[int] = []
        append = out.append
        words = self._words
        i = self._next
        for n in bounds:
            if not 0 < n <= SEED_LIMIT:
                self._next = i
                raise ValueError(f"a bound must be from 1 to 2**64, not {n!r}")
            if i == 8:
                self._refill()
                words = self._words
                i = 0
            m = words[i] * n
            i += 1
            if (m & _MASK) < n:  # perhaps a word to reject (below's rule): the slow way
                self._next = i
                threshold = (SEED_LIMIT - n) % n
                while (m & _MASK) < threshold:
                    m = self.next64() * n
                words = self._words
                i = self._next
            append(m >> 64)
        self._next = i
        return out

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """``start + step * below(count)``, the ``count`` values of ``range(start, stop, step)``.

        ``randrange(n)`` is ``below(n)``. An empty range raises ValueError.
        """
        if stop is None:
            if start <= 0:
                raise ValueError(f"empty range for randrange({start})")
            if start <= SEED_LIMIT:  # the common case, inlined: one word, almost never a second
                i = self._next
                if i == 8:
                    self._refill()
                    i = 0
                self._next = i + 1
                m = self._words[i] * start
                if (m & _MASK) < start:
                    threshold = (SEED_LIMIT - start) % start
                    while (m & _MASK) < threshold:
                        m = self.next64() * start
                return m >> 64
            return self.below(start)
        count = stop - start if step == 1 else len(range(start, stop, step))
        if count <= 0:
            raise ValueError(f"empty range for randrange({start}, {stop}, {step})")
        return start + step * self.below(count)

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``: ``a + below(b - a + 1)``."""
        return self.randrange(a, b + 1)

    # -- floats and bytes -------------------------------------------------------------------

    def random(self) -> float:
        """A float in ``[0, 1)``: the top 53 bits of the next word times 2**-53 (exact)."""
        return (self.next64() >> 11) * _FLOAT_UNIT

    def randbytes(self, n: int) -> bytes:
        """``n`` bytes: the next ceil(n/8) words, each as 8 little-endian bytes, cut to ``n``."""
        if n < 0:
            raise ValueError("the number of bytes must be non-negative")
        needed = (n + 7) >> 3
        i = self._next
        if i == 8 and n == 64:  # a whole block, as it is
            self._refill(False)
            return self._bytes
        if i == 8 and needed <= 8:  # the common cases first: one slice of one block
            self._refill()
            i = 0
        if i + needed <= 8:
            self._next = i + needed
            return self._bytes[8 * i : 8 * i + n]
        parts = []
        while needed:
            if self._next == 8:
                self._refill()
            take = min(needed, 8 - self._next)
            start = 8 * self._next
            parts.append(self._bytes[start : start + 8 * take])
            self._next += take
            needed -= take
        out = b"".join(parts) if len(parts) != 1 else parts[0]
        return out[:n] if len(out) != n else out

    # -- sequences --------------------------------------------------------------------------

    def choice(self, seq: Sequence[T]) -> T:
        """``seq[below(len(seq))]``; IndexError for an empty sequence."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def choices(self, population: Sequence[T], weights: Sequence[int] | None = None, *,
                cum_weights: Sequence[int] | None = None, k: int = 1) -> list[T]:
        """``k`` picks with replacement, by whole-number weights.

        Without weights each pick is ``population[below(n)]``. With weights (or cumulative
        weights) each pick draws ``r = below(total)`` and takes the first item whose cumulative
        weight exceeds ``r``. Weights must be non-negative integers with a positive total: a
        float weight would make the result depend on rounding, so it is refused (TypeError).
        """
        n = len(population)
        if weights is None and cum_weights is None:
            if not n:
                raise IndexError("cannot choose from an empty population")
            return [population[self.below(n)] for _ in range(k)]
        if weights is not None and cum_weights is not None:
            raise TypeError("give weights or cum_weights, not both")
        given = weights if weights is not None else cum_weights
        assert given is not None
        if any(isinstance(w, bool) or not isinstance(w, int) for w in given):
            raise TypeError("weights must be whole numbers (int)")
        cumulative = list(accumulate(given)) if weights is not None else list(given)
        if len(cumulative) != n:
            raise ValueError("one weight per item of the population")
        if any(b < a for a, b in zip([0, *cumulative], cumulative)):
            raise ValueError("weights must be non-negative (cumulative weights non-decreasing)")
        total = cumulative[-1] if cumulative else 0
        if total <= 0:
            raise ValueError("the weights must add up to more than zero")
        return [population[bisect_right(cumulative, self.below(total))] for _ in range(k)]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in draw order: the first ``k`` steps of a forward Fisher-Yates.

        ``pool = list(population)``; for ``i`` in ``0 .. k-1``: ``j = i + below(n - i)``, swap
        ``pool[i]`` and ``pool[j]``; the result is ``pool[:k]``.
        """
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"sample of {k} from a population of {n}")
        if n > SEED_LIMIT:
            raise ValueError("a population of more than 2**64 items cannot be sampled")
        # below(n - i) for each i, inlined with the block's words and the read position held locally
        # (as in below_each): this loop is hot in every game
        words = self._words
        w = self._next
        for i in range(k):
            bound = n - i
            if w == 8:
                self._refill()
                words = self._words
                w = 0
            m = words[w] * bound
            w += 1
            if (m & _MASK) < bound:  # perhaps a word to reject: the slow way, the position stored first
                self._next = w
                threshold = (SEED_LIMIT - bound) % bound
                while (m & _MASK) < threshold:
                    m = self.next64() * bound
                words = self._words
                w = self._next
            j = i + (m >> 64)
            pool[i], pool[j] = pool[j], pool[i]
        self._next = w
        return pool[:k]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """In place, backward Fisher-Yates: for ``i`` from ``len - 1`` down to 1, swap ``x[i]`` and
        ``x[below(i + 1)]``."""
        below = self.below
        for i in range(len(x) - 1, 0, -1):
            j = below(i + 1)
            x[i], x[j] = x[j], x[i]


# The generator a round draws from, seeded with the round seed only: ``round_rng(seed)`` (the class itself, so
# that a round's start makes no extra call).
round_rng = RoundRng


def derive_seed(master: int, index: int) -> int:
    """The ``index``-th round seed of a reproducible series (SplitMix64 of master + index).

    Used by the simulation tool, the demo and tests so that a series of rounds can be replayed
    from one number while neighbouring rounds stay statistically independent.
    """
    z = (master + (index + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


ANSWER_SALT = 0xA115_E4E2_7000_0000  # derives an answer's entropy where none is fresh (docs/RNG.md)


def answer_key(seed: int, index: int, entropy: int) -> bytes:
    """The stream key after answer ``index`` (0-based) of round ``seed``, taken with ``entropy``:
    ``LE64(seed) || LE64(index) || LE64(entropy)`` (``docs/RNG.md``)."""
    for name, value in (("seed", seed), ("index", index), ("entropy", entropy)):
        if type(value) is not int or not 0 <= value < SEED_LIMIT:
            raise ValueError(f"an answer's {name} is a whole number from 0 to 2**64-1, not {value!r}")
    return seed.to_bytes(8, "little") + index.to_bytes(8, "little") + entropy.to_bytes(8, "little")


def derived_entropy(seed: int, index: int) -> int:
    """The entropy of answer ``index`` in a reproducible round (simulation, practice with a seed,
    the demo, tests): it follows from the seed, so the whole round does. A player's own round
    takes ``new_seed()`` instead, drawn when the answer is recorded."""
    return derive_seed(seed ^ ANSWER_SALT, index)
