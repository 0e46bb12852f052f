"""--game X --autoplay N --buy while another game's round is open (finding 8 of issue 10).

That round is resumed first, as it should be; then X opens and autoplays N rounds, each bought.
Before, the other game kept autoplaying and --buy was dropped. Reproduce: leave a Halloween
Vacation round open, then ``python main.py --game fat_santa --autoplay 2 --buy``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.engine import get_game
from game.session import PlaySession
from game.store import PRACTICE_FOLDER, Wallet

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_the_open_round_is_finished_then_the_asked_game_autoplays_with_buy(tmp_path: Path) -> None:
    data = tmp_path / "data"
    practice = data / PRACTICE_FOLDER  # a --seed plays only on the practice wallet
    wallet = Wallet.open(practice, starting_balance=1_000_000).wallet
    wallet.set_setting("turbo", True)
    interrupted = PlaySession(wallet, get_game("halloween_vacation")).spin(seed=21)
    wallet.close()

    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--game", "fat_santa", "--autoplay", "2",
         "--buy", "--practice", "--seed", "5", "--frames", "2400", "--mute", "--log-level", "info"],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=240,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert f"resuming halloween_vacation round {interrupted.round_id}" in proc.stderr
    wallet = Wallet.open(practice).wallet
    try:
        resumed = wallet.get_round(interrupted.round_id)
        assert resumed.status == "settled"
        halloween = [r for r in wallet.history("halloween_vacation", 100) + wallet.open_rounds("halloween_vacation")]
        assert [r.id for r in halloween] == [interrupted.round_id]  # it was not autoplayed on
        fat_santa = wallet.history("fat_santa", 100) + wallet.open_rounds("fat_santa")
        assert fat_santa and all(r.buy for r in fat_santa) and len(fat_santa) <= 2
        assert wallet.audit() == []
    finally:
        wallet.close()
