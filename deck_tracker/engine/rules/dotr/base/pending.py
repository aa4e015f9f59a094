"""Choices the table owes before play goes on, and board resolutions outside the night.

``state.pending`` lists what must be settled (the night waits on every entry): the base game's
hand limit, and the expansions' choices (``token_destination``, ``warlords``, ``recruitment``,
``troll_attack``, ``dungeon_death``). Each entry is a dict with a ``type`` and an ``id``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Unavailable
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import player_name
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Message, Text, msg
from deck_tracker.engine.rules.dotr.base.board import GameOver, Realm

__all__ = [
    "add_pending",
    "find_pending",
    "night_waits",
    "on_board",
    "pending_first",
    "remove_pending",
    "roll_die",
]

# What the table does first, in player words, for each kind of pending choice.
FIRST = {
    "sterling_location": msg("dotr.pending.sterling_location"),
    "sterling_bonus": msg("dotr.pending.sterling_bonus"),
    "winds_of_war": msg("dotr.pending.winds_of_war"),
    "recruitment": msg("dotr.pending.recruitment"),
    "dungeon_run": msg("dotr.pending.dungeon_run"),
    "dungeon_death": msg("dotr.pending.dungeon_death"),
    "troll_attack": msg("dotr.pending.troll_attack"),
    "warlords": msg("dotr.pending.warlords"),
}
TOKENS = {"trolls": "Troll", "spiders": "Giant Spider"}


def pending_first(state: State, entry: dict[str, Any]) -> Message:
    """What the table must settle first, as a player reads it ("First choose where Sterling
    lands")."""
    kind = str(entry.get("type") or "")
    if kind == "hand_limit":
        name = player_name(state, str(entry.get("seat")))
        return msg("dotr.pending.hand_limit", player=name)
    if kind == "token_destination":
        token = str(entry.get("token"))
        english = TOKENS.get(token, "token")
        return msg("dotr.pending.token_destination", token=i18n.name(f"cc-token:{token}", english))
    return FIRST.get(kind, msg("dotr.pending.other"))


def night_waits(state: State, actor: str | None) -> Unavailable | None:
    """Why the night cannot begin now: the oldest choice still pending, in player words."""
    pending = state.get("pending") or []
    if not pending or not isinstance(pending, list):
        return None
    return Unavailable(
        msg("dotr.pending.waits", first=pending_first(state, pending[0])), code="pending_choice"
    )


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
            msg("dotr.board.realm_fallen", reason=outcome.get("reason_msg") or outcome["reason"]),
            data={"outcome": outcome},
            steps=[
                Step(
                    msg(
                        "dotr.night.heroes_lose",
                        reason=outcome.get("reason_msg") or outcome["reason"],
                    ),
                    outcome.get("rule_msg") or outcome["rule"],
                )
            ],
        )
    return lost
