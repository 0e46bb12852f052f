"""The engine describes itself: a typed description per game and its measured RTP reports."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import GAME_IDS, DataError, InvalidBet, get_game
from game.engine.data import BetBreakdown, BetLadder, Reader, RtpSource, StatedRtp, read_stated_rtp
from game.engine.describe import GameDescription, RtpReport


def test_the_stated_rtp_is_kept_as_written_with_its_source() -> None:
    doc = Reader("test.json", {"rtp": {"source": "printed", "base": "94.15%", "buy": "94.20%"}})
    assert read_stated_rtp(doc) == StatedRtp(RtpSource.PRINTED, "94.15%", "94.20%")
    assert read_stated_rtp(doc).figures() == ("94.15", "94.20")
    target = read_stated_rtp(Reader("t", {"rtp": {"source": "design_target", "base": "96.7%"}}))
    assert target == StatedRtp(RtpSource.DESIGN_TARGET, "96.7%") and target.figures() == ("96.7",)
    assert (target.of(False), target.of(True)) == ("96.7%", None)
    assert (RtpSource.PRINTED.words, RtpSource.DESIGN_TARGET.words) == ("printed", "design target")
    for bad, message in (({"source": "printed", "base": "96.7"}, "t: rtp.base: expected a percentage"),
                         ({"source": "printed", "base": 96.7}, "t: rtp.base: expected a non-empty string"),
                         ({"source": "printed", "base": "96.7%", "bought": "1%"}, "t: rtp: unknown key 'bought'"),
                         ({"base": "96.7%"}, "t: rtp: missing key 'source'"),
                         ({"source": "measured", "base": "96.7%"},
                          "t: rtp.source: expected one of 'printed', 'design_target', found 'measured'"),
                         ({"source": ["printed"], "base": "96.7%"},
                          r"t: rtp.source: expected one of .* found \['printed'\]")):
        with pytest.raises(DataError, match=message):
            read_stated_rtp(Reader("t", {"rtp": bad}))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_whose_rtp_source_is_not_a_kind_does_not_load(game_id: str, tmp_path: Path) -> None:
    """A bad ``rtp.source`` in a game's data file is an error naming the file and the field."""
    game = get_game(game_id)
    assert game.data_file is not None
    data = json.loads(game.data_file.read_text(encoding="utf-8"))
    data["rtp"]["source"] = "printed?"
    broken = tmp_path / "data.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        type(game)(broken)
    assert str(caught.value).startswith(f"{broken}: rtp.source: expected one of 'printed', 'design_target'")


# -- the description -------------------------------------------------------------------------


