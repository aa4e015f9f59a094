"""What a phone's night costs in round trips to PostgreSQL, read from libpq's own trace of the
protocol (one ``Query`` message a round trip with Django's client-side binding).

Without an ``Idempotency-Key``: the seat, ``BEGIN``, the game's locked row, the write,
``COMMIT``. With one (as the app sends every action), the command runs inside the key's
reservation, which the middleware rolls back whole for any answer but a 2xx, so it takes no
savepoint of its own: no ``SAVEPOINT`` and no ``RELEASE``."""

from __future__ import annotations

import tempfile
from collections.abc import Callable

import pytest
from django.db import connection

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


def _queries_sent(call: Callable[[], None]) -> list[str]:
    """The queries the client sent to the server while ``call`` ran."""
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


def _night(key: str | None) -> list[str]:
    game_id, token, version = _game()
    client = client_for(token)
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}

    def night() -> None:
        body = {"type": "night", "args": {"skip_evening": True}, "expected_version": version}
        response = client.post(f"/api/v1/games/{game_id}/actions/", body, format="json", **headers)
        assert response.status_code == 200, response.content[:300]

    return _queries_sent(night)


def test_a_night_without_a_key_makes_five_round_trips() -> None:
    sent = _night(None)
    assert len(sent) == 5, sent
    assert sent[1] == '"BEGIN"' and "FOR UPDATE" in sent[2] and sent[4] == '"COMMIT"'


def test_a_night_with_a_key_takes_no_savepoint_of_its_own() -> None:
    sent = _night("night-1")
    assert not [query for query in sent if "SAVEPOINT" in query], sent
    assert len(sent) == 7, sent
    assert sent[0] == '"BEGIN"' and sent[-1] == '"COMMIT"'
