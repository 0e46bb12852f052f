"""Halloween Vacation: Day of the Dead (marimba, nylon guitar, guitarrón, harp, trumpets, violins).

All three are the project's own tunes, written for it in Mexican styles:
- base: "Vals de las Calaveras", a Mexican waltz in A minor (marimba melody, guitar oom-pah-pah).
- feature: "Son de las Velas", a son jarocho in D major over the I-IV-V-IV of the style (harp,
  jarana strumming, trumpets in thirds), fast.
- big_win: "Fanfarria de la Catrina", a mariachi fanfare in D major (trumpets in thirds, violins,
  guitarrón, vihuela).
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass, comp, groove, harmony_below, humanise
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

MARACAS, CLAVES, LOW_WOOD, HIGH_WOOD, CABASA, TAMBOURINE, CRASH, KICK = 70, 75, 77, 76, 69, 54, 49, 36

VALS = (
    "A4:1 C5:1 E:1 A:2 E:1 G#:1.5 E:.5 D:1 B4:3 "
    "E5:1 G#:1 B:1 D6:2 B5:1 C6:1.5 B5:.5 A:1 E:3 "
    "A4:1 C5:1 E:1 G:2 C#:1 D:1 F:1 A:1 D6:2 A5:1 "
    "C6:1.5 B5:.5 A:1 B:1 G#:1 E:1 A:1 E:1 C:1 A4:3 "
    "E5:1 G:1 C6:1 E:2 D:1 D:1.5 C:.5 B5:1 G:3 "
    "F5:1 G:1 B:1 D6:2 B5:1 C6:1.5 D:.5 E:1 C:3 "
    "A5:1 C6:1 A5:1 F:2 A:1 G:1 E:1 C:1 E:1.5 D:.5 C:1 "
    "D:1 F:1 A:1 G#:2 B:1 A:1 E:1 C:1 B4:1 D5:1 G#4:1"
)
VALS_CHORDS = (
    "Am:6 E7:12 Am:6 "
    "Am:3 A7:3 Dm:6 Am:3 E7:3 Am:6 "
    "C:6 G7:12 C:6 "
    "F:6 C:3 Am:3 Dm:3 E7:3 Am:3 E7:3"
)


def base() -> Score:
    harmony = chords(VALS_CHORDS)
    tune = melody(VALS, velocity=90, legato=0.9)
    marimba = Part("marimba", 12, 0, volume=112, pan=60, tune=True).add(humanise(tune, 31))
    violins = Part("violins", 40, 1, volume=70, pan=86).add(
        shifted(humanise([n for n in tune if n.start >= 48], 32), semitones=-12, velocity=-18))
    guitar = Part("guitar", 24, 2, volume=96, pan=40).add(
        humanise(comp(harmony, [(1, 0.8, 66), (2, 0.8, 60)], 3, low=55, count=3), 33))
    guitarron = Part("guitarrón", 32, 3, volume=110, pan=64).add(
        bass(harmony, [(0, "root", 1.5, 96)], 3, low=33) + bass(harmony[::2], [(3, "fifth", 1.5, 84)], 6, low=33))
    trumpet = Part("muted trumpet", 59, 4, volume=62, pan=74).add(
        comp(harmony[10:], [(0, 2.8, 60)], 6, low=64, count=1))
    shaker = Part("maracas and claves", 0, DRUMS, volume=60, pan=50).add(
        humanise(groove(96, {MARACAS: [(0, 50), (1, 40), (1.5, 30), (2, 40)], CLAVES: [(0, 42)]}, 3), 34))
    return Score("Vals de las Calaveras", 150, 3, 32, [marimba, violins, guitar, guitarron, trumpet, shaker],
                 harmony)


SON_A = (
    "F#5:1 A:1 F#:1 G:1 B:1 G:1 E:1 C#:1 E:1 D:3 "
    "A:1.5 F#:.5 A:1 B:1.5 G:.5 B:1 A:1 B:1 C#6:1 B5:2 D:1 "
)
SON_B = (
    "A5:.5 B:.5 A:.5 F#:.5 D:1 G:.5 A:.5 B:.5 G:.5 D:1 E:.5 F#:.5 G:.5 E:.5 C#:1 B4:3 "
    "F#5:1 F#:.5 G:.5 A:1 B:1 B:.5 A:.5 G:1 A:1 G:.5 F#:.5 E:1 D:2 r:1 "
)
SON_CHORDS = "D:3 G:3 A7:3 G:3"


def feature() -> Score:
    harmony = chords(" ".join([SON_CHORDS] * 10))
    tune = melody(SON_A * 2 + SON_B * 2, start=24, velocity=96, legato=0.85)
    trumpet = Part("trumpet", 56, 0, volume=116, pan=56, tune=True).add(humanise(tune, 41))
    second = Part("second trumpet", 56, 1, volume=80, pan=76).add(
        harmony_below([n for n in tune if n.start >= 72], harmony, 3))
    harp = Part("harp", 46, 2, volume=90, pan=34).add(
        humanise(arpeggio(harmony, [0, 2, 1, 3, 2, 4], 0.5, low=50, length=0.6, velocity=78), 42)
        + bass(harmony, [(0, "root", 1, 92), (2, "fifth", 1, 80)], 3, low=38))
    jarana = Part("jarana", 25, 3, volume=72, pan=92).add(
        humanise(comp(harmony, [(0, 0.4, 80), (1, 0.3, 56), (1.5, 0.4, 70), (2, 0.3, 56), (2.5, 0.3, 64)], 3,
                      low=57, count=4), 43))
    bassline = Part("guitarrón", 32, 4, volume=104, pan=64).add(
        bass(harmony, [(0, "root", 0.8, 100), (1.5, "fifth", 0.5, 80), (2, "octave", 0.8, 86)], 3, low=38))
    marimba = Part("marimba", 12, 5, volume=80, pan=70).add(
        shifted(humanise(melody(SON_A * 2, velocity=82), 44), semitones=0))
    zapateado = Part("zapateado", 0, DRUMS, volume=78, pan=50).add(
        humanise(groove(120, {LOW_WOOD: [(0, 84), (1.5, 70), (2, 76)], HIGH_WOOD: [(0.5, 56), (1, 60), (2.5, 58)],
                              CABASA: [(0, 40), (0.5, 34), (1, 40), (1.5, 34), (2, 40), (2.5, 34)]}, 3), 45)
        + groove(96, {CRASH: [(0, 64)]}, 24, start=24))
    return Score("Son de las Velas", 214, 3, 40, [trumpet, second, harp, jarana, bassline, marimba, zapateado],
                 harmony)


FANFARRIA = (
    "A4:.5 D5:.5 F#:.5 A:.5 D6:2 A5:1 F#:1 A:1 D6:1 B5:2 G:1 B:1 A:1.5 G:.5 E:1 C#:1 "
    "D:1 F#:1 A:1 F#:1 B:2 F#:2 G:1 E:1 A:1 C#6:1 D:3 r:1 "
    "B5:1.5 A:.5 G:1 B:1 A:1.5 G:.5 F#:1 A:1 G:1 E:1 B4:1 E5:1 C#:1 E:1 A:1 G:1 "
    "F#:1 A:1 D6:1 A5:1 B:1 D6:1 G5:1 B:1 A:1 C#6:1 E:1 C#:1 D:2 r:1 A4:1"
)
FANFARRIA_CHORDS = "D:4 D:4 G:4 A7:4 D:4 Bm:4 Em:2 A7:2 D:4 G:4 D:4 Em:4 A7:4 D:4 G:4 A7:4 D:4"


def big_win() -> Score:
    harmony = chords(FANFARRIA_CHORDS)
    tune = melody(FANFARRIA, velocity=104, legato=0.82)
    trumpet = Part("trumpets", 56, 0, volume=104, pan=54, tune=True).add(humanise(tune, 51))
    second = Part("second trumpet", 56, 1, volume=88, pan=74).add(harmony_below(tune, harmony, 3))
    violins = Part("violins", 40, 2, volume=84, pan=30).add(
        shifted(humanise(tune, 52), semitones=-12, velocity=-12) + comp(harmony, [(0, 1.8, 60), (2, 1.8, 56)], 4,
                                                                         low=62, count=2))
    vihuela = Part("vihuela", 25, 3, volume=88, pan=90).add(
        humanise(comp(harmony, [(0.5, 0.3, 74), (1.5, 0.3, 70), (2.5, 0.3, 74), (3.5, 0.3, 70)], 4, low=60, count=4),
                 53))
    guitarron = Part("guitarrón", 32, 4, volume=112, pan=64).add(
        bass(harmony, [(0, "root", 0.9, 104), (2, "below5", 0.9, 90)], 4, low=38))
    drums = Part("percussion", 0, DRUMS, volume=76, pan=50).add(
        humanise(groove(64, {MARACAS: [(x / 2, 46 + 10 * (x % 2 == 0)) for x in range(8)],
                             KICK: [(0, 80), (2, 70)], TAMBOURINE: [(1, 60), (3, 66)]}, 4), 54)
        + groove(64, {CRASH: [(0, 86)]}, 32))
    return Score("Fanfarria de la Catrina", 120, 4, 16, [trumpet, second, violins, vihuela, guitarron, drums],
                 harmony)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
