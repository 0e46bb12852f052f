"""A costly price (Slingo's extra spin) is worked out on a thread while the segment before it plays."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from game.client.autoplay import AutoplayConfig
from game.client.kit import director as director_module
from tests import harness

pytestmark = pytest.mark.usefixtures("display")


def test_the_extra_spins_price_is_worked_out_off_the_frame_and_asked_once_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(director_module, "PRICE_AHEAD", True)
    h = harness.open_game(tmp_path, "slingo_santa_king", turbo=True)
    screen = h.screen
    game = screen.session.game
    released = threading.Event()
    priced_on: list[str] = []
    real_value = game.next_spin_value

    def slow_value(*args, **kwargs):  # a price that takes as long as the test says
        priced_on.append(threading.current_thread().name)
        released.wait(30)
        return real_value(*args, **kwargs)

    monkeypatch.setattr(game, "next_spin_value", slow_value)
    screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[240], extra_spins=1))
    h.until(lambda: screen.director is not None and screen.director._pricing is not None, 600)
    director = screen.director
    h.until(lambda: director.timeline.done, 600)  # the segment before the offer played out meanwhile
    for _ in range(120):  # two more seconds of frames while the price is still being worked out
        h.frame(draw=True)
    assert director._pricing.is_alive() and not director.asking  # the offer waits for its price
    assert priced_on == ["pricing"]
    released.set()
    director._pricing.join(10)
    h.until(lambda: screen.director is None or screen.director.asking or screen.director.play.pending is None, 60)
    h.until(lambda: not screen.autoplaying and screen.is_idle(), 600)
    assert priced_on[0] == "pricing"
    record = screen.session.history(1)[0]
    assert record.status == "settled"
    assert any(record.decision_costs), "the extra spin was bought at its price"
    h.app.wallet.close()
