"""A game is its folders: no client module outside ``game/client/games/<id>/`` names a game's id,
so a game is added (or removed) without touching the shared client."""

from __future__ import annotations

import re
from pathlib import Path

from game.catalogue import CATALOGUE

CLIENT = Path(__file__).resolve().parent.parent / "game" / "client"


def ids_named(text: str) -> set[str]:
    return {item.id for item in CATALOGUE if re.search(rf"\b{re.escape(item.id)}\b", text)}


def test_no_shared_client_module_names_a_game_id() -> None:
    found = {}
    for path in sorted(CLIENT.rglob("*.py")):
        relative = path.relative_to(CLIENT)
        own = relative.parts[1] if relative.parts[0] == "games" and len(relative.parts) > 2 else None
        named = ids_named(path.read_text(encoding="utf-8")) - {own}
        if named:
            found[str(relative)] = sorted(named)
    assert not found, f"client modules outside the games' folders name game ids: {found}"


def test_the_check_sees_an_id() -> None:
    assert ids_named(f"screen = open('{CATALOGUE[0].id}')") == {CATALOGUE[0].id}
    assert ids_named(f"x{CATALOGUE[0].id}y") == set()
