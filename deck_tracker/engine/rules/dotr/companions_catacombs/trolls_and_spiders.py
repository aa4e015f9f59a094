"""Trolls and Giant Spiders on the board (Companions & Catacombs), and the Dragon expansion's
Troll Renegades, which share the Troll tokens and their attack.

Each location of a Companions & Catacombs game counts ``trolls``, ``spiders`` and ``warlords``
in ``board[loc]``; the supply counts the tokens left (6 Trolls, 6 Giant Spiders, 10 Warlords).

Rules (CC = shared/rules/dotr-companions-and-catacombs.txt):

* Trolls and Giant Spiders count as Minions on their location (for overruns, taint, the
  Monarch City loss); ``Realm.count_at`` adds them.
* Adding one where 3 Minions stand: the location is tainted (once per turn), its Minions overrun
  to each adjacent location (setting ``token_overrun``), and the token goes to one of the overrun
  locations, which the table picks (``place_token``; decided at once when there is one). A token
  arriving where it makes 4 Minions taints that location, without a further overrun (as the
  FAQ's overrun minion does). An Inn never takes one; Monarch City takes it and may fall.
* A Troll is attacked on its own (``attack_troll``, 1 action): 3 dice, doubles slay it; each
  failed attack wounds the hero (unless armour blocks it). Troll Slayers (Dwarf, Barbarian,
  Paladin, Adventurer) may re-roll any number of the dice once (``reroll_troll``).
* Giant Spiders are fought with the other Minions and slain on 4+ (``slay_spiders`` records
  them). Webs: entering a location with a Giant Spider costs an extra action, except in flight
  (an Eagle card, or the Eagle Rider); the app reminds the table when a hero moves there.

Troll Renegades in a game with the Dragon expansion (DX 'Renegade Troll Rules'): "Trolls count
as 1 Minion on their location. When attacking a location with a Troll, the player always attacks
the Troll separate from other Minions present, and requires a separate Action to attack. To
Attack Troll Renegades roll 3 Dice. To remove the Troll Renegade Token, you must roll doubles ...
The Dwarf and Paladin are natural Troll Slayers and may re-roll some or all dice from an attack.
Attacks that fail to defeat the Troll result in a single wound to the hero that may be blocked by
Armor (Paladin, Dwarf) or avoided by the Eagle Rider if in the air." Both expansions share the
tokens and the attack (``attack_troll``, ``reroll_troll``). The Dragon rulebook does not say how
Trolls reach the board, so the table places them (``place_troll``, setting ``troll_renegades``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deck_tracker.engine.commands import Arg, Choice, Observer, command
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg, name
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.board import CITY_OVERRUN, Realm
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.pending import (
    add_pending,
    find_pending,
    on_board,
    remove_pending,
)
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    LOCATION,
    SEAT,
    hero_name,
    location_name,
    location_ref,
    require_playing,
    resolve_location,
    seat_of,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import EXPANSION, wound
from deck_tracker.engine.rules.dotr.companions_catacombs.warlords import clear_warlords
from deck_tracker.engine.slugs import slugify

__all__ = ["TOKENS", "place_token", "place_troll"]

TOKENS = {"trolls": ("Troll", "Trolls"), "spiders": ("Giant Spider", "Giant Spiders")}


def token_ref(kind: str) -> dict[str, Any]:
    """A Troll or a Giant Spider, named in the reader's language."""
    return name(f"cc-token:{kind}", TOKENS[kind][0])


TROLL_SLAYERS = frozenset({"dwarf", "barbarian", "paladin", "adventurer"})

R_TOKEN_OVERRUN = msg("dotr.cc.rule.token_overrun")
R_NO_CHAIN = msg("dotr.cc.rule.no_chain")
R_PLACE_RENEGADE = msg("dotr.cc.rule.place_renegade")
R_PLACE = msg("dotr.cc.rule.place")
R_INN = msg("dotr.cc.rule.inn")
R_CITY = msg("dotr.cc.rule.city")
R_TROLL = msg("dotr.cc.rule.troll")
R_SLAYER = msg("dotr.cc.rule.slayer")
R_SPIDER = msg("dotr.cc.rule.spider")
R_WEBS = msg("dotr.cc.rule.webs")


