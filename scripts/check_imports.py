"""Fail on an import circle or an import that runs back up a floor, in Python and in the client.

    python scripts/check_imports.py [ROOT]

Python modules are read with ``ast`` (every ``import`` and ``from ... import``, function-level ones
included; imports under ``if TYPE_CHECKING:`` are for the type checker only and are skipped). The
client's modules (``frontend/static/frontend/js``) are read for ``import ... from "..."``,
``export ... from "..."`` and ``import("...")``.

The floors are written below, lowest first: a module may import its own floor and the floors under
it, never one above. Besides the floors:

* the engine never imports Django, DRF, Celery or the Django side;
* outside the engine, the engine is entered through its door, ``deck_tracker.engine`` (and the
  content names of ``deck_tracker.engine.content``), never through a rules module or the core;
* one game system's rules never import another's.

Exit status 0 when all holds; 1 with one line per problem (the cycle, or the upward import with
its file and line) otherwise.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

PYTHON_PACKAGES = ("deck_tracker", "api", "frontend", "dotr_companion")
CLIENT_DIR = Path("frontend/static/frontend/js")
ENGINE = "deck_tracker.engine"

# Python floors, lowest first. A module's floor is the first entry with a matching pattern.
ENGINE_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "engine core",
        tuple(
            f"{ENGINE}.{name}"
            for name in (
                "errors",
                "words",
                "slugs",
                "rng",
                "core",
                "commands",
                "decks",
                "undo",
                "systems",
                "game",
                "views",
            )
        ),
    ),
    ("engine content", (f"{ENGINE}.content", f"{ENGINE}.content.*", f"{ENGINE}.content_*")),
    # A system's registries: imported by its base rules, they import only the core.
    ("rules hooks", (f"{ENGINE}.rules.*.hooks",)),
    ("rules base", (f"{ENGINE}.rules.*.base", f"{ENGINE}.rules.*.base.*")),
    (
        "rules expansions",
        tuple(
            f"{ENGINE}.rules.dotr.{folder}{tail}"
            for folder in ("dragon", "companions_catacombs", "heros_calling", "kings_champion")
            for tail in ("", ".*")
        ),
    ),
    ("rules scenarios", (f"{ENGINE}.rules.*.scenarios", f"{ENGINE}.rules.*.scenarios.*")),
    # A system's other modules (its package, its availability) and systems without floors.
    ("rules system", (f"{ENGINE}.rules", f"{ENGINE}.rules.*")),
    ("engine door", (ENGINE,)),
)
DJANGO_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("models", ("deck_tracker.models", "deck_tracker.*.models", "deck_tracker.migrations.*")),
    (
        "services and selectors",
        (
            "deck_tracker",
            "deck_tracker.games.services",
            "deck_tracker.games.selectors",
            "deck_tracker.content.services",
            "deck_tracker.content.selectors",
            "deck_tracker.forecasts.services",
            "deck_tracker.live.stream",
            "deck_tracker.games.languages",
            "deck_tracker.live.notifications",
            "deck_tracker.awards",
            "deck_tracker.awards.services",
            "deck_tracker.awards.selectors",
            "deck_tracker.awards.*",
        ),
    ),
    (
        "interfaces",
        (
            "api",
            "api.*",
            "frontend",
            "frontend.*",
            "deck_tracker.tasks",
            "deck_tracker.apps",
            "deck_tracker.management.*",
        ),
    ),
    ("project", ("dotr_companion", "dotr_companion.*")),
)
# Floors of the client, lowest first (paths under frontend/static/frontend/js).
CLIENT_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("client library", ("*",)),
    ("client tabs and game systems' boards", ("tabs/*", "systems/*")),
    ("client screens", ("screens/*",)),
    ("client router", ("router.js",)),
    ("client entry", ("main.js",)),
)
FRAMEWORKS = ("django", "rest_framework", "celery", "drf_spectacular", "redis", "psycopg")
ENGINE_DOORS = (ENGINE, f"{ENGINE}.content", f"{ENGINE}.content.*", f"{ENGINE}.content_*")
# Modules that count as one in the cycle check: the flat content modules (content.py and its
# content_*.py companions share private names and load each other on use). A content package
# (engine/content/) is checked module by module.
UNITS: dict[str, str] = {f"{ENGINE}.content_*": f"{ENGINE}.content"}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    where: str  # file:line


def _matches(name: str, patterns: Iterable[str]) -> bool:
    return any(fnmatchcase(name, pattern) for pattern in patterns)


def floor_of(name: str, floors: tuple[tuple[str, tuple[str, ...]], ...]) -> int | None:
    """The index of the floor of ``name`` (the most specific pattern wins), or None."""
    best: tuple[int, int] | None = None  # (specificity, floor)
    for index, (_, patterns) in enumerate(floors):
        for pattern in patterns:
            if fnmatchcase(name, pattern):
                specificity = len(pattern.replace("*", ""))
                if best is None or specificity > best[0]:
                    best = (specificity, index)
    return None if best is None else best[1]


# --------------------------------------------------------------------------------------------
# Python
# --------------------------------------------------------------------------------------------
def python_modules(root: Path) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PYTHON_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def python_edges(root: Path, modules: dict[str, Path]) -> list[Edge]:
    edges: list[Edge] = []
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = str(path.relative_to(root))
        for node in _imports(tree):
            for target in _targets(node, package, modules):
                edges.append(Edge(name, target, f"{where}:{node.lineno}"))
    return edges


def _targets(node: ast.Import | ast.ImportFrom, package: str, modules: dict[str, Path]) -> set[str]:
    """What an import statement loads: ``from a import b`` is module ``a.b`` when it is one."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if node.level:
        parts = package.split(".")
        parts = parts[: len(parts) - (node.level - 1)]
        module = ".".join([*parts, node.module] if node.module else parts)
    else:
        module = node.module or ""
    return {
        f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
        for alias in node.names
    }


