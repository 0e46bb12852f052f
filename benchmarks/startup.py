"""Start-up time and memory of the app (from source, or the packaged bundle).

    python -m benchmarks.startup                                 # python main.py
    python -m benchmarks.startup --exe dist/FestiveSlots/FestiveSlots
    python -m benchmarks.startup --frames 3600 --game halloween_vacation --autoplay 20 --seed 99
    python -m benchmarks.startup --demo --frames 21600 --runs 1  # a soak: memory must stay flat

Each run starts the app with the dummy drivers on a fresh data folder, draws ``--frames``
frames and quits; the wall time (process start to exit) and the peak resident memory come
from the operating system. The median of the runs is the figure to quote.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(command: list[str]) -> tuple[float, float]:
    """(seconds, peak RSS in MiB) of one run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as data:
        began = time.perf_counter()
        proc = subprocess.Popen([*command, "--data-dir", data], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - began
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited with {proc.returncode}")
    return seconds, usage.ru_maxrss / 1024  # Linux reports KiB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, default=None, help="the packaged app (default: python main.py)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=1)
    parser.add_argument("--demo", action="store_true", help="run the demo (a soak for leaks)")
    parser.add_argument("--game", default=None)
    parser.add_argument("--autoplay", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    command = [str(args.exe)] if args.exe else [sys.executable, str(ROOT / "main.py")]
    command += ["--frames", str(args.frames)]
    if args.demo:
        command += ["--demo"]
    if args.game:
        command += ["--game", args.game]
    if args.autoplay:
        command += ["--autoplay", str(args.autoplay)]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    results = [run_once(command) for _ in range(args.runs)]
    times = [t for t, _ in results]
    peaks = [m for _, m in results]
    print(f"{' '.join(Path(c).name if i == 0 else c for i, c in enumerate(command))}: "
          f"median {statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f}), "
          f"peak memory median {statistics.median(peaks):.0f} MiB over {args.runs} runs")


if __name__ == "__main__":
    main()
