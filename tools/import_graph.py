"""The import graph of a package, read from its source (ast), and the cycles in it.

    python -m tools.import_graph                  # game/engine's layers and every cycle under game/
    python -m tools.import_graph game/store       # another folder's

Every ``import`` counts wherever it is written (in a function too: deferring an import hides a
cycle from the first import, not from the design); one under ``if TYPE_CHECKING:`` is for type
hints only and does not. ``from package import name`` is an edge to ``package.name`` when that is
a module, else to the package. ``tests/test_import_cycles.py`` fails on a cycle.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

Graph = dict[str, set[str]]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module but those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def build(folder: Path, root: Path = REPO) -> Graph:
    """Module -> the modules of the same tree it imports (only modules under ``folder``'s top package)."""
    files = {module_name(path, root): path for path in sorted(folder.rglob("*.py"))}
    top = module_name(folder, root).split(".")[0]
    known = set(files)
    for path in sorted((root / top).rglob("*.py")):
        known.add(module_name(path, root))
    graph: Graph = {}
    for module, path in files.items():
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                source = _resolve(module, path.name == "__init__.py", node)
                names = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                         for alias in node.names]
            targets.update(name for name in names if name in known and name != module)
        graph[module] = targets
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (or a module importing itself), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[tuple[str, ...]] = []
    counter = 0

    def visit(start: str) -> None:  # Tarjan's algorithm, iterative (no recursion limit on deep graphs)
        nonlocal counter
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1 or node in graph.get(node, ()):
                        found.append(tuple(sorted(component)))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def layers(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Modules by height: layer 0 imports nothing of the graph, layer k only layers below k.

    Members of a cycle share one layer (its modules cannot be ordered), so the listing never fails.
    """
    component_of = {module: component for component in cycles(graph) for module in component}
    height: dict[str, int] = {}

    def level(module: str, trail: frozenset[str]) -> int:
        if module in height:
            return height[module]
        group = set(component_of.get(module, (module,)))
        below = [level(t, trail | group) for m in group for t in graph.get(m, ())
                 if t in graph and t not in group and t not in trail]
        value = 1 + max(below) if below else 0
        for member in group:
            height[member] = value
        return value

    for module in graph:
        level(module, frozenset())
    out: list[list[str]] = [[] for _ in range(max(height.values(), default=-1) + 1)]
    for module, value in sorted(height.items()):
        out[value].append(module)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.import_graph", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=REPO / "game" / "engine",
                        help="the folder whose layers to print (default: game/engine)")
    args = parser.parse_args(argv)
    folder = args.folder.resolve()
    graph = build(folder)
    for number, modules in enumerate(layers(graph)):
        sys.stdout.write(f"layer {number}:\n")
        for module in modules:
            inside = sorted(t for t in graph[module] if t in graph)
            sys.stdout.write(f"  {module}{' -> ' + ', '.join(inside) if inside else ''}\n")
    found = cycles(build(REPO / "game"))
    sys.stdout.write(f"\n{len(found)} import cycles under game/\n")
    for component in found:
        sys.stdout.write(f"  {' <-> '.join(component)}\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped to head: end quietly
        sys.stderr.close()
        sys.exit(0)
