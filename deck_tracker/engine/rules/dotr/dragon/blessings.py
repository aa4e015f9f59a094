"""Royal Blessing tokens (DX; setting ``royal_blessings``).

The rulebook lists "4 Royal Blessing Tokens" and "1 Royal Blessing Card", and its easier-game
rules say "Use 1 or more Royal Blessing tokens", but "the Royal Blessing rules are not printed in
this rulebook" (page 16 has the heading only). So the app does not guess what a token does: it
counts the tokens the table set out and records each use (who, when, what for).

State: ``state.royal_blessings`` = ``{"tokens": n left, "used": [{"seat", "round", "note"}]}``.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_ref,
    record,
    require_playing,
    seat_of,
)

R_BLESSING = msg("dotr.rule.dx.blessings.blessing")


@command(
    "use_royal_blessing",
    args={"note": Arg("str", description="What the token was used for."), "seat": SEAT},
    systems=DOTR,
)
def use_royal_blessing(ctx: Context, args: dict[str, Any]) -> None:
    """A hero uses a Royal Blessing token (the app records it)."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    blessings = ctx.state.get("royal_blessings") or {"tokens": 0, "used": []}
    if int(blessings.get("tokens", 0)) <= 0:
        raise RuleViolation(
            msg("error.dotr.dragon.blessings.no_royal_blessing_token_left"), code="no_blessing_left"
        )
    turn = (ctx.state.get("turn") or {}).get("number")
    use = {"seat": seat, "round": turn, "note": args["note"] or ""}
    left = int(blessings["tokens"]) - 1
    ctx.set("royal_blessings", {"tokens": left, "used": [*blessings.get("used", []), use]})
    name = hero_ref(ctx.state, seat)
    record(
        ctx, "royal_blessing_used",
        msg("dotr.blessing.used.note", hero=name, note=args["note"])
        if args["note"]
        else msg("dotr.blessing.used", hero=name),
        {"seat": seat, "note": use["note"], "tokens_left": left},
        (msg("dotr.blessing.spends", hero=name, left=left), R_BLESSING),
    )  # fmt: skip
