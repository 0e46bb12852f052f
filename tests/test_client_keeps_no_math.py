"""The client keeps no copy of a game's math: every figure it shows comes from the engine.

For each game the engine's description (``game.description``) gives the feature tables and the
distinctive constants. Every module under ``game/client/games/<id>/`` and ``game/client/kit/`` is
parsed with ``ast`` (nothing is imported) and must not hold:

(a) a tuple, list or set literal equal to one of the game's tables (bet ladder, meter sizes, extra
    spins, multipliers, level targets, marker features, ...);
(b) a numeric literal equal to a distinctive constant (buy price, cap, trigger points, level
    targets), apart from the drawing numbers listed at ``drawing_numbers``;
(c) a string holding a stated RTP figure ("94.15") or the cap as printed ("11,322.76");
(d) a ``getattr(<...game...>, "name", default)`` fallback (or one on a game's ``data``);
(e) a path into the engine's measured RTP reports ("engine" in a path, or an ``rtp*.json`` name);
(f) a string that prints a count of spins, games, reels, rows or lines as a literal number ("5 FREE
    SPINS", "5 REELS  ·  50 LINES"): the count is the engine's (``description.free_spins``,
    ``game.reel_count``, ``len(game.lines)``) put into the text. A "+1" (one more) is no figure, and
    docstrings are not shown. This check runs over every client module, not only a game's.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAME_IDS, get_game
from game.engine.describe import GameDescription
from game.engine.games.naughty_or_nice.game import NaughtyOrNiceDescription
from game.engine.games.santas_wonderland.game import WonderlandDescription
from game.engine.games.slingo_santa_king.game import SlingoDescription

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "game" / "client"

# Below 10 a number is everywhere in drawing code (offsets, counts, line widths): free spin
# counts, multipliers and meter sizes are checked as whole tables by (a) instead.
SMALLEST = 10
# 120 (a Midnight Riches level target) is also a pixel distance and an opacity all through
# the Wonderland drawing code (``w = 120``, ``rect.left - 120``, ``alpha=120``): ast cannot tell a
# target of 120 from a 120-pixel offset, so it is left to (a), which checks the level table whole.
SHARED_WITH_DRAWING = frozenset({120})
# Numbers that are drawing parameters whatever their value: keyword arguments of the particle,
# panel and text helpers (``speed=140``, ``gravity=100``), everything inside ``set_alpha(...)``
# and the components of an RGB(A) colour tuple.
DRAWING_KEYWORDS = frozenset({"alpha", "border_radius", "count", "gravity", "life", "outline_px", "radius",
                              "speed", "width"})
# A literal count in shown text (f): "5 FREE SPINS", "50 LINES"; "+1 FREE GAME" is one more.
PRINTED_COUNT = re.compile(r"(?<![+\w.])\d+\s+(?:free\s+)?(?:spins?|games?|reels|rows|lines|columns)\b", re.IGNORECASE)
# Copies that live in files outside this change's reach, each with why it is still there. The
# test fails when one disappears (drop it here) or stops matching the engine.
KNOWN_COPIES: dict[tuple[str, str, str], str] = {
    ("santas_wonderland", "art.py", "santas_wonderland.marker_features"):
        "art.py's FEATURES names the marker art in the engine's order; it is to become "
        "game.description.marker_features when the screens are restructured",
}


# -- what the engine describes ---------------------------------------------------------------


def normalise(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(normalise(item) for item in value)
    if isinstance(value, set | frozenset):
        return frozenset(normalise(item) for item in value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def tables_of(description: GameDescription) -> dict[str, Any]:
    """Every tuple of two or more figures in the description, by its path (rows' columns too)."""
    found: dict[str, Any] = {}

    def walk(path: str, value: Any) -> None:
        if dataclasses.is_dataclass(value):
            for item in dataclasses.fields(value):
                walk(f"{path}.{item.name}", getattr(value, item.name))
        elif isinstance(value, dict):  # a table by key (a paytable row, award weights): its values and keys
            for key, item in value.items():
                walk(f"{path}[{key}]", item)
            numbers = [item for item in value.values() if type(item) in (int, float, Fraction)]
            if len(value) >= 2 and len(numbers) == len(value):
                found[path] = normalise(tuple(numbers))
                if all(type(key) is int for key in value):
                    found[f"{path} (keys)"] = normalise(tuple(value))
        elif isinstance(value, tuple) and len(value) >= 2:
            found[path] = normalise(value)
            if all(isinstance(row, tuple) for row in value):  # a table of rows: each column is a table
                for index, column in enumerate(zip(*value, strict=True)):
                    found[f"{path}[:, {index}]"] = normalise(column)
                    present = tuple(cell for cell in column if cell is not None)
                    if len(present) != len(column) and len(present) >= 2:
                        found[f"{path}[:, {index}] (set)"] = normalise(present)

    walk(description.id, description)
    return found


def scalars_of(description: GameDescription) -> dict[int | float, str]:
    """The distinctive constants, each as the literals a copy would be written with."""
    found: dict[int | float, str] = {}

    def add(value: Fraction | int | None, name: str) -> None:
        if value is None:
            return
        value = Fraction(value)
        if value.denominator == 1:
            found[int(value)] = name
        else:
            found[float(value)] = name
            found[int(value * 100)] = f"{name} (in hundredths)"

    add(description.buy_price_x, "buy price")
    add(description.cap, "cap")
    if isinstance(description, NaughtyOrNiceDescription):
        add(description.jackpot.seed, "jackpot seed (cents)")
        add(description.cap_line_bets, "cap in line bets")
    if isinstance(description, SlingoDescription):
        add(description.wheel_price, "Superspin Wheel's price (cents)")
        add(description.extra_rtp, "extra-spin RTP")
    if isinstance(description, WonderlandDescription):
        add(description.trigger_points, "trigger points")
        for level in description.levels:
            add(level.target, f"level {level.level} target")
    return {value: name for value, name in found.items()
            if abs(value) >= SMALLEST and value not in SHARED_WITH_DRAWING}


def texts_of(description: GameDescription) -> list[str]:
    """The stated RTP figures ("96.7") and the cap as a help page prints it ("11,322.76", "7,500")."""
    texts = list(description.rtp.figures())
    if description.cap is not None:
        cap = description.cap
        texts.append(f"{int(cap):,}" if cap.denominator == 1 else f"{float(cap):,.2f}")
    return texts


# -- what the client holds -------------------------------------------------------------------


def modules(game_id: str, client: Path = CLIENT) -> list[Path]:
    return sorted((client / "games" / game_id).rglob("*.py")) + sorted((client / "kit").rglob("*.py"))


def literal(node: ast.AST) -> Any:
    try:
        return normalise(ast.literal_eval(node))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def same_table(value: Any, table: Any) -> bool:
    """A literal equal to a table; a set literal also matches the table's members in any order."""
    if isinstance(value, frozenset):
        try:
            return value == frozenset(table)
        except TypeError:
            return False
    return value == table


def drawing_numbers(tree: ast.AST) -> set[int]:
    """ids of the numeric nodes that are drawing parameters (see DRAWING_KEYWORDS)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List) and len(node.elts) in (3, 4):
            numbers = [e for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is int]
            if len(numbers) >= 3 and all(0 <= e.value <= 255 for e in numbers):
                skip.update(id(e) for e in numbers)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr == "set_alpha":
                skip.update(id(inner) for arg in node.args for inner in ast.walk(arg))
            for keyword in node.keywords:
                if keyword.arg in DRAWING_KEYWORDS:
                    skip.update(id(inner) for inner in ast.walk(keyword.value))
    return skip


def strings(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes (read by developers, never shown)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def printed_counts(tree: ast.AST) -> list[tuple[str, int, str]]:
    """(f) for every shown string that writes a count of spins, games, reels, rows or lines."""
    skip = docstrings(tree)
    return [("f", node.lineno, f"{node.value!r} prints a count the engine has")
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            and PRINTED_COUNT.search(node.value)]


def findings(path: Path, description: GameDescription) -> list[tuple[str, int, str]]:
    """(check, line, what) for every copy of the game's math in one client module."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    tables = tables_of(description)
    scalars = scalars_of(description)
    texts = texts_of(description)
    skip = drawing_numbers(tree)
    out = printed_counts(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            value = literal(node)
            if value is not None:
                out += [("a", line, name) for name, table in tables.items() if same_table(value, table)]
        elif isinstance(node, ast.Constant):
            value = node.value
            if type(value) in (int, float) and id(node) not in skip and value in scalars:
                out.append(("b", line, f"{value} is the {scalars[value]}"))
            elif isinstance(value, str):
                out += [("c", line, f"{value!r} holds {text!r}") for text in texts if text in value]
                if "rtp" in value.lower() and value.endswith(".json"):
                    out.append(("e", line, f"names the engine's report file {value!r}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
            if len(node.args) == 3:
                target = ast.get_source_segment(source, node.args[0]) or ""
                if "game" in target or target == "data" or target.endswith(".data"):
                    out.append(("d", line, f"getattr fallback on {target}"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and any("engine" in text
                                                                                  for text in strings(node)):
            out.append(("e", line, "a path into the engine"))
    return out


def client_copies(game_id: str, client: Path = CLIENT) -> dict[tuple[str, int, str], str]:
    """Every copy of ``game_id``'s math in the client: (check, line, what) -> module path."""
    description = get_game(game_id).description
    found: dict[tuple[str, int, str], str] = {}
    for path in modules(game_id, client):
        for check, line, what in findings(path, description):
            found[(check, line, what)] = str(path.relative_to(client))
    return found


# -- the tests -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_engine_describes_the_figures_this_test_looks_for(game_id: str) -> None:
    description = get_game(game_id).description
    tables, texts = tables_of(description), texts_of(description)
    assert f"{game_id}.bets.ladder" in tables and texts


def assert_described(game_id: str, tables: set[str], scalars: set[float], texts: set[str]) -> None:
    """A game's own test names the figures of its description this test must see (its feature tables,
    its distinctive constants, its printed texts): the scanner finds them, so it would find a copy."""
    description = get_game(game_id).description
    assert {f"{game_id}.{name}" for name in tables} <= set(tables_of(description))
    assert scalars <= set(scalars_of(description))
    assert texts <= set(texts_of(description))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_client_module_copies_the_math(game_id: str) -> None:
    found = client_copies(game_id)
    known = {(game_id, Path(module).name, what) for (check, _, what), module in found.items() if check == "a"}
    unexpected = sorted(
        f"{module}:{line}: ({check}) {what}" for (check, line, what), module in found.items()
        if not (check == "a" and (game_id, Path(module).name, what) in KNOWN_COPIES)
    )
    assert not unexpected, "the client copies the engine's math:\n" + "\n".join(unexpected)
    stale = [key for key in KNOWN_COPIES if key[0] == game_id and key not in known]
    assert not stale, f"these known copies are gone, drop them from KNOWN_COPIES: {stale}"


def test_no_client_module_prints_a_count_of_its_own() -> None:
    """(f) over the whole client: lobby, overlays and widgets as well as the games and the kit."""
    found = [f"{path.relative_to(CLIENT)}:{line}: {what}" for path in sorted(CLIENT.rglob("*.py"))
             for _, line, what in printed_counts(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "the client writes a count the engine knows:\n" + "\n".join(found)


def test_the_checks_catch_each_kind_of_copy(tmp_path: Path) -> None:
    """A module written the old way trips every check (the test would fail on the old code)."""
    games = tmp_path / "games" / "santas_wonderland"
    games.mkdir(parents=True)
    (tmp_path / "kit").mkdir()
    (games / "old.py").write_text(
        "from pathlib import Path\n"
        "LEVELS = ((1, 3, None), (2, 6, 116), (3, 9, 120), (4, 12, 124), (5, 15, 132))\n"
        "def trigger(game, points: int = 140):\n"
        "    price = getattr(game, 'buy_price_x', 100)\n"
        "    draw(speed=140, colour=(140, 120, 116))\n"
        "    return 'RTP 96.2%, max 7,500x', Path(__file__).parents[3] / 'engine' / 'games' / 'rtp.json'\n"
        "def logo(spins: int) -> tuple[str, ...]:\n"
        "    '''5 FREE SPINS in a docstring is not shown.'''\n"
        "    return '5 FREE SPINS', '8 REELS  \u00b7  8 ROWS', f'{spins} FREE SPINS', '+1 FREE GAME'\n",
        encoding="utf-8",
    )
    found = client_copies("santas_wonderland", tmp_path)
    checks = {(check, line) for check, line, _ in found}
    assert {("a", 2), ("b", 3), ("b", 4), ("d", 4), ("c", 6), ("e", 6)} <= checks
    assert ("b", 5) not in checks  # drawing numbers are not copies
    counts = sorted(what for check, _, what in found if check == "f")  # not the docstring, the f-string, the +1
    assert counts == ["'5 FREE SPINS' prints a count the engine has",
                      "'8 REELS  \u00b7  8 ROWS' prints a count the engine has"]
