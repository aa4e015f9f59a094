"""The night on arrays (``base/array_night.py``) equals the ``night`` command, on random boards.

``run_night`` resolves a base game's night on arrays; the rules' decisions are the functions the
command path calls. Hypothesis draws boards the seeded games rarely reach (crowded locations,
a supply run low, crystals nearly gone, Generals a step from Monarch City, a draw pile about to
be reshuffled, every setting of the base rules the night reads) and the simulated night must
leave the state, the tally and the random source exactly as the real command does, but for the
command's ``version`` and undo ``history``. A forecast keeps the board as arrays from one night
to the next: on the same random boards, its figures over several nights are those of the same
forecast with every night through the command path.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from deck_tracker.engine.commands import run
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context
from deck_tracker.engine.game import start_game
from deck_tracker.engine.rules.dotr.base.array_night import (
    ArrayNights,
    ArrayPosition,
    array_night,
)
from deck_tracker.engine.rules.dotr.base.board import Tally, board_for
from deck_tracker.engine.rules.dotr.base.night import war_status
from deck_tracker.engine.rules.dotr.base.settings import default_settings, general_only_plan
from deck_tracker.engine.rules.dotr.forecast import forecast
from deck_tracker.engine.simulate import run_night

DS = "darkness_spreads"
BOOKKEEPING = ("version", "history")
SETUPS = [
    start_game({"host": {"name": "Ada", "hero": "wizard"}}, seed=f"arrays-{n}")[0] for n in range(3)
]


def without_bookkeeping(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in BOOKKEEPING}


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    state = copy.deepcopy(draw(st.sampled_from(SETUPS)))
    state["settings"].update(
        disputed_roads=draw(st.booleans()),
        taint_loss=draw(st.sampled_from(["crystal_unavailable", "last_crystal_placed"])),
        overrun_short_supply=draw(st.sampled_from(["no_loss", "loss"])),
        monarch_city_overrun=draw(st.sampled_from(["base", "dragon_faq"])),
        major_wound_halts_general=draw(st.booleans()),
        extra_cards_general_only=draw(st.sampled_from(["j", "jm", "all_full"])),
    )
    state["war_level"] = draw(st.integers(0, 3))
    data = board_for(state, state["settings"]["disputed_roads"])
    crowded = draw(st.lists(st.sampled_from(sorted(data.kinds)), max_size=25, unique=True))
    for loc in crowded:
        space = state["board"][loc]
        space["minions"] = {c: draw(st.integers(0, 3)) for c in COLOURS}
        space["taint"] = draw(st.integers(0, 2))
    state["supply"]["minions"] = {c: draw(st.integers(0, 12)) for c in COLOURS}
    state["supply"]["taint"] = draw(st.integers(0, 4))
    for general, entry in state["generals"].items():
        path = data.paths[general]
        index = draw(st.integers(0, len(path) - 2))
        entry.update(
            path_index=index,
            location=path[index],
            wounds=draw(st.integers(0, data.general_life[general])),
            defeated=draw(st.booleans()),
        )
    deck = state["decks"][DS]
    cards = draw(st.permutations(deck["draw"] + deck["discard"]))
    kept = draw(st.integers(0, len(cards)))
    deck["draw"], deck["discard"] = list(cards[:kept]), list(cards[kept:])
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), seed=st.integers(0, 2**32))
def test_the_night_on_arrays_is_the_night_the_command_resolves(
    board: dict[str, Any], seed: int
) -> None:
    position = pickle.loads(pickle.dumps(board))

    simulated_rng, simulated_tally = random.Random(seed), Tally()
    simulated = array_night(board, simulated_rng, simulated_tally)
    assert simulated is not None, "a base game's night is resolved on arrays"
    assert board == position, "the position handed in was changed"

    real_rng, real_tally = random.Random(seed), Tally()
    context = Context(position, rng=real_rng, actor=None)
    context.tally = real_tally
    run(position, context, "night", {"skip_evening": True})

    assert without_bookkeeping(simulated) == without_bookkeeping(position)
    assert (simulated_tally.overruns, simulated_tally.cards, simulated_tally.lost_by) == (
        real_tally.overruns,
        real_tally.cards,
        real_tally.lost_by,
    )
    assert simulated_rng.getstate() == real_rng.getstate()
    event(f"lost: {real_tally.lost_by}")
    event(f"reshuffled: {real_rng.getstate() != random.Random(seed).getstate()}")
    # The door's run_night takes the same road.
    assert run_night(board, seed) == run_night(board, random.Random(seed)) == simulated


def test_a_position_reads_the_settings_as_they_are_now() -> None:
    """What a night reads of the settings and the war level is kept by their values, never by
    the settings' dict: the engine's own context changes a live state in place, so the same
    dict may hold another choice at the next night."""
    state = copy.deepcopy(SETUPS[0])
    for level, choice in [(3, "j"), (3, "all_full"), (3, "all_full"), (2, "all_full"), (2, "jm")]:
        state["war_level"] = level
        state["settings"]["extra_cards_general_only"] = choice
        position = ArrayPosition(state)
        settings = {**default_settings(), **state["settings"]}
        assert position.plan == general_only_plan(settings, war_status(state), level)
        assert position.settings["extra_cards_general_only"] == choice


def test_a_game_with_an_expansion_is_left_to_the_command_path() -> None:
    state, _ = start_game(
        {"host": {"name": "Ada", "hero": "wizard"}, "expansions": ["dragon"]}, seed="arrays"
    )
    rng = random.Random(5)
    before = rng.getstate()
    assert array_night(state, rng, Tally()) is None
    assert rng.getstate() == before


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    board=boards(),
    seed=st.text("abc", max_size=4),
    horizon=st.integers(2, 3),
    marked=st.none() | st.integers(0, 100),
    roomy=st.booleans(),
)
def test_a_forecast_of_several_nights_on_arrays_is_the_forecast_of_the_command_path(
    board: dict[str, Any], seed: str, horizon: int, marked: int | None, roomy: bool
) -> None:
    """A forecast's samples keep the board as arrays from one night to the next; the same
    forecast with every night through the full command path gives every figure the same. A
    location holding a mark the arrays do not know (``marked``) leaves the night that touches
    it, and the rest of that sample, to the command path. ``roomy``: supply and crystals enough
    for most samples to see every night."""
    if roomy:
        board["supply"]["minions"] = dict.fromkeys(COLOURS, 25)
        board["supply"]["taint"] = 12
    if marked is not None:
        locations = sorted(board["board"])
        board["board"][locations[marked % len(locations)]]["mark"] = 1
    resolved: list[bool] = []
    resolve = ArrayNights.night

    def night(nights: ArrayNights) -> bool:
        resolved.append(resolve(nights))
        return resolved[-1]

    with mock.patch.object(ArrayNights, "night", night):
        fast = forecast(board, seed=seed, horizon=horizon, samples=6).as_dict()
    assert resolved, "the samples ran on arrays"
    full = forecast(board, seed=seed, horizon=horizon, samples=6, full_path=True).as_dict()
    for result in (fast, full):
        result.pop("elapsed_seconds")
    assert fast == full
    event(f"lost tonight: {fast['nights'][0]['loss']['p'] > 0}")
    event(f"a sample not lost within {horizon} nights: {fast['nights'][-1]['loss']['p'] < 1}")
    event(f"a night left to the command path: {not all(resolved)}")
