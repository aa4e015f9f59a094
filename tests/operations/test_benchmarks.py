"""The benchmarks keep running: each has a quick mode CI runs (`make bench-quick`, .ci/run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = sorted((ROOT / "scripts").glob("bench_*.py"))


@pytest.mark.parametrize("script", BENCHMARKS, ids=[path.stem for path in BENCHMARKS])
def test_every_benchmark_offers_a_quick_mode(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script), "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "--quick" in result.stdout


def test_the_api_benchmark_prints_the_late_war_night() -> None:
    # On its own database: on PostgreSQL the benchmark's test database would be the one this
    # suite holds open (`make bench-quick` runs it on PostgreSQL in CI, after the suite).
    alone = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    result = subprocess.run(
        [sys.executable, "scripts/bench_api.py", "--quick"],
        cwd=ROOT,
        env=alone,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Late War night (3.0 cards each)" in result.stdout
