"""Measure the committed soundtrack and write a 10-second excerpt of each track around its seam.

Run from the repository root::

    SDL_AUDIODRIVER=dummy python -m tools.music_report [--excerpts DIR]

Decodes every ``assets/music/**/*.ogg`` with pygame's mixer (no synth or encoder needed),
writes ``DIR/<track>.wav``: the loop's last 5 s then its first 5 s, so the seam sits in the
middle of what you hear, and prints one Markdown row per track: length, size, integrated
loudness of the loop and of the excerpt (ITU-R BS.1770), sample and true peak (4x
oversampled), and the seam error (``tools/music/measure.py``: at or under 1.0 the seam is no
sharper than the music around it).
"""

from __future__ import annotations

import argparse
import os
import sys
import wave
from pathlib import Path

import numpy as np

from tools.music.master import to_pcm16
from tools.music.measure import integrated_loudness, sample_peak_db, seam_error, true_peak_db

ROOT = Path(__file__).resolve().parent.parent
MUSIC = ROOT / "assets" / "music"
RATE = 44100
HALF = 5 * RATE


def decode(path: Path) -> np.ndarray:
    import pygame  # a tool's optional heavy import, kept out of module load for --help

    if not pygame.mixer.get_init():
        pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    return pygame.sndarray.array(pygame.mixer.Sound(str(path))).astype(np.float64) / 32768.0


def write_wav(path: Path, signal: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(signal))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.music_report", description=__doc__.split("\n")[0])
    parser.add_argument("--excerpts", type=Path, default=Path("music-excerpts"),
                        help="folder for the 10-second WAV excerpts (default: ./music-excerpts)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    files = sorted(MUSIC.rglob("*.ogg"))
    if not files:
        print(f"music_report: no .ogg under {MUSIC}", file=sys.stderr)
        return 2
    print("| track | length s | size KiB | loop LUFS | excerpt LUFS | sample peak dBFS | true peak dBTP | seam |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    total = 0
    for path in files:
        name = path.relative_to(MUSIC).with_suffix("").as_posix()
        loop = decode(path)
        excerpt = np.concatenate([loop[-HALF:], loop[:HALF]])
        write_wav(args.excerpts / (name.replace("/", "-") + ".wav"), excerpt)
        size = path.stat().st_size
        total += size
        print(f"| {name} | {loop.shape[0] / RATE:.2f} | {size / 1024:.0f} | {integrated_loudness(loop, RATE):.2f} | "
              f"{integrated_loudness(excerpt, RATE):.2f} | {sample_peak_db(loop):.2f} | {true_peak_db(loop):.2f} | "
              f"{seam_error(loop, RATE):.2f} |")
    print(f"\n{len(files)} tracks, {total / 2**20:.2f} MiB; excerpts in {args.excerpts}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
