"""Cue tables: the file each cue name plays, a game's own over the shared defaults.

``assets/sounds/cues.json`` holds the shared defaults (the neutral buttons) and
``assets/sounds/<game id>/cues.json`` a game's own effects (``python -m tools.make_effects``
writes them): ``{"cues": {"reel_stop": "<game id>/reel_stop.ogg", ...}}``, each path
under ``assets/sounds``.
"""

from __future__ import annotations

import json
from pathlib import Path

TABLE = "cues.json"


class CueTableError(ValueError):
    """A cue table that cannot be read, or names a file that is not there."""


def read_table(path: Path) -> dict[str, str]:
    """The cue -> file entries of one table; an absent table is empty."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cues = data["cues"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CueTableError(f"{path}: not a cue table ({exc})") from exc
    if not isinstance(cues, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in cues.items()):
        raise CueTableError(f"{path}: 'cues' must map cue names to file names")
    return dict(cues)


def cue_files(folder: Path, world: str | None) -> dict[str, Path]:
    """Every cue of ``world`` (a game id, or None for the shared set alone) and its file."""
    entries = read_table(folder / TABLE)
    if world is not None:
        entries |= read_table(folder / world / TABLE)
    return {cue: folder / rel for cue, rel in entries.items()}


def missing_cues(folder: Path, world: str | None, wanted: set[str] | None = None) -> list[str]:
    """``"<world>: <cue> (<file>)"`` for each cue (of ``wanted``, or of the table) without its file."""
    files = cue_files(folder, world)
    names = sorted(wanted if wanted is not None else files)
    where = world or "shared"
    return [f"{where}: {cue} ({files[cue].name if cue in files else 'not in its cue table'})"
            for cue in names if cue not in files or not files[cue].is_file()]