def _add_token(realm: Realm, kind: str, loc: str) -> None:
    ctx = realm.ctx
    ctx.set("board", loc, kind, int(ctx.state["board"][loc].get(kind, 0)) + 1)
    ctx.set("supply", kind, int(ctx.state["supply"].get(kind, 0)) - 1)


def place_token(realm: Realm, kind: str, loc: str, rule: Text) -> None:
    """A Troll or Giant Spider goes on ``loc`` (raises GameOver when the Realm falls)."""
    ctx, data = realm.ctx, realm.data
    singular = token_ref(kind)
    where = realm.data.place_ref(loc)
    if int(ctx.state["supply"].get(kind, 0)) <= 0:
        realm.step(
            msg(
                "dotr.cc.trolls_and_spiders.no_token_left_none_goes", singular=singular, where=where
            ),
            rule,
        )
        return
    if data.kinds[loc] == "inn":
        realm.step(
            msg("dotr.cc.trolls_and_spiders.inn_not_placed", where=where, singular=singular), R_INN
        )
        return
    if loc == data.city:
        _into_city(realm, kind, rule)
        return
    present = realm.count_at(loc)
    if present < 3:
        _add_token(realm, kind, loc)
        realm.step(msg("dotr.cc.trolls_and_spiders.place_2", singular=singular, where=where), rule)
        return
    realm.step(
        msg(
            "dotr.cc.trolls_and_spiders.holds_minions_do_not_place",
            where=where,
            present=present,
            singular=singular,
        ),
        R_TOKEN_OVERRUN,
    )
    realm.taint(loc, R_TOKEN_OVERRUN)
    colours = [c for c in COLOURS if realm.minions_at(loc)[c]]
    targets = [n for n in data.adjacency[loc] if data.kinds[n] != "inn"]
    picks_colour = realm.settings.get("token_overrun") == "table_picks_colour" and len(colours) > 1
    if not picks_colour:
        for colour in colours:
            realm._overrun(loc, colour)
    if len(targets) == 1 and not picks_colour:
        _arrive(realm, kind, targets[0])
        return
    add_pending(
        ctx,
        {
            "type": "token_destination",
            "token": kind,
            "from": loc,
            "options": targets,
            "colours": colours if picks_colour else [],
            "tainted": sorted(realm.tainted),
        },
    )
    realm.step(
        msg(
            "dotr.cc.trolls_and_spiders.table_picks",
            singular=singular,
            items=", ".join(map(realm.name, targets)),
            colour=msg("dotr.cc.trolls_and_spiders.which_colour") if picks_colour else "",
        ),
        R_TOKEN_OVERRUN,
    )


def _arrive(realm: Realm, kind: str, loc: str) -> None:
    if loc == realm.data.city:
        _into_city(realm, kind, R_TOKEN_OVERRUN)
        return
    _add_token(realm, kind, loc)
    singular = token_ref(kind)
    realm.step(
        msg(
            "dotr.cc.trolls_and_spiders.place",
            singular=singular,
            location=realm.data.place_ref(loc),
        ),
        R_TOKEN_OVERRUN,
    )
    if realm.count_at(loc) >= 4:
        realm.step(
            msg(
                "dotr.cc.trolls_and_spiders.now_holds_minions",
                location=realm.data.place_ref(loc),
                count_at=realm.count_at(loc),
            ),
            R_NO_CHAIN,
        )
        realm.taint(loc, R_NO_CHAIN)


