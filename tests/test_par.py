"""PAR sheets: one per game and mode, keyed to the data they were made from, and what the generator writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import GAME_IDS, get_game
from game.engine.analysis import par

SHEETS = [(game_id, buy) for game_id in GAME_IDS for buy in par.modes(game_id)]


def _name(game_id: str, buy: bool) -> str:
    return f"python -m game.engine.par {game_id}{' --buy' if buy else ''} --write"


@pytest.mark.parametrize(("game_id", "buy"), SHEETS)
def test_each_sheet_records_the_data_it_was_made_from(game_id: str, buy: bool) -> None:
    path = par.sheet_path(game_id, buy)
    assert path.exists(), f"no PAR sheet for {game_id}: run {_name(game_id, buy)}"
    recorded = par.recorded_digest(path.read_text(encoding="utf-8"))
    assert recorded == get_game(game_id).data_digest(), (
        f"{path.name} was made from other data than today's data.json: run {_name(game_id, buy)}"
    )


@pytest.mark.parametrize(("game_id", "buy"), SHEETS)
def test_each_sheet_is_what_the_generator_writes_today(game_id: str, buy: bool) -> None:
    assert par.build(game_id, buy) == par.sheet_path(game_id, buy).read_text(encoding="utf-8"), (
        f"the PAR sheet is out of date (code, data or measured reports changed): run {_name(game_id, buy)}"
    )


def test_check_mode_finds_a_stale_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = ["--out", str(tmp_path)]
    assert par.main(["santas_wonderland", "--write", *out]) == 0
    assert par.main(["santas_wonderland", "--check", *out]) == 0
    sheet = tmp_path / "santas_wonderland.md"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace(get_game("santas_wonderland").data_digest(), "0" * 64))
    assert par.recorded_digest(sheet.read_text(encoding="utf-8")) == "0" * 64
    assert par.main(["santas_wonderland", "--check", *out]) == 1
    assert "out of date" in capsys.readouterr().out


def test_a_sheet_is_printed_and_written_only_with_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(par, "PAR_DIR", tmp_path / "docs" / "par")
    assert par.main(["halloween_vacation"]) == 0
    assert capsys.readouterr().out == par.build("halloween_vacation")
    assert not (tmp_path / "docs").exists()


def test_outside_a_checkout_write_goes_to_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package is never written into: the sheet goes where the command runs."""
    monkeypatch.setattr(par, "in_checkout", lambda: False)
    monkeypatch.setattr(par, "PAR_DIR", tmp_path / "installed" / "docs" / "par")
    monkeypatch.chdir(tmp_path)
    assert par.main(["halloween_vacation", "--write"]) == 0
    assert (tmp_path / "halloween_vacation.md").read_text(encoding="utf-8") == par.build("halloween_vacation")
    assert not (tmp_path / "installed").exists()


def test_a_game_without_a_buy_has_no_buy_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(par.SheetError, match="no buy feature"):
        par.build("halloween_vacation", buy=True)
    with pytest.raises(SystemExit) as stop:
        par.main(["halloween_vacation", "--buy"])
    assert stop.value.code == 2 and "no buy feature" in capsys.readouterr().err
