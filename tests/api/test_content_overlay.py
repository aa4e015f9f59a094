"""Content players enter (the overlay of a pack) through the API: view, export, import."""

from __future__ import annotations

import pytest

from tests.conftest import client_for

pytestmark = pytest.mark.django_db

URL = "/api/v1/content/dotr-dragon/"
OVERLAY = URL + "overlay/"
LIFE = "generals/brimstone/life"
BRIMSTONE_CARD = {
    "id": "dx-ds-brimstone-wolf-pass",
    "name": "Wolf Pass / Blood Flats",
    "kind": "standard",
    "data": {
        "placements": [
            {"location": "wolf-pass", "colour": "red", "count": 2},
            {"location": "blood-flats", "colour": "blue", "count": 1},
        ],
        "general": "brimstone",
        "general_to": "wolf-pass",
        "general_minions": 1,
    },
}


@pytest.fixture
def seat_token(db) -> str:
    created = client_for().post("/api/v1/games/", {}, format="json")
    assert created.status_code == 201
    return str(created.json()["token"])


def put(token: str | None, data: dict, expected_version: int, **headers: str):
    return client_for(token).put(
        OVERLAY, {"data": data, "expected_version": expected_version}, format="json", **headers
    )


def test_the_pack_shows_its_fillable_fields_null_until_entered(client):
    pack = client.get(URL).json()
    fields = {f["id"]: f for f in pack["fillable"]}
    assert fields[LIFE]["value"] is None
    assert fields[LIFE]["type"] == "int" and fields[LIFE]["required"] is True
    assert "decks/darkness_spreads/dx-sterling-1/data.location" in fields
    assert pack["open_decks"]["darkness_spreads"]["entered"] == 0
    assert pack["overlay"] == {"version": 0, "updated_at": None}
    brimstone = next(g for g in pack["generals"] if g["id"] == "brimstone")
    assert brimstone["life"] is None and brimstone["start"] == "fire-river"
    base = client.get("/api/v1/content/dotr-base/").json()
    assert base["fillable"] == [] and base["open_decks"] == {}


def test_an_import_needs_a_seat_token(client):
    response = put(None, {"values": {LIFE: 7}}, 0)
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert put("not-a-token", {"values": {LIFE: 7}}, 0).status_code == 401


def test_imported_values_and_cards_are_merged_into_the_pack(client, seat_token):
    response = put(
        seat_token, {"values": {LIFE: 7}, "cards": {"darkness_spreads": [BRIMSTONE_CARD]}}, 0
    )
    assert response.status_code == 200, response.content
    assert response.json()["version"] == 1
    pack = client.get(URL).json()
    assert next(g for g in pack["generals"] if g["id"] == "brimstone")["life"] == 7
    assert {f["id"]: f["value"] for f in pack["fillable"]}[LIFE] == 7
    cards = {c["id"]: c for c in pack["decks"]["darkness_spreads"]["cards"]}
    assert cards[BRIMSTONE_CARD["id"]]["provenance"] == ["entered"]
    assert pack["open_decks"]["darkness_spreads"]["entered"] == 1
    assert pack["overlay"]["version"] == 1


def test_export_then_import_round_trips(client, seat_token):
    entered = {
        "values": {LIFE: 8, "decks/darkness_spreads/dx-sterling-2/data.location": "wolf-pass"},
        "cards": {"darkness_spreads": [BRIMSTONE_CARD]},
    }
    assert put(seat_token, entered, 0).status_code == 200
    exported = client.get(OVERLAY).json()
    assert exported["pack"] == "dotr-dragon" and exported["version"] == 1
    assert exported["data"]["values"] == entered["values"]
    assert exported["data"]["cards"] == entered["cards"]
    again = put(seat_token, exported["data"], exported["version"])
    assert again.status_code == 200, again.content
    assert again.json()["version"] == 2
    assert again.json()["data"] == exported["data"]
    # An import replaces: an empty overlay clears every value.
    cleared = put(seat_token, {}, 2)
    assert cleared.status_code == 200
    assert {f["id"]: f["value"] for f in client.get(URL).json()["fillable"]}[LIFE] is None


def test_an_invalid_import_is_refused_with_the_field_and_changes_nothing(client, seat_token):
    response = put(seat_token, {"values": {LIFE: 0}}, 0)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_overlay"
    assert f"values.{LIFE}" in body["fields"]
    assert (
        "overlay" in body["detail"] and "brimstone" in body["detail"] and "life" in body["detail"]
    )
    bad_card = {**BRIMSTONE_CARD, "data": {**BRIMSTONE_CARD["data"], "general_to": "nowhere"}}
    response = put(seat_token, {"cards": {"darkness_spreads": [bad_card]}}, 0)
    assert response.status_code == 400
    assert f"cards.darkness_spreads.{bad_card['id']}.data.general_to" in response.json()["fields"]
    unknown = put(seat_token, {"values": {"generals/brimstone/colour": "blue"}}, 0)
    assert unknown.status_code == 400
    closed = put(seat_token, {"cards": {"quest": [BRIMSTONE_CARD]}}, 0)
    assert closed.status_code == 400 and "cards.quest" in closed.json()["fields"]
    assert client.get(OVERLAY).json()["version"] == 0