def _unit(name: str) -> str:
    """The module whose cycles ``name`` counts in (see ``UNITS``)."""
    for pattern, unit in UNITS.items():
        if fnmatchcase(name, pattern):
            return unit
    return name


def check_python(root: Path) -> list[str]:
    modules = python_modules(root)
    problems: list[str] = []
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for edge in python_edges(root, modules):
        top = edge.target.split(".")[0]
        in_engine = edge.source == ENGINE or edge.source.startswith(ENGINE + ".")
        to_engine = edge.target == ENGINE or edge.target.startswith(ENGINE + ".")
        if in_engine and not to_engine and (top in FRAMEWORKS or top in PYTHON_PACKAGES):
            problems.append(
                f"{edge.where}: the engine imports {edge.target} (the engine is pure Python)"
            )
            continue
        target = edge.target if edge.target in modules else None
        if target is None or target == edge.source:
            continue
        problems.extend(_python_floor_problem(edge.source, target, edge.where))
        source, target = _unit(edge.source), _unit(target)
        if source != target:
            graph.setdefault(source, set()).add(target)
    problems.extend(f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(graph))
    return sorted(set(problems))


def _python_floor_problem(source: str, target: str, where: str) -> list[str]:
    source_in = source == ENGINE or source.startswith(ENGINE + ".")
    target_in = target == ENGINE or target.startswith(ENGINE + ".")
    if not source_in and target_in:
        if _matches(target, ENGINE_DOORS):
            return []
        return [f"{where}: {source} imports {target}; outside the engine, use {ENGINE}"]
    if not source_in:
        return _upward(source, target, where, DJANGO_FLOORS)
    systems = [_system(name) for name in (source, target)]
    if None not in systems and systems[0] != systems[1]:
        return [f"{where}: {source} imports {target}, the rules of another game system"]
    return _upward(source, target, where, ENGINE_FLOORS)


def _system(name: str) -> str | None:
    parts = name.split(".")
    return parts[3] if len(parts) > 3 and parts[:3] == [*ENGINE.split("."), "rules"] else None


def _upward(
    source: str, target: str, where: str, floors: tuple[tuple[str, tuple[str, ...]], ...]
) -> list[str]:
    low, high = floor_of(source, floors), floor_of(target, floors)
    if low is None or high is None or high <= low:
        return []
    return [
        f"{where}: {source} ({floors[low][0]}) imports {target} ({floors[high][0]}), "
        "a floor above it"
    ]


# --------------------------------------------------------------------------------------------
# Client
# --------------------------------------------------------------------------------------------
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""",
    re.M,
)
DYNAMIC_IMPORT = re.compile(r"""import\(\s*["']([^"']+)["']\s*\)""")


def check_client(root: Path) -> list[str]:
    base = root / CLIENT_DIR
    if not base.is_dir():
        return []
    names = {path.relative_to(base).as_posix(): path for path in sorted(base.rglob("*.js"))}
    graph: dict[str, set[str]] = {name: set() for name in names}
    problems: list[str] = []
    for name, path in names.items():
        text = path.read_text(encoding="utf-8")
        found = [(m.start(), m.group(1) or m.group(2)) for m in STATIC_IMPORT.finditer(text)]
        found += [(m.start(), m.group(1)) for m in DYNAMIC_IMPORT.finditer(text)]
        for offset, spec in found:
            if not spec.startswith("."):
                continue
            target = (path.parent / spec).resolve()
            try:
                relative = target.relative_to(base.resolve()).as_posix()
            except ValueError:
                continue  # vendor code, outside the client's own modules
            if relative not in names:
                continue
            graph[name].add(relative)
            line = text.count("\n", 0, offset) + 1
            where = f"{(CLIENT_DIR / name).as_posix()}:{line}"
            problems.extend(_upward(name, relative, where, CLIENT_FLOORS))
    problems.extend(f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(graph))
    return sorted(set(problems))


# --------------------------------------------------------------------------------------------
# Cycles
# --------------------------------------------------------------------------------------------
def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a -> ... -> a) per strongly connected component that has one."""
    found = []
    for component in _components(graph):
        if len(component) > 1:
            found.append(_cycle_in(graph, component))
    return found


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    # Tarjan's algorithm, iterative (module graphs are deep enough to hit Python's recursion).
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def _cycle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & component):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return [start, start]


def check(root: Path) -> list[str]:
    return check_python(root) + check_client(root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    root = Path(parser.parse_args(argv).root)
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} import problem(s).")
        return 1
    print("Imports: no cycle, no import up a floor (Python and client).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
