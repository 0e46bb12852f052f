"""--scheduler: the same seeded chunks on a Dask cluster give the local run's report bit for bit.

A two-worker ``LocalCluster`` in this process (threads, a real tcp scheduler) stands in for a
cluster. dask.distributed is optional for the game but in requirements-dev.txt, so CI runs these
tests; they are skipped only on a machine without it, and never under CI.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from game.engine.analysis import backend as backend_module
from game.engine.analysis import stratified
from game.engine.analysis.backend import DaskBackend
from game.engine.analysis.cli import main
from game.engine.analysis.simulate import play_batch, run
from game.engine.version import ENGINE_VERSION

ROOT = Path(__file__).resolve().parent.parent
TIMING = {"seconds", "rounds_per_second", "rounds_per_second_per_worker", "feature_runs_per_second_per_worker"}


def _distributed() -> Any:
    if os.environ.get("CI"):
        return importlib.import_module("distributed")  # CI installs requirements-dev.txt: never skipped there
    return pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = _distributed()
    logging.getLogger("distributed").setLevel(logging.WARNING)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def _same_apart_from_timing(one: dict[str, Any], two: dict[str, Any]) -> None:
    assert {k: v for k, v in one.items() if k not in TIMING} == {k: v for k, v in two.items() if k not in TIMING}


def test_plain_run_on_a_cluster_is_the_local_run_bit_for_bit(scheduler: str) -> None:
    with DaskBackend.connect(scheduler) as cluster:
        assert cluster.workers == 2
        remote = run("halloween_vacation", 6_000, 1, seed=5, progress=False, batch=1_000, backend=cluster)
    local = run("halloween_vacation", 6_000, 2, seed=5, progress=False, batch=1_000)
    one = run("halloween_vacation", 6_000, 1, seed=5, progress=False, batch=1_000)
    _same_apart_from_timing(asdict(remote), asdict(local))
    assert remote.rtp == one.rtp and remote.sd == one.sd and remote.histogram == one.histogram  # one worker too


def test_stratified_run_on_a_cluster_is_the_local_run_bit_for_bit(scheduler: str) -> None:
    with DaskBackend.connect(scheduler) as cluster:
        remote = stratified.run("halloween_vacation", 8_000, 400, 1, seed=5, progress=False, batch=2_000,
                                feature_batch=100, backend=cluster)
    local = stratified.run("halloween_vacation", 8_000, 400, 2, seed=5, progress=False, batch=2_000,
                           feature_batch=100)
    _same_apart_from_timing(asdict(remote), asdict(local))


def test_command_line_exact_parts_buy_on_a_cluster(scheduler: str, tmp_path: Path) -> None:
    reports = []
    for where in (["--scheduler", scheduler], ["--workers", "2"]):
        out = tmp_path / f"{where[0].strip('-')}.json"
        assert main(["fat_santa", "--exact-parts", "--buy", "--feature-runs", "1000", "--pilot-runs", "500",
                     "--seed", "3", "--quiet", "--json", str(out), *where]) == 0
        reports.append(json.loads(out.read_text(encoding="utf-8")))
    _same_apart_from_timing(*reports)
    assert reports[0]["workers"] == 2 and reports[0]["method"] == "exact_parts"


def _one_error(caplog: pytest.LogCaptureFixture) -> str:
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "\n" not in errors[0], errors
    return errors[0]


def test_a_malformed_scheduler_address_is_one_line_and_status_2() -> None:
    done = subprocess.run([sys.executable, "-m", "game.engine.simulate", "halloween_vacation", "--rounds", "100",
                           "--scheduler", "localhost"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "simulate: --scheduler 'localhost': give the scheduler as tcp://HOST:PORT\n"


def test_an_unreachable_scheduler_is_named_and_status_2(monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    _distributed()
    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    monkeypatch.setattr(backend_module, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{port}"
    assert main(["halloween_vacation", "--rounds", "100", "--quiet", "--scheduler", address]) == 2
    assert _one_error(caplog).startswith(f"simulate: cannot reach the Dask scheduler at {address}")


def test_scheduler_without_dask_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    assert main(["halloween_vacation", "--rounds", "100", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "pip install -r requirements-cluster.txt" in _one_error(caplog)


def test_a_worker_with_other_game_data_refuses_the_chunk() -> None:
    expected = ("halloween_vacation", "0" * 64, ENGINE_VERSION)
    with pytest.raises(RuntimeError, match="same checkout"):
        backend_module._checked(play_batch, expected, ("halloween_vacation", False, 100, 1, 0, 1))


def test_workers_and_scheduler_are_not_given_together(caplog: pytest.LogCaptureFixture) -> None:
    assert main(["halloween_vacation", "--rounds", "100", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "not both" in _one_error(caplog)
