"""Where read-only resources live: a source checkout, an installed wheel, a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder holding ``assets/`` and ``levels/``.

    In a PyInstaller bundle the data files sit under ``sys._MEIPASS``; in a checkout they sit
    next to the ``game`` package; an installed wheel (``pip install .``) carries them inside the
    package (pyproject.toml's force-include).
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    package = Path(__file__).resolve().parent
    if (package / "assets").is_dir():
        return package
    return package.parent


def asset_path(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)


def level_path(name: str) -> Path:
    return resource_root().joinpath("levels", name)
