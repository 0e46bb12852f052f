"""The music tool's own steps that need no synth: the MIDI file, the loop reverb, the mastering."""

from __future__ import annotations

import numpy as np
import pytest

from tools import make_music
from tools.music.master import CEILING_DB, TARGET_LUFS, loop_reverb, master, steady_cycle
from tools.music.measure import integrated_loudness, sample_peak_db, seam_error
from tools.music.score import DRUMS, Note, Part, Score
from tools.music.smf import TICKS_PER_BEAT, to_midi

RATE = 44100


def _varlen(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at


def _note_ons(midi: bytes) -> list[tuple[int, int, int]]:
    """(tick, channel, pitch) of every note-on, read back from a format 1 file."""
    assert midi[:4] == b"MThd"
    at, ons = 14, []
    while at < len(midi):
        assert midi[at:at + 4] == b"MTrk"
        end = at + 8 + int.from_bytes(midi[at + 4:at + 8], "big")
        at, tick = at + 8, 0
        while at < end:
            delta, at = _varlen(midi, at)
            tick += delta
            status = midi[at]
            if status == 0xFF:
                length, at = _varlen(midi, at + 2)
                at += length
            elif status >> 4 == 0xC:
                at += 2
            else:
                if status >> 4 == 0x9:
                    ons.append((tick, status & 0x0F, midi[at + 1]))
                at += 3
    return ons


def _score() -> Score:
    melody = Part("tune", 0, 0, notes=[Note(0, 1, 60), Note(1.5, 0.5, 64), Note(3, 1, 67)])
    drums = Part("drums", 0, DRUMS, notes=[Note(0, 0.25, 36), Note(2, 0.25, 38)])
    return Score("test", 120, 4, 1, [melody, drums])


def test_the_midi_file_plays_every_note_once_a_cycle_after_a_set_up_beat():
    ons = _note_ons(to_midi(_score(), cycles=2, tail_beats=1))
    loop = 4 * TICKS_PER_BEAT
    expected = sorted((TICKS_PER_BEAT + cycle * loop + round(beat * TICKS_PER_BEAT), ch, pitch)
                      for cycle in range(2) for beat, ch, pitch in
                      [(0, 0, 60), (1.5, 0, 64), (3, 0, 67), (0, DRUMS, 36), (2, DRUMS, 38)])
    assert sorted(ons) == expected


def _music_like(seconds: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    t = np.arange(round(seconds * RATE)) / RATE
    tones = sum(np.sin(2 * np.pi * f * t) * (0.5 + 0.5 * np.sin(2 * np.pi * t / seconds * k))
                for k, f in enumerate((220.0, 330.0, 440.0), start=1))
    return np.stack([tones, np.roll(tones, 441)], axis=1) * 0.1 + rng.normal(0, 0.001, (t.size, 2))


def test_the_loop_reverb_is_circular_so_its_tail_wraps_into_the_start():
    dry = _music_like(3.0, 1)
    shifted_then_wet = loop_reverb(np.roll(dry, 5000, axis=0), RATE, 0.3, 1.5)
    wet_then_shifted = np.roll(loop_reverb(dry, RATE, 0.3, 1.5), 5000, axis=0)
    assert np.abs(shifted_then_wet - wet_then_shifted).max() < 1e-9
    assert np.abs(loop_reverb(dry, RATE, 0.3, 1.5) - dry).max() > 0.01  # it does add a hall


def test_mastering_reaches_the_target_under_the_ceiling_even_when_it_must_limit():
    loud = _music_like(4.0, 2)
    loud[RATE:RATE + 50] *= 30  # a few peaks far above the rest: the gain alone would clip them
    out = master(loud, RATE)
    assert integrated_loudness(out, RATE) == pytest.approx(TARGET_LUFS, abs=0.05)
    assert sample_peak_db(out) <= CEILING_DB + 1e-6


def test_the_steady_cycle_is_the_second_one():
    loop, lead = 1000, 300
    render = np.arange(lead + 2 * loop + 10, dtype=float)[:, None].repeat(2, axis=1)
    cycle = steady_cycle(render, lead, loop)
    assert cycle.shape == (loop, 2) and cycle[0, 0] == lead + loop
    with pytest.raises(ValueError, match="shorter than two cycles"):
        steady_cycle(render[:lead + loop], lead, loop)


def test_a_tone_cut_on_a_whole_cycle_has_a_clean_seam():
    tone = _music_like(2.0, 3)
    assert seam_error(tone, RATE) < 1.0


def test_the_tool_says_when_only_matches_nothing(capsys):
    assert make_music.main(["--only", "no_such_game/*"]) == 2
    assert "make_music:" in capsys.readouterr().err
