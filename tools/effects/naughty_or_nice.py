"""Naughty or Nice?'s sound effects: its world's instruments and its own moments."""

from __future__ import annotations

from tools.effects.notes import Note, World, chord, degree, drum, run

# A cosy fireplace: harp, vibraphone, clarinet, a warm piano.
WORLD = World({"lead": 71, "bell": 11, "low": 0, "pad": 46}, 58, (0, 2, 4, 5, 7, 9, 11))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """Naughty or Nice?'s own moments: (level, notes)."""
    return {
        # the Bonus Substitute is given: a harp glissando up two octaves and a vibraphone chord
        "substitute_award": ("win", run(w, list(range(0, 15)), 0.0, 0.035, 0.4, "pad", 80, 3)
                             + chord(w, [7, 9, 11], 0.52, 1.0, "bell", 106)),
        # the progressive jackpot: clarinet and piano fanfare with bells
        "jackpot": ("fanfare", run(w, [0, 4, 7, 11, 14], 0.0, 0.1, 0.3, "lead", 104, 4)
                    + chord(w, [7, 9, 11, 14], 0.5, 2.0, "low", 118) + chord(w, [14, 18], 0.5, 2.0, "bell", 110)
                    + run(w, [14, 16, 18, 21, 25, 28], 0.9, 0.1, 0.6, "pad", 96) + [drum(49, 0.5, 110, 1.8),
                                                                                    drum(81, 0.9, 90, 1.0)]),
        # the Bonus Substitute holds a reel: a piano chord struck low and a harp pluck
        "sticky_lock": ("step", chord(w, [-7, -3, 0], 0.0, 0.5, "low", 108)
                        + [(0.05, 0.4, "pad", degree(w, 7), 100)]),
    }
