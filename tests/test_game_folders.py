"""Everything about one game lives in its folders: no engine or store module outside the games'
folders names a game id (the catalogue and the product's configuration, the welcome grant, do)."""

from __future__ import annotations

from pathlib import Path

from game.catalogue import CATALOGUE

REPO = Path(__file__).resolve().parent.parent
ALLOWED = {"game/catalogue.py", "game/promotions.py"}


def test_no_module_outside_the_game_folders_names_a_game() -> None:
    ids = [item.id for item in CATALOGUE]
    offenders = []
    for path in sorted((REPO / "game").rglob("*.py")):
        name = path.relative_to(REPO).as_posix()
        if name in ALLOWED or name.startswith(("game/engine/games/", "game/client/")):
            continue  # the client's own rule is its own test's (game/client/games/<id>/ holds each game's)
        text = path.read_text(encoding="utf-8")
        offenders += [f"{name}: {game_id}" for game_id in ids if game_id in text]
    assert not offenders, offenders


def test_every_game_folder_is_a_catalogue_entry() -> None:
    folders = {path.name for path in (REPO / "game" / "engine" / "games").iterdir()
               if path.is_dir() and (path / "game.py").exists()}
    assert folders == {item.id for item in CATALOGUE if item.engine is not None}
