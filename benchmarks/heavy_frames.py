"""Which code runs in the frames over budget: a profile of every frame, kept for the slow ones.

    SDL_VIDEODRIVER=dummy python -m benchmarks.heavy_frames --game fat_santa --autoplay 20 --buy --seed 7
    SDL_VIDEODRIVER=dummy python -m benchmarks.heavy_frames --demo --frames 7200 --budget 8.3

The app runs in this process, frame by frame without the clock (as fast as it can), each frame
under its own profiler. A frame over ``--budget`` ms keeps its profile, and at the end the
functions that took the most time across those frames are listed. The times include the
profiler's own overhead (more in frames of many small Python calls): this finds what runs in
the heavy frames; ``--bench`` measures them. The first second (window, fonts, first screen) is
left out, as the frame-time rule does.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DT = 1 / 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None)
    parser.add_argument("--demo", action="store_true")
    parser.add_argument("--autoplay", type=int, default=None)
    parser.add_argument("--buy", action="store_true")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--frames", type=int, default=3600)
    parser.add_argument("--budget", type=float, default=8.3, help="ms; slower frames are reported")
    parser.add_argument("--resolution", default="1280x720")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="also print the N slowest frames one by one (by cumulative time)")
    args = parser.parse_args()

    from game.client.app import App
    from game.client.options import parse_args

    flags = ["--data-dir", tempfile.mkdtemp(prefix="heavy-frames-"), "--mute", "--resolution", args.resolution]
    if args.demo:  # the demo's own wallet and seeds
        flags.append("--demo")
    else:  # a seed plays only on the practice wallet
        flags += ["--practice", "--seed", str(args.seed)]
    if args.game:
        flags += ["--game", args.game]
    if args.autoplay:
        flags += ["--autoplay", str(args.autoplay)]
    if args.buy:
        flags.append("--buy")
    app = App(parse_args(flags))
    app.start()

    def frame() -> None:
        app._input()
        app._update(DT)
        app._draw()
        app._present()

    for _ in range(60):  # the first second is not judged
        frame()
    slow: pstats.Stats | None = None
    slow_count = 0
    times: list[float] = []
    worst: list[tuple[float, int, cProfile.Profile]] = []  # (ms, frame number, its profile)
    try:
        for _ in range(args.frames):
            profile = cProfile.Profile()
            began = time.perf_counter()
            profile.enable()
            frame()
            profile.disable()
            took = (time.perf_counter() - began) * 1000
            times.append(took)
            if args.worst:
                worst.append((took, len(times), profile))
                worst.sort(key=lambda item: -item[0])
                del worst[args.worst:]
            if took > args.budget:
                slow_count += 1
                if slow is None:
                    slow = pstats.Stats(profile)
                else:
                    slow.add(profile)
    finally:
        app.shutdown()
    times.sort()
    p99 = times[int(len(times) * 0.99)]
    print(f"{len(times)} frames: p50 {times[len(times) // 2]:.2f} ms, p99 {p99:.2f} ms, max {times[-1]:.2f} ms, "
          f"{sum(t > args.budget for t in times)} over {args.budget} ms, {sum(t > 33.3 for t in times)} over 33 ms")
    for took, number, profile in worst:
        print(f"frame {number}: {took:.2f} ms")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(12)
    if slow is None:
        return
    print(f"the {slow_count} frames over {args.budget} ms, by own time across them:")
    slow.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
