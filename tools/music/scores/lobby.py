"""The lobby: a warm medley of two of the games' carols for piano, strings, horn and celesta.

"Hark! the Herald Angels Sing" (Felix Mendelssohn, 1840; public domain: Naughty or Nice?'s
tune), its first eight bars, then "Good King Wenceslas" (Piae Cantiones, 1582; public domain:
Santa's Wonderland's), its first eight, G major, slow.
"""

from __future__ import annotations

from tools.music.arrange import arpeggio, bass, comp, groove, harmony_below, humanise
from tools.music.score import DRUMS, Part, Score, chords, melody, shifted

JINGLE, TRIANGLE = 83, 81

MEDLEY = (
    "D4:1 G:1 G:1.5 F#:.5 G:1 B:1 B:1 A:1 D5:1 D:1 D:1.5 C:.5 B4:1 A:1 B:2 "
    "D4:1 G:1 G:1.5 F#:.5 G:1 B:1 B:1 A:1 D5:1 A4:1 A:1.5 F#:.5 F#:1 E:1 D:2 "
    "G4:1 G:1 G:1 A:1 G:1 G:1 D:2 E:1 D:1 E:1 F#:1 G:2 G:2 "
    "G:1 G:1 G:1 A:1 G:1 G:1 D:2 E:1 D:1 E:1 F#:1 G:4"
)
MEDLEY_CHORDS = (
    "G:4 G:3 D7:1 G:2 D7:2 G:1 D7:1 G:2 G:4 G:3 D7:1 D:4 D:1 A7:1 D:2 "
    "G:4 G:2 D:2 C:2 D:2 G:4 G:4 G:2 D:2 C:2 D:2 G:2 D7:2"
)


def lobby() -> Score:
    harmony = chords(MEDLEY_CHORDS)
    tune = melody(MEDLEY, velocity=84, legato=0.92)
    piano = Part("piano", 0, 0, volume=104, pan=58, tune=True).add(
        humanise(tune, 131) + humanise(arpeggio(harmony, [0, 2, 1, 2], 1.0, low=43, length=1.8, velocity=50), 132))
    strings = Part("strings", 49, 1, volume=80, pan=70).add(
        comp(harmony, [(0, 4, 50)], 4, low=52, count=3) + bass(harmony, [(0, "root", 4, 52)], 4, low=36))
    horn = Part("horn", 60, 2, volume=64, pan=40).add(
        harmony_below([n for n in tune if n.start >= 32], harmony, 3, -24))
    celesta = Part("celesta", 8, 3, volume=66, pan=86).add(
        shifted(humanise([n for n in tune if n.start < 32], 133), semitones=12, velocity=-34))
    bells = Part("bells", 0, DRUMS, volume=40, pan=50).add(
        groove(64, {JINGLE: [(0, 40), (2, 28)], TRIANGLE: [(0, 22)]}, 8))
    return Score("Lobby medley", 96, 4, 16, [piano, strings, horn, celesta, bells], harmony,
                 reverb=0.3, room=2.4)


TRACKS = {"lobby": lobby}
