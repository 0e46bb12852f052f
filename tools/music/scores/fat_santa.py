"""Fat Santa: a Christmas bakery (glockenspiel, pizzicato strings, tuba, clarinets, brass).

- base: "We Wish You a Merry Christmas" (traditional English, West Country; public domain),
  G major, 3/4, a bakery waltz heard four times with the band growing.
- feature: "Deck the Halls" (the Welsh air "Nos Galan", 16th century; public domain), G major,
  4/4, brisk, with a brass tag.
- big_win: "The Pie Polka", the project's own polka in C major for glockenspiel, trumpets and
  tuba, ending each round on a cadence.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass, comp, groove, harmony_below, humanise
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

KICK, SNARE, CRASH, TRIANGLE, TAMBOURINE, JINGLE, WOODBLOCK = 36, 38, 49, 81, 54, 83, 76

WE_WISH = (
    "G4:1 G:.5 A:.5 G:.5 F#:.5 E:1 C:1 E:1 A:1 A:.5 B:.5 A:.5 G:.5 F#:1 D:1 D:1 "
    "B:1 B:.5 C5:.5 B4:.5 A:.5 G:1 E:1 D:.5 D:.5 E:1 A:1 F#:1 G:2 D:1 "
)
WE_WISH_CHORDS = "G:3 C:3 A7:3 D:3 B7:3 Em:1 C:1 D:1 C:1 D:2 G:3 "


def base() -> Score:
    harmony = chords(WE_WISH_CHORDS * 4)
    tune = melody(WE_WISH * 4, velocity=92, legato=0.85)
    glock = Part("glockenspiel", 9, 0, volume=104, pan=70, tune=True).add(
        humanise([n for n in tune if n.start < 48 or n.start >= 72], 101))
    celesta = Part("celesta", 8, 1, volume=100, pan=56, tune=True).add(
        humanise([n for n in tune if 48 <= n.start < 72], 102))
    clarinet = Part("clarinet", 71, 2, volume=74, pan=30).add(
        harmony_below([n for n in tune if n.start >= 24], harmony, 3, -16))
    flute = Part("flute", 73, 3, volume=70, pan=90).add(
        shifted([n for n in tune if n.start >= 48], semitones=12, velocity=-30))
    pizz = Part("pizzicato", 45, 4, volume=96, pan=44).add(
        humanise(comp(harmony, [(1, 0.5, 70), (2, 0.5, 64)], 3, low=55, count=3), 103))
    tuba = Part("tuba", 58, 5, volume=108, pan=64).add(bass(harmony, [(0, "root", 0.9, 96)], 3, low=34))
    brass = Part("brass", 61, 6, volume=72, pan=60).add(
        comp(harmony[33:], [(0, 0.9, 60)], 3, low=55, count=3))
    drums = Part("percussion", 0, DRUMS, volume=66, pan=50).add(
        humanise(groove(96, {TRIANGLE: [(0, 44)], WOODBLOCK: [(1, 34), (2, 30)], JINGLE: [(1, 26), (2, 26)]}, 3),
                 104))
    return Score("We Wish You a Merry Christmas", 158, 3, 32,
                 [glock, celesta, clarinet, flute, pizz, tuba, brass, drums], harmony)


DECK_LINE = "D5:1.5 C:.5 B4:1 A:1 G:1 A:1 B:1 G:1 A:.5 B:.5 C5:.5 A4:.5 B:1.5 A:.5 G:1 F#:1 G:2 "
DECK_LAST = "D5:1.5 C:.5 B4:1 A:1 G:1 A:1 B:1 G:1 E5:.5 E:.5 E:.5 E:.5 D:1.5 C:.5 B4:1 A:1 G:2 "
DECK = (DECK_LINE * 2 + "A4:1.5 B:.5 C5:1 A4:1 B:1.5 C5:.5 D:1 A4:1 B:.5 C#5:.5 D:1 E:.5 F#:.5 G:1 F#:1 E:1 D:2 "
        + DECK_LAST * 2)
DECK_LINE_CHORDS = "G:3 D:1 G:1 D:1 G:2 Am:2 G:1.5 D:.5 G:1 D:1 G:2 "
DECK_CHORDS = (DECK_LINE_CHORDS * 2 + "D:2 Am:1 D:1 G:2 D:2 G:1 D:1 A7:2 D:1 A7:1 D:2 "
               + "G:3 D:1 G:1 D:1 G:2 C:2 G:2 G:1 D:1 G:2 " * 2)


def feature() -> Score:
    harmony = chords(DECK_CHORDS)
    tune = melody(DECK, velocity=100, legato=0.8)
    glock = Part("glockenspiel", 9, 0, volume=104, pan=72, tune=True).add(humanise(tune, 111))
    trumpets = Part("trumpets", 56, 1, volume=92, pan=54, tune=True).add(
        humanise([n for n in tune if n.start >= 32], 112))
    horns = Part("horns", 60, 2, volume=84, pan=36).add(
        harmony_below([n for n in tune if n.start >= 32], harmony, 3, -10))
    pizz = Part("pizzicato", 45, 3, volume=100, pan=40).add(
        humanise(arpeggio(harmony, [0, 1, 2, 1], 0.5, low=55, length=0.4, velocity=76), 113))
    tuba = Part("tuba", 58, 4, volume=112, pan=64).add(
        bass(harmony, [(0, "root", 0.8, 100), (1, "below5", 0.8, 86), (2, "root", 0.8, 94), (3, "below5", 0.8, 86)],
             4, low=36))
    strings = Part("strings", 48, 5, volume=80, pan=80).add(
        comp(harmony, [(0.5, 0.4, 64), (1.5, 0.4, 58), (2.5, 0.4, 64), (3.5, 0.4, 58)], 4, low=60, count=3))
    drums = Part("drums", 0, DRUMS, volume=84, pan=50).add(
        humanise(groove(80, {KICK: [(0, 84), (2, 74)], SNARE: [(1, 66), (3, 70)],
                             JINGLE: [(x / 2, 40 + 16 * (x % 2 == 0)) for x in range(8)], TAMBOURINE: [(3.5, 50)]}, 4),
                 114) + groove(80, {CRASH: [(0, 84)]}, 16))
    return Score("Deck the Halls", 139, 4, 20, [glock, trumpets, horns, pizz, tuba, strings, drums], harmony)


POLKA = (
    "E5:.5 F:.5 G:1 C6:1 G5:1 E:.5 F:.5 G:1 E:1 C:1 D:.5 E:.5 F:1 B4:1 D5:1 C:1 E:1 G:2 "
    "G:.5 A:.5 G:.5 E:.5 C:1 E:1 F:1 A:1 C6:1 A5:1 G:1 F:1 D:1 B4:1 C5:2 r:2 "
    "A5:1.5 G:.5 F:1 C:1 G:1.5 F:.5 E:1 C:1 D:1 F:1 G:1 B:1 C6:2 G5:2 "
    "A:.5 G:.5 F:.5 A:.5 C6:1 A5:1 G:.5 F:.5 E:.5 G:.5 C6:1 G5:1 F:1 D:1 B4:1 G:1 C5:1 E:.5 G:.5 C6:1 r:1"
)
POLKA_CHORDS = "C:4 C:4 G7:4 C:4 C:4 F:4 G7:4 C:4 F:4 C:4 G7:4 C:4 F:4 C:4 G7:4 C:4"


def big_win() -> Score:
    harmony = chords(POLKA_CHORDS)
    tune = melody(POLKA, velocity=106, legato=0.78)
    glock = Part("glockenspiel", 9, 0, volume=108, pan=72, tune=True).add(humanise(tune, 121))
    trumpets = Part("trumpets", 56, 1, volume=96, pan=54, tune=True).add(humanise(tune, 122))
    clarinets = Part("clarinets", 71, 2, volume=80, pan=30).add(harmony_below(tune, harmony, 3, -10))
    accordion = Part("accordion", 21, 3, volume=84, pan=86).add(
        comp(harmony, [(1, 0.45, 80), (3, 0.45, 84)], 4, low=55, count=3))
    tuba = Part("tuba", 58, 4, volume=116, pan=64).add(
        bass(harmony, [(0, "root", 0.8, 104), (2, "below5", 0.8, 94)], 4, low=36))
    drums = Part("drums", 0, DRUMS, volume=86, pan=50).add(
        humanise(groove(64, {KICK: [(0, 90), (2, 80)], SNARE: [(1, 70), (3, 74)],
                             JINGLE: [(x / 2, 48 + 16 * (x % 2 == 0)) for x in range(8)]}, 4), 123)
        + groove(64, {CRASH: [(0, 92)]}, 16) + groove(64, {TRIANGLE: [(1, 50), (3, 50)]}, 4))
    return Score("The Pie Polka", 120, 4, 16, [glock, trumpets, clarinets, accordion, tuba, drums], harmony)


TRACKS = {"base": base, "feature": feature, "big_win": big_win}
