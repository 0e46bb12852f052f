"""Synthesise the shared, neutral sounds into ``assets/sounds/`` (buttons, the error, the reel spin loop,
the lobby's top-up); every game's own effects are ``tools/make_effects.py``'s.

Run from the repository root::

    python -m tools.make_sounds [--only PATTERN] [-v]

Standard library only. Every file is 44.1 kHz, 16-bit, mono, normalised to
about -6 dBFS peak, with short fades so nothing clicks. Output is
deterministic (fixed random seeds).
"""

from __future__ import annotations

import argparse
import array
import fnmatch
import logging
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("make_sounds")

RATE = 44100
PEAK_DBFS = -6.0
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
TAU = math.tau

Buf = list[float]


# --------------------------------------------------------------------------
# building blocks
# --------------------------------------------------------------------------


def silence(sec: float) -> Buf:
    return [0.0] * round(sec * RATE)


def n_samples(sec: float) -> int:
    return round(sec * RATE)


def note(name: str) -> float:
    """'A4' -> 440.0; supports sharps like 'C#5'."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base = names[name[0]]
    i = 1
    if name[1] == "#":
        base += 1
        i = 2
    elif name[1] == "b":
        base -= 1
        i = 2
    octave = int(name[i:])
    return 440.0 * 2 ** ((base + (octave - 4) * 12) / 12)


def env_adsr(n: int, a: float, d: float, s: float, r: float) -> Buf:
    """Linear attack, exponential-ish decay to sustain level s, release at the end (seconds)."""
    na, nd, nr = n_samples(a), n_samples(d), n_samples(r)
    out = []
    for i in range(n):
        if i < na:
            v = i / max(1, na)
        elif i < na + nd:
            t = (i - na) / max(1, nd)
            v = s + (1 - s) * (1 - t) ** 2
        else:
            v = s
        if i >= n - nr:
            v *= (n - i) / max(1, nr)
        out.append(v)
    return out


def env_exp(n: int, decay: float, attack: float = 0.002) -> Buf:
    """Fast attack then exponential decay with time constant ``decay`` seconds."""
    na = max(1, n_samples(attack))
    return [(i / na if i < na else 1.0) * math.exp(-i / (decay * RATE)) for i in range(n)]


def osc(freq, sec: float, shape: str = "sine", phase: float = 0.0) -> Buf:
    """Oscillator; ``freq`` is a number or a function of time (s) for sweeps."""
    n = n_samples(sec)
    out = []
    ph = phase
    f = freq if callable(freq) else (lambda t, f0=freq: f0)
    for i in range(n):
        t = i / RATE
        ph += TAU * f(t) / RATE
        if shape == "sine":
            v = math.sin(ph)
        elif shape == "tri":
            x = (ph / TAU) % 1.0
            v = 4 * abs(x - 0.5) - 1
        elif shape == "soft_square":
            v = math.tanh(3 * math.sin(ph)) / math.tanh(3)
        else:
            raise ValueError(shape)
        out.append(v)
    return out


def noise(sec: float, seed: int) -> Buf:
    rnd = random.Random(seed)
    return [rnd.uniform(-1, 1) for _ in range(n_samples(sec))]


def lowpass(buf: Buf, cutoff) -> Buf:
    """One-pole low-pass; cutoff Hz may be a function of time."""
    out = []
    y = 0.0
    c = cutoff if callable(cutoff) else (lambda t, c0=cutoff: c0)
    for i, x in enumerate(buf):
        k = 1 - math.exp(-TAU * c(i / RATE) / RATE)
        y += k * (x - y)
        out.append(y)
    return out


def highpass(buf: Buf, cutoff: float) -> Buf:
    lp = lowpass(buf, cutoff)
    return [x - y for x, y in zip(buf, lp)]


def mul(a: Buf, b: Buf) -> Buf:
    return [x * y for x, y in zip(a, b)]


def gain(buf: Buf, g: float) -> Buf:
    return [x * g for x in buf]


def mix_into(dst: Buf, src: Buf, at: float = 0.0, g: float = 1.0) -> Buf:
    start = n_samples(at)
    need = start + len(src)
    if need > len(dst):
        dst.extend([0.0] * (need - len(dst)))
    for i, x in enumerate(src):
        dst[start + i] += x * g
    return dst


def bell(freq: float, sec: float, decay: float = 0.5, bright: float = 1.0) -> Buf:
    """Soft bell / celesta: a few partials, higher ones decaying faster."""
    partials = [(1.0, 1.0, 1.0), (2.0, 0.45 * bright, 0.6), (3.0, 0.18 * bright, 0.4),
                (4.2, 0.08 * bright, 0.25)]
    n = n_samples(sec)
    out = [0.0] * n
    for ratio, amp, dk in partials:
        f = freq * ratio
        if f > RATE / 2.2:
            continue
        tau = decay * dk * RATE
        for i in range(n):
            out[i] += amp * math.sin(TAU * f * i / RATE) * math.exp(-i / tau)
    na = n_samples(0.003)
    for i in range(min(na, n)):
        out[i] *= i / na
    return out


def pluck(freq: float, sec: float, seed: int, damping: float = 0.996) -> Buf:
    """Karplus-Strong plucked string (warm, guitar-like)."""
    rnd = random.Random(seed)
    period = max(2, int(RATE / freq))
    ring = [rnd.uniform(-1, 1) for _ in range(period)]
    ring = lowpass(ring, freq * 6)
    out = []
    idx = 0
    for _ in range(n_samples(sec)):
        a = ring[idx]
        b = ring[(idx + 1) % period]
        ring[idx] = damping * 0.5 * (a + b)
        out.append(a)
        idx = (idx + 1) % period
    return out


def brass(freq: float, sec: float, vibrato: float = 5.0) -> Buf:
    """Warm brass-like tone from harmonics with a gentle swell and vibrato."""
    n = n_samples(sec)
    out = [0.0] * n
    harm = [(1, 1.0), (2, 0.55), (3, 0.32), (4, 0.18), (5, 0.1), (6, 0.05)]
    ph = 0.0
    for i in range(n):
        t = i / RATE
        depth = 0.004 * min(1.0, t / 0.25)
        ph += TAU * freq * (1 + depth * math.sin(TAU * vibrato * t)) / RATE
        out[i] = sum(a * math.sin(k * ph) for k, a in harm)
    return mul(out, env_adsr(n, 0.04, 0.15, 0.75, min(0.25, sec / 3)))


def echo(buf: Buf, delay: float, feedback: float, taps: int = 4) -> Buf:
    out = list(buf)
    d = n_samples(delay)
    for k in range(1, taps + 1):
        mix_into(out, buf, at=k * d / RATE, g=feedback ** k)
    return out


def fade(buf: Buf, fin: float = 0.002, fout: float = 0.01) -> Buf:
    n = len(buf)
    a, b = n_samples(fin), n_samples(fout)
    for i in range(min(a, n)):
        buf[i] *= i / a
    for i in range(min(b, n)):
        buf[n - 1 - i] *= i / b
    return buf


def normalise(buf: Buf, dbfs: float = PEAK_DBFS) -> Buf:
    peak = max(1e-9, max(abs(x) for x in buf))
    g = 10 ** (dbfs / 20) / peak
    return [x * g for x in buf]


def write_wav(path: Path, buf: Buf) -> None:
    data = array.array("h", (max(-32767, min(32767, round(x * 32767))) for x in buf))
    if sys.byteorder != "little":
        data.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


# --------------------------------------------------------------------------
# the sounds
# --------------------------------------------------------------------------


def s_click() -> Buf:
    n = n_samples(0.045)
    tone = mul(osc(lambda t: 1500 - 6000 * t, 0.045), env_exp(n, 0.008, 0.0005))
    tick = mul(highpass(noise(0.045, 1), 2000), env_exp(n, 0.003, 0.0002))
    body = mul(osc(420, 0.045), env_exp(n, 0.012))
    return [a + 0.35 * b + 0.4 * c for a, b, c in zip(tone, tick, body)]


def s_reel_spin_loop() -> Buf:
    """Exactly 1.0 s; 12 soft ratchet ticks on a grid and a 110 Hz hum (whole cycles) -> seamless."""
    n = RATE
    out = [0.0] * n
    ticks = 12
    step = n // ticks
    for k in range(ticks):
        m = n_samples(0.03)
        t = mul(osc(950 + (k % 2) * 120, 0.03), env_exp(m, 0.006, 0.0005))
        nz = mul(lowpass(noise(0.03, 100 + k), 3500), env_exp(m, 0.004, 0.0003))
        click = [0.6 * a + 0.5 * b for a, b in zip(t, nz)]
        for i, x in enumerate(click):
            out[k * step + i] += x
    hum = osc(110, 1.0)
    hum2 = osc(220, 1.0)
    wobble = [0.5 + 0.5 * math.sin(TAU * 12 * i / n - math.pi / 2) for i in range(n)]  # 12 cycles / s
    for i in range(n):
        out[i] += 0.12 * hum[i] * (0.6 + 0.4 * wobble[i]) + 0.04 * hum2[i]
    return out


def s_win_small() -> Buf:
    out = silence(0.8)
    for k, nm in enumerate(("C6", "E6", "G6", "C7")):
        mix_into(out, bell(note(nm), 0.55, 0.25), k * 0.06, 0.9 - 0.1 * k)
    return echo(out, 0.09, 0.25, 2)


def s_error() -> Buf:
    out = silence(0.42)
    for k, nm in enumerate(("E4", "C4")):
        n = n_samples(0.17)
        t = mul(lowpass(osc(note(nm), 0.17, "soft_square"), 1400), env_adsr(n, 0.008, 0.05, 0.6, 0.06))
        mix_into(out, t, k * 0.18, 0.8)
    return out


SOUNDS: dict[str, Callable[[], Buf]] = {
    "click.wav": s_click,
    "reel_spin_loop.wav": s_reel_spin_loop,
    "win_small.wav": s_win_small,
    "error.wav": s_error,
}

LOOPS = {"reel_spin_loop.wav"}


def render(name: str) -> Buf:
    buf = SOUNDS[name]()
    if name not in LOOPS:
        buf = fade(buf, 0.001, 0.012)
    return normalise(buf)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", metavar="PATTERN", help="glob over file names, e.g. 'win_*'")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    only = args.only
    names = [n for n in SOUNDS if not only or fnmatch.fnmatch(n, only) or fnmatch.fnmatch(n, f"*{only}*")]
    if not names:
        log.error("nothing matches %r", args.only)
        return 1
    for name in names:
        random.seed(name)
        buf = render(name)
        write_wav(OUT / name, buf)
        peak = max(abs(x) for x in buf)
        rms = math.sqrt(sum(x * x for x in buf) / len(buf))
        log.info("wrote sounds/%s (%.2f s, peak %.1f dBFS, rms %.1f dBFS)", name, len(buf) / RATE,
                 20 * math.log10(peak), 20 * math.log10(max(rms, 1e-9)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
