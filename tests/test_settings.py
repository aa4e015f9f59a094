"""Malformed settings stop the app at start, with a message naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

START = (
    "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'dotr_companion.settings');"
    " django.setup()"
)
SHOW = (
    "; from django.conf import settings;"
    " print(settings.DATABASES['default']['ENGINE'], settings.CELERY_TASK_ALWAYS_EAGER)"
)


def start(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "name,value",
    [("DEBUG", "maybe"), ("MAX_REQUEST_BYTES", "lots"), ("REDIS_URL", "localhost:6379")],
)
def test_a_malformed_setting_fails_loudly(name, value):
    result = start(START, {**os.environ, name: value})
    assert result.returncode != 0
    assert name in result.stderr or value in result.stderr


def test_the_embedded_defaults_start():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    result = start(START + SHOW, env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True"]


def test_each_test_worker_has_a_redis_database_of_its_own() -> None:
    # Run in parallel, one worker's FLUSHDB (cache.clear()) must not empty another's throttles
    # and queues: worker N of pytest-xdist takes database D + N of REDIS_URL (mod 16).
    from dotr_companion.settings import redis_url_of_test_worker as of_worker

    url = "redis://127.0.0.1:6379/14"
    assert [of_worker(url, worker) for worker in ("gw0", "gw1", "gw2")] == [
        "redis://127.0.0.1:6379/14",
        "redis://127.0.0.1:6379/15",
        "redis://127.0.0.1:6379/0",
    ]
    assert of_worker("redis://127.0.0.1:6379", "gw1") == "redis://127.0.0.1:6379/1"
    assert of_worker("redis://h:6379/3?protocol=3", "gw2") == "redis://h:6379/5?protocol=3"
    # Outside xdist (or without Redis) the URL is the one configured.
    assert of_worker(url, "") == url
    assert of_worker("", "gw1") == ""
