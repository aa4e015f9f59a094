"""The Inner Region: the overlay's Dragon Tower or Dragon Realm (TD p12-14).

A character in the Inner Region has ``inner = {"side", "index", "space", "turned_back"}``: his
place on the side's track, from the Plain of Peril (0) to the Crown of Command (last).

Rules decisions:

* Entering from the Portal of Power (opened at the table) puts the character on the Plain of
  Peril; the King's scale on the Portal closes it inward (p10, encounters.py).
* Dragon Realm: no die; one space along the arrow once the space's instructions are done (p13).
* Dragon Tower: at the start of the turn, draw the space's number of cards from the Dragon
  King's deck; afterwards move one space plus one per Enemy killed; defeated on a stairway: one
  space back (also after a kill); a stand-off moves forward normally (p13). The number printed
  on a stairway is asked once and remembered, in the game (``tower_draws``) and for later
  games (memory.py). With nobody Dragon
  King there is no deck to draw from: the rulebook is silent; the app refuses and says why.
* Turning Back: declared once, one space per turn back to the Plain of Peril ignoring the
  spaces, then free again; never from the Crown of Command (p13-14). From the Plain of Peril the
  character may leave through the Portal of Power without opening it.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import msg

from .board import named_space
from .common import (
    SYSTEMS,
    acting_seat,
    character,
    character_ref,
    in_play,
    lord_name,
    side_ref,
)
from .content import CROWN, Side, default_pack
from .encounters import check_crossing
from .memory import draw_values

R_ENTER = msg("td.rule.enter")
R_REALM = msg("td.rule.realm")
R_TOWER_DRAW = msg("td.rule.tower_draw")
R_TOWER_MOVE = msg("td.rule.tower_move")
R_TOWER_CLEAR = msg("td.rule.tower_clear")
R_TURN_BACK = msg("td.rule.turn_back")
R_LEAVE = msg("td.rule.leave")
R_CROWN = msg("td.rule.crown")


def side_of(state: State) -> Side:
    return default_pack().sides[state["settings"]["inner_region"]]


def _inner(state: State, seat: str) -> dict[str, Any]:
    inner: dict[str, Any] | None = character(state, seat).get("inner")
    if inner is None:
        raise RuleViolation(
            msg("error.td.inner.character_not_inner_region"), code="not_in_inner_region"
        )
    return inner


def set_place(ctx: Context, seat: str, index: int, *, turned_back: bool) -> None:
    side = side_of(ctx.state)
    space = side.track[index]
    ctx.set(
        "characters",
        seat,
        "inner",
        {"side": side.id, "index": index, "space": space.id, "turned_back": turned_back},
    )
    ctx.set("characters", seat, "space", space.id)


def _acting_inner(state: State, actor: str | None) -> Reason | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    info = state.get("characters", {}).get(state["turn"]["seat"], {})
    if not info.get("inner"):
        return msg("error.td.inner.character_not_inner_region")
    return None


@command("enter_inner_region", systems=SYSTEMS, unavailable=in_play)
def enter_inner_region(ctx: Context, args: dict[str, Any]) -> None:
    """Pass through the opened Portal of Power onto the Plain of Peril."""
    seat = acting_seat(ctx)
    info = character(ctx.state, seat)
    if info.get("space") != "portal-of-power":
        raise RuleViolation(
            msg("error.td.inner.only_portal_power_leads_inward"), code="not_at_portal"
        )
    check_crossing(ctx.state, "middle", "inner")
    set_place(ctx, seat, 0, turned_back=False)
    who = character_ref(ctx.state, seat)
    ctx.emit(
        "inner_region_entered",
        msg("td.inner.enters_plain_peril", who=who, name=side_ref(side_of(ctx.state))),
        data={"seat": seat, "side": side_of(ctx.state).id},
        steps=[Step(msg("td.inner.move_onto_plain_peril", who=who), R_ENTER)],
    )


def _not_drawn_yet(state: State, actor: str | None) -> Reason | None:
    reason = _acting_inner(state, actor)
    if reason:
        return reason
    if side_of(state).movement != "tower":
        return msg("error.td.inner.only_tower_draws")
    if state["turn"].get("tower_drawn"):
        return msg("error.td.inner.tower_cards_drawn")
    return None


@command(
    "tower_draw",
    args={
        "count": Arg("int", minimum=0, maximum=10, description="The number printed on the space."),
        "cards": Arg("list[str]", max_items=10, description="A table-held deck: the cards."),
    },
    systems=SYSTEMS,
    unavailable=_not_drawn_yet,
)
def tower_draw(ctx: Context, args: dict[str, Any]) -> None:
    """Draw the space's number of Dragon Cards from the King's deck at the start of the turn."""
    seat = acting_seat(ctx)
    inner = _inner(ctx.state, seat)
    if inner["space"] == CROWN or inner["turned_back"]:
        raise RuleViolation(msg("error.td.inner.no_tower_cards_are_drawn"), code="no_tower_draw")
    king = ctx.get("king")
    if king is None:
        raise RuleViolation(msg("error.td.inner.nobody_dragon_king_there_no"), code="no_king")
    count = _count(ctx, inner["index"], args["count"])
    deck = default_pack().lords[king].deck
    drawn = draw_cards(ctx, deck, count=count, cards=args["cards"], rule=R_TOWER_DRAW)
    ctx.put("decks", deck, "table", drawn)
    ctx.set("tower_cards", [*ctx.get("tower_cards", default=[]), *drawn])
    ctx.set("turn", "tower_drawn", True)
    space = side_of(ctx.state).track[inner["index"]]
    ctx.emit(
        "tower_cards_drawn",
        msg(
            "td.inner.draws",
            character_label=character_ref(ctx.state, seat),
            count=count,
            lord=lord_name(king),
            noun_for=msg("td.inner.card_noun", count=count),
            name=named_space(space.name),
        ),
        data={
            "seat": seat,
            "deck": deck,
            "cards": drawn,
            "count": count,
            "space": space.id,
            "overlay_values": draw_values(space.id, count) if space.draw is None else {},
        },
        steps=[
            Step(
                msg(
                    "td.inner.draw_encounter_them_no_spell",
                    count=count,
                    lord=lord_name(king),
                    noun_for=msg("td.inner.card_noun", count=count),
                ),
                R_TOWER_DRAW,
            )
        ],
    )


def _count(ctx: Context, index: int, told: int | None) -> int:
    space = side_of(ctx.state).track[index]
    known = space.draw if space.draw is not None else ctx.get("tower_draws", space.id)
    if known is not None:
        if told is not None and told != known:
            raise InvalidArguments(
                {"count": [msg("error.td.inner.draws", name=named_space(space.name), known=known)]}
            )
        return int(known)
    if told is None:
        raise InvalidArguments(
            {"count": [msg("error.td.inner.read_number_printed", name=named_space(space.name))]}
        )
    ctx.set("tower_draws", space.id, told)
    return told


def _drawn_not_moved(state: State, actor: str | None) -> Reason | None:
    reason = _acting_inner(state, actor)
    if reason:
        return reason
    if not state["turn"].get("tower_drawn"):
        return msg("error.td.inner.draw_tower_cards_first")
    if state["turn"].get("inner_moved"):
        return msg("error.td.inner.character_has_moved_this_turn")
    return None


@command(
    "tower_result",
    args={
        "killed": Arg("int", default=0, minimum=0, maximum=10),
        "defeated": Arg("bool", default=False),
    },
    systems=SYSTEMS,
    unavailable=_drawn_not_moved,
)
def tower_result(ctx: Context, args: dict[str, Any]) -> None:
    """After the Tower cards: Enemies killed and whether the character was defeated."""
    seat = acting_seat(ctx)
    inner = _inner(ctx.state, seat)
    side = side_of(ctx.state)
    here = side.track[inner["index"]]
    if args["defeated"] and here.stairway:
        target = max(0, inner["index"] - 1)
        how = msg("td.inner.defeated_on_stairway")
    else:
        target = min(len(side.track) - 1, inner["index"] + 1 + args["killed"])
        how = msg(
            "td.inner.moves_forward",
            count=count_of(target - inner["index"], "word:space", "space", "spaces"),
        )
    set_place(ctx, seat, target, turned_back=False)
    ctx.set("turn", "inner_moved", True)
    who, there = character_ref(ctx.state, seat), named_space(side.track[target].name)
    steps = [Step(msg("td.inner.move", who=who, there=there), R_TOWER_MOVE)]
    if side.track[target].id == CROWN:
        steps.append(Step(msg("td.inner.attacks_dragon_king_now", who=who), R_CROWN))
    ctx.emit(
        "tower_moved",
        msg("td.inner.text", who=who, how=how, there=there),
        data={"seat": seat, "from": here.id, "to": side.track[target].id, **args},
        steps=steps,
    )


@command("inner_step", systems=SYSTEMS, unavailable=_acting_inner)
def inner_step(ctx: Context, args: dict[str, Any]) -> None:
    """Move one space along the Dragon Realm's arrow, or one space back having turned back."""
    seat = acting_seat(ctx)
    inner = _inner(ctx.state, seat)
    side = side_of(ctx.state)
    if ctx.get("turn", "inner_moved"):
        raise RuleViolation(
            msg("error.td.inner.character_has_moved_this_turn"), code="already_moved"
        )
    if inner["turned_back"]:
        target, rule, back = inner["index"] - 1, R_TURN_BACK, True
    elif side.movement == "realm":
        target, rule, back = inner["index"] + 1, R_REALM, False
    else:
        raise RuleViolation(msg("error.td.inner.dragon_tower_cards_drawn_move"), code="tower_moves")
    if inner["space"] == CROWN:
        raise RuleViolation(msg("error.td.inner.crown_command_character_does_not"), code="on_crown")
    set_place(ctx, seat, target, turned_back=back and target > 0)
    ctx.set("turn", "inner_moved", True)
    who, there = character_ref(ctx.state, seat), named_space(side.track[target].name)
    steps = [
        Step(
            msg("td.inner.move_ignoring", who=who, there=there)
            if back
            else msg("td.inner.move", who=who, there=there),
            rule,
        )
    ]
    if side.track[target].id == CROWN:
        steps.append(Step(msg("td.inner.attacks_dragon_king_now", who=who), R_CROWN))
    ctx.emit(
        "inner_moved",
        msg(
            "td.inner.moves",
            who=who,
            value=(msg("td.inner.back") if back else msg("td.inner.text_2")),
            there=there,
        ),
        data={"seat": seat, "to": side.track[target].id, "back": back},
        steps=steps,
    )


