"""Production settings: no start on a known key, HTTPS settings that pass ``check --deploy``.

The documented production environment is read from docs/operations.md, so the page and the
check cannot drift apart.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from django.core.management.utils import get_random_secret_key

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED_KEY = "insecure-embedded-default-set-SECRET_KEY-in-production"
SHOW_KEY = (
    "import django; django.setup(); from django.conf import settings; print(settings.SECRET_KEY)"
)


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    # What a deployment does not set (the browser tests allow async-unsafe calls in-process).
    names = (
        "DATABASE_URL",
        "REDIS_URL",
        "SECRET_KEY",
        "DEBUG",
        "ALLOWED_HOSTS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    )
    env = {k: v for k, v in os.environ.items() if k not in names and not k.startswith("SECURE_")}
    return (
        env
        | {
            "DJANGO_SETTINGS_MODULE": "dotr_companion.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        }
        | extra
    )


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def documented_production_env() -> dict[str, str]:
    page = (ROOT / "docs" / "operations.md").read_text()
    block = re.search(r"```sh\n# production environment\n(.*?)```", page, re.S)
    assert block, "docs/operations.md lists the production environment in a ```sh block"
    pairs = (line.split("=", 1) for line in block.group(1).splitlines() if "=" in line)
    return {name.removeprefix("export ").strip(): value.strip() for name, value in pairs}


def test_the_published_key_is_refused_with_debug_off(tmp_path: Path):
    result = run(clean_env(tmp_path, SECRET_KEY=PUBLISHED_KEY), "-c", SHOW_KEY)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_served_beyond_the_local_network_with_debug_off_a_secret_key_is_required(tmp_path: Path):
    env = clean_env(tmp_path, ALLOWED_HOSTS="dotr.example.org")
    del env["SECRET_KEY_FILE"]  # a machine that asked to keep its own key would be allowed
    result = run(env, "-c", SHOW_KEY)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_the_embedded_default_generates_its_key_once_and_keeps_it(tmp_path: Path):
    env = clean_env(tmp_path)
    first = run(env, "-c", SHOW_KEY)
    second = run(env, "-c", SHOW_KEY)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    key = first.stdout.strip()
    assert len(key) >= 50 and key != PUBLISHED_KEY
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0  # readable by its owner only


def test_a_laptop_serving_its_own_network_keeps_a_generated_key(tmp_path: Path):
    env = clean_env(tmp_path, ALLOWED_HOSTS="localhost,192.168.1.20,[fe80::1],table.local")
    del env["SECRET_KEY_FILE"]  # the default place beside manage.py, as `make run` uses
    result = run(env, "-c", SHOW_KEY)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (ROOT / ".secret_key").read_text().strip()


def test_check_deploy_passes_with_the_documented_production_environment(tmp_path: Path):
    production = documented_production_env() | {
        "SECRET_KEY": get_random_secret_key(),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    assert production["DEBUG"] == "0"
    result = run(
        clean_env(tmp_path) | production,
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_check_deploy_flags_plain_http_without_those_settings(tmp_path: Path):
    env = clean_env(tmp_path, SECRET_KEY=get_random_secret_key(), ALLOWED_HOSTS="dotr.example.org")
    result = run(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    for warning in ("W004", "W008", "W012", "W016"):
        assert warning in result.stderr


def test_a_weak_secret_key_is_refused_with_debug_off(tmp_path: Path):
    # Django's own measure of a weak key (check --deploy, security.W009): under 50 characters,
    # or under 5 different ones. Anyone who guesses it signs sessions as any account.
    for weak in ("x", "k" * 64, "abcd" * 20, get_random_secret_key()[:49]):
        result = run(clean_env(tmp_path, SECRET_KEY=weak), "-c", SHOW_KEY)
        assert result.returncode != 0, weak
        assert "SECRET_KEY is too weak" in result.stderr
    # Django's generator draws "$" too: a key that starts with it is still the key, as it is.
    for strong in (get_random_secret_key(), "$" + get_random_secret_key()[1:]):
        started = run(clean_env(tmp_path, SECRET_KEY=strong), "-c", SHOW_KEY)
        assert started.returncode == 0, started.stderr
        assert started.stdout.strip() == strong
