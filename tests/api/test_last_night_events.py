"""The last night's events, read from the event that began it, however long the log is since.

DX 'Sterling Rules': "When a Sterling Global Effect is drawn, place Sterling on the Board at the
Location of the Card." A card whose location nobody entered makes the night wait for the table
to say where she landed; the answer carries the night on (the next card, the turn passed). The
Night tab lists every step of that night, the steps after her landing included.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import client_for

from .test_dotr_api import act, create

pytestmark = pytest.mark.django_db


def _sterling_waits(monkeypatch: Any) -> dict[str, Any]:
    # Seed st14: the first night draws Sterling's third card, whose location nobody entered.
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "st14")
    game = create(
        {
            "host": {"name": "Ada", "hero": "Wizard"},
            "expansions": ["dragon"],
            "options": {"sterling": True},
        }
    )
    assert act(game["token"], game["id"], "end_turn").status_code == 200
    assert act(game["token"], game["id"], "night").status_code == 200
    return game


def _last_night(game: dict[str, Any], **params: Any) -> dict[str, Any]:
    query = "&".join(f"{key}={value}" for key, value in {"from": "last_night", **params}.items())
    response = client_for(game["token"]).get(f"/api/v1/games/{game['id']}/events/?{query}")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_night_after_sterling_lands_is_read_whole_behind_a_long_log(monkeypatch: Any) -> None:
    game = _sterling_waits(monkeypatch)
    waiting = [e["type"] for e in _last_night(game)["events"]]
    assert waiting[0] == "night_began" and waiting[-1] == "sterling_arrives"
    assert "turn_passed" not in waiting
    landed = act(game["token"], game["id"], "sterling_lands", {"location": "monarch-city"})
    assert landed.status_code == 200, landed.content
    # The table ticks steps, one at a time, long after: 160 more events in the log.
    for index in range(160):
        ticked = act(
            game["token"],
            game["id"],
            "tick_table_step",
            {"steps": [f"{index + 1}.0"], "done": True, "label": "done"},
        )
        assert ticked.status_code == 200
    page = _last_night(game, after=999, limit=500)
    types = [e["type"] for e in page["events"]]
    assert types[0] == "night_began"
    # Her card, the table's answer, and the rest of the night it carried on.
    night = types[: types.index("turn_passed") + 1]
    assert night.index("sterling_arrives") < night.index("sterling_landed")
    assert night.count("darkness_spreads_card") >= 1
    assert night.index("sterling_landed") < night.index("darkness_spreads_card")
    steps = [step["text"] for e in page["events"] for step in e["steps"]]
    assert any("Monarch City" in text for text in steps)
    assert page["last_seq"] == page["events"][-1]["seq"]


def test_before_the_first_night_there_is_no_night_to_read() -> None:
    game = create({"host": {"name": "Ada", "hero": "Wizard"}})
    page = _last_night(game)
    assert page["events"] == [] and page["next"] is None
