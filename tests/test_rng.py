"""The round generator's every output is the project's own: golden values pin it (docs/RNG.md).

If one of these values changes, every recorded seed plays a different round: that is a new
engine version, never a refactor.
"""

from __future__ import annotations

import ast
import hashlib
import struct
from collections import Counter
from pathlib import Path

import pytest

from game.engine.rng import RoundRng, answer_key, derive_seed

ROOT = Path(__file__).resolve().parent.parent


def spec_words(seed: int, blocks: int) -> list[int]:
    """The bit stream written from docs/RNG.md alone: BLAKE2b-512(key=LE64(seed), msg=LE64(block))."""
    words: list[int] = []
    for block in range(blocks):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=seed.to_bytes(8, "little"), digest_size=64).digest()
        words.extend(struct.unpack("<8Q", digest))
    return words


def test_the_stream_is_blake2b_in_counter_mode_as_documented() -> None:
    for seed in (0, 1, 20261201, 2**64 - 1):
        rng = RoundRng(seed)
        assert [rng.next64() for _ in range(20)] == spec_words(seed, 3)[:20]


def test_an_answer_restarts_the_stream_under_the_documented_key() -> None:
    """After answer d with entropy e: BLAKE2b-512(key = LE64(seed) || LE64(d) || LE64(e), LE64(block))."""
    seed, index, entropy = 20261201, 2, 2**64 - 3
    key = seed.to_bytes(8, "little") + index.to_bytes(8, "little") + entropy.to_bytes(8, "little")
    assert answer_key(seed, index, entropy) == key
    words: list[int] = []
    for block in range(3):
        words.extend(struct.unpack("<8Q", hashlib.blake2b(block.to_bytes(8, "little"), key=key).digest()))
    rng = RoundRng(seed)
    [rng.next64() for _ in range(11)]  # part way into the seed's second block
    rng.rekey(key)
    assert [rng.next64() for _ in range(20)] == words[:20]
    with pytest.raises(ValueError, match="entropy"):
        answer_key(seed, index, 2**64)
    with pytest.raises(ValueError, match="1 to 64 bytes"):
        rng.rekey(b"")


def test_golden_words() -> None:
    rng = RoundRng(0)
    assert [rng.next64() for _ in range(3)] == [0x48823E4DD747F86A, 0x6F72F75FCA10A982, 0x5FCCD801933EDA77]
    rng = RoundRng(2**64 - 1)
    assert [rng.next64() for _ in range(3)] == [0x604BE90DBF1EFC5E, 0x4BC2DBDC7496DC46, 0x2E4AD39E275A75A5]


def test_golden_bounded_integers() -> None:
    rng = RoundRng(20261201)
    bounds = (2, 3, 10, 60, 97, 1000, 2**32, 2**64)
    assert [rng.below(n) for n in bounds] == [0, 0, 5, 11, 59, 851, 1799059790, 7825146084040736275]
    rng = RoundRng(20261201)
    assert [rng.randrange(5, 17) for _ in range(8)] == [10, 8, 12, 7, 12, 15, 10, 10]
    assert rng.randrange(0, 100, 7) == 84 and rng.randint(1, 6) == 6


def test_bounded_integers_are_lemire_on_one_word() -> None:
    seed = 99
    words = spec_words(seed, 2)
    rng = RoundRng(seed)
    for word, n in zip(words, (5, 60, 97, 1000, 123_457, 7)):
        m = word * n
        assert (m & (2**64 - 1)) >= (2**64 - n) % n  # no rejection for these small bounds
        assert rng.below(n) == m >> 64


def test_a_rejected_word_is_skipped() -> None:
    """With n just above 2**63 about half the words are rejected: the next word is taken."""
    n = 2**63 + 1
    threshold = (2**64 - n) % n
    words = iter(spec_words(1, 2))
    expected = []
    while len(expected) < 4:
        m = next(words) * n
        if (m & (2**64 - 1)) >= threshold:
            expected.append(m >> 64)
    rng = RoundRng(1)
    assert [rng.below(n) for _ in range(4)] == expected == [
        1251918901269669224, 4937800237998913557, 8295497843054569759, 931144386053701389]


@pytest.mark.parametrize("draws_before", [0, 3, 7])
def test_below_each_is_below_in_turn(draws_before: int) -> None:
    """Reel stops in one call are the same words as one ``below`` a reel: across a block's end, with
    rejected words (2**63 + 1 rejects about half), and leaving the stream where ``below`` would."""
    bounds = (5, 2**63 + 1, 60, 2**63 + 1, 2**64, 1, 97, 2**63 + 1, 2**63 + 1, 1000, 3) * 3
    for seed in (1, 2, 20261201):
        one, each = RoundRng(seed), RoundRng(seed)
        for rng in (one, each):
            for _ in range(draws_before):
                rng.next64()
        assert each.below_each(bounds) == [one.below(n) for n in bounds]
        assert each.next64() == one.next64()
    assert RoundRng(4).below_each(()) == []


def test_below_each_refuses_a_bound_and_keeps_the_stream_where_it_was() -> None:
    one, each = RoundRng(8), RoundRng(8)
    for bad, good_before in (((5, 0, 7), 1), ((5, 2**64 + 1), 1), ((-3,), 0)):
        with pytest.raises(ValueError, match="a bound must be from 1 to 2\\*\\*64"):
            each.below_each(bad)
        for _ in range(good_before):  # the bounds before the bad one were drawn
            one.below(5)
        assert each.next64() == one.next64()


