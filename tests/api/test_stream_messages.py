"""What the live stream carries (each change and the seat's view, as a patch) and who may hold it.

Personas: the host (seat 1) and a seated player (seat 2), as in tests/conftest.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

import jsonpatch
import pytest
from django.db import connection

from deck_tracker.live.stream import SeatStream
from deck_tracker.models import Seat
from tests.api.test_stream import read_stream
from tests.conftest import GENERIC_SETUP, Table, create_table


def stream_messages(response) -> list[tuple[str, dict]]:
    messages = []
    for chunk in response.streaming_content:
        for block in chunk.decode().split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            if "event" in fields:
                messages.append((fields["event"], json.loads(fields["data"])))
    return messages


def _stream_of(table: Table, client, number: int) -> SeatStream:
    seat = Seat.objects.get(game_id=table.game_id, number=number)
    return SeatStream(game_id=table.game_id, seat=seat, after=table.version())


def _state_message(messages: list[bytes]) -> dict:
    (state,) = [m for m in messages if m.startswith(b"event: state")]
    return json.loads(state.decode().split("data: ", 1)[1])


@pytest.mark.django_db
def test_a_phone_applies_the_streamed_patch_and_holds_what_a_get_answers(table: Table):
    before = table.player.get(table.url()).json()
    stream = _stream_of(table, table.player, 2)
    stream.after = before["last_seq"]
    assert stream.read() == ([], True)  # nothing new: the stream notes the view as its base
    table.act(table.host, "draw", {"deck": "test", "count": 2, "to": "table"})
    messages, _ = stream.read()
    message = _state_message(messages)
    after = table.player.get(table.url()).json()
    assert message["base_version"] == before["version"]
    assert message["version"] == after["version"]
    assert jsonpatch.apply_patch(before, message["patch"]) == after


@pytest.mark.django_db
def test_each_seat_s_patch_shows_only_what_that_seat_may_see(table: Table):
    streams = {number: _stream_of(table, None, number) for number in (1, 2)}
    for stream in streams.values():
        stream.after = stream.after + 10**6  # only the view, no events, as a base
        stream.read()
        stream.after = table.host.get(table.url()).json()["last_seq"]
    table.act(table.host, "draw", {"deck": "test", "count": 2})
    host_patch = json.dumps(_state_message(streams[1].read()[0])["patch"])
    player_patch = json.dumps(_state_message(streams[2].read()[0])["patch"])
    hand = table.host.get(table.url()).json()["state"]["decks"]["test"]["hand"]
    assert len(hand) == 2
    assert all(card in host_patch for card in hand)
    assert not any(card in player_patch for card in hand)


@pytest.mark.django_db
def test_a_stream_opened_behind_sends_the_whole_view(table: Table):
    table.act(table.host, "shuffle", {"deck": "test"})
    messages = stream_messages(table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="3"))
    assert [kind for kind, _ in messages] == ["change", "state"]
    assert messages[-1][1]["game"] == table.player.get(table.url()).json()


@pytest.mark.django_db(transaction=True)
def test_reissuing_a_seat_s_token_ends_that_seat_s_open_stream_at_once(settings):
    settings.STREAM_MAX_SECONDS = 60
    table = create_table(GENERIC_SETUP)
    stream = table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="999")

    def host_reissues() -> None:
        time.sleep(0.3)
        assert table.host.post(table.url("seats/2/token/")).status_code in (200, 201)
        connection.close()

    thread = threading.Thread(target=host_reissues)
    thread.start()
    messages = stream_messages(stream)  # ends on its own: no 60 s wait, no reload
    thread.join()
    assert messages[-1] == ("revoked", {"code": "token_reissued"})
    assert table.player.get(table.url("stream/")).status_code == 404


@pytest.mark.django_db
def test_a_stream_ticket_opens_the_seat_s_stream_without_the_token_in_the_address(
    table: Table, client
):
    answer = table.player.post(table.url("stream/ticket/"))
    assert answer.status_code == 201
    ticket = answer.json()["ticket"]
    assert table.player_token not in ticket
    response = client.get(table.url("stream/"), {"ticket": ticket}, HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 200
    assert read_stream(response)[0]["type"] == "game_created"
    other = create_table(GENERIC_SETUP)
    assert client.get(other.url("stream/"), {"ticket": ticket}).status_code == 404
    assert client.get(table.url("stream/"), {"ticket": ticket + "x"}).status_code == 404
    assert table.outsider.post(table.url("stream/ticket/")).status_code == 404


@pytest.mark.django_db
def test_a_ticket_stops_working_when_its_seat_s_token_is_reissued(table: Table, client):
    ticket = table.player.post(table.url("stream/ticket/")).json()["ticket"]
    table.host.post(table.url("seats/2/token/"))
    assert client.get(table.url("stream/"), {"ticket": ticket}).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_asgi_application_serves_the_stream_itself():
    from dotr_companion.asgi import application

    table = create_table(GENERIC_SETUP)

    async def get(path: str, query: bytes, headers: list) -> tuple[int, bytes]:
        sent: list[dict] = []

        async def receive() -> dict:
            if not sent:
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "method": "GET",
            "path": path,
            "query_string": query,
            "headers": headers,
            "scheme": "http",
            "server": ("127.0.0.1", 80),
            "client": ("127.0.0.1", 5000),
        }
        await application(scope, receive, send)
        return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])

    bearer = [(b"authorization", f"Bearer {table.player_token}".encode())]
    status, body = asyncio.run(get(f"/api/v1/games/{table.game_id}/stream/", b"", bearer))
    assert status == 200
    assert b"event: change" in body and b"game_created" in body and b"event: state" in body
    status, body = asyncio.run(
        get(f"/api/v1/games/{table.game_id}/stream/", f"token={table.host_token}x".encode(), [])
    )
    assert (status, json.loads(body)["code"]) == (404, "not_found")
