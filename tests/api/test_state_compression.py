"""On PostgreSQL a game's state is compressed with LZ4 where the server has it
(``deck_tracker/migrations/0009_game_state_lz4.py``); a state written so reads back the same."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from deck_tracker.models import Game
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def _server_has_lz4() -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL default_toast_compression = lz4")
    except DatabaseError:
        return False
    return True


def test_the_state_column_compresses_with_lz4() -> None:
    if connection.vendor != "postgresql" or connection.pg_version < 140000:
        pytest.skip("PostgreSQL 14 or later only")
    if not _server_has_lz4():
        pytest.skip("this PostgreSQL server is built without LZ4")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute "
            "WHERE attrelid = 'deck_tracker_game'::regclass AND attname = 'state'"
        )
        assert cursor.fetchone() == ("l",)


def test_a_large_state_reads_back_the_same() -> None:
    created = (
        client_for()
        .post("/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json")
        .json()
    )
    game = Game.objects.get(pk=created["id"])
    notes = [{"n": n, "text": "a night on the board " * 3} for n in range(400)]
    state = dict(game.state, notes=notes)
    Game.objects.filter(pk=game.pk).update(state=state)
    assert Game.objects.get(pk=game.pk).state == state
    if connection.vendor == "postgresql" and _server_has_lz4():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_column_compression(state) FROM deck_tracker_game WHERE id = %s",
                [game.pk],
            )
            assert cursor.fetchone() == ("lz4",)
