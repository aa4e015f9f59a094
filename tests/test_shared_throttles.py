"""Throttles count one client across every process of the app, with or without Redis.

Two separate Python processes (as two web workers are) answer join guesses from the same address;
they share only the database file (and Redis, where configured).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUESS = """
import django, sys
django.setup()
from django.test import Client
client = Client(REMOTE_ADDR="10.1.2.3")
codes = [
    client.post(
        "/api/v1/games/join/",
        {"join_code": f"WRONG{n:03d}", "name": "Eve"},
        content_type="application/json",
    ).status_code
    for n in range(int(sys.argv[1]))
]
print(" ".join(map(str, codes)))
"""


def in_process(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def guesses_in_two_processes(env: dict[str, str]) -> tuple[list[int], list[int]]:
    in_process(env, "manage.py", "migrate", "--noinput", "-v", "0")
    first = in_process(env, "-c", GUESS, "12").split()
    second = in_process(env, "-c", GUESS, "12").split()
    return [int(code) for code in first], [int(code) for code in second]


def base_env(tmp_path: Path) -> dict[str, str]:
    # Not an xdist worker: the processes use the Redis database they are given, not shifted.
    left_out = ("DATABASE_URL", "REDIS_URL", "PYTEST_XDIST_WORKER")
    env = {k: v for k, v in os.environ.items() if k not in left_out}
    return env | {
        "DJANGO_SETTINGS_MODULE": "dotr_companion.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'shared.sqlite3'}",
        "JOIN_THROTTLE_RATE": "20/min",
        "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
    }


def test_join_guesses_are_counted_across_two_processes_without_redis(tmp_path: Path):
    first, second = guesses_in_two_processes(base_env(tmp_path))
    assert first == [404] * 12
    assert second == [404] * 8 + [429] * 4  # the 21st guess from the address is refused


@pytest.mark.redis
def test_join_guesses_are_counted_across_two_processes_with_redis(tmp_path: Path):
    from django.conf import settings

    # This test worker's own database (settings shift REDIS_URL's per xdist worker): emptied
    # here, it holds no other worker's throttle counts.
    redis_url = settings.REDIS_URL
    if not redis_url:
        pytest.skip("REDIS_URL is not set: no Redis to share the throttle counts")
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    first, second = guesses_in_two_processes(base_env(tmp_path) | {"REDIS_URL": redis_url})
    assert first == [404] * 12
    assert second == [404] * 8 + [429] * 4
