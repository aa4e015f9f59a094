"""The content the game screen reads: its table view, by ETag, with decks by their names."""

from __future__ import annotations

import pytest

from tests.conftest import client_for

from .test_dotr_api import create

pytestmark = pytest.mark.django_db


def test_the_table_view_keeps_names_and_places_and_drops_provenance() -> None:
    full = client_for().get("/api/v1/content/dotr-base/").json()
    table = client_for().get("/api/v1/content/dotr-base/?view=table").json()
    assert {g["id"]: g["name"] for g in table["generals"]} == {
        g["id"]: g["name"] for g in full["generals"]
    }
    assert table["locations"][0]["neighbours"] == full["locations"][0]["neighbours"]
    card = table["decks"]["hero"]["cards"][0]
    assert set(card) == {"id", "name", "kind", "data"}  # no provenance, confidence or note
    assert "fillable" not in table and "sources" not in table and "notes" not in table
    assert table["decks"]["darkness_spreads"]["name"] == "Darkness Spreads"
    assert full["decks"]["hero"]["name"] == "Hero Card"


def test_a_client_holding_the_current_copy_gets_304() -> None:
    first = client_for().get("/api/v1/content/dotr-dragon/?view=table")
    etag = first["ETag"]
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    again = client_for().get("/api/v1/content/dotr-dragon/?view=table", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    # The full view is another answer, with another tag.
    full = client_for().get("/api/v1/content/dotr-dragon/", HTTP_IF_NONE_MATCH=etag)
    assert full.status_code == 200 and full["ETag"] != etag


def test_what_players_enter_changes_the_tag() -> None:
    seat_token = create({})["token"]
    before = client_for().get("/api/v1/content/dotr-dragon/?view=table")["ETag"]
    entered = client_for(seat_token).put(
        "/api/v1/content/dotr-dragon/overlay/",
        {"data": {"values": {"generals/hemlock/life": 5}}, "expected_version": 0},
        format="json",
    )
    assert entered.status_code == 200, entered.content
    after = client_for().get("/api/v1/content/dotr-dragon/?view=table", HTTP_IF_NONE_MATCH=before)
    assert after.status_code == 200 and after["ETag"] != before
    hemlock = next(g for g in after.json()["generals"] if g["id"] == "hemlock")
    assert hemlock["life"] == 5


def test_a_game_view_lists_its_packs() -> None:
    game = create({"expansions": ["dragon", "heros_calling"]})
    assert game["state"]["packs"] == ["dotr-base", "dotr-dragon", "dotr-heros-calling"]
