"""Scenarios through the API: listed with their options; a game created from one returns the
setup as a checklist with the decks and the starting hand dealt."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from deck_tracker.content.services import content_overlay_import
from tests.engine.dotr.dragon import ENTERED

pytestmark = pytest.mark.django_db


def test_the_scenarios_and_the_options_each_allows() -> None:
    listed = {s["id"]: s for s in APIClient().get("/api/v1/scenarios/").json()}
    ids = [
        f"scenario-{name}"
        for name in (
            "rampaging-dragons",
            "realm-in-flames",
            "onslaught",
            "the-land-is-dying",
            "the-burning-land",
            "custom",
        )
    ]
    assert set(ids) <= set(listed)
    dying = listed["scenario-the-land-is-dying"]
    assert dying["name"] == "Scenario 4: The Land is Dying"
    assert dying["setup"] == {"system": "dotr", "scenario": "the-land-is-dying"}
    assert dying["scenario"]["agent"] == {"default": None, "allowed": "any"}
    assert "agent" in {o["name"] for o in dying["options"]}
    assert "all_is_quiet" not in {o["name"] for o in dying["options"]}
    rampaging = listed["scenario-rampaging-dragons"]
    assert "agent" not in {o["name"] for o in rampaging["options"]}
    assert [e["id"] for e in rampaging["scenario"]["easier"]] == [
        "keep_all_is_quiet",
        "choose_special_cards",
        "royal_blessings",
        "four_good_one_bad",
    ]
    actions = {a["id"]: a for a in rampaging["kings_champion"]["fame_actions"]}
    assert actions["slaying_blow"] == {
        "id": "slaying_blow",
        "kind": "major",
        "tokens": 2,
        "per_wound": False,
        "text": "Land the Slaying Blow to a General",
    }
    assert len(rampaging["kings_champion"]["reward_cards"]) == 7


def test_creating_a_scenario_game_returns_the_checklist_decks_and_hand() -> None:
    # Staff enter the values for every table of the server (the admin's path).
    content_overlay_import(pack_id="dotr-dragon", data=ENTERED, expected_version=0)
    created = APIClient().post(
        "/api/v1/games/",
        {"host": {"name": "Ada", "hero": "Wizard"}, "scenario": "the-burning-land"},
        format="json",
    )
    assert created.status_code == 201, created.content
    game = created.json()
    types = [e["type"] for e in game["events"]]
    assert {"generals_placed", "setup_card", "scenario_set", "hero_entered"} <= set(types)
    checklist = [s for e in game["events"] for s in e["steps"]]
    assert all(step["rule"] for step in checklist)
    assert any("Monarch City: it is On Fire" in s["text"] for s in checklist)
    state = game["state"]
    assert state["decks"]["darkness_spreads"]["draw_size"] > 50
    assert len(state["hands"]["1"]) == 3  # 2 Hero Cards and 1 Quest
    assert state["board"]["monarch-city"]["fire"] == 1


def test_a_bad_scenario_request_is_a_400_naming_the_field() -> None:
    response = APIClient().post(
        "/api/v1/games/",
        {"scenario": "the-burning-land", "easier": ["keep_all_is_quiet"]},
        format="json",
    )
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"easier"}
