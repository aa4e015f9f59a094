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

from typing import Any

from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
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
    require_playing,
    resolve_location,
    seat_of,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import EXPANSION, wound
from deck_tracker.engine.rules.dotr.companions_catacombs.warlords import clear_warlords
from deck_tracker.engine.slugs import slugify
from deck_tracker.engine.words import plural

__all__ = ["TOKENS", "place_token", "place_troll"]

TOKENS = {"trolls": ("Troll", "Trolls"), "spiders": ("Giant Spider", "Giant Spiders")}
TROLL_SLAYERS = frozenset({"dwarf", "barbarian", "paladin", "adventurer"})

R_TOKEN_OVERRUN = (
    "CC: a Troll or Giant Spider added where 3 Minions stand taints the location, its Minions "
    "overrun, and the token goes to one of the overrun locations"
)
R_NO_CHAIN = "FAQ: a minion arriving by overrun may taint its new location but causes no overrun"
R_PLACE_RENEGADE = "Renegade Troll Rules: Trolls count as 1 Minion on their location"
R_PLACE = "CC: Trolls and Giant Spiders count as Minions on their location"
R_INN = "FAQ: Inns never receive minions"
R_CITY = "Monarch City: no overrun there; 5 minions lose the game (Trolls and Spiders count)"
R_TROLL = (
    "CC Troll Renegade: 1 Action, roll 3 dice; doubles slay the Troll, else the Hero suffers "
    "1 wound (armour may block it)"
)
R_SLAYER = "CC Troll Slayers: the Dwarf, Barbarian, Paladin and Adventurer re-roll once"
R_SPIDER = "CC Giant Spiders: they count as Minions and are slain on a 4+"
R_WEBS = (
    "CC Webs: entering a location with a Giant Spider costs an extra Action, except when "
    "flying over it (Eagle card, Eagle Rider)"
)


def _add_token(realm: Realm, kind: str, loc: str) -> None:
    ctx = realm.ctx
    ctx.set("board", loc, kind, int(ctx.state["board"][loc].get(kind, 0)) + 1)
    ctx.set("supply", kind, int(ctx.state["supply"].get(kind, 0)) - 1)


def place_token(realm: Realm, kind: str, loc: str, rule: str) -> None:
    """A Troll or Giant Spider goes on ``loc`` (raises GameOver when the Realm falls)."""
    ctx, data = realm.ctx, realm.data
    singular = TOKENS[kind][0]
    where = realm.name(loc)
    if int(ctx.state["supply"].get(kind, 0)) <= 0:
        realm.step(f"No {singular} token is left: none goes on {where}.", rule)
        return
    if data.kinds[loc] == "inn":
        realm.step(f"{where} is an Inn: the {singular} is not placed.", R_INN)
        return
    if loc == data.city:
        _into_city(realm, kind, rule)
        return
    present = realm.count_at(loc)
    if present < 3:
        _add_token(realm, kind, loc)
        realm.step(f"Place a {singular} on {where}.", rule)
        return
    realm.step(
        f"{where} holds {present} minions: do not place the {singular} there. It is tainted "
        "and its minions overrun.",
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
        f"The table picks where the {singular} goes among {', '.join(map(realm.name, targets))}"
        + (" and which colour overruns" if picks_colour else "")
        + " (Enter: Place token).",
        R_TOKEN_OVERRUN,
    )


def _arrive(realm: Realm, kind: str, loc: str) -> None:
    if loc == realm.data.city:
        _into_city(realm, kind, R_TOKEN_OVERRUN)
        return
    _add_token(realm, kind, loc)
    singular = TOKENS[kind][0]
    realm.step(f"Place the {singular} on {realm.name(loc)}.", R_TOKEN_OVERRUN)
    if realm.count_at(loc) >= 4:
        realm.step(f"{realm.name(loc)} now holds {realm.count_at(loc)} minions.", R_NO_CHAIN)
        realm.taint(loc, R_NO_CHAIN)


def _into_city(realm: Realm, kind: str, rule: str) -> None:
    city = realm.data.city
    _add_token(realm, kind, city)
    total = realm.count_at(city)
    realm.step(f"Place a {TOKENS[kind][0]} in {realm.name(city)} ({total} minions there).", R_CITY)
    if realm.settings.get("monarch_city_overrun") == "dragon_faq" and total >= 4:
        realm.taint(city, rule)
        realm.lose(f"{realm.name(city)} is tainted", rule, CITY_OVERRUN)
    if total >= 5:
        realm.lose(f"{total} minions are in {realm.name(city)}", R_CITY, CITY_OVERRUN)


