"""``manage.py backup`` and ``restore``: a whole server's data kept, brought back, played on."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import CommandError

from deck_tracker.awards import services
from deck_tracker.models import Seat
from deck_tracker.operations import backups
from deck_tracker.tasks import backup_database
from tests.awards.conftest import make_account
from tests.conftest import GENERIC_SETUP, Table, client_for, create_table

ROOT = Path(__file__).resolve().parent.parent.parent

PLAY = """
import json, django
django.setup()
from django.contrib.auth.models import User
from rest_framework.test import APIClient
from deck_tracker.awards.models import Player, PlayerGroup

alice = User.objects.create_user("alice", password="correct horse battery")
group = PlayerGroup.objects.create(owner=alice, name="Tuesday table")
group.members.add(alice)
Player.objects.create(group=group, name="Ada", account=alice)
client = APIClient()
game = client.post("/api/v1/games/", json.loads('SETUP'), format="json").json()
joined = client.post(
    "/api/v1/games/join/", {"join_code": game["join_code"], "name": "Bea"}, format="json"
).json()
host = APIClient()
host.credentials(HTTP_AUTHORIZATION="Bearer " + game["token"])
url = f"/api/v1/games/{game['id']}/"
for args in ({"deck": "test", "count": 3}, {"deck": "test", "count": 1, "to": "table"}):
    version = host.get(url).json()["version"]
    posted = host.post(
        url + "actions/", {"type": "draw", "args": args, "expected_version": version}, format="json"
    )
    assert posted.status_code == 200, posted.content
# What a group's table entered, and a game of that group.
from deck_tracker.models import ContentEntry, Game
ContentEntry.objects.create(
    group=group, pack_id="dotr-dragon", kind="value", key="generals/brimstone/life", value=6
)
Game.objects.filter(pk=game["id"]).update(content_group=group)
print(json.dumps({"game": game["id"], "token": game["token"], "view": host.get(url).json()}))
""".replace("SETUP", json.dumps(GENERIC_SETUP))

PLAY_ON = """
import json, sys, django
django.setup()
from django.contrib.auth.models import User
from rest_framework.test import APIClient
from deck_tracker.models import ContentEntry, Game
game, token = sys.argv[1], sys.argv[2]
host = APIClient()
host.credentials(HTTP_AUTHORIZATION="Bearer " + token)
url = f"/api/v1/games/{game}/"
before = host.get(url).json()
drawn = host.post(
    url + "actions/",
    {"type": "draw", "args": {"deck": "test"}, "expected_version": before["version"]},
    format="json",
)
alice = User.objects.get(username="alice")
print(json.dumps({
    "before": before,
    "status": drawn.status_code,
    "after": host.get(url).json(),
    "signs_in": alice.check_password("correct horse battery"),
    "groups": [g.name for g in alice.player_groups.all()],
    "entries": [[e.group.name, e.key, e.value] for e in ContentEntry.objects.all()],
    "game_group": Game.objects.get(pk=game).content_group.name,
}))
"""


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=180
    )


def server(tmp_path: Path, name: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {
        "DJANGO_SETTINGS_MODULE": "dotr_companion.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / name}.sqlite3",
        "SECRET_KEY_FILE": str(tmp_path / "secret_key"),
        "BACKUP_DIR": str(tmp_path / "backups"),
    }
    migrated = manage(env, "manage.py", "migrate", "--noinput", "-v", "0")
    assert migrated.returncode == 0, migrated.stderr
    return env


def test_backup_then_restore_into_an_empty_database_verifies_and_plays_on(tmp_path: Path):
    old = server(tmp_path, "old")
    played = manage(old, "-c", PLAY)
    assert played.returncode == 0, played.stderr
    game = json.loads(played.stdout)
    backup = manage(old, "manage.py", "backup")
    assert backup.returncode == 0, backup.stderr
    [archive] = (tmp_path / "backups").glob("*.jsonl.gz")

    new = server(tmp_path, "new")
    restored = manage(new, "manage.py", "restore", str(archive))
    assert restored.returncode == 0, restored.stderr
    verified = manage(new, "manage.py", "verify_games")
    assert verified.returncode == 0, verified.stderr
    assert "1 game(s) equal their replay" in verified.stdout
    again = manage(new, "manage.py", "restore", str(archive))
    assert again.returncode != 0 and "not empty" in again.stderr

    resumed = manage(new, "-c", PLAY_ON, game["game"], game["token"])
    assert resumed.returncode == 0, resumed.stderr
    result = json.loads(resumed.stdout)
    assert result["before"]["state"] == game["view"]["state"]  # the host's hand, the piles
    assert result["status"] == 200
    assert result["after"]["version"] == game["view"]["version"] + 1
    assert result["signs_in"] and result["groups"] == ["Tuesday table"]
    assert result["entries"] == [["Tuesday table", "generals/brimstone/life", 6]]
    assert result["game_group"] == "Tuesday table"


@pytest.mark.django_db
def test_backups_rotate_keeping_the_newest(table: Table, tmp_path: Path):
    for _ in range(4):
        call_command("backup", "--dir", str(tmp_path), "--keep", "2", stdout=StringIO())
    archives = sorted(tmp_path.glob("*.jsonl.gz"))
    assert len(archives) == 2
    with gzip.open(archives[-1], "rt") as archive:
        trailer = json.loads(archive.read().splitlines()[-1])
    assert trailer["counts"]["deck_tracker.Game"] == 2  # the table and the outsider's game


@pytest.mark.django_db
def test_an_archive_cut_short_is_refused(table: Table, tmp_path: Path):
    call_command("backup", "--dir", str(tmp_path), stdout=StringIO())
    [archive] = tmp_path.glob("*.jsonl.gz")
    with gzip.open(archive, "rt") as whole:
        lines = whole.read().splitlines()
    cut = tmp_path / "cut.jsonl.gz"
    with gzip.open(cut, "wt") as short:
        short.write("\n".join(lines[:-1]) + "\n")
    with pytest.raises(CommandError, match="incomplete"):
        call_command("restore", str(cut), "--replace", stdout=StringIO())


def empty_the_database() -> None:
    from deck_tracker.operations.backups import kept_models

    for model in reversed(kept_models()):
        model._default_manager.all().delete()


class WritesABrokenLine:
    """Django's serializers, except that a line no reader can parse follows the first rows."""

    def serialize(self, format: str, rows: Any, stream: Any = None, **options: Any) -> Any:
        written = serializers.serialize(format, rows, stream=stream, **options)
        stream.write('{"model": "auth.user", "pk": \n')
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(serializers, name)


