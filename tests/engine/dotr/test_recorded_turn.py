"""The turn passed at the end of a night is recorded by ``recorded_turn`` (two plain copies)
instead of ``snapshot``'s walk: for any turn it may be made from (a stored turn with keys of
its own, containers among them, a ``last_night`` from the night before, a seat of any kind) it
is equal to ``snapshot(turn)`` and shares no container with the turn the state now holds, so a
later write into the state's turn never reaches the record."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deck_tracker.engine.core import snapshot
from deck_tracker.engine.rules.dotr.base.night import recorded_turn, turn_after_night
from tests.engine.test_context_writes import shares_a_container

VALUES = st.one_of(
    st.none(),
    st.integers(1, 9),
    st.sampled_from(["1", "2", "3", "actions", "night"]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.sampled_from(["number", "seat", "x"]), st.integers(), max_size=3),
)
SEATS = st.one_of(st.none(), st.sampled_from(["1", "2", "3", "4"]))
TURNS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"number": st.one_of(st.none(), st.integers(1, 9)), "active_seat": SEATS},
        optional={
            "phase": st.sampled_from(["actions", "night"]),
            "last_night": VALUES,
            "moves": VALUES,
            "evening": VALUES,
        },
    ),
)
HEROES = st.dictionaries(st.sampled_from(["1", "2", "3", "4"]), st.just({}), max_size=4)


@settings(max_examples=400, deadline=None)
@given(turn=TURNS, heroes=HEROES)
def test_the_recorded_turn_is_a_snapshot_of_it(turn: Any, heroes: dict[str, Any]) -> None:
    state: dict[str, Any] = {"heroes": heroes}
    if turn is not None:
        state["turn"] = turn
    passed, _, _ = turn_after_night(state)
    recorded = recorded_turn(passed)
    assert recorded == snapshot(passed)
    assert not shares_a_container(recorded, passed)


@given(extra=VALUES)
def test_a_turn_with_a_key_of_its_own_is_walked(extra: Any) -> None:
    """A turn holding more than the four keys passing it sets (or a seat that is a container)
    is copied by ``snapshot``, its containers too."""
    passed, _, _ = turn_after_night({"turn": {"number": 2, "active_seat": "1", "x": extra}})
    recorded = recorded_turn(passed)
    assert recorded == snapshot(passed)
    assert not shares_a_container(recorded, passed)
    odd, _, _ = turn_after_night({"turn": {"number": 2, "active_seat": ["1"]}})
    assert recorded_turn(odd) == snapshot(odd)
    assert not shares_a_container(recorded_turn(odd), odd)
