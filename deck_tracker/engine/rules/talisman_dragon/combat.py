"""What claimed scales do: the attack bonus, cancelling a Dragon Rage, and inheritance (TD p11).

Rules decisions:

* Each claimed scale matching an opponent adds 1 to the attack score; against several Enemies
  at once, each scale counts once per matching Enemy (the p11 examples: three Varthrax scales
  against two Varthrax Enemies add 6). The table tells the app whom the character fights
  (``set_opponents``: one Lord per Enemy from his deck, or the Dragon King); other Enemies add
  nothing.
* A matching scale may be discarded to cancel a Lord's Dragon Rage.
* Scales are not Objects: no command ditches, sells, trades or steals them; a killed
  character's scales pass to the player's new character.
* Each seat speaks for its own character only: no rule lets a player discard another's scale,
  name another's opponents or replace another's character (``common.own_seat``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import msg

from .common import (
    SYSTEMS,
    character,
    character_name,
    character_ref,
    check_lord,
    lord_choices,
    lord_name,
    own_seat,
)
from .scales import discard_scales

R_BONUS = msg("td.rule.bonus")
R_CANCEL = msg("td.rule.cancel")
R_INHERIT = msg("td.rule.inherit")


def attack_bonus(scales: Mapping[str, int], opponents: Iterable[str]) -> int:
    """The points claimed scales add against these opponents (one Lord per Enemy faced)."""
    return sum(int(scales.get(lord, 0)) for lord in opponents)


def bonus_of(state: State, seat: str) -> int:
    info = state.get("characters", {}).get(seat, {})
    return attack_bonus(info.get("scales") or {}, info.get("opponents") or [])


SEAT = Arg("str", description="The caller's own seat (another seat is refused: `not_your_seat`).")


@command(
    "set_opponents",
    args={
        "lords": Arg(
            "list[str]",
            required=True,
            max_items=10,
            description="One Draconic Lord per Enemy fought (their deck), or the Dragon King.",
            offers=lord_choices,
        ),
        "seat": SEAT,
    },
    systems=SYSTEMS,
)
def set_opponents(ctx: Context, args: dict[str, Any]) -> None:
    """Say whom the character fights now, to see what the claimed scales add."""
    seat = own_seat(ctx, args["seat"])
    lords = [check_lord(lord) for lord in args["lords"]]
    ctx.set("characters", seat, "opponents", lords)
    bonus = bonus_of(ctx.state, seat)
    who = character_ref(ctx.state, seat)
    faced = ", ".join(lord_name(lord) for lord in lords) or "no Dragon Enemy"
    ctx.emit(
        "opponents_set",
        msg("td.combat.fights_claimed_scales_add_attack", who=who, faced=faced, bonus=bonus),
        data={"seat": seat, "lords": lords, "bonus": bonus},
        steps=[Step(msg("td.combat.add_s_attack_score", bonus=bonus, who=who), R_BONUS)]
        if bonus
        else [],
    )


def _held_scales(state: State, actor: str | None) -> list[Choice]:
    """The Lords whose scale the asking character holds (one of them cancels his Rage)."""
    held = (state.get("characters") or {}).get(actor or "", {}).get("scales") or {}
    return [choice for choice in lord_choices(state, actor) if held.get(choice.value)]


@command(
    "cancel_dragon_rage",
    args={
        "lord": Arg(
            "str",
            required=True,
            offers=lambda state, actor: _held_scales(state, actor),
            unoffered=msg("td.combat.no_scale_held"),
        ),
        "seat": SEAT,
    },
    systems=SYSTEMS,
)
def cancel_dragon_rage(ctx: Context, args: dict[str, Any]) -> None:
    """Discard a claimed scale matching the raging Lord to cancel his Dragon Rage."""
    seat = own_seat(ctx, args["seat"])
    lord = check_lord(args["lord"])
    held = dict(character(ctx.state, seat).get("scales") or {})
    if held.get(lord, 0) < 1:
        raise RuleViolation(
            msg(
                "error.td.combat.holds_no_scale",
                character_label=character_ref(ctx.state, seat),
                lord=lord_name(lord),
            ),
            code="no_matching_scale",
        )
    held[lord] -= 1
    if not held[lord]:
        del held[lord]
    ctx.set("characters", seat, "scales", held)
    discard_scales(ctx, lord, 1)
    who = character_ref(ctx.state, seat)
    ctx.emit(
        "dragon_rage_cancelled",
        msg("td.combat.discards_scale_cancel_his_dragon", who=who, lord=lord_name(lord)),
        data={"seat": seat, "lord": lord},
        steps=[
            Step(msg("td.combat.discard_one_scale_ignore_dragon", lord=lord_name(lord)), R_CANCEL)
        ],
    )


@command(
    "new_character",
    args={"name": Arg("str", required=True, description="The new character."), "seat": SEAT},
    systems=SYSTEMS,
)
def new_character(ctx: Context, args: dict[str, Any]) -> None:
    """A killed character's player takes a new character, who inherits the claimed scales."""
    seat = own_seat(ctx, args["seat"])
    old = character(ctx.state, seat)
    before = character_ref(ctx.state, seat)
    scales = dict(old.get("scales") or {})
    ctx.set(
        "characters",
        seat,
        {"name": args["name"], "space": None, "scales": scales, "inner": None, "opponents": []},
    )
    ctx.set("seats", seat, "hero", args["name"])
    count = sum(scales.values())
    ctx.emit(
        "character_replaced",
        msg(
            "td.combat.gone_inherits",
            before=before,
            name=character_name(args["name"]),
            count=count_of(count, "word:dragon-scale", "dragon scale", "dragon scales"),
        ),
        data={"seat": seat, "name": args["name"], "scales": scales},
        steps=[Step(msg("td.combat.move_dragon_scales_new_character"), R_INHERIT)] if count else [],
    )
