"""The battlefields in play: objectives, tiles drawn and chosen, and tiles taught by the table.

``state["tiles"]`` maps every tile to where it is (``pile``, ``play``, ``offered``, ``won``);
``state["battlefields"]`` holds each tile in play (``{"cards": {side: [...]}, "generals":
{side: [{"name", "tokens"}]}}``) and ``state["field_order"]`` their order on the table.
``state["pending"]`` is what the table must answer before play goes on (None when nothing).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Message, Text, msg, name

from .hands import position_ref, side_ref
from .tiles import TEACHABLE, check_taught_values, tile_ids, tile_rules
from .turns import side_refusal

__all__ = ["SYSTEM", "draw_new_battlefields", "place_tile", "start_objectives"]

SYSTEM = frozenset({"battlefields"})
R_OBJECTIVES = msg("bf.rule.objectives")
R_REWARD_TILES = msg("bf.rule.reward_tiles")
R_TEACH = msg("bf.rule.teach")


def empty_battlefield() -> dict[str, Any]:
    return {
        "cards": {"minions": [], "heroes": []},
        "generals": {"minions": [], "heroes": []},
    }


def place_tile(ctx: Context, tile_id: str, *, rule: Text) -> None:
    ctx.set("tiles", tile_id, "play")
    ctx.set("battlefields", tile_id, empty_battlefield())
    ctx.set("field_order", [*ctx.get("field_order", default=[]), tile_id])
    tile = tile_rules(ctx.state, tile_id)
    steps = [Step(msg("bf.field.place_centre_table", name=tile.name), rule)]
    if not tile.taught:
        steps.append(
            Step(
                msg(
                    "bf.field.read_this_battlefield_app",
                    colour=name(f"bf-colour:{tile.colour}", tile.colour),
                ),
                R_TEACH,
            )
        )
    ctx.emit(
        "battlefield_placed",
        msg("bf.field.comes_into_play", name=tile.name),
        data={"tile": tile_id, "name": tile.name, "taught": tile.taught},
        steps=steps,
    )


def start_objectives(ctx: Context) -> None:
    ctx.set("pending", {"kind": "objective", "side": "minions"})


def _pile(state: State) -> list[str]:
    return [tile for tile in tile_ids(state) if state["tiles"][tile] == "pile"]


def draw_new_battlefields(ctx: Context, count: int, *, side: str, purpose: str) -> None:
    """Draw ``count`` tiles for ``purpose`` (``objective``: placed; ``reward``: ``side`` picks)."""
    pile = _pile(ctx.state)
    count = min(count, len(pile))
    if count == 0:
        ctx.set("pending", None)
        return
    if ctx.get("settings", "tile_draws") == "table":
        ctx.set("pending", {"kind": "draw", "count": count, "side": side, "purpose": purpose})
        return
    drawn = ctx.rng.sample(pile, count)
    _drawn(ctx, drawn, side=side, purpose=purpose, by_app=True)


def _drawn(ctx: Context, drawn: list[str], *, side: str, purpose: str, by_app: bool) -> None:
    names = ", ".join(tile_rules(ctx.state, tile).name for tile in drawn)
    ctx.set("pending", None)
    if len(drawn) == 1:
        if by_app:
            ctx.emit(
                "battlefields_drawn",
                msg("bf.field.app_drew", names=names),
                data={"tiles": drawn},
                steps=[
                    Step(msg("bf.field.take_from_battlefield_tiles", names=names), R_OBJECTIVES)
                ],
            )
        place_tile(ctx, drawn[0], rule=R_OBJECTIVES if purpose == "objective" else R_REWARD_TILES)
        return
    for tile in drawn:
        ctx.set("tiles", tile, "offered")
    ctx.set("pending", {"kind": "choose", "side": side, "options": drawn})
    ctx.emit(
        "battlefields_drawn",
        msg("bf.field.draw_choose_next_battlefield", side=side_ref(side), names=names),
        data={"tiles": drawn, "side": side},
        steps=[Step(msg("bf.field.choose_one", side=side_ref(side), names=names), R_REWARD_TILES)],
    )


def _pending_kind(kind: str, message: Message, *, sides_choice: bool = True) -> Any:
    """Availability of the answer to ``pending`` of ``kind``: a side's choice is its own
    players' (``sides_choice``); what the table drew, any phone enters."""

    def unavailable(state: State, actor: str | None) -> Reason | None:
        pending = state.get("pending") or {}
        if pending.get("kind") != kind:
            return message
        return side_refusal(state, actor, pending["side"]) if sides_choice else None

    return unavailable


TILE = Arg("str", required=True, description="A battlefield tile.")


@command(
    "choose_objective",
    args={"tile": TILE},
    systems=SYSTEM,
    unavailable=_pending_kind("objective", msg("error.bf.field.objectives_chosen")),
)
def choose_objective(ctx: Context, args: dict[str, Any]) -> None:
    """A side places the primary colour battlefield it chooses as an objective."""
    side = ctx.state["pending"]["side"]
    tile_id = args["tile"]
    if ctx.get("tiles", tile_id) != "pile":
        raise RuleViolation(
            msg("error.bf.field.that_battlefield_not_among_tiles"), code="not_in_pile"
        )
    if tile_rules(ctx.state, tile_id).colour == "purple":
        raise RuleViolation(
            msg("error.bf.field.objective_primary_colour_battlefield_not"), code="purple_objective"
        )
    ctx.emit(
        "objective_chosen",
        msg("bf.field.choose_their_objective", side=side_ref(side)),
        data={"side": side, "tile": tile_id},
        steps=[
            Step(
                msg("bf.field.place_their_chosen_battlefield_face", side=side_ref(side)),
                R_OBJECTIVES,
            )
        ],
    )
    place_tile(ctx, tile_id, rule=R_OBJECTIVES)
    if side == "minions":
        ctx.set("pending", {"kind": "objective", "side": "heroes"})
    else:
        draw_new_battlefields(ctx, 1, side=side, purpose="objective")


