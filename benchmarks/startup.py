"""Start-up time and memory of the app (from source, or the packaged bundle).

    python -m benchmarks.startup                                 # python main.py
    python -m benchmarks.startup --exe dist/FestiveSlots/FestiveSlots
    python -m benchmarks.startup --frames 3600 --game halloween_vacation --autoplay 20 --seed 99
    python -m benchmarks.startup --demo --frames 21600 --runs 1  # a soak: memory must stay flat
    python -m benchmarks.startup --demo --frames 432000 --runs 1 --curve 60  # two hours, RSS every minute

Each run starts the app with the dummy drivers on a fresh data folder, draws ``--frames``
frames and quits. Three figures per run: the time from launch to the first frame on screen
(the app's ``--bench`` line says when it flipped it), the time to exit, and the peak resident
memory from the operating system. The median of the runs is the figure to quote.

From source the app runs as an installed copy would: with its compiled bytecode (an
untimed first run writes it, whatever ``PYTHONDONTWRITEBYTECODE`` says here).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rss_mib(pid: int) -> float | None:
    """The resident memory of a running process (Linux), or None once it has gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


FIRST_FRAME = re.compile(r"first_frame_at=([\d.]+)")


def run_once(command: list[str], curve: float | None = None) -> tuple[float, float, list[tuple[float, float]], float]:
    """(seconds to exit, peak RSS in MiB, [(seconds, RSS MiB) every ``curve`` seconds], seconds to
    the first frame) of one run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    samples: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryFile("w+") as out:
        launched = time.time()
        began = time.perf_counter()
        proc = subprocess.Popen([*command, "--bench", "--data-dir", data], env=env, cwd=ROOT,
                                stdout=out, stderr=subprocess.DEVNULL)
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG) if curve else os.wait4(proc.pid, 0)
        while pid == 0:  # still running: sample its memory, then look again (reaping it only once)
            time.sleep(curve or 1.0)
            rss = rss_mib(proc.pid)
            if rss is not None:
                samples.append((time.perf_counter() - began, rss))
                if curve:  # as it goes, so a soak stopped early still has its curve so far
                    print(f"  {samples[-1][0] / 60:.1f}m {rss:.0f} MiB", flush=True)
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        seconds = time.perf_counter() - began
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        found = FIRST_FRAME.search(out.read())
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited with {proc.returncode}")
    if found is None:
        raise SystemExit(f"{' '.join(command)} printed no first_frame_at")
    return seconds, usage.ru_maxrss / 1024, samples, float(found.group(1)) - launched  # Linux reports KiB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, default=None, help="the packaged app (default: python main.py)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=1)
    parser.add_argument("--demo", action="store_true", help="run the demo (a soak for leaks)")
    parser.add_argument("--game", default=None)
    parser.add_argument("--autoplay", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--curve", type=float, default=None, metavar="SECONDS",
                        help="also sample the resident memory every SECONDS and print the curve")
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
        command += ["--practice", "--seed", str(args.seed)]  # a seed plays only on the practice wallet
    if not args.exe:  # untimed and short: writes the bytecode an installed copy has
        run_once([sys.executable, str(ROOT / "main.py"), "--frames", "1"])
    results = [run_once(command, args.curve) for _ in range(args.runs)]
    times = [t for t, _, _, _ in results]
    firsts = [f for _, _, _, f in results]
    peaks = [m for _, m, _, _ in results]
    print(f"{' '.join(Path(c).name if i == 0 else c for i, c in enumerate(command))}: "
          f"first frame median {statistics.median(firsts):.3f} s (min {min(firsts):.3f}, max {max(firsts):.3f}), "
          f"exit median {statistics.median(times):.3f} s, "
          f"peak memory median {statistics.median(peaks):.0f} MiB over {args.runs} runs")
    for index, (_, _, samples, _) in enumerate(results):
        if samples:
            curve = ", ".join(f"{at / 60:.1f}m {rss:.0f}" for at, rss in samples)
            print(f"run {index + 1} RSS MiB: {curve}")
            print(f"run {index + 1}: {growth_text(samples)}, highest {max(rss for _, rss in samples):.0f} MiB")


def growth_text(samples: list[tuple[float, float]]) -> str:
    """How much the second half of a soak grew: its last quarter against its first quarter
    (medians and highs of each), so the swing within one cycle of games is not read as growth."""
    half = [rss for at, rss in samples if at >= samples[-1][0] / 2]
    quarter = max(1, len(half) // 4)
    early, late = half[:quarter], half[-quarter:]
    return (f"growth over the second half {statistics.median(late) - statistics.median(early):+.1f} MiB "
            f"(medians of its first and last quarters; highs {max(early):.0f} -> {max(late):.0f} MiB)")


if __name__ == "__main__":
    main()
