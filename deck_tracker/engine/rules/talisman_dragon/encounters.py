"""Landing on a space with a dragon scale, and claiming it (TD p10-11).

Rules decisions:

* Landing on a space with a scale, the character encounters the space, a character there, or
  the scale; a scale matching the Dragon King must be encountered (p10).
* Encountering a scale draws one card from the matching Dragon deck onto the space and ignores
  the space's text (p10). The app-held decks draw it; a table-held deck names the card drawn.
* Killing an Enemy from a Dragon Card lets the character claim the scale on his space (p11). The
  table names the Enemy killed; the card may have been on the space before (the Conjurer's
  Carrion Drake, p11).
* The Sentinel (Outer to Middle) and the Portal of Power (Middle to Inner) with a scale matching
  the Dragon King cannot be used to cross inward; crossing outward stays free (p10).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Choice, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import msg

from .board import check_known_space, crossing_closed, region_of, space_ref, space_title
from .common import SYSTEMS, acting_seat, character, character_ref, in_play, lord_name
from .content import default_pack

R_CHOICE = msg("td.rule.choice")
R_KINGS_SCALE = msg("td.rule.kings_scale")
R_DRAW_DRAGON = msg("td.rule.draw_dragon")
R_SENTINEL = msg("td.rule.sentinel")
R_PORTAL = msg("td.rule.portal")
R_CLAIM = msg("td.rule.claim")
ENCOUNTERS = ("space", "character", "scale")


def check_crossing(state: State, going_from: str | None, going_to: str | None) -> None:
    if crossing_closed(state, "sentinel", going_from, going_to):
        raise RuleViolation(
            msg(
                "error.td.encounters.scale_sentinel_closes_bridge_middle",
                lord=lord_name(state.get("king")),
            ),
            code="crossing_closed",
        )
    if crossing_closed(state, "portal-of-power", going_from, going_to):
        raise RuleViolation(
            msg(
                "error.td.encounters.scale_portal_power_closes_way",
                lord=lord_name(state.get("king")),
            ),
            code="crossing_closed",
        )


def _region_spaces() -> list[Choice]:
    """The Outer and Middle Regions' spaces, each told apart from its namesakes."""
    return [
        Choice(space.id, space_title(space.id))
        for spaces in default_pack().regions.values()
        for space in spaces
    ]


@command(
    "move",
    args={
        "space": Arg(
            "str",
            required=True,
            description="The space landed on.",
            offers=lambda state, actor: _region_spaces(),
        ),
        "encounter": Arg("str", default="space", choices=ENCOUNTERS),
        "cards": Arg("list[str]", max_items=1, description="A table-held Dragon deck: the card."),
        "crossing": Arg(
            "str",
            default="sentinel",
            choices=("sentinel", "other"),
            description="Outer to Middle: by the Sentinel's bridge, or another way (a card).",
        ),
    },
    systems=SYSTEMS,
    unavailable=in_play,
)
def move(ctx: Context, args: dict[str, Any]) -> None:
    """Land on an Outer or Middle Region space and say what the character encounters."""
    seat = acting_seat(ctx)
    space, choice = args["space"], args["encounter"]
    check_known_space(space)
    info = character(ctx.state, seat)
    if info.get("inner"):
        raise RuleViolation(
            msg("error.td.encounters.character_inner_region_use_track"), code="in_inner_region"
        )
    if args["crossing"] == "sentinel":
        check_crossing(ctx.state, region_of(info.get("space")), region_of(space))
    scale = ctx.get("board_scales", default={}).get(space)
    if choice == "scale" and scale is None:
        raise RuleViolation(
            msg("error.td.encounters.has_no_scale", space=space_ref(ctx.state, space)),
            code="no_scale",
        )
    if scale is not None and scale == ctx.get("king") and choice != "scale":
        raise RuleViolation(
            msg("error.td.encounters.scale_matches_dragon_king_must", lord=lord_name(scale)),
            code="kings_scale_first",
        )
    ctx.set("characters", seat, "space", space)
    ctx.set("characters", seat, "opponents", [])
    who, where = character_ref(ctx.state, seat), space_ref(ctx.state, space)
    steps = [Step(msg("td.encounters.move", who=who, where=where), msg("td.encounters.movement"))]
    if scale is not None:
        rule = R_KINGS_SCALE if scale == ctx.get("king") else R_CHOICE
        steps.append(
            Step(msg("td.encounters.encounters", who=who, choice=choice, where=where), rule)
        )
    ctx.emit(
        "character_moved",
        msg("td.encounters.lands_scale", who=who, where=where, lord=lord_name(scale))
        if choice == "scale"
        else msg("td.encounters.lands", who=who, where=where),
        data={"seat": seat, "space": space, "encounter": choice, "scale": scale},
        steps=steps,
    )
    if choice == "scale" and scale is not None:
        encounter_scale(ctx, seat, space, scale, args["cards"])


