"""On PostgreSQL the first statement of a transaction carries its ``BEGIN`` in the same round
trip (``deck_tracker.games.statements.execute``): the night's request makes four round trips
(the seat, ``BEGIN`` with the game's locked row, the write, ``COMMIT``) where it made five, and
the transaction is the same: the lock is held to its end, a failure or a refusal rolls back
everything in it, and the connection goes on as before afterwards."""

from __future__ import annotations

import tempfile
import threading

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone

from deck_tracker.games import statements
from deck_tracker.models import Game, IdempotencyRecord
from tests.conftest import client_for, using_postgres

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not using_postgres(), reason="needs PostgreSQL: set DATABASE_URL=postgres://..."
    ),
]


def _game() -> tuple[str, str, int]:
    created = (
        client_for()
        .post("/api/v1/games/", {"host": {"name": "Ada", "hero": "Paladin"}}, format="json")
        .json()
    )
    return created["id"], created["token"], created["version"]


def _queries_sent(call) -> list[str]:
    """The queries the client sent to the server while ``call`` ran (libpq's trace of the
    protocol: one ``Query`` message a round trip here)."""
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    with tempfile.TemporaryFile("w+") as trace:
        pgconn.trace(trace.fileno())
        try:
            call()
        finally:
            pgconn.untrace()
        trace.seek(0)
        return [
            line.split("\t")[4].strip()
            for line in trace.read().splitlines()
            if "\tF\t" in line and "\tQuery\t" in line
        ]


def test_the_night_makes_four_round_trips() -> None:
    game_id, token, version = _game()
    client = client_for(token)
    url = f"/api/v1/games/{game_id}/actions/"

    def night() -> None:
        body = {"type": "night", "args": {"skip_evening": True}, "expected_version": version}
        response = client.post(url, body, format="json")
        assert response.status_code == 200, response.content[:300]

    sent = _queries_sent(night)
    assert len(sent) == 4, sent
    assert sent[1].startswith('"BEGIN; SELECT')
    assert "FOR UPDATE" in sent[1]
    assert sent[3] == '"COMMIT"'


def test_the_lock_of_the_first_statement_is_held_to_the_commit() -> None:
    from deck_tracker.games.selectors import game_locked

    game_id, _, _ = _game()
    tried: list[str] = []

    def other_phone() -> None:
        # Another connection, as another request's thread: its lock must wait for ours.
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(
                    "SELECT id FROM deck_tracker_game WHERE id = %s FOR UPDATE NOWAIT", [game_id]
                )
            tried.append("locked")
        except DatabaseError:
            tried.append("refused")
        finally:
            connections.close_all()

    with transaction.atomic():
        game_locked(game_id)
        assert connection.connection.pgconn.transaction_status != 0  # in the transaction
        thread = threading.Thread(target=other_phone)
        thread.start()
        thread.join()
    assert tried == ["refused"]
    thread = threading.Thread(target=other_phone)
    thread.start()
    thread.join()
    assert tried == ["refused", "locked"]


def _record(key: str) -> dict:
    return {
        "scope": "test",
        "key": key,
        "request_hash": "h",
        "salt": "s",
        "status": 0,
        "body": None,
        "token_paths": [],
        "created_at": timezone.now(),
    }


def test_a_transaction_so_opened_rolls_back_whole() -> None:
    class Refused(Exception):
        pass

    with pytest.raises(Refused), transaction.atomic():
        assert statements.insert_row(IdempotencyRecord, _record("first")) is not None
        Game.objects.update(updated_at=timezone.now())
        raise Refused
    assert not IdempotencyRecord.objects.filter(key="first").exists()
    with transaction.atomic():
        statements.insert_row(IdempotencyRecord, _record("second"))
        transaction.set_rollback(True)
    assert not IdempotencyRecord.objects.filter(key="second").exists()
    # The connection goes on as before: autocommit outside, a new transaction inside.
    assert connection.get_autocommit()
    with transaction.atomic():
        statements.insert_row(IdempotencyRecord, _record("third"))
    assert IdempotencyRecord.objects.filter(key="third").exists()


def test_a_first_statement_that_fails_leaves_the_connection_usable() -> None:
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        statements.execute(connection, cursor, "SELECT 1 / %s", [0])
    with transaction.atomic(), connection.cursor() as cursor:
        statements.execute(connection, cursor, "SELECT 1 + %s", [1])
        assert cursor.fetchone() == (2,)
    with connection.cursor() as cursor:  # autocommit again: no transaction left open
        cursor.execute("SELECT 1")
        assert connection.connection.pgconn.transaction_status == 0
