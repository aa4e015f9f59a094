"""The content the game screen reads: its table view, by ETag, with decks by their names."""

from __future__ import annotations

import pytest

from deck_tracker.content import services as content_services
from tests.conftest import client_for

from .test_dotr_api import create

pytestmark = pytest.mark.django_db


def test_the_table_view_keeps_names_and_places_and_drops_provenance() -> None:
    full = client_for().get("/api/v1/content/dotr-base/").json()
    table = client_for().get("/api/v1/content/dotr-base/?view=table").json()
    assert {g["id"]: g["name"] for g in table["generals"]} == {
        g["id"]: g["name"] for g in full["generals"]
    }
    # A space's neighbours are read from the roads, which the table view keeps whole.
    assert [(r["a"], r["b"], r["status"]) for r in table["roads"]] == [
        (r["a"], r["b"], r["status"]) for r in full["roads"]
    ]
    assert "neighbours" not in table["locations"][0]
    card = table["decks"]["hero"]["cards"][0]
    assert set(card) == {"id", "name", "kind", "data"}  # no provenance, confidence or note
    assert "fillable" not in table and "sources" not in table and "notes" not in table
    assert table["decks"]["darkness_spreads"]["name"] == "Darkness Spreads"
    assert full["decks"]["hero"]["name"] == "Hero Card"


def test_the_printed_texts_come_apart_from_the_table_view() -> None:
    full = client_for().get("/api/v1/content/dotr-base/").json()
    table = client_for().get("/api/v1/content/dotr-base/?view=table").json()
    texts = client_for().get("/api/v1/content/dotr-base/?view=texts").json()
    quest = next(c for c in full["decks"]["quest"]["cards"] if c["name"] == "Amulet of the Gods")
    at_table = next(c for c in table["decks"]["quest"]["cards"] if c["id"] == quest["id"])
    # The Board reads no Quest's data: where it is done, its test and reward come with the
    # texts, which the Me tab reads.
    assert at_table["data"] == {}
    assert texts["cards"][quest["id"]] == {
        "location": "dark-woods",
        "location_rule": "at_location",
        "test": "Spend 1 action in the Dark Woods and roll 4 dice; a single 6 wins it.",
        "reward": "+1 on every combat die, against Generals too.",
    }
    # A Darkness Spreads card's placements (the Night tab's) and a Hero Card's colour (the
    # forms') too.
    spreads = full["decks"]["darkness_spreads"]["cards"][0]
    assert (
        "placements"
        not in next(
            c for c in table["decks"]["darkness_spreads"]["cards"] if c["id"] == spreads["id"]
        )["data"]
    )
    assert texts["cards"][spreads["id"]]["placements"] == spreads["data"]["placements"]
    hero_card = full["decks"]["hero"]["cards"][0]
    assert texts["cards"][hero_card["id"]]["colour"] == hero_card["data"]["colour"]
    eagle = next(h for h in full["heroes"] if h["name"] == "Eagle Rider")
    assert "abilities" not in next(h for h in table["heroes"] if h["id"] == eagle["id"])
    assert texts["heroes"][eagle["id"]]["abilities"] == eagle["abilities"]
    gorgutt = next(g for g in full["generals"] if g["name"] == "Gorgutt")
    assert texts["generals"][gorgutt["id"]]["skill_summary"] == gorgutt["skill_summary"]


def test_a_client_holding_the_current_copy_gets_304() -> None:
    first = client_for().get("/api/v1/content/dotr-dragon/?view=table")
    etag = first["ETag"]
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    again = client_for().get("/api/v1/content/dotr-dragon/?view=table", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    # The full view is another answer, with another tag.
    full = client_for().get("/api/v1/content/dotr-dragon/", HTTP_IF_NONE_MATCH=etag)
    assert full.status_code == 200 and full["ETag"] != etag


def test_what_staff_enter_changes_the_tag_and_a_tables_entry_does_not() -> None:
    game = create({})
    before = client_for().get("/api/v1/content/dotr-dragon/?view=table")["ETag"]
    # A table's entry is its own (its game's or its group's): the shared copy stays current.
    seat = client_for(game["token"])
    entered = seat.put(
        f"/api/v1/games/{game['id']}/content/entries/",
        {"pack": "dotr-dragon", "path": "values.generals/hemlock/life", "value": 7,
         "expected_version": 0},
        format="json",
    )  # fmt: skip
    assert entered.status_code == 200, entered.content
    unchanged = client_for().get(
        "/api/v1/content/dotr-dragon/?view=table", HTTP_IF_NONE_MATCH=before
    )
    assert unchanged.status_code == 304
    # Staff change the shipped values in the admin: every table's copy changes.
    content_services.content_overlay_import(
        pack_id="dotr-dragon", data={"values": {"generals/hemlock/life": 5}}, expected_version=0
    )
    after = client_for().get("/api/v1/content/dotr-dragon/?view=table", HTTP_IF_NONE_MATCH=before)
    assert after.status_code == 200 and after["ETag"] != before
    hemlock = next(g for g in after.json()["generals"] if g["id"] == "hemlock")
    assert hemlock["life"] == 5


def test_a_game_view_lists_its_packs() -> None:
    game = create({"expansions": ["dragon", "heros_calling"]})
    assert game["state"]["packs"] == ["dotr-base", "dotr-dragon", "dotr-heros-calling"]
