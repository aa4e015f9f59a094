"""A server process sets what it holds once loaded aside from the garbage collector's full passes
(``SERVER_GC_FREEZE``, dotr_companion/memory.py): the ASGI and the WSGI entry points alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def frozen_after_loading(module: str, **env: str) -> int:
    """How many objects a fresh process has frozen once it has loaded ``module``."""
    code = f"import gc, {module}; print(gc.get_freeze_count())"
    environment = {k: v for k, v in os.environ.items() if k != "SERVER_GC_FREEZE"}
    environment.pop("DATABASE_URL", None)  # the embedded default: no database is opened here
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "dotr_companion.settings", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return int(result.stdout.split()[-1])


@pytest.mark.parametrize("module", ["dotr_companion.asgi", "dotr_companion.wsgi"])
def test_a_loaded_server_process_freezes_its_startup_objects(module: str) -> None:
    # Django, the apps, the URL patterns and their views: well over 10,000 objects.
    assert frozen_after_loading(module) > 10_000


@pytest.mark.parametrize("module", ["dotr_companion.asgi", "dotr_companion.wsgi"])
def test_the_setting_off_leaves_every_object_to_the_collector(module: str) -> None:
    assert frozen_after_loading(module, SERVER_GC_FREEZE="0") == 0
