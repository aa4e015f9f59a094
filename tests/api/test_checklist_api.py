"""The setup checklist as commands: every seat sees a tick, undo takes it back, and two phones
ticking different steps at once do not refuse each other."""

from __future__ import annotations

import pytest

from tests.conftest import Table, create_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def dotr() -> Table:
    return create_table({"host": {"name": "Anna", "hero": "Wizard"}})


def test_a_tick_is_seen_by_every_seat_and_the_shared_undo_takes_it_back(dotr: Table):
    ticked = dotr.act(dotr.host, "tick_setup_step", {"step": "2.0", "label": "Lay out the board"})
    assert ticked.status_code == 200, ticked.content
    assert ticked.json()["events"][0]["summary"] == "Anna (Wizard) ticked: Lay out the board"
    assert dotr.state(dotr.player)["checklist"] == {"2.0": True}
    assert dotr.state(dotr.player)["history"]["undo"]["type"] == "tick_setup_step"
    assert dotr.act(dotr.player, "undo").status_code == 200
    assert dotr.state(dotr.host)["checklist"] == {}


def test_unticking_removes_the_tick(dotr: Table):
    dotr.act(dotr.host, "tick_setup_step", {"step": "2.0"})
    dotr.act(dotr.player, "tick_setup_step", {"step": "2.0", "done": False})
    assert dotr.state()["checklist"] == {}


@pytest.mark.parametrize("step", ["first", "2", "2.0.1", "-1.0"])
def test_a_step_that_is_not_a_key_is_refused(dotr: Table, step: str):
    response = dotr.act(dotr.host, "tick_setup_step", {"step": step})
    assert response.status_code == 400
    assert "step" in response.json()["fields"]


def test_two_phones_ticking_different_steps_at_once_are_both_kept(dotr: Table):
    seen = dotr.version()
    first = dotr.act(dotr.host, "tick_setup_step", {"step": "2.0"}, expected_version=seen)
    second = dotr.act(dotr.player, "tick_setup_step", {"step": "2.1"}, expected_version=seen)
    assert first.status_code == second.status_code == 200
    assert dotr.state()["checklist"] == {"2.0": True, "2.1": True}
    same = dotr.act(dotr.player, "tick_setup_step", {"step": "2.1", "done": False},
                    expected_version=seen)  # fmt: skip
    assert same.status_code == 409  # the same step: the order matters, so it is refused


# ---- the steps the table owes during play (the "At the table" panel) -----------------------


def night_keys(table: Table) -> list[str]:
    ran = table.act(table.host, "night", {"skip_evening": True})
    assert ran.status_code == 200, ran.content
    return [
        f"{event['seq']}.{i}"
        for event in ran.json()["events"]
        if event["type"] == "darkness_spreads_card"
        for i, _ in enumerate(event["steps"])
    ]


def test_a_step_of_the_night_ticked_on_one_phone_is_ticked_on_the_other_and_undo_unticks_it(
    dotr: Table,
):
    keys = night_keys(dotr)
    ticked = dotr.act(dotr.player, "tick_table_step", {"steps": [keys[0]], "label": "Place 1 Orc"})
    assert ticked.status_code == 200, ticked.content
    assert ticked.json()["events"][0]["summary"].endswith("ticked: Place 1 Orc")
    assert dotr.state(dotr.host)["table_steps"] == {keys[0]: True}
    assert dotr.act(dotr.host, "undo").status_code == 200
    assert dotr.state(dotr.player)["table_steps"] == {}


def test_two_phones_ticking_different_steps_on_the_same_version_are_both_kept(dotr: Table):
    keys = night_keys(dotr)
    assert len(keys) >= 2
    seen = dotr.version()
    first = dotr.act(dotr.host, "tick_table_step", {"steps": [keys[0]]}, expected_version=seen)
    second = dotr.act(dotr.player, "tick_table_step", {"steps": [keys[1]]}, expected_version=seen)
    assert first.status_code == second.status_code == 200, second.content
    assert dotr.state()["table_steps"] == {keys[0]: True, keys[1]: True}


def test_a_stale_tick_of_the_same_step_is_refused_with_what_changed(dotr: Table):
    keys = night_keys(dotr)
    seen = dotr.version()
    assert dotr.act(dotr.host, "tick_table_step", {"steps": [keys[0]]},
                    expected_version=seen).status_code == 200  # fmt: skip
    stale = dotr.act(dotr.player, "tick_table_step", {"steps": [keys[0]], "done": False},
                     expected_version=seen)  # fmt: skip
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_version"
    assert dotr.state()["table_steps"] == {keys[0]: True}
