"""What the table did on the physical board during play: each tick a command, shared by every
phone, undone by the shared undo, bounded in size."""

from __future__ import annotations

import pytest

from deck_tracker.engine.checklist import TABLE_TICKS_MAX
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.views import view_state
from tests.helpers import table


def night_steps(log: GameLog) -> list[str]:
    log.execute("night", {"skip_evening": True})
    return [
        f"{seq}.{i}"
        for seq, event in enumerate(log.events, 1)
        if event.type == "darkness_spreads_card"
        for i, _ in enumerate(event.steps)
    ]


def test_a_night_step_ticked_is_seen_in_every_seats_view_and_undone_by_the_shared_undo() -> None:
    log = table()
    log.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    keys = night_steps(log)
    assert keys, "a night gives steps to mirror on the board"
    log.execute("tick_table_step", {"steps": [keys[0]], "label": "Place 1 Orc on Wolf Pass"})
    assert view_state(log.state, "2")["table_steps"] == {keys[0]: True}
    assert log.events[-1].summary == "Ada (Wizard) ticked: Place 1 Orc on Wolf Pass"
    assert log.replay() == log.state
    log.execute("undo", actor="2")
    assert view_state(log.state, "1")["table_steps"] == {}
    log.execute("redo", actor="2")
    assert view_state(log.state, "1")["table_steps"] == {keys[0]: True}


def test_the_board_matches_ticks_every_step_at_once_and_unticking_takes_one_back() -> None:
    log = table()
    keys = night_steps(log)
    log.execute("tick_table_step", {"steps": keys})
    assert set(log.state["table_steps"]) == set(keys)
    log.execute("tick_table_step", {"steps": [keys[0]], "done": False})
    assert set(log.state["table_steps"]) == set(keys[1:])


@pytest.mark.parametrize("steps", [[], ["first"], ["2"], ["2.0.1"], ["3.0", "-1.0"]])
def test_a_step_that_is_not_a_key_is_refused(steps: list[str]) -> None:
    log = table()
    with pytest.raises(InvalidArguments):
        log.execute("tick_table_step", {"steps": steps})
    assert "table_steps" not in log.state


def test_only_the_latest_ticks_are_kept() -> None:
    log = table()
    for start in range(0, TABLE_TICKS_MAX + 40, 40):
        log.execute("tick_table_step", {"steps": [f"{start + n}.0" for n in range(40)]})
    kept = log.state["table_steps"]
    assert len(kept) == TABLE_TICKS_MAX
    assert "0.0" not in kept and f"{TABLE_TICKS_MAX + 39}.0" in kept
