"""Games through the HTTP API: create, join, see, act, undo, as the host, a player, an outsider."""

from __future__ import annotations

import json

import pytest

from deck_tracker.engine.core import Event, fold
from deck_tracker.models import Game, GameEvent
from tests.conftest import GENERIC_SETUP, TEST_CARDS, Table, client_for, create_table

pytestmark = pytest.mark.django_db


def draw_pile(table: Table, deck: str = "test") -> list[str]:
    return list(Game.objects.get(pk=table.game_id).state["decks"][deck]["draw"])


def test_create_returns_host_token_join_code_version_and_state(client_for_anyone=None):
    response = client_for().post(
        "/api/v1/games/",
        {"system": "generic", "decks": {"test": {"cards": TEST_CARDS}}},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert {"id", "join_code", "token", "version", "state"} <= set(body)
    assert body["version"] == 0
    assert body["state"]["decks"]["test"]["draw_size"] == 20
    assert len(body["join_code"]) == 8


def test_join_gives_a_seat_token_that_sees_the_game(table: Table):
    response = table.player.get(table.url())
    assert response.status_code == 200
    body = response.json()
    assert body["seat"] == "2"
    assert [seat["name"] for seat in body["seats"]] == ["Ada", "Bea"]


def test_join_code_is_accepted_in_lower_case_with_a_dash(table: Table):
    code = table.join_code.lower()
    response = client_for().post(
        "/api/v1/games/join/", {"join_code": f"{code[:4]}-{code[4:]}", "name": "Cy"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["seat_id"] == "3"


def test_unknown_join_code_is_404(db):
    response = client_for().post(
        "/api/v1/games/join/", {"join_code": "ZZZZ2222", "name": "Eve"}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["code"] == "unknown_join_code"


def test_join_attempts_are_throttled(db):
    anonymous = client_for()
    codes = [
        anonymous.post(
            "/api/v1/games/join/", {"join_code": f"WRONG{n:03d}", "name": "Eve"}, format="json"
        ).status_code
        for n in range(25)
    ]
    assert codes[:20] == [404] * 20
    assert codes[-1] == 429
    refused = anonymous.post(
        "/api/v1/games/join/", {"join_code": "WRONG999", "name": "Eve"}, format="json"
    )
    assert refused.json()["code"] == "throttled"


@pytest.mark.parametrize(
    "method,suffix,body",
    [
        ("get", "", None),
        ("get", "actions/", None),
        ("get", "events/", None),
        ("get", "stream/", None),
        ("post", "actions/", {"type": "draw", "args": {"deck": "test"}, "expected_version": 1}),
    ],
)
def test_outsider_and_anonymous_see_404_everywhere(table: Table, method, suffix, body):
    for client in (table.outsider, client_for(), client_for("not-a-token")):
        response = getattr(client, method)(table.url(suffix), body, format="json")
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    assert table.version() == 1  # the join; nothing else happened


def test_each_seat_sees_its_own_hand_and_only_the_size_of_others(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 3})
    table.act(table.player, "draw", {"deck": "test", "count": 2})
    host_view = table.state(table.host)
    player_view = table.state(table.player)
    host_hand = host_view["hands"]["1"]
    assert len(host_hand) == 3 and "2" not in host_view["hands"]
    assert len(player_view["hands"]["2"]) == 2 and "1" not in player_view["hands"]
    assert player_view["decks"]["test"]["hand_sizes"] == {"1": 3, "2": 2}
    assert not set(host_hand) & set(json.dumps(player_view).split('"'))


def test_no_response_contains_the_draw_order(table: Table):
    responses = [
        table.act(table.host, "shuffle", {"deck": "test"}),
        table.host.get(table.url()),
        table.host.get(table.url("events/")),
        table.player.get(table.url("events/")),
        table.host.get(table.url("actions/")),
        table.act(table.host, "draw", {"deck": "test", "count": 2, "to": "table"}),
        table.act(table.host, "undo"),
        table.act(table.host, "redo"),
    ]
    order = draw_pile(table)
    for response in responses:
        text = response.content.decode()
        assert json.dumps(order) not in text
        assert json.dumps(order[::-1]) not in text
        assert json.dumps(order[-5:][::-1])[1:-1] not in text  # not even the next five in order


def test_draw_moves_cards_from_the_top_and_a_redo_reveals_the_same_card(table: Table):
    top = draw_pile(table)[-1]
    drawn = table.act(table.host, "draw", {"deck": "test"}).json()
    assert drawn["state"]["hands"]["1"] == [top]
    undone = table.act(table.player, "undo").json()
    assert undone["state"]["decks"]["test"]["draw_size"] == 20
    assert draw_pile(table)[-1] == top
    assert undone["events"][0]["summary"].startswith("Bea (Rogue) undid: Ada (Wizard) drew 1")
    redone = table.act(table.host, "redo").json()
    assert redone["state"]["hands"]["1"] == [top]


def test_an_undone_shuffle_restores_the_old_order(table: Table):
    before = draw_pile(table)
    table.act(table.host, "shuffle", {"deck": "test"})
    assert draw_pile(table) != before
    table.act(table.host, "undo")
    assert draw_pile(table) == before


def test_a_new_action_after_undo_clears_redo(table: Table):
    table.act(table.host, "draw", {"deck": "test"})
    table.act(table.host, "undo")
    table.act(table.host, "shuffle", {"deck": "test"})
    response = table.act(table.host, "redo")
    assert response.status_code == 400
    assert response.json()["code"] == "not_available"


def test_undo_is_shared_and_attributed_to_the_seat_that_asked(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 2})
    response = table.act(table.player, "undo")
    event = response.json()["events"][0]
    assert event["actor"] == "2"
    assert event["data"]["undoes"] == 2
    assert table.state(table.host)["hands"]["1"] == []


def test_peek_shows_the_cards_to_the_peeking_seat_only(db):
    table = create_table({**GENERIC_SETUP, "decks": {"test": {"cards": TEST_CARDS, "peek": True}}})
    top_two = draw_pile(table)[-2:][::-1]
    response = table.act(table.player, "peek", {"deck": "test", "count": 2})
    assert response.json()["events"][0]["data"]["cards"] == top_two
    host_events = table.host.get(table.url("events/")).json()["events"]
    peek = next(e for e in host_events if e["type"] == "cards_peeked")
    assert "cards" not in peek["data"]
    player_events = table.player.get(table.url("events/")).json()["events"]
    assert next(e for e in player_events if e["type"] == "cards_peeked")["data"]["cards"] == top_two


def test_discard_then_automatic_reshuffle_when_the_draw_pile_runs_out(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 18})
    hand = table.state()["hands"]["1"]
    table.act(table.host, "discard", {"deck": "test", "cards": hand[:10]})
    response = table.act(table.host, "draw", {"deck": "test", "count": 5})
    assert response.status_code == 200
    types = [event["type"] for event in response.json()["events"]]
    assert types == ["deck_reshuffled", "cards_drawn"]
    deck = response.json()["state"]["decks"]["test"]
    assert deck["discard"] == [] and deck["draw_size"] == 7


def test_take_from_discard_put_back_and_box(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 2, "to": "discard"})
    discarded = table.state()["decks"]["test"]["discard"]
    table.act(table.host, "take", {"deck": "test", "cards": [discarded[0]], "from": "discard"})
    assert table.state()["hands"]["1"] == [discarded[0]]
    table.act(
        table.host, "put_back", {"deck": "test", "cards": [discarded[0]], "position": "bottom"}
    )
    assert draw_pile(table)[0] == discarded[0]
    table.act(table.host, "box", {"deck": "test", "cards": [discarded[1]], "from": "discard"})
    deck = table.state()["decks"]["test"]
    assert deck["box_size"] == 1 and deck["discard"] == []


