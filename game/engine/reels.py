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
        rows = self.rows
        return [wrapped[stop : stop + rows] for wrapped, stop in zip(self._wrapped, stops)]

    def spin(self, rng: RoundRng) -> tuple[list[list[str]], list[int]]:
        stops = rng.below_each(self._lengths)
        return self.window_at(stops), stops
