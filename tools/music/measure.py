"""Loudness, peaks and the loop seam of a stereo signal (numpy only; used by the tools and tests).

Signals are float arrays shaped ``(samples, channels)`` in full scale -1..1.

Loudness is ITU-R BS.1770-4 integrated loudness: the two-stage K-weighting filter, 400 ms
blocks every 100 ms, the absolute gate at -70 LUFS and the relative gate 10 LU below. The
filter is applied in the frequency domain (its exact response at every FFT bin), which is the
steady-state output for a signal that repeats: right for a loop, and within a few hundredths
of an LU of a time-domain filter for any excerpt of several seconds.
"""

from __future__ import annotations

import math

import numpy as np

ABSOLUTE_GATE = -70.0
RELATIVE_GATE = -10.0
SEAM_WINDOW = 0.010  # seconds either side of the seam


def _biquad_response(b: tuple[float, float, float], a: tuple[float, float, float], z: np.ndarray) -> np.ndarray:
    zi = 1.0 / z
    return (b[0] + b[1] * zi + b[2] * zi * zi) / (a[0] + a[1] * zi + a[2] * zi * zi)


def k_weighting_coefficients(rate: int) -> list[tuple[tuple[float, float, float], tuple[float, float, float]]]:
    """The BS.1770 pre-filter (high shelf) and RLB high-pass at any sample rate.

    The analogue prototypes' constants are those that give the standard's published 48 kHz
    coefficients exactly; bilinear transform to ``rate``.
    """
    f0, gain_db, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (gain_db / 20)
    vb = vh ** 0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0)
    shelf_a = (1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    a0 = 1 + k / q + k * k
    highpass_a = (1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    return [(shelf, shelf_a), ((1.0, -2.0, 1.0), highpass_a)]


def k_weighted(signal: np.ndarray, rate: int) -> np.ndarray:
    spectrum = np.fft.rfft(signal, axis=0)
    z = np.exp(2j * np.pi * np.fft.rfftfreq(signal.shape[0], 1.0 / rate) / rate)
    response = np.ones_like(z)
    for b, a in k_weighting_coefficients(rate):
        response *= _biquad_response(b, a, z)
    return np.fft.irfft(spectrum * response[:, None], n=signal.shape[0], axis=0)


def integrated_loudness(signal: np.ndarray, rate: int) -> float:
    """Integrated loudness in LUFS (channel weights 1: stereo)."""
    weighted = k_weighted(np.asarray(signal, dtype=np.float64), rate)
    power = np.concatenate([np.zeros(1), np.cumsum((weighted ** 2).sum(axis=1))])
    block, step = round(0.4 * rate), round(0.1 * rate)
    starts = np.arange(0, weighted.shape[0] - block + 1, step)
    if starts.size == 0:
        raise ValueError("signal shorter than one 400 ms block")
    z = (power[starts + block] - power[starts]) / block
    with np.errstate(divide="ignore"):
        loud = -0.691 + 10 * np.log10(z)
    z = z[loud > ABSOLUTE_GATE]
    if z.size == 0:
        return float("-inf")
    relative = -0.691 + 10 * math.log10(float(z.mean())) + RELATIVE_GATE
    with np.errstate(divide="ignore"):
        z = z[-0.691 + 10 * np.log10(z) > relative]
    return -0.691 + 10 * math.log10(float(z.mean()))


def sample_peak_db(signal: np.ndarray) -> float:
    peak = float(np.abs(signal).max())
    return 20 * math.log10(peak) if peak > 0 else float("-inf")


def true_peak_db(signal: np.ndarray, oversample: int = 4) -> float:
    """The peak of the signal oversampled ``oversample`` times (band-limited, periodic)."""
    n = signal.shape[0]
    spectrum = np.fft.rfft(signal, axis=0)
    up = np.fft.irfft(spectrum, n=n * oversample, axis=0) * oversample
    return sample_peak_db(up)


def seam_error(signal: np.ndarray, rate: int) -> float:
    """How much sharper the loop's seam is than the music either side of it (1.0: as sharp).

    The seam's second differences (the turns through the last sample into the first, and the
    first into the second) against the largest second difference inside the last and the first
    10 ms. A click is a step: its second difference is the step itself, far above what tones
    do in 10 ms; a seam at or under 1.0 turns no more sharply than the music around it already
    does, so the ear hears the music go on.
    """
    window = round(SEAM_WINDOW * rate)
    tail, head = signal[-window:], signal[:window]
    around = np.concatenate([tail, head])
    seam = around[window - 2:window + 2]
    seam_turns = np.abs(np.diff(seam, n=2, axis=0)).max(axis=0)
    local = np.maximum(np.abs(np.diff(tail, n=2, axis=0)).max(axis=0), np.abs(np.diff(head, n=2, axis=0)).max(axis=0))
    return float((seam_turns / np.maximum(local, 1e-9)).max())
