"""Every game's ``events.json`` (and the ``EVENTS.md`` beside it, which explains it; the shared events and
the types in ``docs/events.json`` and ``docs/EVENTS.md``) is its event contract: real rounds of every
game in the catalogue and mode emit exactly the events, fields and types it lists, and the pages' tables
list the same fields and types. Change an event and this test names the doc to update."""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import game.engine.games as engine_games
from game.catalogue import CATALOGUE, GameEntry, plugged
from game.engine import get_game
from game.engine.game import Game
from game.engine.rng import derive_seed
from tools import new_game

ROOT = Path(__file__).resolve().parent.parent
TABLE = json.loads((ROOT / "docs" / "events.json").read_text(encoding="utf-8"))  # the shared events, the types
DOC = (ROOT / "docs" / "EVENTS.md").read_text(encoding="utf-8")
MASTER = 20261212
ROUNDS = 300  # rounds per game and mode, at least
LIMIT = 40_000  # and on until every event the mode documents has been seen
TEMPLATE_ID = "event_globe"
PLAYABLE = [item.id for item in CATALOGUE if item.engine is not None]  # every game with an engine emits events


# -- the type language of the table --------------------------------------------------------------


def _alternatives(expr: str) -> list[str]:
    return [part.strip() for part in expr.split(" or ")]


def matches(value: Any, expr: str, shapes: dict[str, Any]) -> bool:
    return any(_matches_one(value, alt, shapes) for alt in _alternatives(expr))


def _matches_one(value: Any, t: str, shapes: dict[str, Any]) -> bool:
    if t == "any":
        return True
    if t == "null":
        return value is None
    if t == "bool":
        return isinstance(value, bool)
    if t == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "str":
        return isinstance(value, str)
    if t == "fraction":
        try:
            return isinstance(value, str) and Fraction(value) >= 0
        except (ValueError, ZeroDivisionError):
            return False
    if t.startswith("'") and t.endswith("'"):
        return value == t[1:-1]
    if t == "cell":
        return (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value))
    if t == "window":
        return (isinstance(value, list) and bool(value)
                and all(isinstance(col, list) and col and all(isinstance(s, str) for s in col) for col in value))
    if t.startswith("list[") and t.endswith("]"):
        return isinstance(value, list) and all(matches(v, t[5:-1], shapes) for v in value)
    if t in shapes:
        shape = shapes[t]
        if isinstance(shape, str):  # an alias
            return matches(value, shape, shapes)
        return (isinstance(value, dict) and list(value) == list(shape)
                and all(matches(value[key], shape[key], shapes) for key in shape))
    raise ValueError(f"docs/events.json: unknown type {t!r}")


def _names(expr: str) -> Iterator[str]:
    for alt in _alternatives(expr):
        while alt.startswith("list[") and alt.endswith("]"):
            alt = alt[5:-1]
        yield alt


BUILTIN = {"any", "null", "bool", "int", "str", "fraction", "cell", "window"}


def game_folder(game_id: str) -> Path:
    """The folder of the game's rules, where its ``events.json`` and ``EVENTS.md`` are."""
    return Path(inspect.getfile(type(get_game(game_id)))).parent


def game_spec(game_id: str) -> dict[str, Any]:
    path = game_folder(game_id) / "events.json"
    assert path.exists(), f"{game_id}: no events.json beside its rules (the template's is the one to copy)"
    spec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return spec


def game_table(game_id: str) -> tuple[dict[str, dict], dict[str, Any]]:
    """(events by type, shapes) of a game: its own events and the common ones it names."""
    spec = game_spec(game_id)
    events = {**spec["events"], **{name: TABLE["common"]["events"][name] for name in spec["common_events"]}}
    return events, spec.get("shapes", {})