def _into_city(realm: Realm, kind: str, rule: Text) -> None:
    city = realm.data.city
    _add_token(realm, kind, city)
    total = realm.count_at(city)
    realm.step(
        msg(
            "dotr.cc.trolls_and_spiders.place_minions_there",
            tokens=token_ref(kind),
            city=realm.data.place_ref(city),
            total=total,
        ),
        R_CITY,
    )
    if realm.settings.get("monarch_city_overrun") == "dragon_faq" and total >= 4:
        realm.taint(city, rule)
        realm.lose(
            msg("dotr.board.loss.city_tainted", location=realm.data.place_ref(city)),
            rule,
            CITY_OVERRUN,
        )
    if total >= 5:
        realm.lose(
            msg("dotr.board.loss.city_full", count=total, location=realm.data.place_ref(city)),
            R_CITY,
            CITY_OVERRUN,
        )


def _require(state: State) -> None:
    require_playing(state)
    # The Dragon expansion's Troll Renegades share the tokens and the attack (trolls.py).
    trolls = "trolls" in (state.get("supply") or {})
    if not has_expansion(state, EXPANSION) and not trolls:
        raise RuleViolation(
            msg("error.dotr.cc.trolls_and_spiders.this_game_does_not_use"), code="no_expansion"
        )


def _token_destinations(state: State, actor: str | None) -> list[Choice]:
    """Where the Troll or Giant Spider waiting for a place may go, by printed name."""
    for entry in state.get("pending") or []:
        if entry.get("type") == "token_destination":
            return [Choice(place, location_name(state, place)) for place in entry["options"]]
    return []


@command(
    "place_token",
    args={
        # Only the locations the rules leave to the table's choice (those offered by the overrun).
        "location": replace(LOCATION, offers=_token_destinations),
        "colour": Arg("str", choices=COLOURS, description="The colour that overruns, if asked."),
    },
    systems=DOTR,
)
def place_token_command(ctx: Context, args: dict[str, Any]) -> None:
    """Place a Troll or Giant Spider pushed off a full location where the table picks."""
    _require(ctx.state)
    entry = find_pending(ctx.state, "token_destination", "no_token_waiting", "Troll or Spider")
    location = resolve_location(ctx.state, args["location"])
    if location not in entry["options"]:
        raise RuleViolation(
            msg(
                "error.dotr.cc.trolls_and_spiders.not_an_overrun_location",
                locations=listing(
                    [location_ref(ctx.state, o) for o in entry["options"]], conjunction=False
                ),
            ),
            code="not_an_overrun_location",
        )
    colour = args["colour"]
    if entry["colours"] and colour not in entry["colours"]:
        raise InvalidArguments(
            {
                "colour": [
                    msg(
                        "error.dotr.cc.trolls_and_spiders.name_colour_that_overruns",
                        colours=entry["colours"],
                    )
                ]
            }
        )
    remove_pending(ctx, entry)

    def settle(realm: Realm) -> None:
        realm.tainted.update(entry["tainted"])
        if entry["colours"]:
            realm._overrun(entry["from"], colour)
        _arrive(realm, entry["token"], location)

    on_board(
        ctx,
        settle,
        type="token_placed",
        summary=msg(
            "dotr.cc.trolls_and_spiders.token_goes",
            singular=token_ref(entry["token"]),
            from_=location_name(ctx.state, entry["from"]),
            location=location_name(ctx.state, location),
        ),
        data={"token": entry["token"], "from": entry["from"], "location": location},
    )


def _hero_here(ctx: Context, seat: str, kind: str) -> str:
    location = str(ctx.state["heroes"][seat]["location"])
    if not int(ctx.state["board"][location].get(kind, 0)):
        raise RuleViolation(
            msg(
                "error.dotr.cc.trolls_and_spiders.there_no_where_stands",
                tokens=token_ref(kind),
                hero=hero_name(ctx.state, seat),
            ),
            code=f"no_{kind}_here",
        )
    return location


def troll_slayer(state: State, seat: str) -> bool:
    hero = str(state["heroes"][seat].get("hero", ""))
    return slugify(hero) in TROLL_SLAYERS


