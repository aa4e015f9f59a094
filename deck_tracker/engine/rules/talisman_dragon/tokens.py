"""The dragon token draw at the start of each character's turn (TD p6-7).

Rules decisions:

* The bag is the table's by default (its mix is printed in the box only): the player draws and
  taps the token that came up. With ``token_draw: app`` the app draws from a bag of the entered
  mix, seeded and recorded in the event, so undo and redo give the same token.
* A Dragon Strike owes two more draws, resolved in order; a Strike among them owes two more again.
* A Dragon Rage drawn while nobody is Dragon King has no King to suffer: the rulebook is silent;
  the app says so and nothing happens (docs/talisman-dragon.md).
* Special tokens are discarded after they are resolved; a drawn token is never put back.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Text, msg

from .board import check_known_space
from .common import SYSTEMS, acting_seat, character_ref, in_play, lord_name, token_ref
from .content import default_pack
from .scales import scale_on_lord

BAG = "dragon_tokens"
KINDS = ("varthrax", "cadorus", "grilipus", "strike", "rage", "slumber")
R_DRAW = msg("td.rule.draw")
R_STRIKE = msg("td.rule.strike")
R_RAGE = msg("td.rule.rage")
R_SLUMBER = msg("td.rule.slumber")


def bag_cards(mix: dict[str, int]) -> list[str]:
    return [f"{kind}-{n:02d}" for kind, count in mix.items() for n in range(1, count + 1)]


def token_kind(token: str) -> str:
    return token.rsplit("-", 1)[0]


def _nothing_owed(state: State, actor: str | None) -> Reason | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    if int(state.get("turn", {}).get("tokens_owed", 0)) <= 0:
        return msg("error.td.tokens.tokens_drawn")
    return None


@command(
    "draw_dragon_token",
    args={
        "token": Arg(
            "str",
            choices=KINDS,
            description="A bag kept at the table: the token that came up.",
        ),
        "space": Arg(
            "str", description="Where the character stands, if the app does not know yet."
        ),
    },
    systems=SYSTEMS,
    unavailable=_nothing_owed,
)
def draw_dragon_token(ctx: Context, args: dict[str, Any]) -> None:
    """Draw the dragon token that starts the turn (from the app's bag, or as the table drew it)."""
    seat = acting_seat(ctx)
    if args["space"] is not None and ctx.get("characters", seat, "space") is None:
        check_known_space(args["space"])
        ctx.set("characters", seat, "space", args["space"])
    kind = _drawn_kind(ctx, args["token"])
    ctx.set("turn", "tokens_owed", int(ctx.get("turn", "tokens_owed")) - 1)
    who = character_ref(ctx.state, seat)
    name = default_pack().token_kinds[kind].name
    ctx.emit(
        "dragon_token_drawn",
        msg("td.tokens.drew_dragon_token", who=who, name=token_ref(kind)),
        data={"seat": seat, "token": kind, "name": name},
        steps=[Step(msg("td.tokens.show_token", name=token_ref(kind)), R_DRAW)],
    )
    lord = default_pack().token_kinds[kind].scale_of
    if lord is not None:
        scale_on_lord(ctx, lord, seat)
    elif kind == "strike":
        ctx.set("turn", "tokens_owed", int(ctx.get("turn", "tokens_owed")) + 2)
        ctx.emit(
            "dragon_strike",
            msg("td.tokens.dragon_strike_draws_two_more", who=who),
            data={"seat": seat},
            steps=[Step(msg("td.tokens.draw_two_more_dragon_tokens"), R_STRIKE)],
        )
    elif kind == "rage":
        rage(ctx, seat, ctx.get("king"), rule=R_RAGE)
    else:
        ctx.emit(
            "dragon_slumber",
            msg("td.tokens.dragon_slumber_puts_dragon_sleep", who=who),
            data={"seat": seat},
            steps=[Step(msg("td.tokens.place_sleep_token_dragon_your"), R_SLUMBER)],
        )


def rage(ctx: Context, seat: str, lord: str | None, *, rule: Text) -> None:
    who = character_ref(ctx.state, seat)
    if lord is None:
        ctx.emit(
            "dragon_rage",
            msg("td.tokens.dragon_rage_but_nobody_dragon"),
            data={"seat": seat, "lord": None},
            steps=[Step(msg("td.tokens.discard_token_there_no_dragon"), rule)],
        )
        return
    ctx.emit(
        "dragon_rage",
        msg("td.tokens.suffers_dragon_rage", who=who, lord=lord_name(lord)),
        data={"seat": seat, "lord": lord},
        steps=[
            Step(
                msg("td.tokens.resolve_dragon_rage_printed_card", lord=lord_name(lord)),
                rule,
            )
        ],
    )


def _drawn_kind(ctx: Context, told: str | None) -> str:
    if ctx.get("settings", "token_draw") == "table":
        if told is None:
            raise InvalidArguments({"token": [msg("error.td.tokens.bag_table_tap_token_drawn")]})
        return told
    if told is not None:
        raise InvalidArguments({"token": [msg("error.td.tokens.app_draws_from_bag_omit")]})
    [token] = draw_cards(ctx, BAG, count=1, cards=None, rule=R_DRAW)
    ctx.put("decks", BAG, "discard", [token])
    return token_kind(token)
