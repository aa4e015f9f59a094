"""The guarded turn through the API: the night waits for the evening, and never runs twice."""

from __future__ import annotations

import pytest

from tests.conftest import Table, create_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def dotr() -> Table:
    """Anna's Wizard (seat 1, the first turn) and Bea's Rogue (seat 2)."""
    return create_table({"host": {"name": "Anna", "hero": "Wizard"}})


def test_the_first_night_is_refused_before_annas_evening_draw(dotr: Table):
    response = dotr.act(dotr.host, "night", {"seat": "1", "round": 1})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "evening_not_drawn"
    assert body["detail"].startswith("Anna has not drawn the evening's 2 Hero Cards yet")
    assert dotr.state()["turn"]["phase"] == "actions"
    hand = len(dotr.state()["hands"]["1"])
    assert dotr.act(dotr.host, "end_turn").status_code == 200
    state = dotr.state()
    assert len(state["hands"]["1"]) == hand + 2
    assert state["turn"] == {"number": 1, "active_seat": "1", "phase": "night"}
    night = dotr.act(dotr.host, "night", {"seat": "1", "round": 1})
    assert night.status_code == 200, night.content
    assert night.json()["state"]["turn"]["active_seat"] == "2"
    passed = [e for e in night.json()["events"] if e["type"] == "turn_passed"]
    assert passed[0]["summary"] == "Round 1: Bea's turn."


def test_the_table_skips_the_evening_only_when_it_says_so(dotr: Table):
    hand = len(dotr.state()["hands"]["1"])
    response = dotr.act(dotr.player, "night", {"seat": "1", "round": 1, "skip_evening": True})
    assert response.status_code == 200, response.content
    types = [e["type"] for e in response.json()["events"]]
    assert types[0] == "evening_skipped"
    assert "night_began" in types
    assert len(dotr.state()["hands"]["1"]) == hand


def test_a_double_tap_on_run_the_night_runs_one_night(dotr: Table):
    """The second tap carries the version the first one returned: still refused."""
    dotr.act(dotr.host, "end_turn")
    first = dotr.act(dotr.host, "night", {"seat": "1", "round": 1})
    assert first.status_code == 200
    second = dotr.act(dotr.host, "night", {"seat": "1", "round": 1})
    assert second.status_code == 400
    assert second.json()["code"] == "night_already_run"
    assert second.json()["detail"] == (
        "The night after Anna's turn has already run: it is now Bea's turn."
    )
    skipped = dotr.act(dotr.host, "night", {"seat": "1", "round": 1, "skip_evening": True})
    assert skipped.json()["code"] == "night_already_run"
    state = dotr.state()
    assert state["turn"]["active_seat"] == "2"
    assert state["turn"]["last_night"] == {"number": 1, "seat": "1"}


def test_the_skip_flag_must_be_a_boolean(dotr: Table):
    response = dotr.act(dotr.host, "night", {"skip_evening": "yes"})
    assert response.status_code == 400
    assert "skip_evening" in response.json()["fields"]
