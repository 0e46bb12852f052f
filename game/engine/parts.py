"""What a game tells the analysis tools about its own math: the parts it computes exactly
(``Game.exact_parts``) and what its round wins are made of (``Game.pay_figures``).

These are plain figures, made by the game's folder and read by ``game.engine.analysis`` (the
proof, the rounding check, the PAR sheets); the games never import the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any


@dataclass(frozen=True)
class ExactParts:
    """What a game computes exactly about one mode, so a proof simulates only the feature's mean.

    ``starts`` is the law of the feature's start given that it starts (probabilities summing to 1),
    each start as the game's ``feature_start`` dict; ``control_means[h]`` are the exact means of the
    controls (``Game.feature_controls``) given start ``h``.
    """

    base_x: Fraction  # E[a round's win without its main feature], x bet
    rate: Fraction  # E[times a round starts the feature]
    starts: tuple[tuple[dict[str, Any], Fraction], ...]
    control_names: tuple[str, ...]
    control_means: tuple[tuple[Fraction, ...], ...]  # one tuple per start
    source: str  # where the exact figures are computed
    exact: tuple[tuple[str, Fraction, str], ...] = ()  # other exact figures worth a report line: (name, value, note)
    proposal: str = ""  # importance sampling: what the runs' draws favour (``Game.proposal``); "": the game's own

    def __post_init__(self) -> None:
        if sum(p for _, p in self.starts) != 1 or any(p < 0 for _, p in self.starts):
            raise ValueError("the starts' probabilities are a law: non-negative, summing to 1")
        if len(self.control_means) != len(self.starts) or any(
                len(means) != len(self.control_names) for means in self.control_means):
            raise ValueError("one control mean per control and start")


@dataclass(frozen=True)
class PayFigures:
    """What a game's round wins are made of (x total bet)."""

    game: str
    pays: tuple[tuple[str, Fraction], ...]  # (name, figure): a round's win is a whole-number sum of these
    multipliers: tuple[int, ...]  # whole-number factors a pay can be multiplied by
    cap: Fraction | None
    buy_price: Fraction | None
    made_of: str  # how a round's win is made of them, in a sentence

    @property
    def bet_step(self) -> int:
        """The smallest bet in cents at which every pay figure is whole cents (they all are at its multiples)."""
        return lcm(*(figure.denominator for _, figure in self.pays))
