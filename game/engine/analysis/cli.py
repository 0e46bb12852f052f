"""The RTP simulation tool: plays rounds through the public API in several processes.

    python -m game.engine.simulate GAME --rounds 2000000 --workers 2 --seed 1
    python -m game.engine.simulate GAME --stratified --rounds 4000000 --feature-runs 200000

``--stratified`` plays base rounds with the game's main feature deferred and the feature on its
own, and combines them (see ``game.engine.analysis.stratified``): the way to a tight interval for games
whose return lives in a rare, volatile feature. ``--exact-parts`` goes further for a game that
computes parts of its math exactly (``Game.exact_parts``): the base game, the trigger
and the law of the feature's start are taken exact, and only the feature's mean is simulated, by
strata of its start with a control variate (see ``game.engine.analysis.proof``)::

    python -m game.engine.simulate GAME --exact-parts --feature-runs 1000000 --rounds 2000000 --workers 1
    python -m game.engine.simulate GAME --exact-parts --buy --feature-runs 2000000 --workers 1

Round ``i`` uses seed ``derive_seed(S, i)``, so a run is reproducible from its seed and any
single round of it can be replayed. The output (RTP with its 95% confidence interval, hit
rate, feature frequencies, standard deviation, highest win, speed) is what the help pages and
the README quote; ``--json`` writes it for them, in the layout ``game/engine/analysis/report.schema.json``
describes (one schema for plain and stratified reports). Every report carries the win
distribution (rounds per bin of win x bet, ``WIN_EDGES``; stratified: the base part's and one
feature run's); ``--histogram`` prints it and ``--csv PATH`` writes it as CSV, ``--plot PATH`` draws it
with the RTP convergence as a PNG (``game.engine.analysis.plot``, matplotlib from requirements-plot.txt).

Every mode runs its chunks on local processes (``--workers``) or on a Dask cluster
(``--scheduler tcp://HOST:PORT``, ``game.engine.analysis.backend``, dask.distributed from
requirements-cluster.txt). A chunk's draws depend only on the seed and its index, and chunks are
merged in order, so the report is the same bit for bit whatever ran it::

    python -m game.engine.simulate GAME --rounds 2000000 --seed 1 --scheduler tcp://HOST:8786
"""

from __future__ import annotations

import argparse
import json
import logging
import os
from dataclasses import asdict
from pathlib import Path

from .. import GAME_IDS
from ..rng import new_seed
from . import plot, proof, stratified
from .backend import Backend, ClusterError, DaskBackend
from .proof import ProofReport
from .report import histogram_csv, histogram_lines
from .simulate import Report, run
from .stratified import StratifiedReport

log = logging.getLogger("simulate")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.engine.simulate", description="RTP simulation tool")
    parser.add_argument("game", choices=GAME_IDS, help="game id")
    parser.add_argument("--rounds", type=_positive, default=None,
                        help="number of rounds (with --exact-parts: base rounds for the distribution figures, which"
                             " are not in the RTP; not with --buy)")
    parser.add_argument("--workers", type=_positive, default=None,
                        help="local worker processes (default: one per core)")
    parser.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                        help="run the chunks on the Dask cluster behind this scheduler instead of local processes"
                             " (the same report bit for bit; needs the optional cluster group:"
                             " pip install -r requirements-cluster.txt; its scheduler and workers import this"
                             " checkout: PYTHONPATH=. dask scheduler, PYTHONPATH=. dask worker tcp://HOST:PORT)")
    parser.add_argument("--seed", type=_seed, default=None, help="series seed (default: a fresh one)")
    parser.add_argument("--bet", type=_positive, default=None, help="bet in cents (default: the game's default)")
    parser.add_argument("--buy", action="store_true", help="play the bought feature")
    parser.add_argument("--stratified", action="store_true",
                        help="estimate by strata: base rounds with the main feature deferred, plus feature runs")
    parser.add_argument("--exact-parts", action="store_true",
                        help="prove the RTP from the parts the game computes exactly (base game, trigger, the law"
                             " of the feature's start, a control variate's means) and simulate only the feature's"
                             " mean, by strata of its start (game.engine.analysis.proof)")
    parser.add_argument("--feature-runs", type=_positive, default=None,
                        help="with --stratified or --exact-parts: how many times to play the main feature on its own")
    parser.add_argument("--proposal", action="store_true",
                        help="with --stratified: play the rounds on the game's proposal and weigh each by its"
                             " likelihood ratio (importance sampling, for games that name one)")
    parser.add_argument("--pilot-runs", type=_positive, default=None,
                        help="with --exact-parts: feature runs that fit the control variate's coefficients (not in"
                             " the estimate; default a twentieth of --feature-runs, from 20,000 to 100,000)")
    parser.add_argument("--checkpoint", type=Path, default=None, metavar="PATH",
                        help="--exact-parts or --stratified: keep each finished chunk in PATH; the same command"
                             " again resumes there")
    parser.add_argument("--json", type=Path, default=None, help="also write the report as JSON here")
    parser.add_argument("--csv", type=Path, default=None, help="also write the win distribution as CSV here")
    parser.add_argument("--histogram", action="store_true", help="also print the win distribution")
    parser.add_argument("--plot", type=Path, default=None, metavar="PATH",
                        help="also draw the win distribution and the RTP convergence into this PNG (needs matplotlib:"
                             " pip install -r requirements-plot.txt)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser.parse_args(argv)


def _positive(text: str) -> int:
    value = int(text.replace("_", "").replace(",", ""))
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text}")
    return value


