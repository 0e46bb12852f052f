"""Fat Santa's sound effects: its world's instruments and its own moments."""

from __future__ import annotations

from tools.effects.notes import Note, World, chord, degree, drum, run

# A Christmas bakery: pizzicato strings, music box, bassoon, kalimba.
WORLD = World({"lead": 45, "bell": 10, "low": 70, "pad": 108}, 65, (0, 2, 4, 5, 7, 9, 11))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """Fat Santa's own moments: (level, notes)."""
    return {
        # Santa eats a pie: two comic bassoon munches and a wood block
        "santa_eat": ("step", [(0.0, 0.12, "low", degree(w, -7), 110), (0.16, 0.12, "low", degree(w, -6), 110),
                               drum(77, 0.0, 90, 0.05), drum(77, 0.16, 90, 0.05),
                               (0.34, 0.4, "bell", degree(w, 7), 96)]),
        # Santa grows a size: the bassoon climbs and the music box twinkles
        "santa_grow": ("win", run(w, [-7, -5, -3, -1, 0], 0.0, 0.08, 0.14, "low", 100, 4)
                       + chord(w, [7, 9, 11], 0.4, 0.8, "bell", 110) + [drum(81, 0.4, 90, 0.8)]),
        # Santa lands on the reels: a pizzicato flourish and a kalimba chord
        "expand": ("win", run(w, [0, 2, 4, 7, 9, 11], 0.0, 0.04, 0.2, "lead", 96, 4)
                   + chord(w, [7, 11], 0.26, 0.6, "pad", 106)),
        # the sleigh drops a gift that stays: a music-box note over a bassoon thump
        "sticky_lock": ("step", [(0.0, 0.2, "low", degree(w, -7), 110), (0.0, 0.4, "bell", degree(w, 9), 104),
                                 drum(76, 0.0, 80, 0.05)]),
    }
