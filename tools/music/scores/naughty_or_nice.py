"""Naughty or Nice?: a cosy fireplace (jazz piano, brushed drums, upright bass, vibraphone).

- base: "Hark! the Herald Angels Sing" (Felix Mendelssohn, 1840, as set by William H. Cummings,
  1856; public domain), G major, a relaxed swing for piano trio with brushes.
- feature: "God Rest Ye Merry Gentlemen" (traditional English carol; public domain), its first
  strain in E minor as a fast minor swing, then a vibraphone chorus on the changes (the
  project's own), ride cymbal and walking bass.
- big_win: "Jingle Bells" (James Lord Pierpont, 1857; public domain), its chorus as a big-band
  shout: brass, saxophones, piano, walking bass, drums.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, comp, groove, harmony_below, humanise, swing, walking
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

BRUSH_KIT = 40  # the SoundFont's brush kit (drum bank program 41)
KICK, SNARE, BRUSH_TAP, BRUSH_SLAP, BRUSH_SWIRL, PEDAL_HAT, RIDE, RIDE_BELL, CRASH = 36, 38, 38, 39, 40, 44, 51, 53, 49

HARK = (
    "D4:1 G:1 G:1.5 F#:.5 G:1 B:1 B:1 A:1 D5:1 D:1 D:1.5 C:.5 B4:1 A:1 B:2 "
    "D4:1 G:1 G:1.5 F#:.5 G:1 B:1 B:1 A:1 D5:1 A4:1 A:1.5 F#:.5 F#:1 E:1 D:2 "
    "D5:1 D:1 D:1 G4:1 C5:1 B4:1 B:1 A:1 D5:1 D:1 D:1 G4:1 C5:1 B4:1 B:1 A:1 "
    "E5:1 E:1 E:1 D:1 C:1 B4:1 C5:2 A4:1 B:.5 C5:.5 D:1.5 G4:.5 G:1 A:1 B:2 "
    "E5:1.5 E:.5 E:1 D:1 C:1 B4:1 C5:2 A4:1 B:.5 C5:.5 D:1.5 G4:.5 G:1 A:1 G:2"
)
HARK_CHORDS = (
    "G6:4 G6:3 D7:1 G6:2 D7:2 G6:1 D7:1 G6:2 "
    "G6:4 G6:3 D7:1 D:4 D:1 A7:1 D:2 "
    "G6:4 C:1 G6:2 D7:1 G6:4 C:1 G6:2 D7:1 "
    "Cmaj7:3 G:1 Am7:1 G:1 C6:2 D7:2 D7:2 C:1 D7:1 G6:2 "
    "Cmaj7:3 G:1 Am7:1 G:1 C6:2 D7:2 D7:2 C:1 D7:1 G6:2"
)


def base() -> Score:
    harmony = chords(HARK_CHORDS)
    tune = swing(melody(HARK, velocity=100, legato=0.9), 0.62)
    piano = Part("piano", 0, 0, volume=108, pan=58, tune=True).add(
        humanise(tune, 61) + humanise(swing(comp(harmony, [(1, 0.6, 54), (2.5, 0.4, 48), (3, 0.6, 52)], 4, low=50,
                                                count=4), 0.62), 62))
    upright = Part("upright bass", 32, 1, volume=96, pan=64).add(
        humanise(walking(harmony, low=31, velocity=86), 63))
    vibes = Part("vibraphone", 11, 2, volume=60, pan=84).add(
        shifted(humanise([n for n in tune if n.start >= 48], 64), semitones=12, velocity=-22))
    brushes = Part("brushes", BRUSH_KIT, DRUMS, volume=86, pan=56).add(
        humanise(swing(groove(80, {BRUSH_SWIRL: [(0, 48), (2, 44)], BRUSH_TAP: [(1, 56), (3, 60), (3.5, 36)],
                                   KICK: [(0, 40)], PEDAL_HAT: [(1, 40), (3, 40)]}, 4), 0.62), 65))
    return Score("Hark! the Herald Angels Sing", 112, 4, 20, [piano, upright, vibes, brushes], harmony)


GOD_REST = "E4:1 B:1 B:1 A:1 G:1 F#:1 E:1 D:1 E:1 F#:1 G:1 A:1 B:3 E4:1 "
GOD_REST_CHORDS = "Em7:4 Em7:2 C:1 D:1 Em7:2 C:1 D:1 B7:4 "
SOLO_CHORDS = "Em7:4 Am7:4 D7:4 Gmaj7:4 Cmaj7:4 F#m7b5:4 B7:4 Em7:4"


def feature() -> Score:
    harmony = chords(GOD_REST_CHORDS * 4 + SOLO_CHORDS)
    tune = melody(GOD_REST * 4, velocity=96, legato=0.8)
    trumpet = Part("muted trumpet", 59, 0, volume=112, pan=60, tune=True).add(
        humanise([n for n in tune if n.start >= 32] + melody("E4:1", start=95, velocity=90), 71))
    piano = Part("piano", 0, 1, volume=104, pan=48, tune=True).add(
        humanise([n for n in tune if n.start < 32], 72)
        + humanise(swing(comp(harmony, [(0.5, 0.4, 58), (1.5, 0.3, 50), (2.5, 0.4, 60), (3.5, 0.3, 52)], 4, low=52,
                              count=4), 0.64), 73))
    vibes = Part("vibraphone", 11, 2, volume=92, pan=80, tune=True).add(
        humanise(swing(arpeggio(harmony[16:], [0, 1, 2, 3, 4, 3, 2, 1], 0.5, low=62, length=0.45, velocity=84), 0.64),
                 74) + shifted(humanise(tune[16:], 75), semitones=12, velocity=-26))
    upright = Part("upright bass", 32, 3, volume=112, pan=64).add(
        humanise(walking(harmony, low=28, velocity=96), 76))
    drums = Part("drums", 0, DRUMS, volume=84, pan=56).add(
        humanise(swing(groove(96, {RIDE: [(0, 70), (1, 60), (1.5, 44), (2, 70), (3, 60), (3.5, 44)],
                                   PEDAL_HAT: [(1, 56), (3, 60)], KICK: [(0, 46), (2.5, 36)],
                                   SNARE: [(3.5, 34)]}, 4), 0.64), 77) + groove(96, {CRASH: [(0, 70)]}, 32))
    return Score("God Rest Ye Merry Gentlemen", 158, 4, 24, [trumpet, piano, vibes, upright, drums], harmony)


JINGLE = (
    "B4:1 B:1 B:2 B:1 B:1 B:2 B:1 D5:1 G4:1.5 A:.5 B:4 "
    "C5:1 C:1 C:1.5 C:.5 C:1 B4:1 B:1 B:.5 B:.5 B:1 A:1 A:1 B:1 A:2 D5:2 "
    "B4:1 B:1 B:2 B:1 B:1 B:2 B:1 D5:1 G4:1.5 A:.5 B:4 "
    "C5:1 C:1 C:1.5 C:.5 C:1 B4:1 B:1 B:.5 B:.5 D5:1 D:1 C:1 A4:1 G:4"
)
JINGLE_CHORDS = (
    "G6:4 G6:4 G6:4 Em7:2 A7:2 C6:4 C:1 G6:3 Em7:1 A7:3 D7:4 "
    "G6:4 G6:4 G6:4 Em7:2 A7:2 C6:4 C:1 G6:3 D7:4 G6:2 D7:2"
)


def big_win() -> Score:
    harmony = chords(JINGLE_CHORDS)
    tune = swing(melody(JINGLE, velocity=104, legato=0.8), 0.64)
    brass = Part("brass", 61, 0, volume=118, pan=56, tune=True).add(humanise(tune, 81))
    trumpet = Part("trumpet", 56, 1, volume=86, pan=70).add(shifted(tune, semitones=12, velocity=-16))
    saxes = Part("saxophones", 65, 2, volume=92, pan=34).add(harmony_below(tune, harmony, 3, -6)
                                                                      + harmony_below(tune, harmony, 7, -10))
    piano = Part("piano", 0, 3, volume=96, pan=80).add(
        humanise(swing(comp(harmony, [(0, 0.4, 76), (1.5, 0.4, 68), (2.5, 0.4, 72), (3.5, 0.3, 64)], 4, low=55,
                              count=4), 0.64), 82))
    upright = Part("upright bass", 32, 4, volume=116, pan=64).add(
        humanise(walking(harmony, low=31, velocity=100), 83))
    drums = Part("drums", 0, DRUMS, volume=84, pan=56).add(
        humanise(swing(groove(64, {RIDE: [(0, 80), (1, 66), (1.5, 50), (2, 80), (3, 66), (3.5, 50)],
                                   PEDAL_HAT: [(1, 62), (3, 66)], KICK: [(0, 70), (2, 60)],
                                   SNARE: [(1, 58), (3, 64), (3.5, 40)]}, 4), 0.64), 84)
        + groove(64, {CRASH: [(0, 88)]}, 16))
    return Score("Jingle Bells", 120, 4, 16, [brass, trumpet, saxes, piano, upright, drums], harmony)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
