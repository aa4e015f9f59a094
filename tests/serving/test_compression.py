"""What the shipped server sends a phone that accepts compression: API answers and the live
stream compressed, each stream message at once; a phone that does not gets them as they are.

The server is `python -m dotr_companion.serve` (what `make run` starts); requests go to
127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import json
import zlib
from typing import Any

import brotli
import pytest

from tests.serving.server import request, shipped_server

EMBEDDED = {"REDIS_URL": "", "DEBUG": "0", "CELERY_TASK_ALWAYS_EAGER": "1"}
CARDS = [f"a-long-card-name-{n:03d}" for n in range(60)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("compression")
    env = {
        **EMBEDDED,
        "DATABASE_URL": f"sqlite:///{folder / 'table.sqlite3'}",
        # Long enough that a message held back until the stream ends would never arrive.
        "STREAM_MAX_SECONDS": "60",
    }
    with shipped_server(env, ["--host", "127.0.0.1"], migrate=True) as (port, _process):
        yield port


@pytest.fixture
def game(server: int) -> dict[str, Any]:
    status, created = request(
        server,
        "POST",
        "/api/v1/games/",
        {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": CARDS}}},
    )
    assert status == 201, created
    return dict(created)


def get(port: int, path: str, token: str, **headers: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Authorization": f"Bearer {token}", **headers})
    return connection.getresponse()


def decoded(encoding: str | None, body: bytes) -> bytes:
    if encoding == "br":
        return bytes(brotli.decompress(body))
    if encoding == "gzip":
        return zlib.decompress(body, 31)
    return body


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_the_game_answer_is_compressed_as_the_phone_accepts(
    server: int, game: dict[str, Any], encoding: str
) -> None:
    path = f"/api/v1/games/{game['id']}/"
    plain = get(server, path, game["token"], **{"Accept-Encoding": "identity"})
    plain_body = plain.read()
    assert plain.getheader("Content-Encoding") is None
    packed = get(server, path, game["token"], **{"Accept-Encoding": f"{encoding}, deflate"})
    body = packed.read()
    assert packed.status == 200
    assert packed.getheader("Content-Encoding") == encoding
    assert "Accept-Encoding" in (packed.getheader("Vary") or "")
    assert int(packed.getheader("Content-Length") or -1) == len(body) < len(plain_body)
    assert json.loads(decoded(encoding, body)) == json.loads(plain_body)


def test_a_content_pack_compressed_still_answers_304_to_its_etag(server: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    connection.request("GET", "/api/v1/content/dotr-base/", headers={"Accept-Encoding": "gzip"})
    first = connection.getresponse()
    first.read()
    assert first.getheader("Content-Encoding") == "gzip"
    etag = first.getheader("ETag")
    assert etag and etag.startswith('W/"')  # the bytes differ from the plain answer's
    connection.request(
        "GET",
        "/api/v1/content/dotr-base/",
        headers={"Accept-Encoding": "gzip", "If-None-Match": etag},
    )
    again = connection.getresponse()
    assert (again.status, again.read()) == (304, b"")
    connection.close()


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_each_stream_message_arrives_compressed_as_soon_as_it_is_sent(
    server: int, game: dict[str, Any], encoding: str
) -> None:
    token = game["token"]
    stream = get(
        server,
        f"/api/v1/games/{game['id']}/stream/?after={game['last_seq']}",
        token,
        **{"Accept-Encoding": encoding},
    )
    assert stream.status == 200
    assert stream.getheader("Content-Encoding") == encoding
    assert stream.getheader("Content-Type", "").startswith("text/event-stream")
    decompressor = (
        brotli.Decompressor() if encoding == "br" else zlib.decompressobj(31)  # type: ignore
    )
    status, answer = request(
        server,
        "POST",
        f"/api/v1/games/{game['id']}/actions/",
        {"type": "draw", "args": {"deck": "d"}, "expected_version": game["version"]},
        token=token,
    )
    assert status == 200, answer
    text = ""
    # The stream stays open for a minute: the draw must be readable long before it ends.
    while "event: state" not in text:
        chunk = stream.read1(65536)
        assert chunk, "the stream ended before its message could be read"
        part = decompressor.process(chunk) if encoding == "br" else decompressor.decompress(chunk)
        text += part.decode()
    assert "event: change" in text and '"draw"' in text
    stream.close()


def test_a_phone_that_accepts_no_encoding_gets_the_stream_as_it_is(
    server: int, game: dict[str, Any]
) -> None:
    stream = get(server, f"/api/v1/games/{game['id']}/stream/?after=0", game["token"])
    assert stream.status == 200
    assert stream.getheader("Content-Encoding") is None
    assert stream.read1(65536).startswith((b"event:", b"id:", b":", b"retry:"))
    stream.close()
