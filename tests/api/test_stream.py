"""Live updates: the server-sent event stream each phone keeps open."""

from __future__ import annotations

import json
import threading
import time

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


@pytest.mark.django_db(transaction=True)
def test_a_change_reaches_an_open_stream_without_a_reload(settings):
    settings.STREAM_MAX_SECONDS = 3
    table = create_table(GENERIC_SETUP)
    last = table.version()
    stream = table.player.get(table.url("stream/"), HTTP_LAST_EVENT_ID="3")
    acted_at: list[float] = []

    def host_acts() -> None:
        time.sleep(0.5)
        acted_at.append(time.monotonic())
        table.act(table.host, "shuffle", {"deck": "test"}, expected_version=last)
        connection.close()

    thread = threading.Thread(target=host_acts)
    thread.start()
    received_at = None
    for chunk in stream.streaming_content:
        if b"deck_shuffled" in chunk:
            received_at = time.monotonic()
            break
    thread.join()
    assert received_at is not None
    assert received_at - acted_at[0] < 2.0


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

    settings.STREAM_MAX_SECONDS = 6
    table = create_table(GENERIC_SETUP)
    last = table.version()

    async def scenario() -> float:
        response = await AsyncClient().get(
            table.url("stream/"),
            headers={"Authorization": f"Bearer {table.player_token}", "Last-Event-ID": "3"},
        )
        loop = asyncio.get_running_loop()

        def host_acts() -> None:
            time.sleep(0.5)
            table.act(table.host, "shuffle", {"deck": "test"}, expected_version=last)
            connection.close()

        acted = loop.run_in_executor(None, host_acts)
        started = time.monotonic()
        async for chunk in response.streaming_content:
            if b"deck_shuffled" in chunk:
                break
        await acted
        return time.monotonic() - started

    assert asyncio.run(scenario()) < 2.5  # the change (posted after 0.5 s), not the 6 s close
