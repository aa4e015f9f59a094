"""Choices the table owes before play goes on, and board resolutions outside the night.

``state.pending`` lists what must be settled (the night waits on every entry): the base game's
hand limit, and the expansions' choices (``token_destination``, ``warlords``, ``recruitment``,
``troll_attack``, ``dungeon_death``). Each entry is a dict with a ``type`` and an ``id``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.base.board import GameOver, Realm

__all__ = ["add_pending", "find_pending", "on_board", "remove_pending", "roll_die"]


def add_pending(ctx: Context, entry: dict[str, Any]) -> dict[str, Any]:
    pending = list(ctx.state.get("pending") or [])
    number = 1 + max((int(p.get("id", 0)) for p in pending), default=0)
    entry = {**entry, "id": number}
    ctx.set("pending", [*pending, entry])
    return entry


def find_pending(state: State, type: str, code: str, what: str) -> dict[str, Any]:
    """The oldest pending entry of ``type`` (refused with ``code`` when there is none)."""
    for entry in state.get("pending") or []:
        if entry.get("type") == type:
            return dict(entry)
    raise RuleViolation(msg("error.dotr.base.pending.no_waiting", what=what), code=code)


def remove_pending(ctx: Context, entry: dict[str, Any]) -> None:
    ctx.set("pending", [p for p in ctx.state.get("pending") or [] if p.get("id") != entry["id"]])


def roll_die(rng: random.Random, rolls: list[int]) -> tuple[int, bool]:
    """The next physical roll the player gave (consumed), else the app's: (value, physical)."""
    if rolls:
        return rolls.pop(0), True
    return rng.randint(1, 6), False


def on_board(
    ctx: Context,
    action: Callable[[Realm], object],
    *,
    type: str,
    summary: Text,
    data: dict[str, Any],
    steps: list[Step] | None = None,
    realm: Realm | None = None,
) -> bool:
    """Resolve ``action`` on the board as one event; a fallen Realm ends the game. True if lost.

    One ``realm`` may serve several events of a command, so that a location takes at most one
    Tainted Crystal in it."""
    realm = realm or Realm(ctx)
    realm.steps.extend(steps or [])
    lost = False
    overruns, crystals = realm.overruns, realm.crystals
    try:
        action(realm)
    except GameOver:
        lost = True
    ctx.emit(
        type,
        summary,
        data={**data, "overruns": realm.overruns - overruns, "crystals": realm.crystals - crystals},
        steps=realm.take_steps(),
    )
    if lost:
        outcome = ctx.get("outcome")
        ctx.emit(
            "game_lost",
            f"The Realm has fallen: {outcome['reason']}.",
            data={"outcome": outcome},
            steps=[Step(f"The heroes lose: {outcome['reason']}.", outcome["rule"])],
        )
    return lost