def _require(state: State) -> None:
    require_playing(state)
    # The Dragon expansion's Troll Renegades share the tokens and the attack (trolls.py).
    trolls = "trolls" in (state.get("supply") or {})
    if not has_expansion(state, EXPANSION) and not trolls:
        raise RuleViolation("This game does not use Companions & Catacombs.", code="no_expansion")


@command(
    "place_token",
    args={
        "location": LOCATION,
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
            "The token goes to one of the overrun locations: " + ", ".join(entry["options"]) + ".",
            code="not_an_overrun_location",
        )
    colour = args["colour"]
    if entry["colours"] and colour not in entry["colours"]:
        raise InvalidArguments({"colour": [f"Name the colour that overruns: {entry['colours']}."]})
    remove_pending(ctx, entry)

    def settle(realm: Realm) -> None:
        realm.tainted.update(entry["tainted"])
        if entry["colours"]:
            realm._overrun(entry["from"], colour)
        _arrive(realm, entry["token"], location)

    singular = TOKENS[entry["token"]][0]
    on_board(
        ctx,
        settle,
        type="token_placed",
        summary=f"The {singular} from {entry['from']} goes to {location}.",
        data={"token": entry["token"], "from": entry["from"], "location": location},
    )


def _hero_here(ctx: Context, seat: str, kind: str) -> str:
    location = str(ctx.state["heroes"][seat]["location"])
    if not int(ctx.state["board"][location].get(kind, 0)):
        raise RuleViolation(
            f"There is no {TOKENS[kind][0]} where {hero_name(ctx.state, seat)} stands.",
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
        raise InvalidArguments({"rolls": ["Give the 3 dice rolled."]})
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
        steps = [Step(f"{name} rolls {shown}: doubles! Remove the Troll.", R_TROLL)]
        steps += clear_warlords(ctx, location)
        ctx.emit("troll_slain", f"{name} slew a Troll ({shown}).", data=data, steps=steps)
        return
    if may_reroll and troll_slayer(ctx.state, seat):
        add_pending(ctx, {"type": "troll_attack", "seat": seat, "location": location, "dice": dice})
        ctx.emit(
            "troll_attack",
            f"{name} rolled {shown} against a Troll: no doubles yet.",
            data=data,
            steps=[
                Step(
                    f"{name} is a Troll Slayer: re-roll any of the dice once (reroll_troll), "
                    "or keep them.",
                    R_SLAYER,
                )
            ],
        )
        return
    steps = [Step(f"{name} rolls {shown}: no doubles, the Troll stands.", R_TROLL)]
    if armour:
        steps.append(Step(f"{name}'s armour blocks the wound.", R_TROLL))
    else:
        steps += wound(ctx, seat, 1, R_TROLL)
    ctx.emit(
        "troll_attack_failed", f"{name} failed against a Troll ({shown}).", data=data, steps=steps
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
            {"rolls": [f"Give one die for each of the {len(chosen)} re-rolled."]}
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
            f"Only {plural(here, 'Giant Spider')} are there.", code="not_enough_spiders"
        )
    ctx.set("board", location, "spiders", here - count)
    ctx.set("supply", "spiders", int(ctx.state["supply"]["spiders"]) + count)
    name = hero_name(ctx.state, seat)
    steps = [Step(f"Remove {plural(count, 'Giant Spider')}: {name} hit them on 4+.", R_SPIDER)]
    steps += clear_warlords(ctx, location)
    ctx.emit(
        "spiders_slain",
        f"{name} slew {plural(count, 'Giant Spider')}.",
        data={"seat": seat, "location": location, "count": count},
        steps=steps,
    )


# Webs: a reminder when a hero moves onto a Giant Spider (an observer of move_hero).
@command("place_troll", args={"location": LOCATION}, systems=DOTR)
def place_troll(ctx: Context, args: dict[str, Any]) -> None:
    """A Troll Renegade token placed on the board (it counts as a minion there)."""
    require_playing(ctx.state)
    if "trolls" not in (ctx.state.get("supply") or {}):
        raise RuleViolation("This game has no Troll Renegade tokens.", code="no_trolls")
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
        f"{hero_name(ctx.state, seat or '')} entered the webs of a Giant Spider.",
        data={"seat": seat, "location": hero["location"]},
        steps=[Step("Spend one extra Action for entering, unless the hero flew in.", R_WEBS)],
    )


OBSERVER = Observer(before=_before, after=_after)
