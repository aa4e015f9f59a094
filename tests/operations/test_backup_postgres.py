"""A backup is one snapshot: commands committed while it is written are not half in it."""

from __future__ import annotations

import threading
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core import serializers
from django.core.management import call_command
from django.db import connection

from deck_tracker.models import Game
from deck_tracker.operations import backups
from tests.conftest import GENERIC_SETUP, create_table, using_postgres


class DrawWhileWriting:
    """Django's serializers, except that once the games are written another phone draws (and
    commits) before the events are."""

    def __init__(self, act: Any) -> None:
        self.act, self.drawn = act, []

    def serialize(self, format: str, rows: Any, **options: Any) -> Any:
        written = serializers.serialize(format, rows, **options)
        if not self.drawn and getattr(rows, "count", 0):  # the first rows written: the games
            thread = threading.Thread(target=self._draw)
            thread.start()
            thread.join()
        return written

    def _draw(self) -> None:
        try:
            self.drawn.append(self.act().status_code)
        finally:
            connection.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(serializers, name)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
)
def test_a_draw_committed_during_a_backup_is_wholly_after_it(tmp_path: Path, monkeypatch):
    table = create_table(GENERIC_SETUP)
    version_before = table.version()
    writer = DrawWhileWriting(lambda: table.act(table.host, "draw", {"deck": "test", "count": 2}))
    monkeypatch.setattr(backups, "serializers", writer)
    written = backups.backup_write(directory=tmp_path, keep=3)
    monkeypatch.undo()
    assert writer.drawn == [200]  # the draw committed while the archive was being written
    assert table.version() == version_before + 1

    call_command("restore", str(written.path), "--replace", stdout=StringIO())
    out = StringIO()
    call_command("verify_games", stdout=out, stderr=StringIO())
    assert "2 game(s) equal their replay" in out.getvalue()
    assert Game.objects.get(pk=table.game_id).version == version_before
