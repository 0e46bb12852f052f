"""A Standard MIDI File (format 1) written from a score, repeated for a seamless render.

Written here rather than with a library: a tempo map, a program, four controllers and note
events are all the renderer needs, and the file is a few dozen lines of the published format.
"""

from __future__ import annotations

import struct

from tools.music.score import Score

TICKS_PER_BEAT = 480


def _varlen(value: int) -> bytes:
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return kind + struct.pack(">I", len(body)) + body


def _track(events: list[tuple[int, int, bytes]], end_tick: int) -> bytes:
    """Events as ``(tick, order, data)``: sorted, offs before ons at one tick (order 0 < 1)."""
    body = bytearray()
    now = 0
    for tick, _order, data in sorted(events, key=lambda e: (e[0], e[1])):
        body += _varlen(tick - now) + data
        now = tick
    body += _varlen(max(0, end_tick - now)) + b"\xff\x2f\x00"
    return _chunk(b"MTrk", bytes(body))


def single_track_file(events: list[tuple[int, int, bytes]], division: int = TICKS_PER_BEAT) -> bytes:
    """A type-0 file: one track of ``(tick, order, data)`` events, ``division`` ticks a quarter note."""
    return _chunk(b"MThd", struct.pack(">HHH", 0, 1, division)) + _track(events, 0)


def to_midi(score: Score, cycles: int, tail_beats: float) -> bytes:
    """The score played ``cycles`` times back to back, then ``tail_beats`` of silence."""
    loop_ticks = round(score.beats * TICKS_PER_BEAT)
    end_tick = cycles * loop_ticks + round(tail_beats * TICKS_PER_BEAT)
    tempo = score.tempo_us
    meta = [
        (0, 0, b"\xff\x51\x03" + tempo.to_bytes(3, "big")),
        (0, 0, bytes([0xFF, 0x58, 0x04, score.beats_per_bar, 2, 24, 8])),
    ]
    tracks = [_track(meta, end_tick)]
    for part in score.parts:
        ch = part.channel
        events: list[tuple[int, int, bytes]] = [
            (0, 0, bytes([0xB0 | ch, 7, part.volume])),
            (0, 0, bytes([0xB0 | ch, 10, part.pan])),
            (0, 0, bytes([0xB0 | ch, 91, 0])),  # dry: the loop reverb comes after (master.py)
            (0, 0, bytes([0xB0 | ch, 93, 0])),
            (0, 0, bytes([0xC0 | ch, part.program])),
        ]
        # Tick 0 holds the set-up; the first cycle starts one beat later so no note is cut.
        lead = TICKS_PER_BEAT
        for cycle in range(cycles):
            base = lead + cycle * loop_ticks
            for note in part.notes:
                on = base + round(note.start * TICKS_PER_BEAT)
                off = on + max(1, round(note.length * TICKS_PER_BEAT))
                events.append((on, 1, bytes([0x90 | ch, note.pitch, note.velocity])))
                events.append((off, 0, bytes([0x80 | ch, note.pitch, 0])))
        tracks.append(_track(events, end_tick + lead))
    header = _chunk(b"MThd", struct.pack(">HHH", 1, len(tracks), TICKS_PER_BEAT))
    return header + b"".join(tracks)


def lead_seconds(score: Score) -> float:
    """Where the first cycle starts in the render (the set-up beat)."""
    return score.tempo_us / 1e6
