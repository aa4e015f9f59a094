"""Dragon scales on the Draconic Lords, and crowning the Dragon King (TD p7-8, p14).

Rules decisions:

* A drawn scale goes on its Lord; the third crowns him Dragon King and the Crown token moves to
  him, unless a character is on the Crown of Command: then one scale is still placed and two
  discarded, but the King does not change (TD p14).
* One scale goes to the drawing character's space, else the next space counterclockwise without
  a scale in that Region (board.py); with every space of the Region holding one, it is discarded
  and the character suffers the Dragon King's Dragon Rage. A character in the Inner Region
  places none: all three are discarded (TD p8). The other two are discarded.
* The Dragon Rage is printed on the Lord's card: the app tells the table to resolve it and
  offers a matching claimed scale to cancel it (combat.py).
"""

from __future__ import annotations

from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg

from .board import free_space_from, region_of, space_ref
from .common import character, character_ref, lord_name, on_crown

R_SCALE_ON_LORD = msg("td.rule.scale_on_lord")
R_CROWNING = msg("td.rule.crowning")
R_PLACE = msg("td.rule.place")
R_REGION_FULL = msg("td.rule.region_full")
R_INNER = msg("td.rule.inner")
R_DISCARD = msg("td.rule.discard")
R_FROZEN = msg("td.rule.frozen")
SCALES_TO_CROWN = 3


def discard_scales(ctx: Context, lord: str, count: int) -> None:
    ctx.set("discarded_scales", lord, int(ctx.get("discarded_scales", lord, default=0)) + count)


def scale_on_lord(ctx: Context, lord: str, seat: str) -> None:
    """A scale drawn by ``seat``'s character goes on ``lord``; the third crowns him."""
    scales = int(ctx.get("lords", lord, "scales", default=0)) + 1
    ctx.set("lords", lord, "scales", scales)
    ctx.emit(
        "scale_on_lord",
        msg(
            "td.scales.scale_goes",
            lord=lord_name(lord),
            scales=scales,
            scales_to_crown=SCALES_TO_CROWN,
        ),
        data={"lord": lord, "scales": scales, "seat": seat},
        steps=[Step(msg("td.scales.place_scale_card", lord=lord_name(lord)), R_SCALE_ON_LORD)],
    )
    if scales >= SCALES_TO_CROWN:
        crown(ctx, lord, seat)


def crown(ctx: Context, lord: str, seat: str) -> None:
    if on_crown(ctx.state):
        ctx.emit(
            "crown_held",
            msg(
                "td.scales.has_three_scales_but_character",
                lord=lord_name(lord),
                lord2=lord_name(ctx.get("king")),
            ),
            data={"lord": lord, "king": ctx.get("king")},
            steps=[Step(msg("td.scales.leave_crown_token_where"), R_FROZEN)],
        )
    else:
        previous = ctx.get("king")
        ctx.set("king", lord)
        ctx.emit(
            "king_crowned",
            msg("td.scales.crowned_dragon_king", lord=lord_name(lord)),
            data={"lord": lord, "previous": previous},
            steps=[Step(msg("td.scales.place_crown_token_card", lord=lord_name(lord)), R_CROWNING)],
        )
    _place_one(ctx, lord, seat)


def _place_one(ctx: Context, lord: str, seat: str) -> None:
    info = character(ctx.state, seat)
    who = character_ref(ctx.state, seat)
    space = info.get("space")
    region = region_of(space)
    if space is None:
        raise RuleViolation(
            msg("error.td.scales.where_does_stand_send_space", who=who), code="space_unknown"
        )
    if region == "inner":
        discard_scales(ctx, lord, SCALES_TO_CROWN)
        ctx.set("lords", lord, "scales", 0)
        ctx.emit(
            "scales_discarded",
            msg("td.scales.inner_region_all_three_scales", who=who, lord=lord_name(lord)),
            data={"lord": lord, "count": SCALES_TO_CROWN, "seat": seat},
            steps=[Step(msg("td.scales.discard_three_scales", lord=lord_name(lord)), R_INNER)],
        )
        return
    target = free_space_from(ctx.state, space)
    if target is None:
        discard_scales(ctx, lord, 1)
        king = ctx.get("king")
        ctx.emit(
            "region_full",
            msg("td.scales.every_space_region_has_scale", who=who, lord=lord_name(king)),
            data={"lord": lord, "seat": seat, "rage_of": king},
            steps=[
                Step(msg("td.scales.discard_one_scale_from_lord"), R_REGION_FULL),
                Step(
                    msg(
                        "td.scales.suffers_dragon_rage_printed_card", who=who, lord=lord_name(king)
                    ),
                    R_REGION_FULL,
                ),
            ],
        )
    else:
        ctx.set("board_scales", target, lord)
        where = space_ref(ctx.state, target)
        moved = (
            ""
            if target == space
            else msg("td.scales.already_has_one", space=space_ref(ctx.state, space))
        )
        ctx.emit(
            "scale_placed",
            msg("td.scales.scale_goes_2", lord=lord_name(lord), where=where, moved=moved),
            data={"lord": lord, "space": target, "from_space": space, "seat": seat},
            steps=[Step(msg("td.scales.place_scale", lord=lord_name(lord), where=where), R_PLACE)],
        )
    discard_scales(ctx, lord, SCALES_TO_CROWN - 1)
    ctx.set("lords", lord, "scales", 0)
    ctx.emit(
        "scales_discarded",
        msg("td.scales.other_two_scales_are_discarded", lord=lord_name(lord)),
        data={"lord": lord, "count": SCALES_TO_CROWN - 1, "seat": seat},
        steps=[Step(msg("td.scales.discard_two_scales_left", lord=lord_name(lord)), R_DISCARD)],
    )
