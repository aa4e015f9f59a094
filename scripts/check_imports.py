"""Fail on an import circle or an import that runs back up a floor in the client's ES modules.

    python scripts/check_imports.py [ROOT]

The Python floors are import-linter contracts (``[tool.importlinter]`` in pyproject.toml, run by
``lint-imports``); no library reads the client's modules (``frontend/static/frontend/js``), so
this script does: ``import ... from "..."``, ``export ... from "..."`` and ``import("...")``.
The floors are written below, lowest first: a module may import its own floor and the floors
under it, never one above; screens move on with ``navigation.js``, never by importing the router.

Exit status 0 when all holds; 1 with one line per problem (the cycle, or the upward import with
its file and line) otherwise.
"""

from __future__ import annotations

import argparse
import graphlib
import re
import sys
from fnmatch import fnmatchcase
from pathlib import Path

CLIENT_DIR = Path("frontend/static/frontend/js")

# Floors of the client, lowest first (paths under frontend/static/frontend/js).
CLIENT_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("client library", ("*",)),
    ("client tabs and game systems' boards", ("tabs/*", "systems/*")),
    ("client screens", ("screens/*",)),
    ("client router", ("router.js",)),
    ("client entry", ("main.js",)),
)


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


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """A cycle (a -> ... -> a), if the graph has one."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        found = list(reversed(error.args[1]))
        return [found]
    return []


def check(root: Path) -> list[str]:
    return check_client(root)


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
    print("Client imports: no cycle, no import up a floor.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
