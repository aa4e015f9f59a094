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
