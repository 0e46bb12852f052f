"""Accompaniment figures built from a chord list: bass lines, comping, arpeggios, drum grooves.

Every figure is a pattern of ``(offset, ...)`` entries in beats that repeats every ``period``
beats through each chord; an entry whose offset falls past the chord's end is left out, so one
pattern serves chords of any length.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tools.music.score import Chord, Note, Score

BassStep = tuple[float, str, float, int]  # offset, "root" | "fifth" | "below5" | "octave" | "third", beats, velocity
CompStep = tuple[float, float, int]  # offset, beats, velocity


def _bass_pitch(chord: Chord, kind: str, low: int) -> int:
    root = chord.bass_note(low)
    if kind == "root":
        return root
    if kind == "octave":
        return root + 12
    if kind == "fifth":
        fifth = chord.fifth(low)
        return fifth if fifth > root else fifth + 12
    if kind == "below5":
        fifth = chord.fifth(low)
        return (fifth if fifth > root else fifth + 12) - 12
    if kind == "third":
        third = low + (chord.root + chord.intervals[1] - low) % 12
        return third if third > root else third + 12
    raise ValueError(f"unknown bass step {kind!r}")


def bass(chords: Sequence[Chord], pattern: Sequence[BassStep], period: float, low: int = 36) -> list[Note]:
    """A bass line: per chord, ``pattern`` every ``period`` beats (root, fifth, octave, third)."""
    notes: list[Note] = []
    for chord in chords:
        cycle = 0.0
        while cycle < chord.length - 1e-9:
            for offset, kind, length, velocity in pattern:
                at = cycle + offset
                if at < chord.length - 1e-9:
                    notes.append(Note(chord.start + at, min(length, chord.length - at), _bass_pitch(chord, kind, low),
                                      velocity))
            cycle += period
    return notes


def comp(chords: Sequence[Chord], pattern: Sequence[CompStep], period: float, low: int = 55,
         count: int = 3) -> list[Note]:
    """Block chords of ``count`` tones upward from ``low`` at the pattern's offsets."""
    notes: list[Note] = []
    for chord in chords:
        tones = chord.tones(low, count)
        cycle = 0.0
        while cycle < chord.length - 1e-9:
            for offset, length, velocity in pattern:
                at = cycle + offset
                if at < chord.length - 1e-9:
                    notes.extend(Note(chord.start + at, min(length, chord.length - at), t, velocity) for t in tones)
            cycle += period
    return notes


def arpeggio(chords: Sequence[Chord], order: Sequence[int], step: float, low: int = 60, length: float | None = None,
             velocity: int = 70) -> list[Note]:
    """Broken chords: the chord tones (counted upward from ``low``) in ``order``, one per ``step``."""
    notes: list[Note] = []
    for chord in chords:
        tones = chord.tones(low, max(order) + 1)
        at, index = 0.0, 0
        while at < chord.length - 1e-9:
            notes.append(Note(chord.start + at, length or step, tones[order[index % len(order)]], velocity))
            at += step
            index += 1
    return notes


def walking(chords: Sequence[Chord], low: int = 31, velocity: int = 88) -> list[Note]:
    """A walking bass, one note a beat: root, chord tones, and a half step into the next root."""
    notes: list[Note] = []
    for number, chord in enumerate(chords):
        beats = round(chord.length)
        tones = chord.tones(chord.bass_note(low), 4)
        nxt = chords[(number + 1) % len(chords)].bass_note(low)
        for beat in range(beats):
            if beat == 0:
                p = tones[0]
            elif beat == beats - 1 and beats > 1:
                p = nxt - 1 if (number % 2 == 0) else nxt + 1
            else:
                p = tones[1 + (beat - 1) % 3]
            notes.append(Note(chord.start + beat, 0.9, p, velocity - (0 if beat == 0 else 8)))
    return notes


DrumPattern = dict[int, Sequence[tuple[float, int]]]  # GM drum note -> (offset, velocity) in one period


def groove(beats: float, pattern: DrumPattern, period: float, start: float = 0.0, length: float = 0.25) -> list[Note]:
    """A drum pattern repeated every ``period`` beats for ``beats`` beats."""
    notes: list[Note] = []
    cycle = 0.0
    while cycle < beats - 1e-9:
        for drum, hits in pattern.items():
            notes.extend(Note(start + cycle + offset, length, drum, velocity) for offset, velocity in hits
                         if cycle + offset < beats - 1e-9)
        cycle += period
    return notes


def swing(notes: Sequence[Note], ratio: float = 2 / 3) -> list[Note]:
    """Off-beat eighths moved to ``ratio`` of the beat (2/3: triplet swing)."""
    out = []
    for n in notes:
        beat, frac = divmod(n.start, 1.0)
        if abs(frac - 0.5) < 1e-6:
            out.append(Note(beat + ratio, n.length, n.pitch, n.velocity))
        else:
            out.append(n)
    return out


def humanise(notes: Sequence[Note], seed: int, velocity: int = 6, timing: float = 0.012) -> list[Note]:
    """Small seeded variations of velocity and onset (in beats), so repeats are not mechanical.

    A note at beat 0 is never moved earlier (the loop's start stays the loop's start)."""
    rng = random.Random(seed)
    out = []
    for n in notes:
        shift = rng.uniform(-timing, timing)
        start = max(0.0, n.start + shift) if n.start < 1e-9 else n.start + shift
        out.append(Note(start, n.length, n.pitch, max(1, min(127, n.velocity + rng.randint(-velocity, velocity)))))
    return out


def chord_at(chords: Sequence[Chord], beat: float) -> Chord:
    for chord in chords:
        if chord.start - 1e-9 <= beat < chord.start + chord.length - 1e-9:
            return chord
    return chords[-1]


def wrong_notes(score: Score) -> list[str]:
    """The tune's notes that clash with their chord: passing tones are short and off the
    downbeat, so a note held two beats or more, or one of a beat or more on a bar's first beat,
    must be a tone of the chord under it."""
    wrong = []
    for part in (p for p in score.parts if p.tune):
        for n in part.notes:
            bar_position = n.start / score.beats_per_bar
            on_downbeat = abs(bar_position - round(bar_position)) < 0.02
            if n.length >= 1.9 or (on_downbeat and n.length >= 0.9):
                chord = chord_at(score.harmony, n.start + 0.05)
                if n.pitch % 12 not in {(chord.root + i) % 12 for i in chord.intervals}:
                    wrong.append(f"{part.name}: MIDI {n.pitch} at beat {n.start:.2f}")
    return wrong


def harmony_below(notes: Sequence[Note], chords: Sequence[Chord], min_gap: int = 3, velocity: int = -8) -> list[Note]:
    """A second voice: under each note the nearest tone of the chord sounding there, at least
    ``min_gap`` semitones lower (thirds and sixths under the tune, as two trumpets play)."""
    out = []
    for n in notes:
        chord = chord_at(chords, n.start + 0.01)
        classes = {(chord.root + i) % 12 for i in chord.intervals}
        below = n.pitch - min_gap
        while below % 12 not in classes:
            below -= 1
        out.append(Note(n.start, n.length, below, max(1, min(127, n.velocity + velocity))))
    return out
