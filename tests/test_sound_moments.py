"""The rare moments play their own cues: Slingo's Full House and Superspin Wheel, Naughty or
Nice?'s jackpot (a play-test of a few minutes seldom reaches them; the demo reaches the rest)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.audio import Audio
from game.client.games.slingo_santa_king.offer import OfferOverlay
from game.client.games.slingo_santa_king.pick import PickOverlay
from tests import harness
from tests.naughty_or_nice_fixtures import GAME_ID as JACKPOT_GAME
from tests.naughty_or_nice_fixtures import jackpot_game
from tests.test_naughty_or_nice_screen import jackpot_seed

SLINGO = "slingo_santa_king"


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every cue any screen asks the audio for, in order."""
    cues: list[str] = []
    real = Audio.play

    def recording(self: Audio, name: str) -> None:
        cues.append(name)
        real(self, name)

    monkeypatch.setattr(Audio, "play", recording)
    return cues


def _slingo(tmp_path: Path, display, bet: int | None = None) -> harness.Harness:
    app = harness.make_app(tmp_path)
    app.flags["turbo"] = True
    return harness.Harness(app, harness.open_screen(app, SLINGO, bet=bet), display)


def _answer(h: harness.Harness, offer: str | None) -> None:
    """A pick or an offer on screen is answered: ``offer``, or as the game's own strategy would."""
    if isinstance(h.top, (PickOverlay, OfferOverlay)):
        director = h.screen.director
        h.answer(offer if offer is not None and isinstance(h.top, OfferOverlay)
                 else h.screen.session.game.choose(director.play, None))


def test_a_full_house_plays_its_fanfare(tmp_path: Path, display, played: list[str]) -> None:
    seed = harness.seed_where(SLINGO, "a full house", lambda r: any(e.get("full_house") for e in r.events))
    h = _slingo(tmp_path, display)
    h.spin(seed)
    h.until(h.screen.is_idle, before=lambda: _answer(h, None))  # the strategy's round: its full house
    assert {"slingo_daub", "slingo_line", "full_house"} <= set(played)


def test_the_superspin_wheel_ticks_as_it_turns(tmp_path: Path, display, played: list[str]) -> None:
    from tests.test_slingo_santa_king_screen import TOP

    h = _slingo(tmp_path, display, bet=TOP)
    h.spin(harness.seed_where(SLINGO, "any round at the top stake", lambda r: True, bet=TOP))
    h.until(lambda: "wheel" in h.steps, before=lambda: _answer(h, "spin"))
    h.until(h.screen.is_idle, before=lambda: _answer(h, "collect"))
    assert "wheel_tick" in played


def test_the_jackpot_plays_its_own_fanfare(tmp_path: Path, display, played: list[str]) -> None:
    with jackpot_game(tmp_path) as g:
        h = harness.open_game(tmp_path / "wallet", JACKPOT_GAME, surface=display, turbo=True)
        h.spin(jackpot_seed(g, free=False))
        h.run_until_idle()
    assert "jackpot" in played