def test_the_table_is_well_formed() -> None:
    for game_id in PLAYABLE:
        spec = game_spec(game_id)
        events, shapes = game_table(game_id)
        types = [expr for event in events.values() for expr in event["fields"].values()]
        for shape in shapes.values():
            types += list(shape.values()) if isinstance(shape, dict) else [shape]
        for expr in types:
            for name in _names(expr):
                assert name in BUILTIN or name in shapes or (name[0] == name[-1] == "'"), (game_id, expr)
        for name, event in spec["events"].items():
            assert set(event["modes"]) <= set(spec["modes"]), (game_id, name)
            assert "type" not in event["fields"]


def test_every_playable_game_and_mode_is_documented() -> None:
    for game_id in PLAYABLE:
        game = get_game(game_id)
        modes = ["base"] + (["buy"] if game.buy_price_x is not None else [])
        assert game_spec(game_id)["modes"] == modes, game_id
        assert ("cap_reached" in game_spec(game_id)["common_events"]) == (game.cap is not None), game_id


# -- real rounds against the table ----------------------------------------------------------------


def check_round(game_id: str, events: list[dict[str, Any]], where: str) -> set[str]:
    table, shapes = game_table(game_id)
    for index, event in enumerate(events):
        kind = event.get("type")
        assert kind in table, f"{where}: event {index} has type {kind!r}, which its events.json does not list"
        fields = {key: value for key, value in event.items() if key != "type"}
        documented = table[kind]["fields"]
        assert list(fields) == list(documented), (
            f"{where}: event {index} ({kind}) has fields {list(fields)}; its events.json lists {list(documented)}")
        for key, expr in documented.items():
            assert matches(fields[key], expr, shapes), (
                f"{where}: event {index} ({kind}) field {key!r} = {str(fields[key])[:120]} is not {expr!r}")
    assert events[-1]["type"] == "round_end" and [e["type"] for e in events].count("round_end") == 1, where
    return {event["type"] for event in events}


def sometimes_pays(game: Game) -> Any:
    """The game's own strategy, but a priced option one time in three: a strategy may never buy (Slingo's
    buys no extra spin), and what a bought option shows has events of its own."""
    def choose(decision: Any, rng: Any) -> Any:
        priced = [option for option in decision.options if decision.price_of(option)]
        if priced and rng.randrange(3) == 0:
            return priced[rng.randrange(len(priced))]
        return game.strategy(decision, rng)
    return choose


def play_and_check(game: Game, table_id: str, mode: str) -> None:
    """Rounds at the default and the top bet in turn (some events come only at a stake where, say, an
    extra spin costs more than another prize), answered by ``sometimes_pays``, until every event the
    mode documents has been seen."""
    events, _ = game_table(table_id)
    strategy = sometimes_pays(game)
    bets = (game.default_bet, max(game.bets))
    wanted = {name for name, spec in events.items() if mode in spec.get("modes", ["base", "buy"])}
    wanted -= {"cap_reached"} | ({"decision"} if "decision" not in game_spec(table_id)["common_events"] else set())
    seen: set[str] = set()
    index = 0
    while index < ROUNDS or (not wanted <= seen and index < LIMIT):
        seed = derive_seed(MASTER, index)
        result = game.play(bets[index % 2], seed, buy=mode == "buy", strategy=strategy)
        seen |= check_round(table_id, list(result.events), f"{game.id} {mode} round {index} (seed {seed})")
        assert result.events[-1]["win"] == result.win and result.events[-1]["capped"] == result.capped
        index += 1
    assert wanted <= seen, f"{game.id} {mode}: {sorted(wanted - seen)} documented but not seen in {index} rounds"


@pytest.mark.parametrize(("game_id", "mode"), [(g, m) for g in PLAYABLE for m in game_spec(g)["modes"]])
def test_real_rounds_emit_exactly_the_documented_events(game_id: str, mode: str) -> None:
    play_and_check(get_game(game_id), game_id, mode)