@pytest.mark.django_db
def test_a_backup_that_does_not_read_back_fails_and_keeps_the_older_archives(
    table: Table, tmp_path: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
):
    settings.BACKUP_DIR, settings.BACKUP_KEEP = str(tmp_path), 1
    call_command("backup", stdout=StringIO())
    [good] = tmp_path.glob("*")
    monkeypatch.setattr(backups, "serializers", WritesABrokenLine())
    with pytest.raises(CommandError, match="line"):
        call_command("backup", stdout=StringIO())
    with pytest.raises(backups.ArchiveError):  # the scheduled task fails too
        backup_database.apply(throw=True)
    assert list(tmp_path.glob("*")) == [good]  # no broken archive, the good one not rotated


@pytest.mark.django_db
def test_an_archive_of_the_first_format_with_a_line_separator_in_a_name_restores(
    tmp_path: Path,
):
    create_table({**GENERIC_SETUP, "host": {"name": "Ada\u2028Lovelace", "hero": "W\x85"}})
    old = tmp_path / "dotr-backup-old.jsonl.gz"
    with gzip.open(old, "wt", encoding="utf-8") as archive:  # as the first format wrote it
        archive.write(json.dumps({"format": "dotr-companion-backup", "version": 1}) + "\n")
        counts = {}
        for model in backups.kept_models():
            rows = list(model._default_manager.order_by("pk"))
            serializers.serialize("jsonl", rows, stream=archive, use_natural_foreign_keys=True)
            counts[model._meta.label] = len(rows)
        archive.write(json.dumps({"end": True, "counts": counts}) + "\n")
    empty_the_database()
    call_command("restore", str(old), stdout=StringIO())
    hosts = Seat.objects.filter(is_host=True).values_list("name", "hero")
    assert set(hosts) == {("Ada\u2028Lovelace", "W\x85")}


@pytest.mark.django_db
def test_an_accounts_language_and_a_pending_invitation_come_back(tmp_path: Path):
    alice = make_account("alice")
    chose = alice.client.patch("/api/v1/accounts/me/", {"language": "de"}, format="json")
    assert chose.status_code == 200, chose.content
    group = alice.client.post("/api/v1/groups/", {"name": "Dienstag"}, format="json").json()
    invited = alice.client.post(
        f"/api/v1/groups/{group['id']}/members/", {"username": "bob"}, format="json"
    )
    assert invited.status_code == 200, invited.content
    call_command("backup", "--dir", str(tmp_path), stdout=StringIO())
    [archive] = tmp_path.glob("*.jsonl.gz")
    empty_the_database()
    call_command("restore", str(archive), stdout=StringIO())
    alice = make_account_client("alice")
    assert alice.get("/api/v1/accounts/me/").json()["language"] == "de"
    assert alice.get(f"/api/v1/groups/{group['id']}/").json()["invited"] == ["bob"]


def make_account_client(username: str) -> Any:
    """A new token for an account brought back by a restore."""
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(username=username)
    return client_for(services.account_token_create(user=user))


def test_every_model_is_kept_or_said_to_be_safe_to_lose():
    from django.apps import apps

    from deck_tracker.operations.backups import KEPT_MODELS, NOT_KEPT_MODELS

    ours = {
        model._meta.label
        for name in ("deck_tracker", "awards")
        for model in apps.get_app_config(name).get_models()
    }
    assert ours - set(KEPT_MODELS) == set(NOT_KEPT_MODELS)
