"""A proof's finished chunks kept on disk, so a run of hours survives being stopped and resumes.

A proof's chunks depend only on the run's parameters and each chunk's place (its stream, first
index and count; ``game.engine.analysis.proof``), so a chunk finished once need never be played again: the
store appends each finished chunk's tally as one JSON line, and a run started again with the same
parameters reads them back and plays only the rest. Floats are written with ``repr`` (JSON keeps
every bit), so a resumed run's report is the same, bit for bit, as one run straight through, on
any number of workers.

The first line is the run's header (game, mode, bet, seed, pilot, chunk size, the data's SHA-256
and the engine version); a file whose header differs belongs to another run and is refused with a
message saying which field differs, so nothing is mixed and nothing is overwritten. The number of
runs is not in it: a chunk is the same in a longer run of the same header, so a proof that fell
short of its target is extended by the same command with more runs, playing only the new chunks.
A line cut short by a kill is dropped (its chunk is played again).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class CheckpointError(ValueError):
    """A checkpoint file that belongs to another run, or cannot be read as one."""


class ChunkStore:
    """Finished chunks by key, read from and appended to one file."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.done: dict[str, dict[str, Any]] = {}
        if path.exists() and path.stat().st_size:
            self._read()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("w", encoding="utf-8") as out:
                out.write(json.dumps({"header": header}, sort_keys=True) + "\n")

    def _read(self) -> None:
        with self.path.open(encoding="utf-8") as lines:
            first = lines.readline()
            try:
                found = json.loads(first)["header"]
            except (ValueError, KeyError, TypeError) as exc:
                raise CheckpointError(f"{self.path}: not a proof checkpoint (its first line is no header)") from exc
            differs = sorted(k for k in self.header.keys() | found.keys() if self.header.get(k) != found.get(k))
            if differs:
                name = differs[0]
                raise CheckpointError(
                    f"{self.path} is the checkpoint of another run ({name}: {found.get(name)!r} there, "
                    f"{self.header.get(name)!r} here); give another --checkpoint path or remove it")
            kept = len(first.encode("utf-8"))
            for line in lines:
                try:
                    entry = json.loads(line)
                    self.done[entry["key"]] = entry["tally"]
                except (ValueError, KeyError, TypeError):
                    log.warning("%s: a line cut short (a run stopped while writing it) is dropped", self.path)
                    break
                kept += len(line.encode("utf-8"))
        with self.path.open("r+b") as out:  # drop a cut line, so the next appends start on a line of their own
            out.truncate(kept)
        log.info("checkpoint %s: %d chunks already done", self.path, len(self.done))

    def get(self, key: str) -> dict[str, Any] | None:
        return self.done.get(key)

    def save(self, key: str, tally: dict[str, Any]) -> None:
        self.done[key] = tally
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"key": key, "tally": tally}, sort_keys=True) + "\n")
            out.flush()
            os.fsync(out.fileno())
