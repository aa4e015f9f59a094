"""The shipped values of a pack (its overlay for every table): shown merged into the pack and
exported through the API, changed by staff only (the admin's path, ``content_overlay_import``).
A table's own entries are tested in ``test_content_owners.py``."""

from __future__ import annotations

import pytest

from deck_tracker.content import services as content_services
from deck_tracker.games.services import hash_token
from deck_tracker.models import Seat
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


def staff(data: dict, expected_version: int) -> content_services.OverlayImported:
    """What the admin does when staff save a pack's shipped values."""
    return content_services.content_overlay_import(
        pack_id="dotr-dragon", data=data, expected_version=expected_version
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


def test_no_seat_token_changes_the_shipped_values(client, seat_token):
    body = {"data": {"values": {LIFE: 7}}, "expected_version": 0}
    for token in (None, seat_token):
        response = client_for(token).put(OVERLAY, body, format="json")
        assert response.status_code == 403
        assert response.json()["code"] == "shipped_content"
    assert (
        client_for(seat_token)
        .put("/api/v1/content/no-such-pack/overlay/", body, format="json")
        .status_code
        == 404
    )
    assert client.get(OVERLAY).json()["version"] == 0


def test_shipped_values_and_cards_are_merged_into_the_pack(client):
    imported = staff({"values": {LIFE: 7}, "cards": {"darkness_spreads": [BRIMSTONE_CARD]}}, 0)
    assert imported.version == 1
    pack = client.get(URL).json()
    assert next(g for g in pack["generals"] if g["id"] == "brimstone")["life"] == 7
    assert {f["id"]: f["value"] for f in pack["fillable"]}[LIFE] == 7
    cards = {c["id"]: c for c in pack["decks"]["darkness_spreads"]["cards"]}
    assert cards[BRIMSTONE_CARD["id"]]["provenance"] == ["entered"]
    assert pack["open_decks"]["darkness_spreads"]["entered"] == 1
    assert pack["overlay"]["version"] == 1


def test_the_export_is_what_staff_saved(client):
    entered = {
        "values": {LIFE: 8, "decks/darkness_spreads/dx-sterling-2/data.location": "wolf-pass"},
        "cards": {"darkness_spreads": [BRIMSTONE_CARD]},
    }
    staff(entered, 0)
    exported = client.get(OVERLAY).json()
    assert exported["pack"] == "dotr-dragon" and exported["version"] == 1
    assert exported["data"]["values"] == entered["values"]
    assert exported["data"]["cards"] == entered["cards"]
    assert staff(exported["data"], 1).version == 2
    staff({}, 2)  # an import replaces: an empty overlay clears every value
    assert {f["id"]: f["value"] for f in client.get(URL).json()["fillable"]}[LIFE] is None


def test_an_invalid_staff_import_is_refused_with_the_field_and_changes_nothing(client):
    with pytest.raises(content_services.OverlayInvalid) as refused:
        staff({"values": {LIFE: 0}}, 0)
    assert f"values.{LIFE}" in refused.value.fields
    # The General by his name, the field by what it holds, what is wrong: no path, no id.
    assert refused.value.detail == "Brimstone, life: at least 1"
    bad_card = {**BRIMSTONE_CARD, "data": {**BRIMSTONE_CARD["data"], "general_to": "nowhere"}}
    with pytest.raises(content_services.OverlayInvalid) as refused:
        staff({"cards": {"darkness_spreads": [bad_card]}}, 0)
    assert f"cards.darkness_spreads.{bad_card['id']}.data.general_to" in refused.value.fields
    with pytest.raises(content_services.OverlayInvalid):
        staff({"values": {"generals/brimstone/colour": "blue"}}, 0)
    with pytest.raises(content_services.OverlayInvalid) as refused:
        staff({"cards": {"quest": [BRIMSTONE_CARD]}}, 0)
    assert "cards.quest" in refused.value.fields
    with pytest.raises(content_services.UnknownPack):
        content_services.content_overlay_import(pack_id="nope", data={}, expected_version=0)
    with pytest.raises(content_services.NoFillableContent):
        content_services.content_overlay_import(pack_id="dotr-base", data={}, expected_version=0)
    assert client.get(OVERLAY).json()["version"] == 0


def test_a_stale_staff_edit_is_a_conflict(client):
    staff({"values": {LIFE: 7}}, 0)
    with pytest.raises(content_services.StaleOverlayVersion) as stale:
        staff({"values": {LIFE: 9}}, 0)
    assert stale.value.current_version == 1
    assert client.get(OVERLAY).json()["data"]["values"][LIFE] == 7


def _brimstone_entered(life: int) -> dict:
    return {
        "values": {LIFE: life, "generals/brimstone/starting_minions": 3},
        "cards": {"darkness_spreads": [BRIMSTONE_CARD]},
    }


def test_a_game_keeps_the_content_known_at_its_setup(client):
    """The service gives the new game the shipped values as they are (clients cannot); later
    edits change nothing in a game already set up."""
    from deck_tracker.models import Game

    staff(_brimstone_entered(6), 0)
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
    staff(_brimstone_entered(12), 1)  # edited afterwards
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
    game_id = Seat.objects.get(token_hash=hash_token(seat_token)).game_id

    def enter(value: dict) -> object:
        return client_for(seat_token).put(
            f"/api/v1/games/{game_id}/content/entries/",
            {
                "pack": "dotr-dragon",
                "path": "cards.winds_of_war.wow-entered",
                "value": value,
                "expected_version": 0,
            },
            format="json",
        )

    response = enter(card)
    assert response.status_code == 400
    assert "cards.winds_of_war.wow-entered.data.prevention" in response.json()["fields"]
    card["data"]["prevention"] = "Discard a green card."
    assert enter(card).status_code == 200
