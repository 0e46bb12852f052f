"""What an evaluation returns: each win and the exact total."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .money import multiplier_text

Cell = tuple[int, int]  # (col, row)


@dataclass(frozen=True, slots=True)
class Win:
    """One paid combination.

    ``multiplier`` is the pay as a multiple of the total bet, already including ``factor``
    (a feature multiplier such as an Expanding Wild's x4).
    """

    symbol: str
    count: int
    cells: tuple[Cell, ...]
    line: int | None
    multiplier: Fraction
    factor: int = 1
    kind: str = "line"  # "line" or "scatter"

    def to_event(self) -> dict:
        return {
            "kind": self.kind,
            "symbol": self.symbol,
            "count": self.count,
            "cells": [list(cell) for cell in self.cells],
            "line": self.line,
            "x": multiplier_text(self.multiplier),
            "factor": self.factor,
        }


@dataclass(frozen=True, slots=True)
class Evaluation:
    wins: tuple[Win, ...] = ()
    total: Fraction = field(default_factory=Fraction)

    @staticmethod
    def of(wins: list[Win]) -> Evaluation:
        return Evaluation(tuple(wins), sum((w.multiplier for w in wins), Fraction(0)))
