"""The engine's door: the Django side sets a game up, applies a command, reads a seat's view and
simulates a night through a few verbs that return what to store; how a command is run (its
context, its random source, what undo replays) stays inside the engine."""

from __future__ import annotations

import copy
from typing import Any

import deck_tracker.engine as engine
from deck_tracker.engine import Brings, StoredCommand, apply, brings_anything, setup, view

GENERIC = {"system": "generic", "host": {"name": "Ada", "hero": "Wizard"}}
DECK = {**GENERIC, "decks": {"test": {"cards": [f"c{n:02d}" for n in range(1, 11)]}}}
DOTR = {"host": {"name": "Ada", "hero": "wizard"}}


def test_the_door_offers_the_verbs_and_none_of_the_rules_internals() -> None:
    for verb in ("setup", "apply", "view", "simulate", "replay"):
        assert verb in engine.__all__
    for internal in ("Context", "rng_for", "undo_extra", "run", "rebase", "FollowUps", "fold"):
        assert internal not in engine.__all__


def test_a_command_applied_returns_its_events_state_and_undo_entry_and_undo_replays_it() -> None:
    started = setup(DECK, seed="door")
    state = started.state
    before = copy.deepcopy(view(state, "1"))
    store: dict[int, StoredCommand] = {}

    def stored(version: int) -> StoredCommand:
        return store[version]

    drawn = apply(state, "draw", {"deck": "test"}, seed="door", seq=2, actor="1", stored=stored)
    assert drawn is not None and drawn.events and drawn.version == 1
    assert drawn.undo.backward and drawn.undo.forward
    store[drawn.version] = drawn.undo
    assert view(state, "1")["decks"] != before["decks"]

    undone = apply(state, "undo", {}, seed="door", seq=3, actor="1", stored=stored)
    assert undone is not None and undone.events[0].type == "action_undone"
    assert view(state, "1")["decks"] == before["decks"]


def test_what_a_player_brings_is_data_the_game_system_reads() -> None:
    brings = Brings(rewards={"wizard": ({"card": "duke", "note": "last week"},)})
    dotr = setup(DOTR, seed="door").state
    assert brings_anything(dotr, "1", brings)
    assert not brings_anything(dotr, "1", Brings(rewards={"cleric": ({"card": "duke"},)}))
    # Another game system: a player brings nothing to it.
    assert not brings_anything(setup(DECK, seed="door").state, "1", brings)

    def nothing_stored(version: int) -> Any:
        raise AssertionError("a claim replays nothing")

    claimed = apply(
        dotr,
        "claim_seat",
        {"seat": "1", "player": "Ada"},
        seed="door",
        seq=9,
        actor="1",
        stored=nothing_stored,
        brings=brings,
    )
    assert claimed is not None
    assert claimed.events[0].type == "seat_claimed"
    assert any(e.type != "seat_claimed" and "duke" in str(e.data) for e in claimed.events)