DICE = Arg("list[int]", minimum=1, maximum=6, max_items=3, description="Physical dice, if rolled.")
ARMOUR = Arg("bool", default=False, description="The hero's armour blocks the wound.")


@command("attack_troll", args={"rolls": DICE, "armour": ARMOUR, "seat": SEAT}, systems=DOTR)
def attack_troll(ctx: Context, args: dict[str, Any]) -> None:
    """Attack a Troll (1 action): 3 dice, doubles slay it; a miss costs a wound."""
    _require(ctx.state)
    seat = seat_of(ctx, args["seat"])
    location = _hero_here(ctx, seat, "trolls")
    rolls = list(args["rolls"] or [])
    if rolls and len(rolls) != 3:
        raise InvalidArguments(
            {"rolls": [msg("error.dotr.cc.trolls_and_spiders.give_3_dice_rolled")]}
        )
    dice = rolls or [ctx.rng.randint(1, 6) for _ in range(3)]
    _troll_result(ctx, seat, location, dice, args["armour"], may_reroll=True)


def _troll_result(
    ctx: Context, seat: str, location: str, dice: list[int], armour: bool, *, may_reroll: bool
) -> None:
    name = hero_name(ctx.state, seat)
    shown = ", ".join(map(str, dice))
    data = {"seat": seat, "location": location, "dice": dice}
    if len(set(dice)) < 3:
        ctx.set("board", location, "trolls", int(ctx.state["board"][location]["trolls"]) - 1)
        ctx.set("supply", "trolls", int(ctx.state["supply"]["trolls"]) + 1)
        steps = [
            Step(
                msg(
                    "dotr.cc.trolls_and_spiders.rolls_doubles_remove_troll", name=name, shown=shown
                ),
                R_TROLL,
            )
        ]
        steps += clear_warlords(ctx, location)
        ctx.emit(
            "troll_slain",
            msg("dotr.cc.trolls_and_spiders.slew_troll", name=name, shown=shown),
            data=data,
            steps=steps,
        )
        return
    if may_reroll and troll_slayer(ctx.state, seat):
        add_pending(ctx, {"type": "troll_attack", "seat": seat, "location": location, "dice": dice})
        ctx.emit(
            "troll_attack",
            msg(
                "dotr.cc.trolls_and_spiders.rolled_against_troll_no_doubles", name=name, shown=shown
            ),
            data=data,
            steps=[
                Step(
                    msg("dotr.cc.trolls_and_spiders.troll_slayer_re_roll_any", name=name),
                    R_SLAYER,
                )
            ],
        )
        return
    steps = [
        Step(
            msg("dotr.cc.trolls_and_spiders.rolls_no_doubles_troll_stands", name=name, shown=shown),
            R_TROLL,
        )
    ]
    if armour:
        steps.append(
            Step(msg("dotr.cc.trolls_and_spiders.s_armour_blocks_wound", name=name), R_TROLL)
        )
    else:
        steps += wound(ctx, seat, 1, R_TROLL)
    ctx.emit(
        "troll_attack_failed",
        msg("dotr.cc.trolls_and_spiders.failed_against_troll", name=name, shown=shown),
        data=data,
        steps=steps,
    )


@command(
    "reroll_troll",
    args={
        "dice": Arg(
            "list[int]",
            minimum=0,
            maximum=2,
            max_items=3,
            description="Which dice (0-2) to re-roll.",
        ),
        "rolls": DICE,
        "armour": ARMOUR,
    },
    systems=DOTR,
)
def reroll_troll(ctx: Context, args: dict[str, Any]) -> None:
    """A Troll Slayer re-rolls any number of the 3 dice, once (none: keep them)."""
    _require(ctx.state)
    entry = find_pending(ctx.state, "troll_attack", "no_troll_attack", "Troll attack")
    chosen = sorted(set(args["dice"] or []))
    rolls = list(args["rolls"] or [])
    if rolls and len(rolls) != len(chosen):
        raise InvalidArguments(
            {
                "rolls": [
                    msg("error.dotr.cc.trolls_and_spiders.give_one_die_each_re", count=len(chosen))
                ]
            }
        )
    dice = list(entry["dice"])
    for index in chosen:
        dice[index] = rolls.pop(0) if rolls else ctx.rng.randint(1, 6)
    remove_pending(ctx, entry)
    _troll_result(ctx, entry["seat"], entry["location"], dice, args["armour"], may_reroll=False)


