"""A cold load of the game screen stays within 50 KB compressed (scripts/page_budget.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "page_budget.py"


def test_the_table_screen_first_load_is_within_budget() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "within budget" in result.stdout
