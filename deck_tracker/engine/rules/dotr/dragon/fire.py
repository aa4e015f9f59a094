"""Brimstone's Dragon Flight and fire (DX 'Brimstone', 'Fire Elementals', 'Putting Out Fires').

A game with fire (Brimstone or El Fuego in play) keeps ``supply.fire`` (the tokens left, 10 or 8:
setting ``fire_tokens``) and ``board.<location>.fire`` (0 or 1).

* Dragon Flight: "he moves every time his icon comes up ... the Red Dragon immediately moves to
  that location ... as soon as he lands, he sets the location On Fire". He never follows a path;
  a General-only card moves him too. Landing where a fire burns adds no token ("a limit of 1
  Fire Token per location"); the minions his card shows come with him, after the fire.
* "When Brimstone is activated to move and all 10 of the Fire Tokens are on the board, Brimstone
  automatically attacks Monarch City and defeats the Heroes and the Realm."
* "3 Fire Elementals on a location set it On Fire" (whenever a placement makes 3 there).
* On Fire: "it now only takes 3 of any Minion type present to Taint the location" (setting
  fire_taint): a placement that leaves 3 minions on a burning location taints it, without an
  overrun, once per turn. As with taint, fire does not spread during the setup (unless
  harder_setup).
* Entering costs 2 actions (a step when a hero moves there); a hero ending a turn there takes 1
  wound that armor and hiding do not stop (``dangers.py``).
* Put Out Fires: 1 action at the location, discard a Hero Card of the location's colour, roll 2
  dice: a 4+ on either puts it out.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import General
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, move_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Message, Text, msg
from deck_tracker.engine.i18n import name as named
from deck_tracker.engine.rules.dotr.base.board import FIRE, Realm, card_ref
from deck_tracker.engine.rules.dotr.base.dice import DICE, roll
from deck_tracker.engine.rules.dotr.base.offers import own_hand
from deck_tracker.engine.rules.dotr.base.packs import game_cards, game_pack
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    board_choices,
    hero_ref,
    location_kind,
    location_ref,
    own_hero_seat,
    record,
    require_playing,
    resolve_location,
)
from deck_tracker.engine.rules.dotr.dragon.content import minion_type

__all__ = ["fire_in_play", "on_fire", "set_on_fire"]

R_FLIGHT = msg("dotr.rule.dragon_flight")
R_LANDING = msg("dotr.rule.dragon_landing")
R_FLIGHT_MINIONS = msg("dotr.rule.dragon_flight_minions")
R_ONE_TOKEN = msg("dotr.rule.fire_one_token")
R_NO_TOKEN = msg("dotr.rule.fire_no_token")
R_ALL_FIRES = msg("dotr.rule.all_fires")
R_ELEMENTALS = msg("dotr.rule.fire_elementals")
R_FIRE_TAINT = msg("dotr.rule.fire_taint")
R_ENTER = msg("dotr.rule.fire_enter")
R_PUT_OUT = msg("dotr.rule.put_out_fire")
FIRE_SUCCESS = 4


def fire_in_play(state: State) -> bool:
    return isinstance((state.get("supply") or {}).get("fire"), int)


def on_fire(state: State, loc: str) -> bool:
    return bool((state.get("board") or {}).get(loc, {}).get("fire"))


def set_on_fire(ctx: Context, loc: str, rule: Text, steps: list[Step]) -> bool:
    """One Fire Token on ``loc`` if it is not burning and a token is left (steps say so)."""
    name = location_ref(ctx.state, loc)
    if on_fire(ctx.state, loc):
        steps.append(Step(msg("dotr.dragon.fire.already", location=name), R_ONE_TOKEN))
        return False
    left = int(ctx.state["supply"].get("fire") or 0)
    if left <= 0:
        steps.append(Step(msg("dotr.dragon.fire.none_left", location=name), R_NO_TOKEN))
        return False
    ctx.set("board", loc, "fire", 1)
    ctx.set("supply", "fire", left - 1)
    steps.append(Step(msg("dotr.dragon.fire.place", location=name, left=left - 1), rule))
    return True


# --------------------------------------------------------------------------------------------
# Brimstone's Dragon Flight
# --------------------------------------------------------------------------------------------


# The Generals that fly, per game content (a board's data is cached per content, so its id is).
_FLYING: dict[int, tuple[object, dict[str, General]]] = {}


def _flying_generals(realm: Realm) -> dict[str, General]:
    cached = _FLYING.get(id(realm.data))
    if cached is None or cached[0] is not realm.data:
        generals = game_pack(realm.ctx.state).generals
        flying = {g: known for g, known in generals.items() if known.movement == "dragon_flight"}
        if len(_FLYING) >= 64:
            _FLYING.pop(next(iter(_FLYING)))
        cached = _FLYING[id(realm.data)] = (realm.data, flying)
    return cached[1]


def dragon_flight(realm: Realm, general: str, target: str | None, minions: int) -> bool:
    state = realm.ctx.state
    known = _flying_generals(realm).get(general)
    if known is None:
        return False
    name = realm.data.general_ref(general)
    if fire_in_play(state) and int(state["supply"]["fire"]) <= 0:
        realm.lose(msg("dotr.dragon.loss.all_fires", general=name), R_ALL_FIRES, FIRE)
    if target is None or target not in state["board"]:
        realm.step(msg("dotr.dragon.flight.nowhere", general=name), R_FLIGHT)
        return True
    here = state["generals"][general]
    realm.ctx.set(
        "generals", general, {**here, "location": target, "previous": here.get("location")}
    )
    realm.step(
        msg(
            "dotr.dragon.flight",
            general=name,
            origin=realm.data.place_ref(here["location"]),
            location=realm.data.place_ref(target),
        ),
        R_FLIGHT,
    )
    realm.general_moved(general)
    if fire_in_play(state):
        set_on_fire(realm.ctx, target, R_LANDING, realm.steps)
    if minions:
        realm.place(
            known.colour,
            minions,
            target,
            rule=R_FLIGHT_MINIONS,
            by_general=True,
        )
    return True


# --------------------------------------------------------------------------------------------
# Minions on a burning location; Fire Elementals
# --------------------------------------------------------------------------------------------


def after_placed(realm: Realm, loc: str, colour: str, count: int, source: str) -> None:
    state = realm.ctx.state
    if not realm.effects or loc == realm.data.city or not fire_in_play(state):
        return
    if on_fire(state, loc) and loc not in realm.tainted:
        counts = realm.minions_at(loc)
        any_three = realm.settings.get("fire_taint", "any_three") == "any_three"
        if (realm.count_at(loc) if any_three else max(counts.values())) >= 3:
            realm.step(
                msg("dotr.dragon.fire.three", location=realm.data.place_ref(loc)), R_FIRE_TAINT
            )
            realm.taint(loc, R_FIRE_TAINT)
    # The cheap reads first: most placements make no 3 of a colour on a location not On Fire.
    if realm.minions_at(loc)[colour] < 3 or on_fire(state, loc):
        return
    minion = minion_type(state, colour)
    if minion is not None and "sets_fire" in minion.skills:
        realm.step(
            msg(
                "dotr.dragon.fire.elementals",
                minions=i18n.count(3, f"minion-type:{minion.id}", minion.name, minion.plural),
                location=realm.data.place_ref(loc),
            ),
            R_ELEMENTALS,
        )
        set_on_fire(realm.ctx, loc, R_ELEMENTALS, realm.steps)


# --------------------------------------------------------------------------------------------
# A hero entering a burning location
# --------------------------------------------------------------------------------------------


def _before_move(state: State, name: str, args: dict[str, Any]) -> Any:
    return None


def _after_move(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if name != "move_hero" or not fire_in_play(ctx.state):
        return
    moved = next((e for e in ctx.events if e.type == "hero_moved"), None)
    if moved is None or not on_fire(ctx.state, moved.data["to"]):
        return
    where = location_ref(ctx.state, moved.data["to"])
    record(
        ctx, "entered_fire", msg("dotr.dragon.fire.entered", location=where),
        {"seat": moved.data["seat"], "location": moved.data["to"]},
        (msg("dotr.dragon.fire.enter_cost", location=where), R_ENTER),
    )  # fmt: skip


# A hero who moves into a fire is burned: it follows a move only.
OBSERVER = Observer(before=_before_move, after=_after_move, commands=frozenset({"move_hero"}))


# --------------------------------------------------------------------------------------------
# Putting Out Fires
# --------------------------------------------------------------------------------------------


@command(
    "put_out_fire",
    args={
        "card": Arg(
            "str",
            required=True,
            description="The Hero Card discarded (its colour).",
            offers=own_hand("hero"),
            unoffered=msg("error.dotr.no_hero_card_in_hand"),
        ),
        "location": Arg(
            "str", description="Where; the hero's location by default.", offers=board_choices
        ),
        "rolls": DICE,
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def put_out_fire(ctx: Context, args: dict[str, Any]) -> None:
    """Put Out Fires: discard a card of the location's colour and roll 2 dice; 4+ puts it out."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    hero = ctx.state["heroes"][seat]
    location = resolve_location(ctx.state, args["location"] or hero["location"])
    name, where = hero_ref(ctx.state, seat), location_ref(ctx.state, location)
    if hero["location"] != location:
        raise _refuse(
            msg("error.dotr.dragon.fire.not_there", hero=name, location=where), "not_there"
        )
    if not on_fire(ctx.state, location):
        raise _refuse(msg("error.dotr.scenario.special_rules.not_fire", where=where), "not_on_fire")
    colour = game_pack(ctx.state).locations[location].colour
    if colour is None or location_kind(ctx.state, location) != "location":
        raise _refuse(msg("error.dotr.dragon.fire.no_colour", location=where), "no_matching_card")
    card = game_cards(ctx.state).get(args["card"])
    if card is None or card.kind != "location" or card.data.get("colour") != colour:
        raise _refuse(
            msg(
                "error.dotr.dragon.fire.wrong_card",
                colour=named(f"colour:{colour}", colour),
                location=where,
            ),
            "wrong_card",
        )
    if args["card"] not in get_deck(ctx.state, "hero")["hands"].get(seat, []):
        raise _refuse(
            msg("error.dotr.dragon.fire.not_in_hand", card=repr(args["card"]), hero=name),
            "card_not_in_hand",
        )
    move_cards(ctx, "hero", [args["card"]], source="hand", target="discard", seat=seat)
    dice, physical = roll(ctx, args["rolls"], 2)
    success = any(die >= FIRE_SUCCESS for die in dice)
    shown = ", ".join(map(str, dice))
    hero_word, place = hero_ref(ctx.state, seat), location_ref(ctx.state, location)
    steps: list[tuple[Text, Text]] = [
        (
            msg("dotr.dragon.fire.discards", hero=hero_word, card=card_ref(card), dice=shown),
            R_PUT_OUT,
        )
    ]
    if success:
        ctx.set("board", location, "fire", 0)
        ctx.set("supply", "fire", int(ctx.state["supply"]["fire"]) + 1)
        steps.append((msg("dotr.dragon.fire.out", location=place), R_PUT_OUT))
    else:
        steps.append((msg("dotr.dragon.fire.burns", location=place), R_PUT_OUT))
    record(
        ctx,
        "fire_put_out" if success else "put_out_fire_failed",
        msg("dotr.dragon.fire.put_out", hero=hero_word, location=place, dice=shown)
        if success
        else msg("dotr.dragon.fire.failed", hero=hero_word, location=place, dice=shown),
        {"seat": seat, "location": location, "card": args["card"], "rolls": dice,
         "rolled_by": "table" if physical else "app", "success": success},
        *steps,
    )  # fmt: skip


def _refuse(detail: Message, code: str) -> RuleViolation:
    return RuleViolation(detail, code=code)
