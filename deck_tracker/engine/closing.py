"""Closing a game that has ended: after this nothing can change it, not even undo.

Rules decisions:
- An ended game can still be resumed by undoing its ending, so the secrets that decided it (the
  seed behind every shuffle, the order of the piles, the hands) stay in force until the table
  closes it. Only a closed game has its seed revealed for audit (the Django service does that),
  because only then can no hidden card it covers still be drawn.
- Any seat may close an ended game, as any seat may end one; closing cannot be undone.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.i18n import msg

from .commands import Reason, command
from .core import Context, State
from .decks import seat_label


def _not_closable(state: State, actor: str | None) -> Reason | None:
    if not state.get("outcome"):
        return msg("error.core.closing.only_ended")
    return None


@command("close_game", undoable=False, unavailable=_not_closable)
def close_game(ctx: Context, args: dict[str, Any]) -> None:
    """Close the ended game for good: no undo after this, and its seed is revealed for audit."""
    ctx.set("closed", True)
    ctx.emit(
        "game_closed",
        msg(
            "core.closing.closed_game_seed_revealed_audit", player=seat_label(ctx.state, ctx.actor)
        ),
        data={"outcome": ctx.get("outcome")},
    )
