"""The actions list costs a phone nothing while it is unchanged: an ETag naming the list, 304 when
the phone holds it, and the same tag in every ``state`` message of the stream; when it changes,
the stream brings the patch from the list the seat held, so the phone reads nothing.

Personas: the host (seat 1) and a seated player (seat 2), as in tests/conftest.py.
"""

from __future__ import annotations

import json

import jsonpatch
import pytest

from deck_tracker.live.stream import SeatStream
from deck_tracker.models import Seat
from tests.api.test_stream_messages import stream_messages
from tests.conftest import Table, create_table


@pytest.fixture
def dotr_table(db: None) -> Table:
    return create_table({})


def _tag(table: Table, client, **headers: str) -> str:
    response = client.get(table.url("actions/"), **headers)
    assert response.status_code == 200, response.content
    return str(response["ETag"])


@pytest.mark.django_db
def test_a_phone_holding_the_actions_list_gets_304_and_no_body(dotr_table: Table):
    table = dotr_table
    tag = _tag(table, table.host)
    again = table.host.get(table.url("actions/"), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag


@pytest.mark.django_db
def test_another_player_wounding_their_hero_leaves_the_host_s_list_as_it_was(dotr_table: Table):
    table = dotr_table
    # The first wound makes an undo possible, which the host's list offers from then on.
    assert table.act(table.player, "wound_hero", {"seat": "2"}).status_code == 200
    tag = _tag(table, table.host)
    version = table.version()
    assert table.act(table.player, "wound_hero", {"seat": "2"}).status_code == 200
    assert table.version() > version
    # The game moved on; what the host may do did not: the host's copy is still current.
    response = table.host.get(table.url("actions/"), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 304


@pytest.mark.django_db
def test_a_changed_list_comes_whole_with_a_new_tag(table: Table):
    tag = _tag(table, table.host)
    assert table.act(table.host, "draw", {"deck": "test", "count": 2}).status_code == 200
    # Cards in hand: the host may now discard them, so the list is another one.
    response = table.host.get(table.url("actions/"), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    assert response["ETag"] != tag
    discard = next(a for a in response.json()["actions"] if a["type"] == "discard")
    assert discard["available"]


@pytest.mark.django_db
def test_each_seat_s_stream_carries_the_tag_its_actions_list_answers_with(table: Table):
    assert table.act(table.host, "draw", {"deck": "test", "count": 2}).status_code == 200
    for client in (table.host, table.player):
        messages = stream_messages(client.get(table.url("stream/"), HTTP_LAST_EVENT_ID="0"))
        state = messages[-1][1]
        assert messages[-1][0] == "state"
        assert state["actions_tag"] == _tag(table, client)


@pytest.mark.django_db
def test_the_tag_names_the_list_in_the_reader_s_language(dotr_table: Table):
    table = dotr_table
    english = _tag(table, table.host, HTTP_ACCEPT_LANGUAGE="en")
    german = _tag(table, table.host, HTTP_ACCEPT_LANGUAGE="de")
    assert english != german
    stale = table.host.get(
        table.url("actions/"), HTTP_IF_NONE_MATCH=english, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert stale.status_code == 200


def _host_stream(table: Table) -> SeatStream:
    """The host's stream, opened at the current event: it notes the host's view and list."""
    seat = Seat.objects.get(game_id=table.game_id, number=1)
    last_seq = table.host.get(table.url()).json()["last_seq"]
    stream = SeatStream(game_id=table.game_id, seat=seat, after=last_seq, lang="en")
    assert stream.read() == ([], True)
    return stream


def _state(stream: SeatStream) -> dict:
    messages, _ = stream.read()
    (state,) = [m for m in messages if m.startswith(b"event: state")]
    return json.loads(state.decode().split("data: ", 1)[1])


@pytest.mark.django_db
def test_another_player_s_undo_brings_the_host_the_patch_of_what_it_may_now_do(
    dotr_table: Table,
):
    table = dotr_table
    assert table.act(table.player, "wound_hero", {"seat": "2"}).status_code == 200
    held = table.host.get(table.url("actions/"), HTTP_ACCEPT_LANGUAGE="en")
    stream = _host_stream(table)
    # Bea takes her wound back: nothing is left to undo, and the table may redo it.
    assert table.act(table.player, "undo").status_code == 200
    state = _state(stream)
    now = table.host.get(table.url("actions/"), HTTP_ACCEPT_LANGUAGE="en")
    assert state["actions_base"] == held["ETag"]
    assert state["actions_tag"] == now["ETag"] != held["ETag"]
    patched = jsonpatch.apply_patch(held.json()["actions"], state["actions_patch"])
    assert patched == now.json()["actions"]
    offered = {a["type"]: a["available"] for a in patched}
    assert offered["redo"] and not offered["undo"]
    # What changed, not the list: a few hundred bytes against the whole list's tens of KB.
    assert len(json.dumps(state["actions_patch"])) < len(json.dumps(patched)) / 50


@pytest.mark.django_db
def test_a_change_that_leaves_the_host_s_actions_as_they_were_brings_no_patch(
    dotr_table: Table,
):
    table = dotr_table
    assert table.act(table.player, "wound_hero", {"seat": "2"}).status_code == 200
    held = table.host.get(table.url("actions/"), HTTP_ACCEPT_LANGUAGE="en")["ETag"]
    stream = _host_stream(table)
    assert table.act(table.player, "wound_hero", {"seat": "2"}).status_code == 200
    state = _state(stream)
    assert state["actions_tag"] == held
    assert "actions_patch" not in state
