"""Slingo Santa King: a circus and game show (brass band, xylophone, tuba, snare and cymbals).

All three are the project's own, written for it: one march theme and its variations.
- base: "Santa King's Entrance", a circus march in F major in the manner of a screamer (chromatic
  runs, oom-pah tuba, brass off-beats).
- feature: "The Reel King Galop", the theme a tone higher at galop speed with a trio, xylophone
  runs and a snare in sixteenths: the Reel King trail.
- big_win: "Crown Fanfare", a fanfare in B flat for the whole band with timpani and cymbals.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass, comp, groove, harmony_below, humanise
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

KICK, SNARE, CRASH, CYMBAL, OPEN_HAT, CLOSED_HAT, TRIANGLE = 36, 38, 49, 57, 46, 42, 81

RUN = "G5:.25 F#:.25 F:.25 E:.25 Eb:.25 D:.25 C#:.25 C:.25 Bb4:1 G:1 "
MARCH = (
    "A4:.5 Bb:.5 B:.5 C5:.5 F:1 C:1 A5:1 F:1 C:1 A4:1 " + RUN + "E4:.5 G:.5 Bb:.5 C5:.5 E:1 G:1 "
    + RUN + "C5:.5 E:.5 G:.5 Bb:.5 C6:1 Bb5:1 A:1 C6:.5 A5:.5 F:1 C:1 F:2 r:2 "
    "Eb5:1 C:1 A4:1 C5:1 D:1.5 C:.5 Bb4:1 F:1 D5:.5 Eb:.5 E:.5 F:.5 Bb:1 F:1 A:1 F:1 C:1 A4:1 "
    "B4:.5 C5:.5 D:.5 F:.5 G:1 B:1 Bb:1 G:1 E:1 C:1 A:.5 G#:.5 A:.5 C6:.5 F5:1 A4:1 " + RUN
)
MARCH_CHORDS = "F:8 C7:16 F:8 F7:4 Bb:8 F:4 G7:4 C7:4 F:4 C7:4"


def _band(harmony, tune, tempo_feel: float, seed: int) -> list[Part]:
    trumpets = Part("trumpets", 56, 0, volume=104, pan=58, tune=True).add(humanise(tune, seed))
    xylophone = Part("xylophone", 13, 1, volume=86, pan=80).add(shifted(tune, semitones=12, velocity=-10))
    trombones = Part("trombones", 57, 2, volume=90, pan=40).add(
        comp(harmony, [(1, 0.4, 74), (3, 0.4, 78)], 4, low=53, count=3))
    tuba = Part("tuba", 58, 3, volume=112, pan=64).add(
        bass(harmony, [(0, "root", 0.8, 100), (2, "below5", 0.8, 92)], 4, low=34))
    clarinet = Part("clarinets", 71, 4, volume=70, pan=24).add(harmony_below(tune, harmony, 3, -14))
    return [trumpets, xylophone, trombones, tuba, clarinet]


def base() -> Score:
    harmony = chords(MARCH_CHORDS)
    tune = melody(MARCH, velocity=100, legato=0.8)
    drums = Part("drums", 0, DRUMS, volume=86, pan=50).add(
        humanise(groove(64, {KICK: [(0, 84), (2, 76)], SNARE: [(1, 66), (3, 70), (3.5, 40)],
                             CYMBAL: [(1, 40), (3, 44)]}, 4), 91)
        + groove(64, {CRASH: [(0, 86)]}, 32)
        + [n for n in groove(64, {SNARE: [(2 + x / 4, 50 + 6 * x) for x in range(8)]}, 32, start=28)])
    return Score("Santa King's Entrance", 126, 4, 16, _band(harmony, tune, 1.0, 92) + [drums], harmony)


TRIO = "F#5:2 A:2 G:2 B:2 A:2 C6:2 B5:4 G:2 C6:2 B5:2 G:2 A:1 F#:1 D:1 C:1 "
TRIO_RUN = "A5:.25 G#:.25 G:.25 F#:.25 F:.25 E:.25 D#:.25 D:.25 C:1 A4:1"
TRIO_CHORDS = "D7:4 G:4 D7:4 G:4 C:4 G:4 D7:4 D7:4"


def feature() -> Score:
    harmony = chords(MARCH_CHORDS, transpose=2) + chords(TRIO_CHORDS, start=64)
    march = melody(MARCH, velocity=104, legato=0.75, transpose=2)
    tune = march + melody(TRIO + TRIO_RUN, start=64, velocity=104, legato=0.8)
    band = _band(harmony, tune, 1.4, 93)
    runs = Part("xylophone runs", 13, 5, volume=84, pan=90).add(
        arpeggio(harmony[-8:], [0, 1, 2, 3, 4, 3, 2, 1], 0.25, low=67, length=0.2, velocity=76))
    drums = Part("drums", 0, DRUMS, volume=90, pan=50).add(
        humanise(groove(96, {KICK: [(0, 90), (1, 70), (2, 84), (3, 70)],
                             SNARE: [(x / 4, 44 + 24 * (x % 2 == 1)) for x in range(16)],
                             CYMBAL: [(1, 50), (3, 54)], OPEN_HAT: [(x + 0.5, 40) for x in range(4)]}, 4), 94)
        + groove(96, {CRASH: [(0, 92)]}, 16))
    return Score("The Reel King Galop", 160, 4, 24, band + [runs, drums], harmony)


FANFARE = (
    "F4:.5 Bb:.5 D5:.5 F:.5 Bb:2 G:1 Bb:1 G:1 Eb:1 F:1.5 D:.5 Bb4:1 D5:1 C:2 Eb:1 C:1 "
    "D:1 F:1 Bb:1 D6:1 Bb5:1.5 G:.5 Eb:1 G:1 A:1 C6:1 A5:1 F:1 Bb:3 r:1 "
    "G5:1 D:1 Bb4:1 D5:1 Eb:1 G:1 Bb:2 F:1 D:1 F:1 Bb:1 A:2 F:1 C:1 "
    "D:.5 F:.5 Bb:.5 F:.5 D:1 F:1 G:.5 Bb:.5 G:.5 Eb:.5 G:1 Bb:1 C6:1 A5:1 F:1 Eb:1 Bb4:2 r:2"
)
FANFARE_CHORDS = "Bb:4 Eb:4 Bb:4 F7:4 Bb:4 Eb:4 F7:4 Bb:4 Gm:4 Eb:4 Bb:4 F:4 Bb:4 Eb:4 F7:4 Bb:4"


def big_win() -> Score:
    harmony = chords(FANFARE_CHORDS)
    tune = melody(FANFARE, velocity=108, legato=0.82)
    band = _band(harmony, tune, 1.0, 95)
    horns = Part("horns", 60, 5, volume=90, pan=70).add(comp(harmony, [(0, 3.8, 76)], 4, low=53, count=3))
    timpani = Part("timpani", 47, 6, volume=104).add(
        bass(harmony, [(0, "root", 1, 104), (3, "fifth", 0.5, 80), (3.5, "fifth", 0.5, 86)], 4, low=34))
    drums = Part("drums", 0, DRUMS, volume=90, pan=50).add(
        humanise(groove(64, {KICK: [(0, 92), (2, 80)], SNARE: [(1, 70), (3, 74), (3.5, 50)],
                             CYMBAL: [(0, 60), (2, 50)], TRIANGLE: [(1, 40), (3, 40)]}, 4), 96)
        + groove(64, {CRASH: [(0, 96)]}, 16))
    return Score("Crown Fanfare", 120, 4, 16, band + [horns, timpani, drums], harmony)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