def test_a_stale_expected_version_is_a_conflict(client, seat_token):
    assert put(seat_token, {"values": {LIFE: 7}}, 0).status_code == 200
    stale = put(seat_token, {"values": {LIFE: 9}}, 0)
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_version"
    assert stale.json()["current_version"] == 1
    assert client.get(OVERLAY).json()["data"]["values"][LIFE] == 7


def test_a_repeated_idempotency_key_answers_the_same_without_acting_twice(client, seat_token):
    first = put(seat_token, {"values": {LIFE: 7}}, 0, HTTP_IDEMPOTENCY_KEY="k-1")
    again = put(seat_token, {"values": {LIFE: 7}}, 0, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert client.get(OVERLAY).json()["version"] == 1


def test_unknown_packs_and_packs_without_fillable_content(client, seat_token):
    assert client.get("/api/v1/content/no-such-pack/overlay/").status_code == 404
    assert (
        client_for(seat_token)
        .put(
            "/api/v1/content/no-such-pack/overlay/",
            {"data": {}, "expected_version": 0},
            format="json",
        )
        .status_code
        == 404
    )
    base = client_for(seat_token).put(
        "/api/v1/content/dotr-base/overlay/", {"data": {}, "expected_version": 0}, format="json"
    )
    assert base.status_code == 400 and base.json()["code"] == "nothing_to_fill"


def _brimstone_entered(life: int) -> dict:
    return {
        "values": {LIFE: life, "generals/brimstone/starting_minions": 3},
        "cards": {"darkness_spreads": [BRIMSTONE_CARD]},
    }


def test_a_game_keeps_the_content_entered_at_its_setup(client, seat_token):
    """The service gives the new game the overlay as it is (clients cannot); later edits change
    nothing in a game already set up."""
    from deck_tracker.models import Game

    assert put(seat_token, _brimstone_entered(6), 0).status_code == 200
    injected = {"dotr-dragon": _brimstone_entered(1)}
    created = client_for().post(
        "/api/v1/games/",
        {
            "expansions": ["dragon"],
            "generals": {"red": "brimstone"},
            "overlays": injected,
            # Only his entered cards: no card of his to read at the table in this test.
            "options": {"dragon_darkness_spreads": "entered_only"},
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    game = created.json()
    assert game["state"]["generals"]["brimstone"]["location"] == "fire-river"
    stored = Game.objects.get(pk=game["id"]).state["overlays"]["dotr-dragon"]["data"]
    assert stored["values"][LIFE] == 6  # the server's overlay, not the client's
    assert put(seat_token, _brimstone_entered(12), 1).status_code == 200  # edited afterwards
    host = client_for(game["token"])
    response = host.post(
        f"/api/v1/games/{game['id']}/actions/",
        {
            "type": "wound_general",
            "args": {"general": "brimstone", "wounds": 6},
            "expected_version": game["version"],
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["state"]["generals"]["brimstone"]["defeated"] is True


def test_a_dragon_general_without_its_numbers_starts_and_asks_for_his_card():
    response = client_for().post(
        "/api/v1/games/",
        {"expansions": ["dragon"], "generals": {"red": "brimstone"}},
        format="json",
    )
    assert response.status_code == 201, response.content
    first = response.json()["state"]["reading"][0]
    assert first["name"] == "Brimstone's General card"
    assert first["schema"]["required"] == ["starting_minions"]


def test_the_forms_to_enter_content_are_the_json_schema_of_the_content_models(client):
    pack = client.get(URL).json()
    fields = {f["id"]: f for f in pack["fillable"]}
    life = fields[LIFE]["schema"]
    assert {"type": "integer", "minimum": 1, "maximum": 20} in life["anyOf"]
    assert life["title"] == "Life" and "Brimstone" in life["description"]
    where = fields["decks/darkness_spreads/dx-sterling-1/data.location"]["schema"]
    offered = next(choice for choice in where["anyOf"] if "oneOf" in choice)["oneOf"]
    assert {"const": "wolf-pass", "title": "Wolf Pass"} in offered
    winds = pack["open_decks"]["winds_of_war"]["card_schema"]
    (variant,) = (winds["$defs"][ref["$ref"].rsplit("/", 1)[1]] for ref in winds["oneOf"])
    assert variant["properties"]["kind"]["const"] == "winds_of_war"
    data = winds["$defs"][variant["properties"]["data"]["$ref"].rsplit("/", 1)[1]]
    assert set(data["required"]) == {"title", "action", "prevention"}


def test_a_card_entered_without_what_its_form_requires_is_refused_naming_the_field(
    client, seat_token
):
    card = {
        "id": "wow-entered",
        "name": "An entered card",
        "kind": "winds_of_war",
        "data": {"title": "Raiders", "action": "Place 2 Orcs."},
    }
    response = put(seat_token, {"cards": {"winds_of_war": [card]}}, 0)
    assert response.status_code == 400
    assert "cards.winds_of_war.wow-entered.data.prevention" in response.json()["fields"]
    card["data"]["prevention"] = "Discard a green card."
    assert put(seat_token, {"cards": {"winds_of_war": [card]}}, 0).status_code == 200
