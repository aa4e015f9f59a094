"""Turns: the next character's turn begins with its dragon token (TD p6).

Rules decisions: turns follow the seats in order. Ending a turn is refused while its dragon
tokens are undrawn; it discards the Dragon Tower's cards (p13) and forgets the opponents.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.i18n import msg

from .common import SYSTEMS, acting_seat, character_ref, in_play
from .inner import clear_tower
from .tokens import R_DRAW


def _tokens_first(state: State, actor: str | None) -> Reason | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    if int(state["turn"].get("tokens_owed", 0)) > 0:
        return msg("error.td.turns.draw_token_first")
    return None


def next_seat(state: State, seat: str) -> str:
    seats = sorted(state.get("characters", {}), key=int)
    later = [s for s in seats if int(s) > int(seat)]
    return str((later or seats)[0])


@command("next_turn", systems=SYSTEMS, unavailable=_tokens_first)
def next_turn(ctx: Context, args: dict[str, Any]) -> None:
    """End the character's turn; the next seat's character draws a dragon token."""
    seat = acting_seat(ctx)
    clear_tower(ctx)
    ctx.set("characters", seat, "opponents", [])
    ctx.set("encounter", None)
    following = next_seat(ctx.state, seat)
    number = int(ctx.get("turn", "number", default=1)) + 1
    ctx.set("turn", {"seat": following, "number": number, "tokens_owed": 1, "kills": 0})
    who = character_ref(ctx.state, following)
    ctx.emit(
        "turn_started",
        msg("td.turns.s_turn", who=who),
        data={"seat": following, "number": number, "previous": seat},
        steps=[Step(msg("td.turns.draws_dragon_token", who=who), R_DRAW)],
    )
