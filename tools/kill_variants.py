"""Test variants of the games' data for the kill campaign: never part of the player's build.

``frequent-jackpot``: Naughty or Nice? on base strips of eight Nice Girls and four other symbols
(no scatter: every round is a base game, decided at its purchase), so that about two rounds in
five win the progressive jackpot (usually on many lines at once, each line paying the pool and
reseeding it) and a kill lands between a jackpot won and its settlement. Everything else is the
game's own data and rules (the Bonus Substitute's question is the real game's campaign's). The
variant has its own game id, so its rounds and its pool never mix with the real game's; the
campaign plugs it in (``game.catalogue.plugged``) for its replay and pool checks and plays it
headless (``--headless``), as it plays any game without a screen of its own. ``tools/`` is left
out of the packaged app (``build.spec``).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from game.engine.games.naughty_or_nice.game import DATA_FILE, NaughtyOrNice

NICE_GIRLS = 8  # Nice Girls at the start of each base strip
KEPT = 4  # symbols of each base strip kept after them, its scatters left out

VARIANTS = {"frequent-jackpot": "tools.kill_variants:FrequentJackpot"}


def frequent_jackpot_data() -> dict[str, object]:
    """The game's data, each base strip made eight Nice Girls and the strip's first four other symbols."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    symbol, scatter = data["jackpot_symbol"], data["scatter"]
    data["title"] = f"{data['title']} (frequent jackpot, a test variant)"
    strips = data["strips"]
    strips["base"] = [" ".join([symbol] * NICE_GIRLS + [s for s in strip.split() if s != scatter][:KEPT])
                      for strip in strips["base"]]
    return data


def variant_file(name: str, data: dict[str, object]) -> Path:
    """``data`` written once to a file named by its digest in the temporary folder (each process of a
    campaign, the launches included, loads the same bytes)."""
    text = json.dumps(data, indent=1, sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"festive-slots-{name}-{digest}.json"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        fd, scratch = tempfile.mkstemp(prefix=f".{name}-", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(scratch, path)  # whole, never half-written, whichever process writes it
    return path


class FrequentJackpot(NaughtyOrNice):
    id = "naughty_or_nice_frequent_jackpot"

    def __init__(self) -> None:
        super().__init__(variant_file(self.id, frequent_jackpot_data()))
