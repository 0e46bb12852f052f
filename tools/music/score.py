"""The note data of a track: notes in beats, parts (one General MIDI instrument each), a score.

A melody is written as a string of ``pitch:beats`` tokens, e.g. ``"G4:1.5 A:.5 G:1 E:3 r:1"``:
the octave may be left out (it carries over from the note before), ``r`` is a rest, ``#`` and
``b`` are sharp and flat, ``~`` after the length ties nothing but marks a held note (kept for
readability, ignored). Chords are ``symbol:beats`` tokens, e.g. ``"Am:3 E7:3 C/G:2"``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

NOTE_OFFSETS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
CHORD_QUALITIES: dict[str, tuple[int, ...]] = {
    "": (0, 4, 7),
    "m": (0, 3, 7),
    "7": (0, 4, 7, 10),
    "maj7": (0, 4, 7, 11),
    "m7": (0, 3, 7, 10),
    "6": (0, 4, 7, 9),
    "m6": (0, 3, 7, 9),
    "9": (0, 4, 7, 10, 14),
    "m7b5": (0, 3, 6, 10),
    "dim": (0, 3, 6),
    "dim7": (0, 3, 6, 9),
    "sus4": (0, 5, 7),
    "aug": (0, 4, 8),
}
DRUMS = 9  # the General MIDI percussion channel (0-based)


@dataclass(frozen=True)
class Note:
    start: float  # beats from the start of the loop
    length: float  # beats
    pitch: int  # MIDI note number
    velocity: int = 90


@dataclass
class Part:
    """One instrument: a General MIDI program on its own channel (9 is the drum kit)."""

    name: str
    program: int
    channel: int
    volume: int = 100
    pan: int = 64
    notes: list[Note] = field(default_factory=list)
    tune: bool = False  # carries the melody: its long notes are tones of the chord under them

    def add(self, notes: list[Note]) -> Part:
        self.notes.extend(notes)
        return self


@dataclass(frozen=True)
class Chord:
    start: float
    length: float
    root: int  # pitch class 0-11
    intervals: tuple[int, ...]
    bass: int  # pitch class of the bass note (the root unless written C/G)

    def tones(self, low: int, count: int) -> list[int]:
        """``count`` chord tones upward from the first at or above MIDI note ``low``."""
        classes = [(self.root + i) % 12 for i in self.intervals]
        out: list[int] = []
        pitch = low
        while len(out) < count:
            if pitch % 12 in classes:
                out.append(pitch)
            pitch += 1
        return out

    def bass_note(self, low: int) -> int:
        """The bass pitch class at or above ``low`` (within an octave)."""
        return low + (self.bass - low) % 12

    def fifth(self, low: int) -> int:
        """The chord's fifth in the octave at or above ``low``."""
        return low + (self.root + self.intervals[2] - low) % 12


# The synth plays a MIDI file in whole milliseconds applied at 64-sample blocks (44.1 kHz): a loop
# whose length is a whole number of both, 28,224 samples (640 ms), renders every cycle alike.
LOOP_GRAIN_US = 640_000


def loop_tempo(beats: int, bpm: float) -> int:
    """The MIDI tempo (microseconds a beat) nearest ``bpm`` whose loop of ``beats`` is a whole
    number of 640 ms grains."""
    step = LOOP_GRAIN_US // math.gcd(beats, LOOP_GRAIN_US)
    return max(step, round(60_000_000 / bpm / step) * step)


@dataclass
class Score:
    """A loop: ``bars`` bars of ``beats_per_bar`` beats at about ``bpm`` beats a minute.

    The tempo played is ``loop_tempo``'s, a little off ``bpm`` (a few percent at most)."""

    title: str
    bpm: float
    beats_per_bar: int
    bars: int
    parts: list[Part]
    harmony: list[Chord] = field(default_factory=list)  # the chords the parts are built on
    reverb: float = 0.2  # the loop reverb's wet level (tools/music/master.py)
    room: float = 1.8  # its decay time (RT60) in seconds

    @property
    def beats(self) -> int:
        return self.beats_per_bar * self.bars

    @property
    def tempo_us(self) -> int:
        return loop_tempo(self.beats, self.bpm)

    @property
    def seconds(self) -> float:
        return self.beats * self.tempo_us / 1e6


def pitch(name: str, octave: int) -> int:
    """``C4`` is MIDI 60."""
    value = NOTE_OFFSETS[name[0].upper()]
    for mark in name[1:]:
        value += {"#": 1, "b": -1}[mark]
    return 12 * (octave + 1) + value


_TOKEN = re.compile(r"^([A-Ga-g][#b]*|r)(-?\d)?:([\d.]+)~?$")


def melody(text: str, start: float = 0.0, velocity: int = 92, transpose: int = 0,
           legato: float = 0.95) -> list[Note]:
    """Notes from ``"G4:1.5 A:.5 G:1 E:3"`` starting at beat ``start``."""
    notes: list[Note] = []
    beat = start
    octave = 4
    for token in text.split():
        found = _TOKEN.match(token)
        if found is None:
            raise ValueError(f"bad melody token {token!r}")
        name, octave_text, length_text = found.groups()
        length = float(length_text)
        if octave_text is not None:
            octave = int(octave_text)
        if name != "r":
            notes.append(Note(beat, length * legato, pitch(name, octave) + transpose, velocity))
        beat += length
    return notes


_CHORD = re.compile(r"^([A-G][#b]?)([a-z0-9]*)(?:/([A-G][#b]?))?:([\d.]+)$")


def chords(text: str, start: float = 0.0, transpose: int = 0) -> list[Chord]:
    """Chords from ``"Am:3 E7:3 C/G:2"`` starting at beat ``start``."""
    out: list[Chord] = []
    beat = start
    for token in text.split():
        found = _CHORD.match(token)
        if found is None or found.group(2) not in CHORD_QUALITIES:
            raise ValueError(f"bad chord token {token!r}")
        root_name, quality, bass_name, length_text = found.groups()
        root = (pitch(root_name, 0) + transpose) % 12
        bass = (pitch(bass_name, 0) + transpose) % 12 if bass_name else root
        out.append(Chord(beat, float(length_text), root, CHORD_QUALITIES[quality], bass))
        beat += float(length_text)
    return out


def length_of(notes: list[Note]) -> float:
    return max((n.start + n.length for n in notes), default=0.0)


def shifted(notes: list[Note], beats: float = 0.0, semitones: int = 0, velocity: int = 0) -> list[Note]:
    """The same notes later by ``beats``, higher by ``semitones``, louder by ``velocity``."""
    return [Note(n.start + beats, n.length, n.pitch + semitones, max(1, min(127, n.velocity + velocity)))
            for n in notes]
