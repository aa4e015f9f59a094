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

from .board import free_space_from, region_of, space_name
from .common import character, character_label, lord_name, on_crown

R_SCALE_ON_LORD = "Dragon Scales: a drawn scale is placed on the matching Draconic Lord (p7)"
R_CROWNING = "Crowning the Dragon King: the third scale crowns the Lord; the Crown token moves (p8)"
R_PLACE = (
    "Crowning the Dragon King: one scale to the character's space, or the next space "
    "counterclockwise without a scale (p8)"
)
R_REGION_FULL = (
    "Crowning the Dragon King: every space of the Region has a scale: it is discarded and the "
    "character suffers the Dragon King's Dragon Rage (p8)"
)
R_INNER = "Crowning the Dragon King: characters in the Inner Region place no scale (p8)"
R_DISCARD = "Crowning the Dragon King: the remaining scales on the Lord are discarded (p8)"
R_FROZEN = (
    "Confronting the Dragon King: while a character is on the Crown of Command the Dragon King "
    "does not change (p14)"
)
SCALES_TO_CROWN = 3


def discard_scales(ctx: Context, lord: str, count: int) -> None:
    ctx.set("discarded_scales", lord, int(ctx.get("discarded_scales", lord, default=0)) + count)


def scale_on_lord(ctx: Context, lord: str, seat: str) -> None:
    """A scale drawn by ``seat``'s character goes on ``lord``; the third crowns him."""
    scales = int(ctx.get("lords", lord, "scales", default=0)) + 1
    ctx.set("lords", lord, "scales", scales)
    ctx.emit(
        "scale_on_lord",
        f"A {lord_name(lord)} scale goes on {lord_name(lord)} ({scales} of {SCALES_TO_CROWN}).",
        data={"lord": lord, "scales": scales, "seat": seat},
        steps=[Step(f"Place the scale on the {lord_name(lord)} card.", R_SCALE_ON_LORD)],
    )
    if scales >= SCALES_TO_CROWN:
        crown(ctx, lord, seat)


def crown(ctx: Context, lord: str, seat: str) -> None:
    if on_crown(ctx.state):
        ctx.emit(
            "crown_held",
            f"{lord_name(lord)} has three scales, but a character holds the Crown of Command: "
            f"{lord_name(ctx.get('king'))} stays Dragon King.",
            data={"lord": lord, "king": ctx.get("king")},
            steps=[Step("Leave the Crown token where it is.", R_FROZEN)],
        )
    else:
        previous = ctx.get("king")
        ctx.set("king", lord)
        ctx.emit(
            "king_crowned",
            f"{lord_name(lord)} is crowned Dragon King.",
            data={"lord": lord, "previous": previous},
            steps=[Step(f"Place the Crown token on the {lord_name(lord)} card.", R_CROWNING)],
        )
    _place_one(ctx, lord, seat)


def _place_one(ctx: Context, lord: str, seat: str) -> None:
    info = character(ctx.state, seat)
    who = character_label(ctx.state, seat)
    space = info.get("space")
    region = region_of(space)
    if space is None:
        raise RuleViolation(
            f"Where does {who} stand? Send the space with the token.", code="space_unknown"
        )
    if region == "inner":
        discard_scales(ctx, lord, SCALES_TO_CROWN)
        ctx.set("lords", lord, "scales", 0)
        ctx.emit(
            "scales_discarded",
            f"{who} is in the Inner Region: all three {lord_name(lord)} scales are discarded.",
            data={"lord": lord, "count": SCALES_TO_CROWN, "seat": seat},
            steps=[Step(f"Discard the three scales on {lord_name(lord)}.", R_INNER)],
        )
        return
    target = free_space_from(ctx.state, space)
    if target is None:
        discard_scales(ctx, lord, 1)
        king = ctx.get("king")
        ctx.emit(
            "region_full",
            f"Every space of the Region has a scale: the scale is discarded and {who} suffers "
            f"the Dragon Rage of {lord_name(king)}.",
            data={"lord": lord, "seat": seat, "rage_of": king},
            steps=[
                Step("Discard one scale from the Lord.", R_REGION_FULL),
                Step(
                    f"{who} suffers the Dragon Rage printed on the {lord_name(king)} card "
                    "(a matching claimed scale may be discarded to cancel it).",
                    R_REGION_FULL,
                ),
            ],
        )
    else:
        ctx.set("board_scales", target, lord)
        where = space_name(ctx.state, target)
        moved = "" if target == space else f" ({space_name(ctx.state, space)} already has one)"
        ctx.emit(
            "scale_placed",
            f"A {lord_name(lord)} scale goes to the {where}{moved}.",
            data={"lord": lord, "space": target, "from_space": space, "seat": seat},
            steps=[Step(f"Place a {lord_name(lord)} scale on the {where}.", R_PLACE)],
        )
    discard_scales(ctx, lord, SCALES_TO_CROWN - 1)
    ctx.set("lords", lord, "scales", 0)
    ctx.emit(
        "scales_discarded",
        f"The other two {lord_name(lord)} scales are discarded.",
        data={"lord": lord, "count": SCALES_TO_CROWN - 1, "seat": seat},
        steps=[Step(f"Discard the two scales left on {lord_name(lord)}.", R_DISCARD)],
    )
