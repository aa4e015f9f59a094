"""Open live streams hold no database connection: many phones wait on a pool of three.

Against PostgreSQL, on the shipped server (uvicorn with the ASGI stream path). Were each
waiting stream to keep its connection, the 31st phone would find the pool of 3 empty.
"""

from __future__ import annotations

import os
import socket

import pytest
from django.db import connection

from tests.conftest import using_postgres
from tests.serving.server import request, shipped_server

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not using_postgres(), reason="needs PostgreSQL (DATABASE_URL)"),
]
PHONES = 30
POOL = 3
SERVER_NAME = "dotr-live-test-server"
SETUP = {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": ["a", "b", "c"]}}}


def _server_env() -> dict[str, str]:
    settings = connection.settings_dict
    url = (
        f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
        f"?application_name={SERVER_NAME}"
    )
    return {
        "DATABASE_URL": url,
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        "DATABASE_POOL_MAX_SIZE": str(POOL),
        "STREAM_MAX_SECONDS": "60",
        "CREATE_THROTTLE_RATE": "1000/min",
        "JOIN_THROTTLE_RATE": "1000/min",
    }


def _open_stream(port: int, game_id: str, token: str) -> socket.socket:
    phone = socket.create_connection(("127.0.0.1", port), timeout=30)
    phone.sendall(
        f"GET /api/v1/games/{game_id}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {token}\r\nLast-Event-ID: 0\r\n\r\n".encode()
    )
    received = b""
    while b"retry:" not in received:
        received += phone.recv(4096)
    assert received.startswith(b"HTTP/1.1 200"), received[:100]
    return phone


def _server_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [SERVER_NAME]
        )
        return int(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_thirty_open_streams_wait_without_database_connections():
    with shipped_server(_server_env(), ["--host", "127.0.0.1"]) as (port, _):
        tables = []
        for _ in range(PHONES):
            status, game = request(port, "POST", "/api/v1/games/", SETUP)
            assert status == 201, game
            status, joined = request(
                port, "POST", "/api/v1/games/join/", {"join_code": game["join_code"], "name": "B"}
            )
            assert status == 201, joined
            tables.append((game, joined["token"]))
        phones = [_open_stream(port, game["id"], token) for game, token in tables]
        try:
            assert _server_connections() <= POOL
            for game, _token in tables:
                status, body = request(
                    port,
                    "POST",
                    f"/api/v1/games/{game['id']}/actions/",
                    {"type": "shuffle", "args": {"deck": "d"}, "expected_version": 1},
                    token=game["token"],
                )
                assert status == 200, body
            for phone in phones:
                received = b""
                while b"deck_shuffled" not in received:
                    chunk = phone.recv(65536)
                    assert chunk, "the stream closed before the change arrived"
                    received += chunk
            assert _server_connections() <= POOL
        finally:
            for phone in phones:
                phone.close()
