"""__GAME_TITLE__'s sound effects: its world's instruments and its own moments.

``python -m tools.new_game`` copies this to ``tools/effects/__GAME_ID__.py`` and writes a quiet
placeholder tone for each of the game's cues (``assets/sounds/__GAME_ID__/``). Choose the game's
instruments and key here, add its own moments to ``mechanics``, and render them with
``python -m tools.make_effects --game __GAME_ID__``: that replaces the placeholders.
"""

from __future__ import annotations

from tools.effects.notes import Note, World

# Celesta, glockenspiel, cello, warm pad in C major.
WORLD = World({"lead": 8, "bell": 9, "low": 42, "pad": 89}, 60, (0, 2, 4, 5, 7, 9, 11))


def mechanics(w: World) -> dict[str, tuple[str, list[Note]]]:
    """The game's own moments: (level, notes). A plain line game has none beyond the common ones."""
    return {}
