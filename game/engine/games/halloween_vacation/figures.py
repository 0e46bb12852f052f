"""Halloween Vacation's headline exact figures as ``exact.json`` keeps them beside the data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ...game import Game


@dataclass(frozen=True)
class ExactFigures:
    """Halloween Vacation's headline figures, exactly (x total bet; probabilities per round)."""

    rtp: Fraction
    hit_rate: Fraction
    trigger: Fraction  # P(a round plays the free games)
    free_mean: Fraction  # E[the free games' win]


def exact_file(game: Game) -> Path:
    return (game.data_file.parent if game.data_file is not None else Path(".")) / "exact.json"


def read_exact_figures(game: Game) -> ExactFigures | None:
    """The figures in ``exact.json``, or None when it is missing, unreadable or made from other data."""
    try:
        record = json.loads(exact_file(game).read_text(encoding="utf-8"))
        if record.get("data_sha256") != game.data_digest():
            return None
        return ExactFigures(**{name: Fraction(record[name]) for name in ("rtp", "hit_rate", "trigger", "free_mean")})
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
        return None
