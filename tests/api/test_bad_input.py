"""Bad input: a 400 with a stable code, and nothing changes."""

from __future__ import annotations

import pytest

from deck_tracker.models import Game
from tests.conftest import Table

pytestmark = pytest.mark.django_db


def snapshot(table: Table) -> tuple[int, dict]:
    game = Game.objects.get(pk=table.game_id)
    return game.version, game.state


def post_raw(table: Table, body: str, **extra):
    return table.host.generic(
        "POST", table.url("actions/"), body, content_type="application/json", **extra
    )


@pytest.mark.parametrize(
    "body,code",
    [
        ("{not json", "malformed_json"),
        ("[1, 2]", "invalid"),
        ('{"type": "draw"}', "invalid"),  # no expected_version
        ('{"type": "draw", "args": [], "expected_version": 1}', "invalid"),
        ('{"type": "draw", "args": {}, "expected_version": -1}', "invalid"),
        ('{"type": "draw", "args": {}, "expected_version": "one"}', "invalid"),
    ],
)
def test_malformed_envelopes(table: Table, body, code):
    before = snapshot(table)
    response = post_raw(table, body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "type,args,code,field",
    [
        ("fly", {}, "unknown_action", None),
        ("join", {"name": "x"}, "unknown_action", None),
        ("draw", {"deck": "test", "count": 0}, "invalid_arguments", "count"),
        ("draw", {"deck": "test", "count": -3}, "invalid_arguments", "count"),
        ("draw", {"deck": "test", "count": "2"}, "invalid_arguments", "count"),
        ("draw", {"deck": "test", "count": True}, "invalid_arguments", "count"),
        ("draw", {"deck": 5}, "invalid_arguments", "deck"),
        ("draw", {"deck": "test", "to": "pocket"}, "invalid_arguments", "to"),
        ("draw", {"deck": "test", "colour": "red"}, "invalid_arguments", "colour"),
        ("draw", {"deck": "nope"}, "unknown_deck", None),
        ("draw", {"deck": "test", "count": 21}, "not_enough_cards", None),
        ("draw", {"deck": "test", "seat": "9"}, "unknown_seat", None),
        ("discard", {"deck": "test", "cards": ["zz99"]}, "unknown_card", None),
        ("discard", {"deck": "test", "cards": ["c01"]}, "card_not_in_pile", None),
        ("discard", {"deck": "test", "cards": "c01"}, "invalid_arguments", "cards"),
        ("discard", {"deck": "test", "cards": []}, "invalid_arguments", "cards"),
        ("take", {"deck": "test", "cards": ["c01"], "from": "discard"}, "card_not_in_pile", None),
        ("peek", {"deck": "test", "count": 0}, "invalid_arguments", "count"),
        ("undo", {}, "not_available", None),
    ],
)
def test_refused_actions_change_nothing(table: Table, type, args, code, field):
    before = snapshot(table)
    response = table.act(table.host, type, args)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == code
    assert body["detail"]
    if field:
        assert field in body["fields"]
    assert snapshot(table) == before


def test_drawing_more_than_pile_and_discard_hold(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 15})
    table.act(table.host, "discard", {"deck": "test", "cards": table.state()["hands"]["1"][:3]})
    before = snapshot(table)
    response = table.act(table.host, "draw", {"deck": "test", "count": 9})
    assert response.json()["code"] == "not_enough_cards"
    assert "only 8" in response.json()["detail"]
    assert snapshot(table) == before


def test_oversized_body_is_refused(table: Table):
    before = snapshot(table)
    huge = '{"type": "draw", "args": {"deck": "' + "x" * 70_000 + '"}, "expected_version": 1}'
    response = post_raw(table, huge)
    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large"
    assert snapshot(table) == before


def test_bad_setups_are_refused_with_fields(db, client):
    for setup, field in [
        ({"system": "chess"}, "system"),
        ({"system": "generic"}, "decks"),
        ({"system": "generic", "decks": {"Bad Name": {"cards": ["a"]}}}, "decks.Bad Name"),
        ({"system": "generic", "decks": {"x": {"cards": ["a", "a"]}}}, "decks.x.cards"),
        ({"system": "generic", "decks": {"x": {"cards": ["a"], "owner": "me"}}}, "decks.x.owner"),
    ]:
        response = client.post("/api/v1/games/", setup, content_type="application/json")
        assert response.status_code == 400, setup
        assert field in response.json()["fields"], response.json()
    assert Game.objects.count() == 0


def test_unknown_api_path_is_json_404(db, client):
    response = client.get("/api/v1/nothing-here/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_deeply_nested_json_is_refused_not_a_server_error(table: Table):
    before = snapshot(table)
    response = post_raw(table, "[" * 60_000)
    assert response.status_code == 400
    assert response.json()["code"] == "malformed_json"
    assert snapshot(table) == before


# Lone UTF-16 surrogates: valid JSON escapes, but no Unicode text (nothing could store or send
# them back). In a path or a query they arrive as bytes that are not UTF-8.
LONE_SURROGATES = ["\\ud800", "\\ud83d", "\\udc00", "ok \\udfff end"]


@pytest.mark.parametrize("text", LONE_SURROGATES)
def test_a_lone_surrogate_in_an_action_is_refused(table: Table, text):
    before = snapshot(table)
    args = '{"result": "lost", "reason": "' + text + '"}'
    body = f'{{"type": "end_game", "args": {args}, "expected_version": {before[0]}}}'
    response = post_raw(table, body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_text"
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "path,body",
    [
        ("/api/v1/games/", '{"host": {"name": "\\ud83d", "hero": "Wizard"}}'),
        ("/api/v1/games/", '{"options": {"\\ud800": 1}}'),
        ("/api/v1/games/join/", '{"join_code": "ABCDEFGH", "name": "\\udc00"}'),
        ("/api/v1/accounts/", '{"username": "\\ud800", "password": "a-long-password"}'),
    ],
)
def test_a_lone_surrogate_in_a_create_join_or_account_is_refused(client, path, body):
    response = client.generic("POST", path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_text"
    assert Game.objects.count() == 0


def test_bytes_that_are_not_utf8_in_a_path_or_a_query_are_not_a_server_error(table: Table):
    # %ED%A0%80 is U+D800 encoded as if it were a character.
    assert table.host.get(table.url("events/") + "?after=%ED%A0%80").status_code == 400
    assert table.host.get(table.url("events/") + "?limit=%ED%A0%80").status_code == 400
    assert table.host.get("/api/v1/content/%ED%A0%80/").status_code == 404
    assert table.host.get("/api/v1/games/%ED%A0%80/").status_code == 404
    response = table.host.get("/api/v1/groups/1/members/%ED%A0%80/")
    assert response.status_code in (401, 403, 404)
    assert response.json()["code"]
