"""Santa's Wonderland's sound effects: its world's instruments and its own moments."""

from __future__ import annotations

from tools.effects.notes import Note, World, chord, degree, run

# A snowy winter night: celesta, glockenspiel, tubular bells, a choir.
WORLD = World({"lead": 8, "bell": 9, "low": 14, "pad": 52}, 62, (0, 2, 4, 5, 7, 9, 11))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """Santa's Wonderland's own moments: (level, notes)."""
    return {
        # a tumble: snowflakes falling, glockenspiel notes down the scale
        "tumble": ("step", run(w, [11, 9, 7, 4, 2], 0.0, 0.045, 0.25, "bell", 84, -4)),
        # a marker fires: a tubular bell and a celesta shimmer
        "marker_fire": ("win", [(0.0, 1.0, "low", degree(w, 7), 104)]
                        + run(w, [14, 16, 18, 21], 0.05, 0.05, 0.4, "lead", 90)),
        # Midnight Riches' next level: the choir rises through a triad
        "level_up": ("fanfare", chord(w, [0, 4], 0.0, 0.5, "pad", 100) + chord(w, [2, 5], 0.45, 0.5, "pad", 106)
                     + chord(w, [4, 7, 9], 0.9, 1.2, "pad", 116) + run(w, [14, 16, 18, 21], 0.9, 0.07, 0.5,
                                                                     "bell", 100)),
        "multiplier_up": ("win", [(0.0, 0.2, "bell", degree(w, 7), 110), (0.15, 0.6, "bell", degree(w, 11), 118)]),
        "sticky_lock": ("step", [(0.0, 0.5, "low", degree(w, 0), 110), (0.0, 0.2, "lead", degree(w, 7), 110)]),
        "expand": ("win", run(w, [0, 2, 4, 7, 9, 11, 14], 0.0, 0.035, 0.3, "lead", 92, 4)),
    }