def test_golden_floats_bytes_and_bits() -> None:
    rng = RoundRng(7)
    assert [rng.random() for _ in range(3)] == [0.3038407854869507, 0.25560845942267973, 0.9447066518831811]
    rng = RoundRng(7)
    assert rng.randbytes(13).hex() == "f8e37edb7c82c84da57125cd55"
    assert rng.randbytes(3).hex() == "d93ce4"  # the 13 bytes took two whole words
    words = spec_words(7, 1)
    assert bytes.fromhex("f8e37edb7c82c84da57125cd55") == b"".join(w.to_bytes(8, "little") for w in words[:2])[:13]
    rng = RoundRng(7)
    assert (rng.getrandbits(1), rng.getrandbits(7), rng.getrandbits(64)) == (0, 32, 17426761832020065497)
    assert rng.getrandbits(100) == 0xBBB0B57C4553BF2FA6CCEE561


def test_randbytes_across_blocks_is_the_word_stream() -> None:
    rng = RoundRng(3)
    rng.next64()  # start mid-block
    got = rng.randbytes(150)
    expected = b"".join(w.to_bytes(8, "little") for w in spec_words(3, 4)[1:20])[:150]
    assert got == expected
    assert rng.next64() == spec_words(3, 4)[20]


def test_golden_choices_sample_shuffle() -> None:
    rng = RoundRng(7)
    assert rng.choices("abcde", [40, 30, 18, 9, 3], k=10) == list("aadbcabcdb")
    assert rng.choices("xyz", k=4) == list("yzyz")
    rng = RoundRng(7)
    assert rng.sample(range(64), 5) == [19, 17, 60, 42, 47]
    assert rng.sample("abcdefgh", 3) == ["b", "e", "g"]
    rng = RoundRng(7)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [0, 9, 8, 5, 1, 6, 4, 7, 2, 3]


class ScriptedWords(RoundRng):
    """A generator whose words are given: the zero word is rejected by ``below(3)`` ((2**64 - 3) % 3 is 1)."""

    def __init__(self, words: list[int]) -> None:
        super().__init__(0)
        self.script = iter(words)

    def _refill(self, unpack: bool = True) -> None:
        self._words = tuple(next(self.script) for _ in range(8))
        self._bytes = struct.pack("<8Q", *self._words)
        self._next = 0 if unpack else 8


@pytest.mark.parametrize("draws_before", [0, 5, 7])
def test_sample_is_forward_fisher_yates_on_below_across_blocks_and_rejected_words(draws_before: int) -> None:
    words = [0 if i % 3 == 0 else (i * 0x9E3779B97F4A7C15) % 2**64 for i in range(64)]  # every third rejected
    for population, k in ((range(3), 3), (range(3), 2), (range(64), 13), ("abcdefghij", 10)):
        one, each = ScriptedWords(words), ScriptedWords(words)
        for rng in (one, each):
            for _ in range(draws_before):
                rng.next64()
        pool = list(population)
        for i in range(k):
            j = i + one.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        assert each.sample(population, k) == pool[:k]
        assert each.next64() == one.next64()  # the stream left where the draws one by one leave it


def test_weighted_choices_use_cumulative_integer_weights() -> None:
    seed = 11
    words = spec_words(seed, 1)
    cumulative = [40, 70, 88, 97, 100]
    expected = []
    for word in words[:5]:
        r = (word * 100) >> 64
        expected.append("abcde"[next(i for i, c in enumerate(cumulative) if r < c)])
    assert RoundRng(seed).choices("abcde", [40, 30, 18, 9, 3], k=5) == expected
    assert RoundRng(seed).choices("abcde", cum_weights=cumulative, k=5) == expected
    with pytest.raises(TypeError):
        RoundRng(seed).choices("ab", [0.5, 0.5])  # floats would depend on rounding
    with pytest.raises(ValueError):
        RoundRng(seed).choices("ab", [0, 0])


def test_refusals() -> None:
    rng = RoundRng(1)
    for bad in (lambda: rng.below(0), lambda: rng.below(2**64 + 1), lambda: rng.randrange(0),
                lambda: rng.randrange(5, 5), lambda: rng.sample(range(3), 4)):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(IndexError):
        rng.choice([])
    with pytest.raises(ValueError):
        RoundRng(2**64)


def test_bounded_integers_look_uniform() -> None:
    rng = RoundRng(derive_seed(1, 2))
    n, draws = 7, 70_000
    counts = Counter(rng.below(n) for _ in range(draws))
    chi2 = sum((counts[k] - draws / n) ** 2 / (draws / n) for k in range(n))
    assert chi2 < 22.5  # 6 degrees of freedom, p = 0.001


def test_no_round_code_uses_the_random_module() -> None:
    """The engine draws only from RoundRng: ``random`` appears nowhere under game/engine."""
    offenders = []
    for path in sorted((ROOT / "game" / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name == "random" or name.startswith("random.") for name in names):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


@pytest.mark.parametrize("before", [0, 1, 8])
def test_whole_blocks_of_bytes_are_the_word_stream_and_the_draws_go_on_after_them(before: int) -> None:
    rng = RoundRng(5)
    words = spec_words(5, 4)
    for _ in range(before):
        rng.next64()
    assert rng.randbytes(64) + rng.randbytes(64) == b"".join(w.to_bytes(8, "little") for w in
                                                              words[before:before + 16])
    assert [rng.below(1 << 64) for _ in range(3)] == words[before + 16:before + 19]
