"""No import cycle in ``game/``, counting imports inside functions (``tools/import_graph.py``); a
``TYPE_CHECKING`` import for a type hint is fine. And the games' rules never import the analysis."""

from __future__ import annotations

from pathlib import Path

from tools.import_graph import build, cycles

REPO = Path(__file__).resolve().parent.parent

# Import cycles still open, by the modules in each; empty: a cycle anywhere under game/ fails.
KNOWN_CLIENT_CYCLES: set[tuple[str, ...]] = set()


def test_the_engine_and_the_store_have_no_import_cycle() -> None:
    for folder in ("game/engine", "game/store"):
        assert cycles(build(REPO / folder)) == [], folder


def test_game_has_no_import_cycle_but_the_known_client_ones() -> None:
    found = set(cycles(build(REPO / "game")))
    assert found - KNOWN_CLIENT_CYCLES == set(), "a new import cycle"
    assert KNOWN_CLIENT_CYCLES - found == set(), "a known cycle is gone: take it off KNOWN_CLIENT_CYCLES"


def test_a_cycle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from . import b\n", encoding="utf-8")
    (package / "b.py").write_text("def later():\n    from .a import thing\n", encoding="utf-8")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n",
                                  encoding="utf-8")
    assert cycles(build(package, tmp_path)) == [("pkg.a", "pkg.b")]


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


def test_the_rules_of_every_game_never_import_the_analysis() -> None:
    graph = build(REPO / "game")
    rules = [module for module in graph if module.startswith("game.engine.games.") and module.endswith(".game")]
    assert len(rules) >= 5
    for module in rules:
        reached = _reach(graph, module)
        assert not any(name.startswith("game.engine.analysis") for name in reached), module
