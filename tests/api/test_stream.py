"""Live updates: the server-sent event stream each phone keeps open."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from tests.conftest import GENERIC_SETUP, Table, create_table


def read_stream(response) -> list[dict]:
    messages = []
    for chunk in response.streaming_content:
        for block in chunk.decode().split("\n\n"):
            lines = dict(
                line.split(": ", 1)
                for line in block.splitlines()
                if ": " in line and not line.startswith(":")
            )
            if lines.get("event") == "change":
                messages.append({"id": int(lines["id"]), **json.loads(lines["data"])})
    return messages


@pytest.mark.django_db
def test_the_stream_resumes_after_the_last_event_id(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 2, "to": "table"})
    response = table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="2")
    assert response["Content-Type"] == "text/event-stream"
    messages = read_stream(response)
    assert [m["id"] for m in messages] == [3, 4]
    assert messages[-1]["type"] == "cards_drawn"
    assert messages[-1]["game_version"] == 2


@pytest.mark.django_db
def test_the_stream_accepts_the_token_in_the_query_for_eventsource(table: Table, client):
    response = client.get(table.url("stream/"), {"token": table.player_token, "after": 0})
    assert response.status_code == 200
    assert read_stream(response)[0]["type"] == "game_created"


@pytest.mark.django_db
def test_the_stream_shows_each_seat_only_what_it_may_see(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 2})
    host_view = read_stream(table.host.get(table.url("stream/"), HTTP_LAST_EVENT_ID="3"))
    player_view = read_stream(table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="3"))
    assert len(host_view[0]["data"]["cards"]) == 2
    assert "cards" not in player_view[0]["data"]


# Streams in these tests stay open this long at most: a generous bound, never a measurement.
OPEN_SECONDS = 30


def read_done(chunk: bytes) -> bool:
    """The stream's first read is over: it sent the seat's view, or nothing new (a keep-alive).

    The host acts only then, so that the stream waits for the change instead of reading while
    it is written (SQLite's in-memory test database refuses a write while a read holds a table).
    """
    return b"event: state" in chunk or chunk.startswith(b":")


@pytest.mark.django_db(transaction=True)
def test_a_change_reaches_an_open_stream_without_a_reload(settings):
    settings.STREAM_MAX_SECONDS = OPEN_SECONDS
    table = create_table(GENERIC_SETUP)
    last = table.version()
    stream = iter(table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="3").streaming_content)
    assert any(read_done(chunk) for chunk in stream)  # open and read before the host acts

    def host_acts() -> None:
        table.act(table.host, "shuffle", {"deck": "test"}, expected_version=last)
        connection.close()

    thread = threading.Thread(target=host_acts)
    thread.start()
    received = any(b"deck_shuffled" in chunk for chunk in stream)
    thread.join()
    assert received


@pytest.mark.django_db
def test_an_eventsource_request_is_accepted(table: Table, client):
    response = client.get(
        table.url("stream/"), {"token": table.player_token}, HTTP_ACCEPT="text/event-stream"
    )
    assert response.status_code == 200
    assert read_stream(response)[0]["type"] == "game_created"
    refused = client.get(table.url("stream/"), {"token": "wrong"}, HTTP_ACCEPT="text/event-stream")
    assert refused.status_code == 404
    assert json.loads(refused.content)["code"] == "not_found"


@pytest.mark.django_db(transaction=True)
def test_under_asgi_a_change_reaches_an_open_stream_without_waiting_for_it_to_close(settings):
    """Under ASGI a blocking stream would be read to its end before sending anything."""
    import asyncio

    from django.test import AsyncClient

    settings.STREAM_MAX_SECONDS = OPEN_SECONDS
    table = create_table(GENERIC_SETUP)
    last = table.version()

    async def scenario() -> bool:
        response = await AsyncClient().get(
            table.url("stream/"),
            headers={"Authorization": f"Bearer {table.player_token}", "Last-Event-ID": "3"},
        )
        chunks = aiter(response.streaming_content)
        # A stream read to its end first would send this only once closed, and the change
        # made after it would then never arrive.
        async for chunk in chunks:
            if read_done(chunk):
                break

        def host_acts() -> None:
            table.act(table.host, "shuffle", {"deck": "test"}, expected_version=last)
            connection.close()

        acted = asyncio.get_running_loop().run_in_executor(None, host_acts)
        received = False
        async for chunk in chunks:
            if b"deck_shuffled" in chunk:
                received = True
                break
        await acted
        return received

    assert asyncio.run(scenario())


@pytest.mark.django_db
def test_one_seat_holds_only_so_many_streams_and_another_seat_is_not_held_back(
    table: Table, settings
):
    settings.STREAM_MAX_PER_SEAT = 2
    opened = [table.player.get(table.url("stream/")) for _ in range(2)]
    assert [response.status_code for response in opened] == [200, 200]
    refused = table.player.get(table.url("stream/"))
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_streams"
    assert table.host.get(table.url("stream/")).status_code == 200
    read_stream(opened.pop())  # that stream ends (STREAM_MAX_SECONDS): its place is free again
    again = table.player.get(table.url("stream/"))
    assert again.status_code == 200
    for response in [*opened, again]:
        read_stream(response)
