"""`make run` serves the table: every interface, the host's LAN names as Host, slow bodies cut.

The server is the exact command `make run` starts; every request goes to 127.0.0.1.
"""

from __future__ import annotations

import socket
import time

import pytest

from dotr_companion.lan import lan_hosts
from tests.serving.server import listening_addresses, request, shipped_server

# The embedded default, whatever the test run itself uses: SQLite, no Redis, DEBUG off.
EMBEDDED = {"REDIS_URL": "", "DEBUG": "0", "CELERY_TASK_ALWAYS_EAGER": "1"}


@pytest.fixture
def embedded_env(tmp_path, monkeypatch) -> dict[str, str]:
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)
    monkeypatch.delenv("ALLOW_LAN_HOSTS", raising=False)
    return {**EMBEDDED, "DATABASE_URL": f"sqlite:///{tmp_path / 'table.sqlite3'}"}


def test_make_run_listens_on_every_interface_and_phones_join_by_the_lan_address(embedded_env):
    with shipped_server(embedded_env, migrate=True) as (port, _process):
        assert listening_addresses(port) & {"0.0.0.0", "::"}
        lan = lan_hosts()
        for host in lan:
            status, body = request(port, "GET", "/healthz", host=f"{host}:{port}")
            assert (status, body) == (200, {"status": "ok"}), host
        phone_host = f"{lan[0]}:{port}"
        status, created = request(
            port,
            "POST",
            "/api/v1/games/",
            {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": ["a", "b"]}}},
            host=phone_host,
        )
        assert status == 201, created
        status, joined = request(
            port,
            "POST",
            "/api/v1/games/join/",
            {"join_code": created["join_code"], "name": "Bea"},
            host=phone_host,
        )
        assert status == 201, joined
        status, game = request(
            port, "GET", f"/api/v1/games/{created['id']}/", host=phone_host, token=joined["token"]
        )
        assert status == 200
        assert [seat["name"] for seat in game["seats"]] == ["Ada", "Bea"]
        # Only this host's own names are let in.
        assert request(port, "GET", "/healthz", host="tables.example.org")[0] == 400


def test_make_run_on_loopback_only(embedded_env):
    with shipped_server(embedded_env, ["--host", "127.0.0.1"], migrate=True) as (port, _):
        assert listening_addresses(port) == {"0100007F"}  # 127.0.0.1, as /proc/net/tcp spells it
        assert request(port, "GET", "/healthz", host=f"{socket.gethostname()}.local")[0] == 400


def _half_sent_body(port: int) -> socket.socket:
    sender = socket.create_connection(("127.0.0.1", port), timeout=30)
    sender.sendall(
        b"POST /api/v1/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        b'{"system": "gen'
    )
    return sender


def test_forty_half_sent_bodies_leave_the_server_answering_and_are_cut_off(embedded_env):
    env = {**embedded_env, "REQUEST_BODY_TIMEOUT_SECONDS": "3"}
    with shipped_server(env, ["--host", "127.0.0.1"], migrate=True) as (port, _):
        senders = [_half_sent_body(port) for _ in range(40)]
        try:
            time.sleep(0.5)
            assert request(port, "GET", "/healthz", timeout=10) == (200, {"status": "ok"})
            answers = [sender.recv(200) for sender in senders]
        finally:
            for sender in senders:
                sender.close()
        assert all(answer.startswith(b"HTTP/1.1 408") for answer in answers), answers[0]