@command("turn_back", systems=SYSTEMS, unavailable=_acting_inner)
def turn_back(ctx: Context, args: dict[str, Any]) -> None:
    """Declare, once and for good, the way back to the Plain of Peril."""
    seat = acting_seat(ctx)
    inner = _inner(ctx.state, seat)
    if inner["space"] == CROWN:
        raise RuleViolation(msg("error.td.inner.crown_command_there_no_turning"), code="on_crown")
    if inner["turned_back"] or inner["index"] == 0:
        raise RuleViolation(msg("error.td.inner.nothing_turn_back_from_here"), code="already_back")
    set_place(ctx, seat, inner["index"], turned_back=True)
    who = character_ref(ctx.state, seat)
    ctx.emit(
        "turned_back",
        msg("td.inner.turns_back_towards_plain_peril", who=who),
        data={"seat": seat},
        steps=[Step(msg("td.inner.one_space_per_turn_back"), R_TURN_BACK)],
    )


@command("leave_inner_region", systems=SYSTEMS, unavailable=_acting_inner)
def leave_inner_region(ctx: Context, args: dict[str, Any]) -> None:
    """From the Plain of Peril, step out to the Portal of Power."""
    seat = acting_seat(ctx)
    if _inner(ctx.state, seat)["index"] != 0:
        raise RuleViolation(msg("error.td.inner.only_plain_peril_leads_out"), code="not_on_plain")
    ctx.set("characters", seat, "inner", None)
    ctx.set("characters", seat, "space", "portal-of-power")
    who = character_ref(ctx.state, seat)
    ctx.emit(
        "inner_region_left",
        msg("td.inner.leaves_inner_region_portal_power", who=who),
        data={"seat": seat},
        steps=[Step(msg("td.inner.move_portal_power_no_need", who=who), R_LEAVE)],
    )


def clear_tower(ctx: Context) -> None:
    """End of a turn: every card in the Dragon Tower goes to its discard pile."""
    cards = list(ctx.get("tower_cards", default=[]))
    if not cards:
        return
    for lord in default_pack().lords.values():
        deck = ctx.get("decks", lord.deck)
        mine = [card for card in deck["table"] if card in cards]
        if mine:
            ctx.set("decks", lord.deck, "table", [c for c in deck["table"] if c not in mine])
            ctx.put("decks", lord.deck, "discard", mine)
    ctx.set("tower_cards", [])
    ctx.emit(
        "tower_cleared",
        msg(
            "td.inner.dragon_tower_are_discarded",
            count=count_of(len(cards), "word:card", "card", "cards"),
        ),
        data={"cards": cards},
        steps=[Step(msg("td.inner.discard_every_card_token_dragon"), R_TOWER_CLEAR)],
    )
