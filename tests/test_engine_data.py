"""Broken game data stops with a message naming the file and what is wrong."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.engine import DataError
from game.engine.games.halloween_vacation.game import DATA_FILE, HalloweenVacation


def broken(tmp_path: Path, change) -> Path:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("pays"), "missing key 'pays'"),
        (lambda d: d["pays"]["lady"].update({"5": "four"}), "pays.lady.5: expected a pay figure"),
        (lambda d: d["pays"].update({"ghost": {"3": "1"}}), "unknown symbol 'ghost'"),
        (lambda d: d["strips"]["base"].__setitem__(0, "lady guitar pumpkin a k"), "strips.base[0]: unknown symbols"),
        (lambda d: d["strips"]["base"].__setitem__(0, "wild lady guitar a k q"), "only on reels 3, 4 and 5"),
        (lambda d: d["strips"]["free"].__setitem__(1, "scatter lady guitar a k"), "scatters do not appear"),
        (lambda d: d["strips"].update({"free_expanding_reel": "wild lady a k q"}), "no wild may land on reel 3"),
        (lambda d: d["lines"].__setitem__(1, d["lines"][0]), "two lines have the same shape"),
        (lambda d: d["lines"].__setitem__(0, [0, 0, 0, 0, 9]), "lines[0][4]: must be at most 3"),
        (lambda d: d["bets"].update({"default": 77}), "bets.default: 77 is not on the bet ladder"),
        (lambda d: d["bets"]["ladder"].append(20000), "bets.breakdown: Value x Level x 50 must make exactly"),
        (lambda d: d["bets"].pop("breakdown"), "bets: a Halloween Vacation bet is Value x Level x credits"),
    ],
)
def test_broken_data_names_the_place(tmp_path: Path, change, message: str) -> None:
    path = broken(tmp_path, change)
    with pytest.raises(DataError) as info:
        HalloweenVacation(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_unreadable_and_invalid_json(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read game data"):
        HalloweenVacation(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON at line 1"):
        HalloweenVacation(bad)


def test_the_shared_readers_of_symbols_and_lines() -> None:
    """``read_symbol`` and ``read_lines`` (every line game's data goes through them)."""
    from game.engine.data import Reader, read_lines, read_symbol

    symbols = ("wild", "lady", "ten")
    name = "".join(["la", "dy"])  # a string made at run time, not the interned literal
    read = read_symbol(Reader("f.json", name, "wild"), symbols)
    assert read == "lady" and read is sys.intern("lady")
    with pytest.raises(DataError, match=r"f\.json: pays\.x: unknown symbol 'x' \(symbols: wild, lady, ten\)"):
        read_symbol(Reader("f.json", "x", "pays.x"), symbols)
    assert read_lines(Reader("f.json", [[0, 1, 2], [2, 2, 2]], "lines"), 3, 3) == ((0, 1, 2), (2, 2, 2))
    for value, message in [
        ([], "lines: at least one line"),
        ([[0, 1]], r"lines\[0\]: a line names one row per reel \(3\)"),
        ([[0, 1, 3]], r"lines\[0\]\[2\]: must be at most 2"),
        ([[0, 0, 0], [0, 0, 0]], "lines: two lines have the same shape"),
    ]:
        with pytest.raises(DataError, match=message):
            read_lines(Reader("f.json", value, "lines"), 3, 3)
