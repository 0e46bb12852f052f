"""The committed soundtrack (assets/music): every track there, long enough, seamless, level.

Decoded from the OGG files by pygame's mixer (dummy audio driver): no synth or encoder needed.
Measured with tools/music/measure.py (BS.1770 loudness, peaks, the loop seam).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame
import pytest

from game.catalogue import CATALOGUE
from tools.music.master import TARGET_LUFS
from tools.music.measure import integrated_loudness, sample_peak_db, seam_error
from tools.placeholder_sound import bundle_size

MUSIC = Path(__file__).resolve().parent.parent / "assets" / "music"
RATE = 44100
GAME_TRACKS = ("base", "feature", "big_win")
FILES = ["lobby.ogg"] + [f"{entry.id}/{track}.ogg" for entry in CATALOGUE for track in GAME_TRACKS]
MUSIC_BUDGET = 7.75 * 1024 * 1024  # the tracks are about 7.5 MiB: room for a retouch, not a new track
AUDIO_BUDGET = 12 * 1024 * 1024  # music and effects together


@pytest.fixture(scope="module")
def decoded() -> dict[str, np.ndarray]:
    """Every track decoded once, as float stereo at 44.1 kHz (a mixer another test left open at
    another format is closed first and opened again as it was after)."""
    before = pygame.mixer.get_init()
    if before is not None and before != (RATE, -16, 2):
        pygame.mixer.quit()
    if pygame.mixer.get_init() is None:
        pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    try:
        assert pygame.mixer.get_init() == (RATE, -16, 2)
        out = {}
        for rel in FILES:
            if (MUSIC / rel).is_file():
                samples = pygame.sndarray.array(pygame.mixer.Sound(str(MUSIC / rel)))
                out[rel] = samples.astype(np.float64) / 32768.0
        return out
    finally:
        if before != (RATE, -16, 2):
            pygame.mixer.quit()
        if before is not None and before != (RATE, -16, 2):
            pygame.mixer.init(frequency=before[0], size=before[1], channels=before[2])


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
def test_every_game_has_its_three_tracks(entry):
    for track in GAME_TRACKS:
        assert (MUSIC / entry.id / f"{track}.ogg").is_file(), f"{entry.id} has no {track} music ({track}.ogg)"


def test_the_lobby_has_its_track():
    assert (MUSIC / "lobby.ogg").is_file(), "the lobby has no music (lobby.ogg)"


@pytest.mark.parametrize("rel", FILES)
def test_each_loop_is_30_seconds_or_longer(decoded, rel):
    assert decoded[rel].shape[0] / RATE >= 30.0, f"{rel}: {decoded[rel].shape[0] / RATE:.1f} s"


@pytest.mark.parametrize("rel", FILES)
def test_each_loop_goes_on_through_its_seam_without_a_click(decoded, rel):
    """The bound 1.0: the turn from the last sample into the first is no sharper than the
    sharpest turn the music itself makes within 10 ms either side (see ``seam_error``)."""
    assert seam_error(decoded[rel], RATE) <= 1.0


@pytest.mark.parametrize("rel", FILES)
def test_each_track_is_at_the_one_loudness(decoded, rel):
    loudness = integrated_loudness(decoded[rel], RATE)
    assert abs(loudness - TARGET_LUFS) <= 1.0, f"{rel}: {loudness:.2f} LUFS"


@pytest.mark.parametrize("rel", FILES)
def test_no_track_peaks_over_minus_1_dbfs(decoded, rel):
    assert sample_peak_db(decoded[rel]) <= -1.0


def test_the_music_keeps_to_its_budget_and_all_audio_to_12_mib():
    """A new game's placeholder tracks and tones (``python -m tools.new_game``, about 180 kB) count once,
    however many games still wear them: the budget weighs the games' own sound."""
    music = bundle_size(MUSIC.rglob("*.ogg"))
    assert music <= MUSIC_BUDGET, f"{music / 2**20:.2f} MiB of music"
    sounds = bundle_size(p for p in (MUSIC.parent / "sounds").rglob("*") if p.is_file())
    assert music + sounds <= AUDIO_BUDGET, f"{(music + sounds) / 2**20:.2f} MiB of audio"


def _sine(seconds: float, hz: float, amplitude: float) -> np.ndarray:
    t = np.arange(round(seconds * RATE)) / RATE
    return amplitude * np.sin(2 * math.pi * hz * t)


def test_the_seam_measure_passes_a_continuous_wrap_and_catches_a_click():
    # 441 Hz: exactly 100 cycles a second, so a 2 s tone wraps onto itself.
    tone = _sine(2.0, 441.0, 0.5)
    stereo = np.stack([tone, tone], axis=1)
    assert seam_error(stereo, RATE) <= 1.0
    clicked = np.roll(stereo, 50, axis=0)[:-50]  # cut mid-cycle: the end no longer meets the start
    assert seam_error(clicked, RATE) > 1.0


def test_loudness_reads_the_standard_s_reference_tone():
    """BS.1770: a 0 dBFS 1 kHz sine in one channel reads -3.01 LKFS; 20 dB lower, -23.01."""
    left = _sine(5.0, 1000.0, 1.0)
    signal = np.stack([left, np.zeros_like(left)], axis=1)
    assert integrated_loudness(signal, RATE) == pytest.approx(-3.01, abs=0.05)
    assert integrated_loudness(signal * 0.1, RATE) == pytest.approx(-23.01, abs=0.05)