@command(
    "slay_spiders",
    args={"count": Arg("int", default=1, minimum=1, maximum=6), "seat": SEAT},
    systems=DOTR,
)
def slay_spiders(ctx: Context, args: dict[str, Any]) -> None:
    """Giant Spiders slain in Combat (each on a 4+) where the hero stands."""
    _require(ctx.state)
    seat = seat_of(ctx, args["seat"])
    location = _hero_here(ctx, seat, "spiders")
    here = int(ctx.state["board"][location]["spiders"])
    count: int = args["count"]
    if count > here:
        raise RuleViolation(
            msg(
                "error.dotr.cc.trolls_and_spiders.only_are_there",
                count=count_of(here, "word:giant-spider", "Giant Spider", "Giant Spiders"),
            ),
            code="not_enough_spiders",
        )
    ctx.set("board", location, "spiders", here - count)
    ctx.set("supply", "spiders", int(ctx.state["supply"]["spiders"]) + count)
    name = hero_name(ctx.state, seat)
    steps = [
        Step(
            msg(
                "dotr.cc.trolls_and_spiders.remove_hit_them_4",
                count=count_of(count, "word:giant-spider", "Giant Spider", "Giant Spiders"),
                name=name,
            ),
            R_SPIDER,
        )
    ]
    steps += clear_warlords(ctx, location)
    ctx.emit(
        "spiders_slain",
        msg(
            "dotr.cc.trolls_and_spiders.slew",
            name=name,
            count=count_of(count, "word:giant-spider", "Giant Spider", "Giant Spiders"),
        ),
        data={"seat": seat, "location": location, "count": count},
        steps=steps,
    )


# Webs: a reminder when a hero moves onto a Giant Spider (an observer of move_hero).
@command("place_troll", args={"location": LOCATION}, systems=DOTR)
def place_troll(ctx: Context, args: dict[str, Any]) -> None:
    """A Troll Renegade token placed on the board (it counts as a minion there)."""
    require_playing(ctx.state)
    if "trolls" not in (ctx.state.get("supply") or {}):
        raise RuleViolation(
            msg("error.dotr.cc.trolls_and_spiders.this_game_has_no_troll"), code="no_trolls"
        )
    location = resolve_location(ctx.state, args["location"])
    on_board(
        ctx,
        lambda realm: place_token(realm, "trolls", location, R_PLACE_RENEGADE),
        type="troll_placed",
        summary=f"A Troll Renegade on {location_name(ctx.state, location)}.",
        data={"location": location},
    )


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    return (name == "move_hero" and has_expansion(state, EXPANSION)) or None


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if not memo:
        return
    seat = args.get("seat") or ctx.actor
    hero = (ctx.state.get("heroes") or {}).get(seat or "")
    if hero is None or not int(ctx.state["board"][hero["location"]].get("spiders", 0)):
        return
    ctx.emit(
        "webs",
        msg(
            "dotr.cc.trolls_and_spiders.entered_webs_giant_spider",
            hero=hero_name(ctx.state, seat or ""),
        ),
        data={"seat": seat, "location": hero["location"]},
        steps=[Step(msg("dotr.cc.trolls_and_spiders.spend_one_extra_action_entering"), R_WEBS)],
    )


# The webs hold a hero who moves onto Giant Spiders: it follows a move only.
OBSERVER = Observer(before=_before, after=_after, commands=frozenset({"move_hero"}))
