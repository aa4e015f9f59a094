"""``run_night``: a night for simulation equals the real night, without its bookkeeping.

A forecast samples many nights from one position through ``deck_tracker.engine.run_night``.
It must resolve exactly what the ``night`` command resolves (the Darkness Spreads cards and
everything they trigger, every expansion's rules included), leave the position it was given
untouched, and skip only the event log, the undo history and the texts the table reads.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from deck_tracker.engine import RuleViolation
from deck_tracker.engine.commands import run
from deck_tracker.engine.core import Context
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rng import rng_for
from deck_tracker.engine.rules.dotr.base.board import LOSS_CAUSES, OTHER_LOSS, Tally
from deck_tracker.engine.rules.dotr.dragon.dangers import dangers_at
from deck_tracker.engine.simulate import run_night
from tests.engine.dotr.test_seeded_digest import SETUPS
from tests.helpers import a_face, table

DS = "darkness_spreads"
BOOKKEEPING = ("version", "history")


def without_bookkeeping(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in BOOKKEEPING}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_simulated_night_leaves_the_state_the_real_night_leaves(name: str) -> None:
    nights = 0
    for game_number in range(5):
        game = GameLog.start(SETUPS[name], seed=f"simulate-{name}-{game_number}")
        for night in range(30):
            if game.state.get("outcome") or game.state.get("pending"):
                break
            # The night waits for the dangers where the active hero ends the turn (fire,
            # Zealots, Imps): the table resolves them first, as it would at the real table.
            seat = game.state["turn"]["active_seat"]
            if dangers_at(game.state, game.state["heroes"][seat]["location"]):
                game.execute("turn_end_dangers", {}, actor=seat)
                if game.state.get("outcome") or game.state.get("pending"):
                    break
            game.state["war_level"] = min(3, night // 4)
            before = copy.deepcopy(game.state)
            # The same random source the real command gets for its first event.
            simulated = run_night(game.state, rng_for(game.seed, len(game.events) + 1))
            assert game.state == before, "the position handed in was changed"
            # The result shares what the night left alone with the position (copy on write),
            # and the real command then writes into the position in place.
            simulated = copy.deepcopy(simulated)
            game.execute("night", {"skip_evening": True})
            assert without_bookkeeping(simulated) == without_bookkeeping(game.state)
            assert {k: simulated.get(k) for k in BOOKKEEPING} == {
                k: before.get(k) for k in BOOKKEEPING
            }
            nights += 1
            while game.state.get("reading"):  # a card the app does not know: the table reads it
                game.execute("read_card", {"face": a_face(game.state["reading"][0])})
    assert nights >= 25


def test_a_late_war_night_draws_three_cards_off_the_top_of_the_pile() -> None:
    # Rulebook, Darkness Spreads: "draw 1 card in the Early War, 2 in the Mid War, 3 in the
    # Late War"; resolved cards go to the discard pile.
    game = table(seed="simulate-late-war")
    game.state["war_level"] = 3
    top_three = game.state["decks"][DS]["draw"][-3:]
    after = run_night(game.state, 7)
    assert after["decks"][DS]["draw"] == game.state["decks"][DS]["draw"][:-3]
    assert sorted(after["decks"][DS]["discard"]) == sorted(
        game.state["decks"][DS]["discard"] + top_three
    )
    assert after["turn"]["number"] == game.state["turn"]["number"] + 1


def test_the_same_seed_gives_the_same_night_and_samples_differ_by_seed() -> None:
    game = table(seed="simulate-seeds")
    game.state["war_level"] = 3
    pile = game.state["decks"][DS]["draw"]
    outcomes = set()
    for seed in range(12):
        # What a forecast does: the order of the draw pile is unknown, so each sample shuffles it.
        rng = random.Random(seed)
        shuffled = rng.sample(pile, len(pile))
        position = {**game.state, "decks": {DS: {**game.state["decks"][DS], "draw": shuffled}}}
        first = run_night(position, rng)
        again = run_night(position, random.Random(seed))  # not the same stream: it was drawn on
        assert run_night(position, 99) == run_night(position, 99)
        outcomes.add(repr(sorted(first["decks"][DS]["discard"])))
        assert first["decks"][DS]["discard"] == again["decks"][DS]["discard"]
    assert len(outcomes) > 1


def test_a_lost_game_refuses_another_night_and_stays_as_it_was() -> None:
    game = table(seed="simulate-lost")
    game.state["outcome"] = {"result": "lost", "reason": "a test", "rule": "a test"}
    before = copy.deepcopy(game.state)
    with pytest.raises(RuleViolation) as refused:
        run_night(game.state, 1)
    assert refused.value.code == "game_over"
    assert game.state == before


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_simulated_night_counts_the_overruns_and_the_loss_the_real_night_resolves(
    name: str,
) -> None:
    """What a forecast reads of a night, counted as the rules resolve it (never from the texts
    the table reads): the overruns from each location and the way the Realm fell. The real
    night (the full command path) and the simulated one count the same; the count agrees with
    each Darkness Spreads card's own tally, and with the rulebook's Overrun ("a 4th minion
    taints the location and spreads 1 minion to each adjacent location"): a location overrun
    tonight took a Tainted Crystal tonight."""
    overruns = losses = 0
    for game_number in range(6):
        game = GameLog.start(SETUPS[name], seed=f"tally-{name}-{game_number}")
        for night in range(30):
            state = game.state
            if state.get("outcome") or state.get("pending"):
                break
            seat = state["turn"]["active_seat"]
            if dangers_at(state, state["heroes"][seat]["location"]):
                game.execute("turn_end_dangers", {}, actor=seat)
                if game.state.get("outcome") or game.state.get("pending"):
                    break
            game.state["war_level"] = min(3, night // 4)
            rng_seed = rng_for(game.seed, len(game.events) + 1).getrandbits(64)
            quiet = Tally()
            simulated = run_night(game.state, rng_seed, tally=quiet)
            full = Tally()
            real = copy.deepcopy(game.state)
            context = Context(real, rng=random.Random(rng_seed), actor=None)
            context.tally = full
            outcome = run(real, context, "night", {"skip_evening": True})
            assert (quiet.overruns, quiet.lost_by) == (full.overruns, full.lost_by)
            told = sum(e.data.get("overruns", 0) for e in outcome.events)
            assert sum(full.overruns.values()) == told
            for loc in full.overruns:
                assert simulated["board"][loc]["taint"] > game.state["board"][loc]["taint"]
            if simulated.get("outcome"):
                assert quiet.lost_by in LOSS_CAUSES and quiet.lost_by != OTHER_LOSS
                losses += 1
            else:
                assert quiet.lost_by is None
            overruns += sum(full.overruns.values())
            game.execute("night", {"skip_evening": True})
            while game.state.get("reading"):  # a card the app does not know: the table reads it
                game.execute("read_card", {"face": a_face(game.state["reading"][0])})
    assert overruns >= 10 and losses >= 1