@pytest.mark.parametrize("game_id", [g for g in PLAYABLE if "cap_reached" in game_spec(g)["common_events"]])
def test_a_capped_round_ends_with_cap_reached_then_round_end(game_id: str) -> None:
    game = type(get_game(game_id))()  # a fresh instance whose cap is lowered so that rounds reach it
    game.cap = Fraction(1)
    for index in range(2_000):
        result = game.play(game.default_bet, derive_seed(MASTER, index), buy=game.buy_price_x is not None)
        if result.capped:
            check_round(game_id, list(result.events), f"{game_id} capped round {index}")
            assert [e["type"] for e in result.events[-2:]] == ["cap_reached", "round_end"]
            assert result.events[-2]["x"] == "1"
            return
    pytest.fail(f"{game_id}: no round reached a 1x cap")


@pytest.fixture(scope="module")
def template_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Game]:
    root = tmp_path_factory.mktemp("template_events")
    made = new_game.create(TEMPLATE_ID, "Event Globe", root)
    engine_dir = root / "game" / "engine" / "games"
    engine_games.__path__.append(str(engine_dir))
    item = GameEntry(TEMPLATE_ID, made.title, "the template",
                     engine=f"game.engine.games.{TEMPLATE_ID}:{made.class_name}",
                     screen=f"game.client.games.{TEMPLATE_ID}.screen:{made.class_name}Screen")
    try:
        with plugged(item):
            yield get_game(TEMPLATE_ID)
    finally:
        engine_games.__path__.remove(str(engine_dir))
        for name in [n for n in sys.modules if f".{TEMPLATE_ID}" in n]:
            del sys.modules[name]
        get_game.cache_clear()


def test_the_templates_rounds_emit_exactly_the_documented_events(template_game: Game) -> None:
    play_and_check(template_game, TEMPLATE_ID, "base")


# -- EVENTS.md says the same as events.json ---------------------------------------------------------


def doc_tables(text: str) -> dict[str, dict[str, Any]]:
    """From an events page: {heading: fields or alias} ("## Every game" only, on docs/EVENTS.md)."""
    found_tables: dict[str, Any] = {}
    heading = None
    within = True
    for line in text.splitlines():
        if line.startswith("## "):
            within = line.startswith("## Every game")
            heading = None
        elif line.startswith("### ") and within:
            found = re.fullmatch(r"### (?:(shape|alias) )?`(\w+)`.*", line)
            heading = (found.group(1) or "event", found.group(2)) if found else None
            if heading:
                found_tables[heading] = {}
        elif heading and heading[0] == "alias" and line.startswith("Type: "):
            found_tables[heading] = line[len("Type: "):].strip().strip("`")
        elif heading and line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            found_tables[heading][cells[0].strip("`")] = cells[1].strip("`")
    return found_tables


def spec_tables(spec: dict[str, Any]) -> dict[Any, Any]:
    expected: dict[Any, Any] = {("event", name): event["fields"] for name, event in spec["events"].items()}
    for name, shape in spec.get("shapes", {}).items():
        expected[("alias" if isinstance(shape, str) else "shape", name)] = shape
    return expected


def test_events_md_lists_the_same_fields_and_types_as_the_table() -> None:
    assert doc_tables(DOC) == {("event", name): spec["fields"] for name, spec in TABLE["common"]["events"].items()}
    for game_id in PLAYABLE:
        page = game_folder(game_id) / "EVENTS.md"
        assert page.exists(), f"{game_id}: no EVENTS.md beside its rules (the template's is the one to copy)"
        assert doc_tables("## Every game\n" + page.read_text(encoding="utf-8")) == spec_tables(game_spec(game_id)), (
            f"{game_id}'s EVENTS.md differs from its events.json")


def test_the_templates_page_lists_what_its_table_does() -> None:
    folder = ROOT / "templates" / "game" / "engine"
    spec = json.loads((folder / "events.json").read_text(encoding="utf-8"))
    assert doc_tables("## Every game\n" + (folder / "EVENTS.md").read_text(encoding="utf-8")) == spec_tables(spec)