def _seed(text: str) -> int:
    value = int(text, 0)
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64-1")
    return value


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args(argv)
    if args.stratified and args.exact_parts:
        log.error("simulate: --stratified or --exact-parts, not both")
        return 2
    if (args.stratified or args.exact_parts) != (args.feature_runs is not None):
        log.error("simulate: --feature-runs goes with --stratified or --exact-parts")
        return 2
    if args.proposal and not args.stratified:
        log.error("simulate: --proposal goes with --stratified (--exact-parts takes the game's own choice)")
        return 2
    if args.pilot_runs is not None and not args.exact_parts:
        log.error("simulate: --pilot-runs goes with --exact-parts")
        return 2
    if args.checkpoint is not None and not (args.exact_parts or args.stratified):
        log.error("simulate: --checkpoint goes with --exact-parts or --stratified")
        return 2
    if args.exact_parts and args.buy and args.rounds is not None:
        log.error("simulate: --exact-parts --buy plays no base rounds: leave --rounds out")
        return 2
    if args.rounds is None and not (args.exact_parts and args.buy):
        log.error("simulate: give --rounds")
        return 2
    if args.scheduler is not None and args.workers is not None:
        log.error("simulate: --workers or --scheduler, not both (a cluster brings its own workers)")
        return 2
    if args.plot is not None and not plot.available():
        log.error("simulate: --plot needs matplotlib, which is not installed: %s", plot.INSTALL_HINT)
        return 2
    workers = args.workers or os.cpu_count() or 1
    seed = new_seed() if args.seed is None else args.seed
    backend: Backend | None = None
    if args.scheduler is not None:
        try:
            backend = DaskBackend.connect(args.scheduler)
        except ClusterError as exc:
            log.error("simulate: %s", exc)
            return 2
    report: Report | StratifiedReport | ProofReport
    try:
        if args.exact_parts:
            report = proof.run(args.game, args.feature_runs, workers, seed, args.bet, args.buy,
                               rounds=args.rounds or 0, pilot_runs=args.pilot_runs, progress=not args.quiet,
                               backend=backend, checkpoint=args.checkpoint)
        elif args.stratified:
            report = stratified.run(args.game, args.rounds, args.feature_runs, workers, seed, args.bet,
                                    args.buy, progress=not args.quiet, backend=backend, proposal=args.proposal,
                                    checkpoint=args.checkpoint)
        else:
            report = run(args.game, args.rounds, workers, seed, args.bet, args.buy, progress=not args.quiet,
                         backend=backend)
    except Exception as exc:  # an engine (or cluster) error is a one-line message, not a traceback
        log.error("simulate: %s", " ".join(str(exc).split()) or type(exc).__name__)
        return 1
    finally:
        if backend is not None:
            backend.close()
    for line in report.lines():
        print(line)
    if args.histogram:
        for line in histogram_lines(report.histograms()):
            print(line)
    if args.json is not None:
        args.json.write_text(json.dumps(asdict(report), indent=2) + "\n", encoding="utf-8")
    if args.csv is not None:
        args.csv.write_text(histogram_csv(report.histograms()), encoding="utf-8")
    if args.plot is not None:
        plot.write_plot(asdict(report), args.plot)
    return 0

