"""Slingo Santa King's sound effects: its world's instruments and its own moments."""

from __future__ import annotations

from tools.effects.notes import Note, World, chord, degree, drum, run

# A circus and a game show: brass section, calliope, tuba, glockenspiel.
WORLD = World({"lead": 61, "bell": 9, "low": 58, "pad": 82}, 60, (0, 2, 4, 5, 7, 9, 10))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """Slingo Santa King's own moments: (level, notes)."""
    return {
        # a number daubed: a glockenspiel pop and a wood block
        "slingo_daub": ("stop", [(0.0, 0.15, "bell", degree(w, 9), 104), drum(76, 0.0, 90, 0.08)]),
        # a Slingo line: a brass arpeggio and a snare
        "slingo_line": ("win", run(w, [0, 2, 4, 7], 0.0, 0.06, 0.4, "lead", 104, 5)
                        + [drum(38, 0.0, 90, 0.1), drum(38, 0.06, 90, 0.1), drum(49, 0.24, 90, 0.8)]),
        # the Full House: a circus fanfare with a snare roll
        "full_house": ("fanfare", [drum(38, k * 0.04, 60 + 3 * k, 0.05) for k in range(15)]
                       + chord(w, [0, 4, 7, 11], 0.6, 1.8, "lead", 124) + chord(w, [-7, 0], 0.6, 1.8, "low", 116)
                       + run(w, [14, 16, 18, 21], 0.6, 0.1, 0.7, "bell", 110) + [drum(49, 0.6, 124, 1.6),
                                                                               drum(36, 0.6, 124, 0.2)]),
        # the Reel King trail moves on a stage: a calliope step up
        "trail_step": ("step", [(0.0, 0.14, "pad", degree(w, 4), 100), (0.12, 0.3, "pad", degree(w, 7), 110)]),
        # the Superspin Wheel passes a peg: a claves click
        "wheel_tick": ("tick", [drum(75, 0.0, 110, 0.05)]),
        # a wild lands on the card: the calliope whoops up an octave
        "expand": ("win", run(w, [0, 2, 4, 5, 7], 0.0, 0.04, 0.12, "pad", 96, 4)
                   + [(0.2, 0.4, "pad", degree(w, 7), 112)]),
    }
