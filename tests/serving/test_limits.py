"""The shipped server bounds what one client can make it hold: bodies, headers, streams.

Against the exact command `make run` starts (uvicorn in front of the app), bound to 127.0.0.1;
every socket here is a hostile client's, on loopback only.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator

import pytest

from tests.serving.server import request, shipped_server

LIMIT = 65_536
HEADER_SECONDS = 2
STREAMS_PER_SEAT = 3
SETUP = {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": ["a", "b", "c"]}}}


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    env = {
        "REDIS_URL": "",
        "DEBUG": "0",
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('limits') / 'table.sqlite3'}",
        "MAX_REQUEST_BYTES": str(LIMIT),
        # Long enough that a refusal seen here is the limit's, never the slow-body timeout's.
        "REQUEST_BODY_TIMEOUT_SECONDS": "60",
        "REQUEST_HEADER_TIMEOUT_SECONDS": str(HEADER_SECONDS),
        "STREAM_MAX_PER_SEAT": str(STREAMS_PER_SEAT),
        "STREAM_MAX_SECONDS": "60",
        "CREATE_THROTTLE_RATE": "1000/min",
    }
    with shipped_server(env, ["--host", "127.0.0.1"], migrate=True) as (port, _process):
        yield port


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=20)


def _answer(sender: socket.socket) -> bytes:
    """What the server wrote before closing (or the first part of it)."""
    received = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sender.recv(4096):
            received += chunk
            if b"\r\n\r\n" in received and b"}" in received:
                break
    return received


def _post_head(*, length: int | None) -> bytes:
    framing = f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked"
    return (
        "POST /api/v1/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"{framing}\r\n\r\n"
    ).encode()


def test_a_body_declared_over_the_limit_is_refused_with_413_before_it_is_sent(port: int) -> None:
    with _connect(port) as sender:
        sender.sendall(_post_head(length=1_500_000_000) + b'{"system": "gen')
        answer = _answer(sender)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"request_too_large"' in answer


def test_a_chunked_body_is_refused_with_413_once_it_passes_the_limit(port: int) -> None:
    piece = b"x" * 16_384
    chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    with _connect(port) as sender:
        sender.sendall(_post_head(length=None))
        for _ in range(LIMIT // len(piece) + 1):
            sender.sendall(chunk)
        # The last chunk never comes: the server must not wait for it.
        answer = _answer(sender)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"request_too_large"' in answer


def test_a_chunked_body_under_the_limit_still_creates_the_game(port: int) -> None:
    body = b'{"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": ["a"]}}}'
    with _connect(port) as sender:
        sender.sendall(
            _post_head(length=None) + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
        )
        answer = _answer(sender)
    assert answer.startswith(b"HTTP/1.1 201"), answer[:300]


def test_half_sent_headers_are_dropped_and_the_server_keeps_answering(port: int) -> None:
    senders = [_connect(port) for _ in range(20)]
    try:
        for sender in senders:
            sender.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Never-Ends: ")
        assert request(port, "GET", "/healthz", timeout=10) == (200, {"status": "ok"})
        # Each is closed by the server (a 408 at most), never left open for the sender.
        answers = [_answer(sender) for sender in senders]
    finally:
        for sender in senders:
            sender.close()
    assert all(answer == b"" or answer.startswith(b"HTTP/1.1 408") for answer in answers)


def test_a_keep_alive_connection_still_serves_its_next_request(port: int) -> None:
    with _connect(port) as phone:
        for _ in range(2):
            phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert _answer(phone).startswith(b"HTTP/1.1 200")


def _open_stream(port: int, game_id: str, token: str) -> tuple[socket.socket, bytes]:
    phone = _connect(port)
    phone.sendall(
        f"GET /api/v1/games/{game_id}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    received = b""
    while b"retry:" not in received and not (
        received.startswith(b"HTTP/1.1 4") and b"}" in received
    ):
        chunk = phone.recv(4096)
        if not chunk:
            break
        received += chunk
    return phone, received


def test_one_seat_opens_only_so_many_streams_and_a_closed_one_frees_its_place(port: int) -> None:
    status, created = request(port, "POST", "/api/v1/games/", SETUP)
    assert status == 201, created
    game, token = created["id"], created["token"]
    opened = [_open_stream(port, game, token) for _ in range(STREAMS_PER_SEAT)]
    try:
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in opened)
        extra, head = _open_stream(port, game, token)
        extra.close()
        assert head.startswith(b"HTTP/1.1 429"), head[:200]
        assert b'"too_many_streams"' in head
        # Another seat of the same table is not held back by this one.
        status, joined = request(
            port, "POST", "/api/v1/games/join/", {"join_code": created["join_code"], "name": "Bea"}
        )
        assert status == 201, joined
        other, head = _open_stream(port, game, joined["token"])
        other.close()
        assert head.startswith(b"HTTP/1.1 200"), head[:200]
        # A phone that hangs up gives its place back.
        opened.pop()[0].close()
        for _ in range(40):
            again, head = _open_stream(port, game, token)
            again.close()
            if head.startswith(b"HTTP/1.1 200"):
                break
            time.sleep(0.25)
        assert head.startswith(b"HTTP/1.1 200"), head[:200]
    finally:
        for phone, _ in opened:
            phone.close()


def test_the_tables_screen_hears_its_stream_under_the_shipped_server_and_holds_its_own_places(
    port: int,
) -> None:
    """The table's screen reads the live stream with its display token (the ASGI stream path),
    in places of its own: the host's phone streams beside it as before."""
    status, created = request(port, "POST", "/api/v1/games/", SETUP)
    assert status == 201, created
    game, token = created["id"], created["token"]
    status, shown = request(port, "POST", f"/api/v1/games/{game}/display/", token=token)
    assert status == 201, shown
    screens = [_open_stream(port, game, shown["token"]) for _ in range(STREAMS_PER_SEAT)]
    try:
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in screens)
        phone, head = _open_stream(port, game, token)
        phone.close()
        assert head.startswith(b"HTTP/1.1 200"), head[:200]
        screen, first = screens[0]
        received = first
        while b"event: state" not in received:
            received += screen.recv(65536)
        assert b'"seat":null' in received and b'"hands":{}' in received
    finally:
        for sock, _ in screens:
            sock.close()
