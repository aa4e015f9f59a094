"""The table's own screen: a display token reads the table's public view and nothing else.

"From the host's phone, "Show on a screen" gives a QR code and link to /display/<game> with a
display token that can read the table's public view and nothing else: no hand, no draw order,
no action (every write answers 403; a test posts each action type with it)."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from deck_tracker.engine.commands import REGISTRY
from deck_tracker.models import Game
from tests.conftest import Table, client_for, create_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def dotr() -> Table:
    """Anna's Wizard (seat 1, the host, the first turn) and Bea's Rogue (seat 2)."""
    return create_table({"host": {"name": "Anna", "hero": "Wizard"}})


def show_on_a_screen(table: Table) -> dict[str, Any]:
    response = table.host.post(table.url("display/"))
    assert response.status_code == 201, response.content
    return dict(response.json())


def hero_cards_in_hand(game: Game) -> set[str]:
    """The Hero Cards in the heroes' hands: hidden from everyone but their holder (a hero's
    Quest cards lie face up in front of the hero, so every seat sees them)."""
    return {card for hand in game.state["decks"]["hero"]["hands"].values() for card in hand}


def read_messages(response: Any) -> list[tuple[str, dict[str, Any]]]:
    messages = []
    for chunk in response.streaming_content:
        for block in chunk.decode().split("\n\n"):
            lines = dict(
                line.split(": ", 1)
                for line in block.splitlines()
                if ": " in line and not line.startswith(":")
            )
            if "event" in lines and "data" in lines:
                messages.append((lines["event"], json.loads(lines["data"])))
    return messages


def test_the_host_puts_the_table_on_a_screen_and_only_the_host(dotr: Table):
    shown = show_on_a_screen(dotr)
    assert shown["url"] == f"/display/{dotr.game_id}#{shown['token']}"
    refused = dotr.player.post(dotr.url("display/"))
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_host"
    assert refused.json()["detail"] == "Only the host can put the table on a screen."


def test_the_screen_reads_the_public_view_without_a_hand_or_the_draw_order(dotr: Table):
    screen = client_for(show_on_a_screen(dotr)["token"])
    game = Game.objects.get(pk=dotr.game_id)
    hands = hero_cards_in_hand(game)
    draw_pile = game.state["decks"]["hero"]["draw"]
    assert hands, "each hero starts with Hero Cards in hand"
    response = screen.get(dotr.url("display/view/"))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["seat"] is None
    assert body["state"]["hands"] == {}
    assert all(deck["hand"] == [] for deck in body["state"]["decks"].values())
    assert body["state"]["decks"]["hero"]["draw_size"] == len(draw_pile)
    text = response.content.decode()
    assert not [card for card in hands if f'"{card}"' in text]
    assert "draw" not in body["state"]["decks"]["hero"]
    assert body["state"]["turn"]["active_seat"] == "1"
    assert [seat["name"] for seat in body["seats"]] == ["Anna", "Bea"]
    assert body["stream_ticket"]


def test_every_action_type_sent_with_the_display_token_answers_403(dotr: Table):
    screen = client_for(show_on_a_screen(dotr)["token"])
    version = dotr.version()
    for name in sorted(REGISTRY):
        response = screen.post(
            dotr.url("actions/"),
            {"type": name, "args": {}, "expected_version": version},
            format="json",
        )
        assert response.status_code == 403, (name, response.content)
        assert response.json()["code"] == "display_read_only", name
    assert dotr.version() == version


@pytest.mark.parametrize(
    "method,suffix,body",
    [
        ("post", "actions/", {"type": "undo", "args": {}}),
        ("post", "stream/ticket/", None),
        ("post", "seat/language/", {"language": "de"}),
        ("post", "seats/1/token/", None),
        ("post", "seats/2/token/", None),
        ("post", "forecasts/", {"nights": 1, "samples": 10}),
        ("post", "content/entries/", {}),
        ("post", "content/import/", {}),
        ("post", "display/", None),
        ("get", "", None),
        ("get", "actions/", None),
        ("get", "events/", None),
        ("get", "content/", None),
        ("get", "content/export/", None),
    ],
)
def test_every_other_door_is_closed_to_the_display_token(
    dotr: Table, method: str, suffix: str, body: Any
):
    screen = client_for(show_on_a_screen(dotr)["token"])
    response = getattr(screen, method)(dotr.url(suffix), body, format="json")
    assert response.status_code == 403, response.content
    assert response.json()["code"] == "display_read_only"


def test_a_display_token_reads_no_other_game(dotr: Table):
    other = create_table({"host": {"name": "Cid", "hero": "Wizard"}})
    screen = client_for(show_on_a_screen(dotr)["token"])
    assert screen.get(other.url("display/view/")).status_code == 404
    assert screen.get(other.url()).status_code == 404
    assert dotr.host.get(dotr.url("display/view/")).status_code == 404


def test_showing_the_table_again_retires_the_old_screen(dotr: Table):
    old = client_for(show_on_a_screen(dotr)["token"])
    new = client_for(show_on_a_screen(dotr)["token"])
    assert old.get(dotr.url("display/view/")).status_code == 404
    assert new.get(dotr.url("display/view/")).status_code == 200


def test_the_screen_hears_the_night_live_with_the_spaces_each_step_names(dotr: Table, client):
    screen = client_for(show_on_a_screen(dotr)["token"])
    view = screen.get(dotr.url("display/view/"), {"lang": "de"}).json()
    dotr.act(dotr.host, "end_turn")
    assert dotr.act(dotr.host, "night", {"seat": "1", "round": 1}).status_code == 200
    response = client.get(
        dotr.url("stream/"),
        {"ticket": view["stream_ticket"], "after": view["last_seq"], "lang": "de"},
    )
    assert response.status_code == 200
    messages = read_messages(response)
    changes = [data for kind, data in messages if kind == "change"]
    card = next(c for c in changes if c["type"] == "darkness_spreads_card")
    place = next(step for step in card["steps"] if step["places"])
    assert place["text"].startswith("Lege ")
    location = place["places"][0]
    assert location in Game.objects.get(pk=dotr.game_id).state["board"]
    hands = hero_cards_in_hand(Game.objects.get(pk=dotr.game_id))
    text = json.dumps(messages)
    assert not [card for card in hands if f'"{card}"' in text]
    state = [data for kind, data in messages if kind == "state"][-1]
    assert state["game"]["seat"] is None and state["game"]["state"]["hands"] == {}
    assert "events" not in state["game"]


def test_the_schema_documents_the_screen(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    assert "/api/v1/games/{game_id}/display/" in schema["paths"]
    assert "/api/v1/games/{game_id}/display/view/" in schema["paths"]


def test_the_refusal_reads_in_the_screens_language(dotr: Table):
    screen = client_for(show_on_a_screen(dotr)["token"])
    refused = screen.post(
        dotr.url("actions/"),
        {"type": "end_turn", "args": {}, "expected_version": dotr.version()},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        "Das ist der Bildschirm des Tisches: Er zeigt das Spiel und kann es nicht ändern."
    )
    english = screen.post(dotr.url("actions/"), {"type": "end_turn"}, format="json")
    assert english.json()["detail"] == (
        "This is the table's screen: it shows the game and cannot change it."
    )


def test_the_screen_shades_the_threat_once_a_phone_asked_for_a_forecast(
    dotr: Table, django_capture_on_commit_callbacks: Any
):
    screen = client_for(show_on_a_screen(dotr)["token"])
    assert screen.get(dotr.url("display/view/")).json()["forecast"] is None
    with django_capture_on_commit_callbacks(execute=True):
        asked = dotr.player.post(
            dotr.url("forecasts/"), {"nights": 1, "samples": 200}, format="json"
        )
    assert asked.status_code in (200, 202), asked.content
    forecast = screen.get(dotr.url("display/view/")).json()["forecast"]
    assert forecast["id"] == asked.json()["id"]
    figures = forecast["night"]["locations"]
    assert set(figures) <= set(Game.objects.get(pk=dotr.game_id).state["board"])
    assert all(0 <= place["taint"]["p"] <= 1 for place in figures.values())
    # The game moves on: that forecast no longer describes the board.
    dotr.act(dotr.host, "end_turn")
    assert screen.get(dotr.url("display/view/")).json()["forecast"] is None
