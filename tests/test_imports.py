"""The import floors: import-linter's contracts for Python (``[tool.importlinter]`` in
pyproject.toml), scripts/check_imports.py for the client's ES modules."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "check_imports.py"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("deck_tracker", "api", "frontend", "dotr_companion")
ENGINE = ROOT / "deck_tracker" / "engine"
BOARD = Path("deck_tracker/engine/rules/dotr/base/board.py")
DOM = Path("frontend/static/frontend/js/dom.js")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_imports", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


check_imports = _load()


def _contracts() -> dict[str, dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of the application's Python and client modules and its contracts, to break on
    purpose."""
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            if path.suffix in (".py", ".js") and "__pycache__" not in path.parts:
                copy = tmp_path / path.relative_to(ROOT)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    # The copy's own modules, not the installed ones: lint-imports reads the packages on its
    # path, the working directory first.
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "COLUMNS": "400"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _broken(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout


def test_the_application_keeps_every_import_contract_and_the_client_its_floors() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
    client = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120
    )
    assert client.returncode == 0, client.stdout + client.stderr


def test_every_engine_module_but_the_door_and_its_content_names_is_behind_the_door() -> None:
    children = {
        f"deck_tracker.engine.{path.stem if path.suffix else path.name}"
        for path in ENGINE.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    protected = set(_contracts()["engine-door"]["protected_modules"])  # type: ignore[call-overload]
    assert children - protected == {"deck_tracker.engine.content"}
    assert protected <= children


def test_a_base_rule_importing_an_expansion_breaks_the_floors(sources: Path) -> None:
    _append(sources / BOARD, "from deck_tracker.engine.rules.dotr.dragon import sterling")
    out = _broken(lint_imports(sources))
    assert "Defenders of the Realm: registry < base < the expansions" in out
    base, dragon = "deck_tracker.engine.rules.dotr.base", "deck_tracker.engine.rules.dotr.dragon"
    assert f"{base}.board -> {dragon}.sterling" in out


def test_an_expansion_imported_by_the_generic_simulation_breaks_the_floors(sources: Path) -> None:
    _append(
        sources / "deck_tracker/engine/simulate.py",
        "from deck_tracker.engine.rules.dotr.dragon import fire",
    )
    out = _broken(lint_imports(sources))
    assert "deck_tracker.engine.simulate -> deck_tracker.engine.rules.dotr.dragon.fire" in out


def test_a_function_level_import_up_a_floor_is_seen(sources: Path) -> None:
    _append(
        sources / "deck_tracker/engine/core.py",
        "def _late() -> None:\n    from deck_tracker.engine import game  # noqa: F401",
    )
    out = _broken(lint_imports(sources))
    assert "deck_tracker.engine.core -> deck_tracker.engine.game" in out


def test_the_engine_never_imports_django(sources: Path) -> None:
    _append(sources / "deck_tracker/engine/decks.py", "from django.db import transaction")
    out = _broken(lint_imports(sources))
    assert "The engine is pure Python" in out
    assert "deck_tracker.engine.decks -> django" in out


def test_the_django_side_enters_the_engine_through_its_door(sources: Path) -> None:
    _append(
        sources / "deck_tracker/games/selectors.py",
        "from ..engine.rules.dotr.base.settings import describe_settings",
    )
    out = _broken(lint_imports(sources))
    assert "entered through its door" in out
    assert "deck_tracker.games.selectors -> deck_tracker.engine.rules.dotr.base.settings" in out


def test_a_module_on_no_floor_breaks_the_floors(sources: Path) -> None:
    (sources / "deck_tracker/engine/shortcut.py").write_text("X = 1\n", encoding="utf-8")
    out = _broken(lint_imports(sources))
    assert "deck_tracker.engine.shortcut" in out


def test_one_game_system_importing_another_breaks_their_independence(sources: Path) -> None:
    _append(
        sources / "deck_tracker/engine/rules/battlefields/dice.py",
        "from deck_tracker.engine.rules.dotr.base import board",
    )
    out = _broken(lint_imports(sources))
    assert "One game system's rules never import another's BROKEN" in out


def test_a_client_circle_is_named(sources: Path) -> None:
    _append(sources / DOM, 'import { show } from "./screens/home.js";')
    problems = check_imports.check(sources)
    assert any(
        p.startswith("import cycle:") and "dom.js" in p and "screens/home.js" in p for p in problems
    )
    assert any(
        "dom.js (client library) imports screens/home.js (client screens)" in p for p in problems
    )
