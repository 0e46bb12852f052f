"""Santa's Wonderland: a snowy winter night (celesta, harp, strings, flute, sleigh bells).

- base: "Silent Night" (Franz Xaver Gruber, 1818; public domain), C major, 3/4, gently.
- feature: the four-note ostinato of "Shchedryk" ("Carol of the Bells", Mykola Leontovych,
  1916; public domain), G minor, with the project's own counter-lines, faster and building.
- big_win: "Good King Wenceslas" (the tune of "Tempus adest floridum", Piae Cantiones, 1582;
  public domain), G major, brisk, brass, bells and timpani.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass, comp, groove, harmony_below, humanise
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

JINGLE, TRIANGLE, KICK, CRASH, SNARE, TAMBOURINE = 83, 81, 36, 49, 38, 54

SILENT_NIGHT = (
    "G4:1.5 A:.5 G:1 E:3 G:1.5 A:.5 G:1 E:3 D5:2 D:1 B4:3 C5:2 C:1 G4:3 "
    "A:2 A:1 C5:1.5 B4:.5 A:1 G:1.5 A:.5 G:1 E:3 A:2 A:1 C5:1.5 B4:.5 A:1 G:1.5 A:.5 G:1 E:3 "
    "D5:2 D:1 F:1.5 D:.5 B4:1 C5:3 E:3 C:1 G4:1 E:1 G:1.5 F:.5 D:1 C:6"
)
SILENT_NIGHT_CHORDS = "C:12 G7:6 C:6 F:6 C:6 F:6 C:6 G7:6 C:3 Am:3 C:3 G7:3 C:6"


def base() -> Score:
    harmony = chords(SILENT_NIGHT_CHORDS)
    tune = melody(SILENT_NIGHT, velocity=88)
    celesta = Part("celesta", 8, 0, volume=112, pan=70, tune=True).add(humanise(tune, 1))
    flute = Part("flute", 73, 1, volume=60, pan=50).add(
        shifted(humanise(tune, 2), semitones=-12, velocity=-20))
    strings = Part("strings", 49, 2, volume=80, pan=64).add(
        comp(harmony, [(0, 3, 52)], 3, low=53, count=3) + bass(harmony, [(0, "root", 3, 56)], 3, low=36))
    harp = Part("harp", 46, 3, volume=84, pan=84).add(
        humanise(arpeggio(harmony, [0, 1, 2, 3, 2, 1], 0.5, low=55, length=1.5, velocity=58), 3))
    bells = Part("sleigh bells", 0, DRUMS, volume=56, pan=40).add(
        humanise(groove(72, {JINGLE: [(0, 44), (1, 28), (2, 32)], TRIANGLE: [(0, 26)]}, 6), 4))
    return Score("Silent Night", 96, 3, 24, [celesta, flute, strings, harp, bells], harmony,
                 reverb=0.32, room=2.6)


OSTINATO = "Bb4:1 A:.5 Bb:.5 G:1"
BELLS_CHORDS = "Gm:3 Gm7/F:3 Eb:3 Gm/D:3"  # the ostinato's bar over a bass falling G F Eb D


def feature() -> Score:
    harmony = chords(" ".join([BELLS_CHORDS] * 8))
    ostinato = [n for bar in range(32) for n in melody(OSTINATO, start=3 * bar, velocity=84 + (bar % 4 == 0) * 10)]
    celesta = Part("celesta", 8, 0, volume=110, pan=76).add(humanise(ostinato, 11, timing=0.006))
    glock = Part("glockenspiel", 9, 1, volume=70, pan=52).add(shifted(ostinato[48:], velocity=-14))
    pizz = Part("pizzicato", 45, 2, volume=96, pan=40).add(
        shifted(humanise(ostinato, 12), semitones=-12, velocity=-6)
        + bass(harmony, [(0, "root", 1, 96), (2, "root", 1, 70)], 3, low=31))
    # bars 9-16 and 25-32: long falling counter-line (G F Eb D); bars 17-32: the upper answer
    counter = melody(" ".join(["G5:3 F:3 Eb:3 D:3"] * 2), start=24, velocity=78)
    counter += melody(" ".join(["G5:3 F:3 Eb:3 D:3"] * 2), start=72, velocity=86)
    answer = melody("D6:1 C:1 Bb5:1 Bb:1 A:1 G:1 G:1 A:1 Bb:1 D6:3 " * 2, start=48, velocity=80)
    answer += melody("G6:1 F:1 Eb:1 F:1 Eb:1 D:1 Eb:1 D:1 C:1 D:3 " * 2, start=72, velocity=84)
    strings = Part("strings", 48, 3, volume=92, pan=64, tune=True).add(
        counter + comp(harmony[8:], [(0, 3, 58)], 3, low=50, count=3))
    flute = Part("flute", 73, 4, volume=84, pan=88, tune=True).add(humanise(answer, 13))
    horns = Part("horns", 60, 5, volume=86, pan=30).add(
        comp(harmony[16:], [(0, 2.5, 72)], 3, low=46, count=2))
    timpani = Part("timpani", 47, 6, volume=96, pan=64).add(
        bass([c for c in harmony[16:]], [(0, "root", 1, 92)], 3, low=31))
    bells = Part("sleigh bells", 0, DRUMS, volume=70, pan=44).add(
        humanise(groove(96, {JINGLE: [(0, 70), (1, 48), (1.5, 40), (2, 56), (2.5, 40)]}, 3), 14)
        + groove(48, {CRASH: [(0, 70)], KICK: [(0, 70), (6, 60)]}, 12, start=48))
    return Score("Carol of the Bells", 168, 3, 32, [celesta, glock, pizz, strings, flute, horns, timpani, bells],
                 harmony)


WENCESLAS = (
    "G4:1 G:1 G:1 A:1 G:1 G:1 D:2 E:1 D:1 E:1 F#:1 G:2 G:2 "
    "G:1 G:1 G:1 A:1 G:1 G:1 D:2 E:1 D:1 E:1 F#:1 G:2 G:2 "
    "D5:1 C:1 B4:1 A:1 B:1 A:1 G:2 E:1 D:1 E:1 F#:1 G:2 G:2 "
    "D:1 D:1 E:1 F#:1 G:1 G:1 A:2 D5:1 C:1 B4:1 A:1 G:2 C5:2 G4:4 "
    "D5:1 C:1 B4:1 A:1"
)
WENCESLAS_CHORDS = (
    "G:4 G:2 D:2 C:2 D:2 G:4 " * 2
    + "G:2 D:2 G:4 C:2 D:2 G:4 G:2 D:2 G:2 D:2 G:2 D:2 G:2 C:2 G:4 D7:4"
)


def big_win() -> Score:
    harmony = chords(WENCESLAS_CHORDS)
    tune = melody(WENCESLAS, velocity=98, legato=0.85)
    brass = Part("brass", 61, 0, volume=100, pan=58, tune=True).add(humanise(tune, 21))
    trombones = Part("trombones", 57, 1, volume=78, pan=40).add(harmony_below(tune, harmony, 5))
    glock = Part("glockenspiel", 9, 2, volume=80, pan=84).add(shifted(tune, semitones=12, velocity=-16))
    strings = Part("strings", 48, 3, volume=84, pan=70).add(
        comp(harmony, [(0, 0.5, 70), (1, 0.5, 56), (2, 0.5, 66), (3, 0.5, 56)], 4, low=55, count=3))
    basses = Part("basses", 45, 4, volume=100, pan=64).add(
        bass(harmony, [(0, "root", 1, 100), (1, "fifth", 1, 80), (2, "octave", 1, 86), (3, "fifth", 1, 80)], 4, low=31))
    celesta = Part("celesta", 8, 5, volume=86, pan=90).add(
        arpeggio(harmony, [0, 1, 2, 3, 4, 3, 2, 1], 0.25, low=67, length=0.3, velocity=60))
    timpani = Part("timpani", 47, 6, volume=96).add(bass(harmony, [(0, "root", 1, 96)], 4, low=31))
    drums = Part("bells and drums", 0, DRUMS, volume=78, pan=50).add(
        humanise(groove(72, {JINGLE: [(0, 80), (0.5, 50), (1, 66), (1.5, 50), (2, 72), (2.5, 50), (3, 66), (3.5, 50)],
                             SNARE: [(1, 52), (3, 58)], KICK: [(0, 80), (2, 66)]}, 4), 22)
        + groove(72, {CRASH: [(0, 84)]}, 32) + groove(72, {TAMBOURINE: [(1, 60), (3, 60)]}, 4))
    return Score("Good King Wenceslas", 132, 4, 18,
                 [brass, trombones, glock, strings, basses, celesta, timpani, drums], harmony)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
