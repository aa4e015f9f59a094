"""scripts/page_budget.py measures at the wire: Chromium through its byte-counting proxy in front
of the shipped server, the service worker's requests included; over budget, it exits 1."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
FIGURE = re.compile(r"^  (.+?)\s+([\d,]+) B  budget", re.M)


def test_the_page_budget_measures_every_visit_and_change_and_fails_over_budget() -> None:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("the page budget needs Debian's Chromium at /usr/bin/chromium")
    result = subprocess.run(
        [
            sys.executable,
            "scripts/page_budget.py",
            "--quick",
            "--verbose",
            "--port",
            "8156",
            "--change-kb",
            "0.01",  # any change costs more than 10 bytes: over budget
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    figures = {
        name.strip(): int(sent.replace(",", "")) for name, sent in FIGURE.findall(result.stdout)
    }
    assert set(figures) == {
        "first visit of /",
        "first visit of a game, base game",
        "first visit of a game, every expansion",
        "first visit of the table's screen (/display/)",
        "first visit of a game, every expansion, a card to read",
        "warm visit (reload), every expansion",
        "a change, the phone on board",
        "a change, the phone on me",
    }, result.stdout + result.stderr[-3000:]
    assert all(sent > 0 for sent in figures.values()), figures
    # The warm visit is served from caches: much less than a first visit.
    assert figures["warm visit (reload), every expansion"] < figures["first visit of /"]
    # The service worker's own requests go through the same proxy.
    assert "/sw.js" in result.stdout
    # The first screen that opens on a card to read is measured: its sheet's own words come.
    assert "/locale/en/read." in result.stdout
    assert result.returncode == 1
    over = next(line for line in result.stdout.splitlines() if line.startswith("OVER budget:"))
    assert "a change, the phone on board" in over and "a change, the phone on me" in over
    # The table's screen loads only what it shows: within the first visit's budget.
    assert "table's screen" not in over
