"""What scripts/page_budget.py counts in a cold load of the game screen (its logic, not time)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "page_budget.py"


def load_script():
    spec = importlib.util.spec_from_file_location("page_budget", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_module_imported_on_demand_is_not_counted(tmp_path: Path, monkeypatch) -> None:
    budget = load_script()
    js = tmp_path / "js"
    (js / "screens").mkdir(parents=True)
    (js / "tabs").mkdir()
    (js / "main.js").write_text('import { start } from "./router.js";\n')
    (js / "router.js").write_text(
        'const table = () => import("./screens/table.js");\n'
        'const home = () => import("./screens/home.js");\n'
    )
    (js / "screens" / "table.js").write_text(
        'import * as board from "../tabs/board.js";\n'
        'const night = () => import("../tabs/night.js");\n'
    )
    (js / "screens" / "home.js").write_text('import { h } from "../dom.js";\n')
    (js / "tabs" / "board.js").write_text('import { h } from "../dom.js";\n')
    (js / "tabs" / "night.js").write_text('import { h } from "../dom.js";\nimport "../extra.js";\n')
    (js / "dom.js").write_text("export const h = 1;\n")
    (js / "extra.js").write_text("export const x = 1;\n")
    monkeypatch.setattr(budget, "STATIC", tmp_path)
    loaded, later = budget.module_graph(js / "main.js")
    names = [str(path.relative_to(js)) for path in loaded]
    # The router's import of the table screen is the screen itself: counted, with the Board.
    assert names == ["main.js", "router.js", "screens/table.js", "tabs/board.js", "dom.js"]
    # The other tabs and screens, and what only they import, come on demand.
    assert sorted(str(path.relative_to(js)) for path in later) == [
        "extra.js",
        "screens/home.js",
        "tabs/night.js",
    ]


def test_sizes_are_of_each_response_compressed_on_its_own() -> None:
    budget = load_script()
    raw, gz, _ = budget.sizes(b"Darkness Spreads " * 200)
    assert raw == 3400 and gz < 200


def test_the_script_fails_a_budget_the_cold_load_exceeds() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--budget-kb", "10"], capture_output=True, text=True
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "OVER budget" in result.stdout
    assert "GET content dotr-base" in result.stdout  # the content the screen reads counts