def encounter_scale(
    ctx: Context, seat: str, space: str, lord: str, cards: list[str] | None
) -> None:
    deck = default_pack().lords[lord].deck
    drawn = draw_cards(ctx, deck, count=1, cards=cards, rule=R_DRAW_DRAGON)
    ctx.put("decks", deck, "table", drawn)
    ctx.set("encounter", {"seat": seat, "space": space, "lord": lord, "cards": drawn})
    ctx.set("characters", seat, "opponents", [lord])
    where = space_ref(ctx.state, space)
    ctx.emit(
        "dragon_card_drawn",
        msg(
            "td.encounters.draws_card",
            character_label=character_ref(ctx.state, seat),
            lord=lord_name(lord),
            where=where,
        ),
        data={"seat": seat, "space": space, "lord": lord, "deck": deck, "cards": drawn},
        steps=[
            Step(
                msg("td.encounters.draw_top_card_place_resolve", lord=lord_name(lord), where=where),
                R_DRAW_DRAGON,
            ),
            Step(msg("td.encounters.ignore_everything_printed", where=where), R_DRAW_DRAGON),
        ],
    )


def _no_scale_here(state: State, actor: str | None) -> Reason | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    seat = state["turn"]["seat"]
    space = state.get("characters", {}).get(seat, {}).get("space")
    if space is None or space not in state.get("board_scales", {}):
        return msg("error.td.encounters.no_scale_on_space")
    return None


@command(
    "claim_scale",
    args={"enemy": Arg("str", required=True, description="The Enemy killed, as on its card.")},
    systems=SYSTEMS,
    unavailable=_no_scale_here,
)
def claim_scale(ctx: Context, args: dict[str, Any]) -> None:
    """Claim the scale on the character's space after killing an Enemy from a Dragon Card."""
    seat = acting_seat(ctx)
    space = character(ctx.state, seat)["space"]
    lord = ctx.get("board_scales")[space]
    if not args["enemy"].strip():
        raise InvalidArguments({"enemy": [msg("error.td.encounters.name_enemy_killed")]})
    ctx.delete("board_scales", space)
    held = dict(character(ctx.state, seat).get("scales") or {})
    held[lord] = held.get(lord, 0) + 1
    ctx.set("characters", seat, "scales", held)
    ctx.set("turn", "kills", int(ctx.get("turn", "kills", default=0)) + 1)
    ctx.set("encounter", None)
    who = character_ref(ctx.state, seat)
    ctx.emit(
        "scale_claimed",
        msg(
            "td.encounters.killed_claims_scale", who=who, enemy=args["enemy"], lord=lord_name(lord)
        ),
        data={"seat": seat, "space": space, "lord": lord, "enemy": args["enemy"]},
        steps=[
            Step(
                msg(
                    "td.encounters.move_scale_from_s_play",
                    lord=lord_name(lord),
                    space=space_ref(ctx.state, space),
                    who=who,
                    enemy=args["enemy"],
                ),
                R_CLAIM,
            )
        ],
    )
