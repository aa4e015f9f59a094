"""Tests of the Defenders of the Realm rules, and the helpers they share.

A test may build a board position directly: :func:`table` starts a real game, then
:func:`clear_board` empties it (supplies full again) so that :func:`put` can lay out exactly the
minions a rule or an FAQ answer talks about; :func:`realm` gives a fresh resolution over it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from deck_tracker.engine import rules as _rules  # noqa: F401  (registers dotr)
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, Event, State
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.board import CRYSTALS, MINIONS_PER_COLOUR, Realm

DS = "darkness_spreads"
COLOUR_OF = {"orcs": "green", "undead": "black", "demons": "red", "dragonkin": "blue"}


def table(hero: str | None = "wizard", seed: str = "dotr-test", **options: Any) -> GameLog:
    """A fresh game (host in seat 1 playing ``hero``) with the given settings."""
    setup: dict[str, Any] = {"host": {"name": "Ada", "hero": hero}, "options": options}
    return GameLog.start(setup, seed=seed)


def clear_board(state: State) -> None:
    """No minion and no crystal anywhere; full supplies (the Generals stay where they are)."""
    for space in state["board"].values():
        space["minions"] = dict.fromkeys(COLOURS, 0)
        space["taint"] = 0
    state["supply"]["minions"] = dict.fromkeys(COLOURS, MINIONS_PER_COLOUR)
    state["supply"]["taint"] = CRYSTALS


def put(state: State, loc: str, **counts: int) -> None:
    """Add minions to ``loc`` from the supply: ``put(state, "thorny-woods", orcs=2)``."""
    minions = dict(state["board"][loc]["minions"])
    supply = dict(state["supply"]["minions"])
    for kind, count in counts.items():
        colour = COLOUR_OF[kind]
        minions[colour] += count
        supply[colour] -= count
    state["board"][loc]["minions"] = minions
    state["supply"]["minions"] = supply


def taint(state: State, loc: str, crystals: int = 1) -> None:
    state["board"][loc]["taint"] += crystals
    state["supply"]["taint"] -= crystals


def realm(state: State, *, setup: bool = False) -> Realm:
    return Realm(Context(state, rng=random.Random(0), actor=None), setup=setup)


def minions(state: State, loc: str) -> dict[str, int]:
    return dict(state["board"][loc]["minions"])


def total(state: State, loc: str) -> int:
    return sum(state["board"][loc]["minions"].values())


def crystals(state: State, loc: str | None = None) -> int:
    if loc is None:
        return sum(space["taint"] for space in state["board"].values())
    count: int = state["board"][loc]["taint"]
    return count


def on_top(state: State, *cards: str) -> None:
    """Put ``cards`` on top of the Darkness Spreads draw pile, the first to be drawn first."""
    deck = state["decks"][DS]
    rest = [c for c in deck["draw"] if c not in cards]
    deck["discard"] = [c for c in deck["discard"] if c not in cards]
    deck["draw"] = rest + list(reversed(cards))


def check_conservation(state: State) -> None:
    """25 minions per colour and 12 crystals, between the board and the supply."""
    for colour in COLOURS:
        on_board = sum(space["minions"][colour] for space in state["board"].values())
        assert on_board + state["supply"]["minions"][colour] == MINIONS_PER_COLOUR, colour
    assert crystals(state) + state["supply"]["taint"] == CRYSTALS


def steps_of(log: GameLog, event_type: str) -> list[dict[str, str]]:
    return [step for e in log.events if e.type == event_type for step in e.steps]


def set_war_level(log: GameLog, level: int) -> None:
    """Raise the War Status as a recorded event (so that the log still replays)."""
    if log.state.get("war_level") == level:
        return
    ctx = Context(log.state, rng=random.Random(0), actor=None)
    ctx.set("war_level", level)
    ctx.set("war_status", ("early", "mid", "mid", "late")[level])
    event = ctx.emit("war_status_set", f"Test: War Status level {level}.")
    log.events.append(Event.from_record(json.loads(json.dumps(event.as_record()))))
