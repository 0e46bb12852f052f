"""Halloween Vacation's sound effects: its world's instruments and its own moments."""

from __future__ import annotations

from tools.effects.notes import Note, World, degree, drum, run

# Day of the Dead: marimba, nylon guitar, mariachi trumpet, an acoustic bass for the guitarrón.
WORLD = World({"lead": 56, "bell": 12, "low": 32, "pad": 24}, 57, (0, 2, 3, 5, 7, 8, 11))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """Halloween Vacation's own moments: (level, notes)."""
    return {
        # a wild locks on reels 2 and 4: a marimba clack over a low guitarrón note
        "sticky_lock": ("step", [(0.0, 0.25, "low", degree(w, -7), 110), (0.0, 0.2, "bell", degree(w, 4), 110),
                                 drum(75, 0.0, 110, 0.1), drum(39, 0.05, 80, 0.1)]),
        # the Expanding Wild fills reel 3: a trumpet glissando
        "expand": ("win", run(w, [0, 1, 2, 3, 4, 5, 6, 7], 0.0, 0.04, 0.16, "lead", 96, 3)
                   + [(0.32, 0.6, "lead", degree(w, 7), 112)]),
        # its multiplier steps x2 -> x4 -> x8: a rising two-note call and a shaker
        "multiplier_up": ("win", [(0.0, 0.18, "lead", degree(w, 4), 108), (0.16, 0.5, "lead", degree(w, 7), 118),
                                  drum(70, 0.0, 100, 0.1), drum(70, 0.08, 90, 0.1), drum(70, 0.16, 100, 0.1)]),
    }