@command(
    "draw_battlefields",
    args={"tiles": Arg("list[str]", required=True, max_items=5, description="Tiles drawn.")},
    systems=SYSTEM,
    unavailable=_pending_kind("draw", msg("error.bf.field.nothing_to_draw"), sides_choice=False),
)
def draw_battlefields(ctx: Context, args: dict[str, Any]) -> None:
    """The table enters the battlefield tiles it drew at random."""
    pending = ctx.state["pending"]
    tiles = list(args["tiles"])
    if len(tiles) != pending["count"] or len(set(tiles)) != len(tiles):
        raise RuleViolation(
            msg("error.bf.field.enter_tiles_drawn", number=pending["count"]), code="wrong_count"
        )
    if any(ctx.get("tiles", tile) != "pile" for tile in tiles):
        raise RuleViolation(msg("error.bf.field.tile_entered_not_among_those"), code="not_in_pile")
    ctx.emit(
        "battlefields_drawn_by_table",
        msg(
            "bf.field.table_drew",
            names=", ".join(tile_rules(ctx.state, tile).name for tile in tiles),
        ),
        data={"tiles": tiles},
    )
    _drawn(ctx, tiles, side=pending["side"], purpose=pending["purpose"], by_app=False)


@command(
    "choose_battlefield",
    args={"tile": TILE},
    systems=SYSTEM,
    unavailable=_pending_kind("choose", msg("error.bf.field.nothing_to_choose")),
)
def choose_battlefield(ctx: Context, args: dict[str, Any]) -> None:
    """The winner of a battle chooses the next battlefield among the tiles drawn."""
    pending = ctx.state["pending"]
    if args["tile"] not in pending["options"]:
        raise RuleViolation(msg("error.bf.field.choose_one_tiles_drawn"), code="not_offered")
    for tile in pending["options"]:
        ctx.set("tiles", tile, "pile")
    ctx.set("pending", None)
    ctx.emit(
        "battlefield_chosen",
        msg(
            "bf.field.choose",
            side=side_ref(pending["side"]),
            name=tile_rules(ctx.state, args["tile"]).name,
        ),
        data={"tile": args["tile"], "side": pending["side"]},
        steps=[Step(msg("bf.field.return_other_tiles_pile_shuffle"), R_REWARD_TILES)],
    )
    place_tile(ctx, args["tile"], rule=R_REWARD_TILES)


TEACH_ARGS = {
    "tile": TILE,
    "title": Arg("str", required=True, description="The name printed on the tile."),
    "activate": Arg("int", minimum=0, maximum=10, description="The white number (0: none)."),
    "descending": Arg("bool", description="Arrows: descending order."),
    "arrow_colour": Arg("str", choices=("any", "red", "black", "blue", "green")),
    "parity": Arg("str", choices=("any", "even", "odd")),
    "set_size": Arg("int", minimum=0, maximum=3, description="The set mark: 2 or 3 (0: none)."),
    "no_chameleons": Arg("bool"),
    "final_total": Arg("int", minimum=0, maximum=100, description="The shield (0: none)."),
    "main_hero": Arg("str"),
    "main_minion": Arg("str"),
    "reward_count": Arg("int", required=True, minimum=1, maximum=5),
    "reward": Arg("str", description="The reward text."),
    "reward_must": Arg("bool", description="The reward must be applied."),
}


def _teach_unavailable(state: State, actor: str | None) -> Reason | None:
    return msg("error.dotr.base.night.game_over") if state.get("outcome") else None


@command("teach_tile", args=TEACH_ARGS, systems=SYSTEM, unavailable=_teach_unavailable)
def teach_tile(ctx: Context, args: dict[str, Any]) -> None:
    """The table reads a battlefield's name and victory conditions to the app."""
    tile_id = args["tile"]
    if tile_id not in ctx.state["tiles"]:
        raise RuleViolation(msg("error.bf.field.no_such_battlefield_tile"), code="unknown_tile")
    values = check_taught_values({k: args.get(k) for k in TEACHABLE})
    ctx.set("library", "tiles", tile_id, values)
    tile = tile_rules(ctx.state, tile_id)
    overlay = {f"decks/battlefield_tiles/{tile_id}/data.{k}": v for k, v in values.items()}
    ctx.emit(
        "tile_taught",
        msg(
            "bf.field.read_app",
            position_label_or_table=position_label_or_table(ctx),
            name=tile.name,
        ),
        data={"tile": tile_id, "rules": tile.as_dict(), "overlay_values": overlay},
        steps=[Step(msg("bf.field.known_from_now", name=tile.name), R_TEACH)],
    )


def position_label_or_table(ctx: Context) -> Text:
    for position, player in ctx.state["players"].items():
        if player.get("seat") == ctx.actor and ctx.actor is not None:
            return position_ref(ctx.state, position)
    return msg("bf.field.the_table")