def test_the_descriptions_hold_what_the_screens_and_help_pages_show() -> None:
    halloween = get_game("halloween_vacation").description
    assert (halloween.free_spins, halloween.sticky_reels, halloween.expanding_reel) == (8, (1, 3), 2)
    assert halloween.expanding_multipliers == (2, 4, 8) and halloween.scatter_trigger == 3
    assert halloween.bets.breakdown == BetBreakdown(50, (2, 10, 20), tuple(range(1, 11)))
    assert halloween.rtp == StatedRtp(RtpSource.DESIGN_TARGET, "96.7%")
    assert not halloween.has_buy and halloween.cap is None
    assert halloween.max_win_bound_x == get_game("halloween_vacation").max_win_bound_x
    assert len(halloween.lines) == 50

    wonderland = get_game("santas_wonderland").description
    assert wonderland.trigger_points == 140
    assert [tuple(lv) for lv in wonderland.levels] == [(1, 3, None), (2, 6, 116), (3, 9, 120), (4, 12, 124),
                                                      (5, 15, 132)]
    assert wonderland.marker_features == ("refresh", "wild_santa", "blocks", "supersize", "lucky_santa")
    assert (wonderland.buy_price_x, wonderland.cap) == (100, 7500)
    assert wonderland.rtp == StatedRtp(RtpSource.DESIGN_TARGET, "96.2%", "96.4%") and wonderland.lines == ()

    fat = get_game("fat_santa").description
    assert (fat.santa, fat.pie, fat.free_spins) == ("santa", "pie", 5)
    assert fat.meter_sizes == (4, 5, 6, 7) and fat.extra_spins == (3, 2, 2, 1) and fat.santa_sizes == (2, 3, 4, 5)
    assert (fat.buy_price_x, fat.cap) == (85, Fraction("11322.76"))
    assert fat.rtp == StatedRtp(RtpSource.PRINTED, "94.15%", "94.20%") and len(fat.lines) == 50


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_description_agrees_with_the_game_it_describes(game_id: str) -> None:
    game = get_game(game_id)
    description = game.description
    assert isinstance(description, GameDescription)
    assert (description.id, description.title) == (game.id, game.title)
    assert (description.buy_price_x, description.cap, description.lines) == (game.buy_price_x, game.cap, game.lines)
    for bet in game.bets:
        if description.has_buy:
            assert description.buy_price(bet) == game.cost(bet, buy=True)
        assert description.cap_win(bet) == (None if game.cap is None else game.cap * bet // 1)
    with pytest.raises(InvalidBet):
        description.buy_price(game.bets[0] + 1)
    with pytest.raises(AttributeError):
        description.title = "changed"  # type: ignore[misc]


def test_a_buy_rtp_needs_a_buy_feature() -> None:
    with pytest.raises(DataError, match="a buy RTP goes with a buy feature"):
        GameDescription(id="x", title="X", bets=BetLadder((10,), 10), rtp=StatedRtp(RtpSource.PRINTED, "95%", "96%"))
    with pytest.raises(DataError, match="a buy RTP goes with a buy feature"):
        GameDescription(id="x", title="X", bets=BetLadder((10,), 10), buy_price_x=Fraction(50),
                        rtp=StatedRtp(RtpSource.DESIGN_TARGET, "95%"))


# -- measured RTP reports --------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_shipped_reports_read_through_the_engine_and_are_current(game_id: str) -> None:
    game = get_game(game_id)
    reports = game.rtp_reports()
    shipped = {mode for mode, name in (("base", "rtp.json"), ("buy", "rtp_buy.json"))
               if (game.data_file.parent / name).exists()}  # a game not measured yet ships none
    assert set(reports) == shipped <= ({"base", "buy"} if game.buy_price_x is not None else {"base"})
    for mode, report in reports.items():
        raw = json.loads((game.data_file.parent / ("rtp.json" if mode == "base" else "rtp_buy.json")).read_text())
        assert isinstance(report, RtpReport) and report.mode == mode
        assert report.rtp == raw["rtp"] and report.interval == (raw["ci_low"], raw["ci_high"])
        assert report.rounds == raw["rounds"] and report.seed == raw["seed"] and report.command == raw["command"]
        assert report.method == raw.get("method", "plain")
        assert report.data_sha256 == game.data_digest() and report.data_current
        assert report.max_win_x == raw["max_win_x"] and report.hit_rate == raw["hit_rate"]
        assert report.interval[0] <= report.rtp <= report.interval[1]
        for name, figures in raw["features"].items():  # a game without a feature has none
            assert report.feature(name).one_in == figures["one_in"]
        assert report.feature("nothing") is None


def test_reports_elsewhere_missing_partial_stale_or_broken(tmp_path: Path) -> None:
    game = get_game("fat_santa")
    assert game.rtp_reports(tmp_path) == {}
    (tmp_path / "rtp.json").write_text(json.dumps({"rtp": 0.9413, "ci_low": 0.938, "ci_high": 0.9446,
                                                   "rounds": 1000000, "data_sha256": "0" * 64}))
    (tmp_path / "rtp_buy.json").write_text("{ not json")
    reports = game.rtp_reports(tmp_path)
    assert set(reports) == {"base"}
    base = reports["base"]
    assert (base.rtp, base.interval, base.rounds, base.method) == (0.9413, (0.938, 0.9446), 1000000, "plain")
    assert base.data_sha256 == "0" * 64 and not base.data_current
    assert base.hit_rate is None and base.features == () and base.seed is None
    (tmp_path / "rtp_buy.json").write_text(json.dumps({"rounds": 5}))
    assert "buy" not in game.rtp_reports(tmp_path)  # no rtp recorded: not measured
    (tmp_path / "rtp_buy.json").write_text(json.dumps({"rtp": "high"}))
    assert "buy" not in game.rtp_reports(tmp_path)
    (tmp_path / "rtp_buy.json").write_text(json.dumps({"rtp": 0.9425, "rounds": 200000, "buy": True}))
    assert game.rtp_reports(tmp_path)["buy"].rounds == 200000
    assert set(get_game("halloween_vacation").rtp_reports(tmp_path)) == {"base"}  # no buy, no buy report
