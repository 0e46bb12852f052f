"""Reel strips: a window is ``rows`` consecutive symbols from a uniformly drawn stop per reel."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .data import Reader
from .rng import RoundRng


class ReelSet:
    """One set of strips (one per reel) for one game mode."""

    __slots__ = ("_lengths", "_wrapped", "rows", "strips")

    def __init__(self, strips: Sequence[Sequence[str]], rows: int) -> None:
        self.strips = tuple(tuple(strip) for strip in strips)
        self.rows = rows
        # Each strip with its first rows-1 symbols appended, so a window is one slice.
        self._wrapped = tuple(list(strip) + list(strip[: rows - 1]) for strip in self.strips)
        self._lengths = tuple(len(strip) for strip in self.strips)

    @classmethod
    def read(cls, reader: Reader, rows: int, symbols: Collection[str]) -> ReelSet:
        return cls([cls._read_strip(item, rows, symbols) for item in reader.items()], rows)

    @staticmethod
    def _read_strip(reader: Reader, rows: int, symbols: Collection[str]) -> list[str]:
        strip = reader.value.split() if isinstance(reader.value, str) else None
        if strip is None:
            raise reader.fail("a reel strip is a string of symbol ids separated by spaces")
        if len(strip) < rows:
            raise reader.fail(f"a reel strip needs at least {rows} symbols, found {len(strip)}")
        unknown = sorted(set(strip) - set(symbols))
        if unknown:
            raise reader.fail(f"unknown symbols {unknown}")
        return strip

    def with_reel(self, index: int, reader: Reader, symbols: Collection[str]) -> ReelSet:
        strips = list(self.strips)
        strips[index] = tuple(self._read_strip(reader, self.rows, symbols))
        return ReelSet(strips, self.rows)

    def window_at(self, stops: Sequence[int]) -> list[list[str]]:
        """The window at ``stops`` (a stop per reel): one list a reel, ``rows`` symbols from its stop down."""
        rows = self.rows
        wrapped = self._wrapped
        if len(wrapped) == 5:  # every game's reels so far: written out, twice as quick as the comprehension
            w0, w1, w2, w3, w4 = wrapped
            s0, s1, s2, s3, s4 = stops
            return [w0[s0 : s0 + rows], w1[s1 : s1 + rows], w2[s2 : s2 + rows], w3[s3 : s3 + rows],
                    w4[s4 : s4 + rows]]
        return [strip[stop : stop + rows] for strip, stop in zip(wrapped, stops)]

    def spin(self, rng: RoundRng) -> tuple[list[list[str]], list[int]]:
        stops = rng.below_each(self._lengths)
        return self.window_at(stops), stops
