"""__GAME_TITLE__'s music: the template's placeholder score, until the game's own is written.

``python -m tools.new_game`` copies this to ``tools/music/scores/__GAME_ID__.py`` and the template's
placeholder tracks (rendered from this score by ``tools/placeholder_music.py``) to
``assets/music/__GAME_ID__/``. Write the game's own tune here and render it with
``python -m tools.make_music``: that replaces the placeholders.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass
from tools.music.score import Part, Score, chords, melody

HARMONY = "C:4 Am:4 F:4 G:4 " * 4
TUNE = "E5:2 G:2 A4:2 C5:2 F4:2 A:2 G:2 B:2 " * 4  # every note a tone of its chord


def track(title: str, bpm: float, transpose: int) -> Score:
    harmony = chords(HARMONY, transpose=transpose)
    tune = Part("tune", 10, 0, volume=96, tune=True).add(melody(TUNE, velocity=80, legato=0.9, transpose=transpose))
    low = Part("low", 0, 1, volume=80).add(bass(harmony, [(0, "root", 4, 60)], 4, low=36)
                                           + arpeggio(harmony, [0, 1, 2, 1], 1.0, low=55, velocity=48))
    return Score(f"__GAME_TITLE__: {title}", bpm, 4, 16, [tune, low], harmony)


def base() -> Score:
    return track("base", 96, 0)


def feature() -> Score:
    return track("feature", 112, 2)


def big_win() -> Score:
    return track("big win", 120, 5)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
