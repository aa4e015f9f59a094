"""No import circle and no import up a floor, in Python and the client (check_imports.py)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check_imports.py"
BOARD = Path("deck_tracker/engine/rules/dotr/base/board.py")
DOM = Path("frontend/static/frontend/js/dom.js")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_imports", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


check_imports = _load()


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of the application's Python and client modules, to break on purpose."""
    for package in check_imports.PYTHON_PACKAGES:
        for path in (ROOT / package).rglob("*"):
            if path.suffix in (".py", ".js") and "__pycache__" not in path.parts:
                copy = tmp_path / path.relative_to(ROOT)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
    return tmp_path


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def test_the_application_has_no_import_cycle_and_no_import_up_a_floor() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no cycle" in result.stdout


def test_a_base_rule_importing_an_expansion_is_an_upward_import_and_a_cycle(
    sources: Path,
) -> None:
    _append(sources / BOARD, "from deck_tracker.engine.rules.dotr.dragon import sterling")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(sources)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert (
        "deck_tracker.engine.rules.dotr.base.board (rules base) imports "
        "deck_tracker.engine.rules.dotr.dragon.sterling (rules expansions), a floor above it"
    ) in result.stdout
    cycle = next(line for line in result.stdout.splitlines() if line.startswith("import cycle"))
    assert "deck_tracker.engine.rules.dotr.base.board" in cycle
    assert "deck_tracker.engine.rules.dotr.dragon.sterling" in cycle


def test_a_function_level_import_still_closes_a_cycle(sources: Path) -> None:
    _append(
        sources / "deck_tracker/engine/core.py",
        "def _late() -> None:\n    from deck_tracker.engine import game  # noqa: F401",
    )
    problems = check_imports.check(sources)
    assert any(p.startswith("import cycle:") and "deck_tracker.engine.core" in p for p in problems)


def test_the_engine_never_imports_django(sources: Path) -> None:
    _append(sources / "deck_tracker/engine/decks.py", "from django.db import transaction")
    problems = check_imports.check(sources)
    assert any("the engine imports django.db" in p for p in problems)


def test_the_django_side_enters_the_engine_through_its_door(sources: Path) -> None:
    _append(
        sources / "deck_tracker/games/selectors.py",
        "from ..engine.rules.dotr.base.settings import describe_settings",
    )
    problems = check_imports.check(sources)
    assert any(
        "deck_tracker.games.selectors imports deck_tracker.engine.rules.dotr.base.settings; "
        "outside the engine, use deck_tracker.engine" in p
        for p in problems
    )


def test_a_client_circle_is_named(sources: Path) -> None:
    _append(sources / DOM, 'import { show } from "./screens/home.js";')
    problems = check_imports.check(sources)
    assert any(
        p.startswith("import cycle:") and "dom.js" in p and "screens/home.js" in p for p in problems
    )
    assert any(
        "dom.js (client library) imports screens/home.js (client screens)" in p for p in problems
    )
