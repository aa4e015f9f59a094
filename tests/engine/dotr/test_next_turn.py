"""Passing the turn (``next_turn_of``) in one pass equals the sorted reading it replaced.

The reference below is the former ``next_turn_of``: it sorted the seats by number and took the
first one after the active seat, else the first seat in a new round. On random seat tables
(seat numbers in any order, gaps, seats written alike such as ``"2"`` and ``"02"``, an active
seat that is no longer at the table, no active seat, no heroes, no turn yet) the new function
gives the same seat and round, and raises the same error where a seat is no number.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deck_tracker.engine.rules.dotr.base.night import next_turn_of, turn_after_night


def reference_next_turn_of(state: dict[str, Any]) -> tuple[str | None, int]:
    turn = state.get("turn") or {"number": 1, "active_seat": None}
    number = int(turn.get("number") or 1)
    heroes = state.get("heroes")
    if not heroes:
        return None, number + 1
    seats = sorted(heroes, key=int)
    active = turn.get("active_seat")
    if active is not None:
        after = int(active)
        for seat in seats:
            if int(seat) > after:
                return seat, number
    return seats[0], number + 1


def _outcome(function: Any, state: dict[str, Any]) -> Any:
    try:
        return function(state)
    except (TypeError, ValueError) as error:
        return type(error), str(error)


seat_numbers = st.integers(min_value=-3, max_value=12)
seat_names = st.one_of(
    seat_numbers.map(str),
    seat_numbers.map(lambda n: f"0{n}" if n >= 0 else str(n)),  # the same number, written apart
    seat_numbers.map(lambda n: f" {n}"),
)
heroes = st.one_of(
    st.none(),
    st.dictionaries(seat_names, st.fixed_dictionaries({"hero": st.just("wizard")}), max_size=6),
)
active_seats = st.one_of(st.none(), seat_numbers, seat_names)
turns = st.one_of(
    st.none(),
    st.just({}),
    st.fixed_dictionaries(
        {
            "number": st.one_of(st.none(), st.integers(min_value=0, max_value=40)),
            "active_seat": active_seats,
        }
    ),
)


@given(heroes=heroes, turn=turns)
def test_next_turn_equals_the_sorted_reading(heroes: Any, turn: Any) -> None:
    state: dict[str, Any] = {}
    if heroes is not None:
        state["heroes"] = heroes
    if turn is not None:
        state["turn"] = turn
    assert _outcome(next_turn_of, state) == _outcome(reference_next_turn_of, state)


@given(
    heroes=st.dictionaries(seat_names, st.just({}), min_size=1, max_size=6),
    active=st.one_of(active_seats, st.just("x"), st.just([])),
    bad_seat=st.one_of(st.none(), st.just("x"), st.just("")),
)
def test_a_seat_that_is_no_number_raises_as_before(
    heroes: dict[str, Any], active: Any, bad_seat: str | None
) -> None:
    if bad_seat is not None:
        heroes = {**heroes, bad_seat: {}}
    state = {"heroes": heroes, "turn": {"number": 3, "active_seat": active}}
    assert _outcome(next_turn_of, state) == _outcome(reference_next_turn_of, state)


def test_the_turn_after_a_night_passes_to_the_next_seat() -> None:
    state = {
        "heroes": {"3": {}, "1": {}, "2": {}},
        "turn": {"number": 4, "active_seat": "2", "phase": "night"},
    }
    turn, seat, number = turn_after_night(state)
    assert (seat, number) == ("3", 4)
    assert turn == {
        "number": 4,
        "active_seat": "3",
        "phase": "actions",
        "last_night": {"number": 4, "seat": "2"},
    }
    state["turn"]["active_seat"] = "3"
    assert turn_after_night(state)[1:] == ("1", 5)


@pytest.mark.parametrize("stored", [None, 0, 4, "4", " 4", True, 4.0])
def test_the_ended_round_is_read_as_int_reads_it(stored: Any) -> None:
    """The round read without ``int()`` where it is an int already: every stored form gives
    what ``int(stored or 1)`` gave, the round noted in ``last_night`` included."""
    state = {"heroes": {"1": {}}, "turn": {"number": stored, "active_seat": "1"}}
    turn, seat, number = turn_after_night(state)
    ended = int(stored or 1)
    assert (seat, number) == ("1", ended + 1)
    assert turn["last_night"] == {"number": ended, "seat": "1"}
    assert type(turn["last_night"]["number"]) is int


def reference_turn_after_night(state: dict[str, Any]) -> tuple[dict[str, Any], str | None, int]:
    ended = state.get("turn") or {"number": 1, "active_seat": None}
    seat, number = reference_next_turn_of(state)
    last_night = {"number": int(ended.get("number") or 1), "seat": ended.get("active_seat")}
    turn = {**ended, "number": number, "active_seat": seat, "phase": "actions"}
    turn["last_night"] = last_night
    return turn, seat, number


ended_turns = st.one_of(
    turns,
    st.fixed_dictionaries(  # a turn as a game keeps it, its keys in any order
        {"number": st.integers(min_value=1, max_value=40), "active_seat": seat_numbers.map(str)},
        optional={
            "phase": st.sampled_from(["night", "actions"]),
            "last_night": st.just({"number": 1, "seat": "1"}),
            "evening": st.just(True),
        },
    ).flatmap(lambda turn: st.permutations(list(turn.items())).map(dict)),
)


@given(heroes=heroes, turn=ended_turns)
def test_the_turn_after_a_night_equals_the_former_one_key_for_key(heroes: Any, turn: Any) -> None:
    state: dict[str, Any] = {}
    if heroes is not None:
        state["heroes"] = heroes
    if turn is not None:
        state["turn"] = turn
    got, expected = _outcome(turn_after_night, state), _outcome(reference_turn_after_night, state)
    assert got == expected
    if isinstance(expected, tuple) and isinstance(expected[0], dict):
        assert list(got[0]) == list(expected[0])  # the same keys in the same order