def test_snapshot_equals_the_fold_of_the_event_log(table: Table):
    table.act(table.host, "draw", {"deck": "test", "count": 4})
    table.act(table.player, "draw", {"deck": "test", "count": 2, "to": "table"})
    table.act(table.host, "shuffle", {"deck": "test"})
    table.act(table.player, "undo")
    table.act(table.host, "discard", {"deck": "test", "cards": table.state()["hands"]["1"][:2]})
    table.act(table.player, "undo")
    table.act(table.player, "redo")
    game = Game.objects.get(pk=table.game_id)
    events = GameEvent.objects.filter(game=game).order_by("seq")
    seqs = list(events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    folded = fold(Event(type=e.type, changes=e.changes) for e in events)
    assert folded == game.state
    assert game.version == folded["version"] == 8  # join + 7 actions


def test_events_are_paginated_after_a_seq(table: Table):
    for _ in range(5):
        table.act(table.host, "draw", {"deck": "test"})
    first = table.host.get(table.url("events/"), {"after": 0, "limit": 3}).json()
    assert [e["seq"] for e in first["events"]] == [1, 2, 3]
    rest = table.host.get(first["next"]).json()
    assert rest["events"][0]["seq"] == 4
    assert rest["last_seq"] == first["last_seq"]
    every = []
    page = table.host.get(table.url("events/"), {"limit": 2}).json()
    while True:
        every += [event["seq"] for event in page["events"]]
        if not page["next"]:
            break
        page = table.host.get(page["next"]).json()
    assert every == list(range(1, first["last_seq"] + 1))


def test_each_step_and_event_has_the_envelope_fields(table: Table):
    event = table.act(table.host, "draw", {"deck": "test"}).json()["events"][0]
    assert {"seq", "type", "actor", "at", "summary", "steps", "data"} <= set(event)
    assert event["at"].endswith("Z")


def test_actions_list_describes_arguments_and_availability(table: Table):
    body = table.host.get(table.url("actions/")).json()
    actions = {action["type"]: action for action in body["actions"]}
    assert {"draw", "discard", "shuffle", "peek", "undo", "redo"} <= set(actions)
    assert actions["draw"]["args"]["properties"]["count"]["minimum"] == 1
    assert actions["undo"]["available"] is False
    assert actions["undo"]["reason"] == "There is nothing to undo."
    assert "join" not in actions


def test_health_schema_and_docs(db, client):
    assert client.get("/healthz").json() == {"status": "ok"}
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert "/api/v1/games/{game_id}/actions/" in schema.json()["paths"]
    assert client.get("/api/docs/").status_code == 200


def test_the_seed_is_revealed_when_the_game_is_closed_and_reproduces_the_shuffles(table: Table):
    import hashlib

    from deck_tracker.engine.rng import rng_for

    before = table.host.get(table.url()).json()
    assert before["revealed_seeds"] == []
    initial = draw_pile(table)
    ended = table.act(table.player, "end_game", {"result": "abandoned", "reason": "Pizza arrived"})
    assert ended.status_code == 200
    assert ended.json()["state"]["outcome"]["result"] == "abandoned"
    assert table.host.get(table.url()).json()["revealed_seeds"] == []  # an undo could resume it
    closed = table.act(table.player, "close_game")
    assert closed.status_code == 200
    assert closed.json()["state"]["closed"] is True
    game = table.host.get(table.url()).json()
    [revealed] = game["revealed_seeds"]
    assert hashlib.sha256(revealed["seed"].encode()).hexdigest() == before["seed_commitment"]
    recomputed = list(TEST_CARDS)
    rng_for(revealed["seed"], 1).shuffle(recomputed)  # the setup's shuffle, its first event
    assert recomputed == initial
    assert table.act(table.host, "end_game", {"result": "won", "reason": "x"}).status_code == 400


def test_undoing_the_end_plays_on_with_its_seed_still_unrevealed(table: Table):
    commitment = table.host.get(table.url()).json()["seed_commitment"]
    table.act(table.host, "end_game", {"result": "lost", "reason": "misclick"})
    assert table.host.get(table.url()).json()["revealed_seeds"] == []
    table.act(table.host, "undo")
    game = Game.objects.get(pk=table.game_id)
    assert game.state["outcome"] is None
    resumed = table.host.get(table.url()).json()
    assert resumed["revealed_seeds"] == []
    assert resumed["seed_commitment"] == commitment != ""


def test_the_host_gives_a_lost_phones_seat_a_new_token(table: Table):
    response = table.host.post(table.url("seats/2/token/"))
    assert response.status_code == 201
    new_token = response.json()["token"]
    assert table.player.get(table.url()).status_code == 404  # the lost phone's token is void
    found = client_for(new_token).get(table.url()).json()
    assert found["seat"] == "2"
    refused = client_for(new_token).post(table.url("seats/1/token/"))
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_host"
    assert table.outsider.post(table.url("seats/2/token/")).status_code == 404
    assert table.host.post(table.url("seats/9/token/")).status_code == 404


def test_a_forged_forwarded_address_does_not_escape_the_join_throttle(db):
    anonymous = client_for()
    codes = [
        anonymous.post(
            "/api/v1/games/join/",
            {"join_code": f"WRONG{n:03d}", "name": "Eve"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        ).status_code
        for n in range(25)
    ]
    assert codes[-1] == 429
