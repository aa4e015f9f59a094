"""The dragons' minions: Imps' Quick Flying, Dragon Masters' power, and combat with minions.

* Imps, Quick Flying (DX): "each time 1 Imp is placed, the Quick Flying skill will cause 1 Imp
  to be placed in each adjacent location that does not currently have an Imp on it, similar to
  an overrun." The Imps that fly in may taint their new location as an overrun's minions do
  (a 4th minion), and never fly on (overruns do not chain). Which placements fly: setting
  imp_quick_flying. Nothing flies during the setup (unless harder_setup), as nothing overruns.
* Dragon Masters: "A roll of 2 plus the number of active Dragons invading the Realm is required
  to defeat a Dragon Master" (6 with four dragons, 5 with three); defeated dragons no longer
  count.
* ``attack_minions``: one combat action against the minions of a location (Trolls apart: they are
  attacked alone, ``companions_catacombs/trolls_and_spiders.py``): one die per minion, each die
  defeating one minion it reaches (the hardest first), then Zealots' Berserk: "after each Combat
  Action if there are any Zealots in the location, the Hero suffers 1 wound regardless of the
  number of Zealots present"; armor blocks it ("Heroes that have armor protection can block the
  wound each round"), Hide in the Shadows does not. The Cleric adds 1 against Undead, Demons
  and Zealots.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.dice import DICE, roll
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    board_choices,
    hero_ref,
    location_name,
    location_ref,
    record,
    require_playing,
    resolve_location,
    seat_of,
)
from deck_tracker.engine.rules.dotr.dragon.content import dragon_generals_in_play, minion_type
from deck_tracker.engine.rules.dotr.registry import TO_HIT_MODIFIERS

__all__ = ["ARMORED", "TO_HIT_MODIFIERS", "assign_hits", "to_hit", "wound"]

ARMORED = frozenset({"paladin", "dwarf"})
BLESSED_AGAINST = frozenset({"undead", "demon", "zealot"})

R_QUICK_FLYING = msg("dotr.rule.quick_flying")
R_DRAGON_MASTERS = msg("dotr.rule.dragon_masters")
R_COMBAT = msg("dotr.rule.combat")
R_BERSERK = msg("dotr.rule.berserk")
R_ARMOR = msg("dotr.rule.armor")
R_CLERIC = msg("dotr.rule.cleric")

# (state, location, colour) -> a change to the number needed to hit there (Warlords, ...).


def to_hit(state: State, colour: str, location: str | None = None) -> int:
    """The roll needed to defeat a minion of ``colour`` in this game."""
    minion = minion_type(state, colour)
    if minion is None:
        return 7
    base = minion.to_hit or 6
    if minion.to_hit_rule == "two_plus_dragons":
        base = 2 + len(dragon_generals_in_play(state))
    if location is not None:
        base += sum(modifier(state, location, colour) for modifier in TO_HIT_MODIFIERS)
    return base


# --------------------------------------------------------------------------------------------
# Imps' Quick Flying
# --------------------------------------------------------------------------------------------


# The minions that fly, per game content (a board's data is cached per content, so its id is).
_FLYERS: dict[int, tuple[object, dict[str, Any]]] = {}


def _flyers(realm: Realm) -> dict[str, Any]:
    cached = _FLYERS.get(id(realm.data))
    if cached is None or cached[0] is not realm.data:
        in_play = {c: minion_type(realm.ctx.state, c) for c in COLOURS}
        flyers = {c: m for c, m in in_play.items() if m is not None and "quick_flying" in m.skills}
        if len(_FLYERS) >= 64:
            _FLYERS.pop(next(iter(_FLYERS)))
        cached = _FLYERS[id(realm.data)] = (realm.data, flyers)
    return cached[1]


def quick_flying(realm: Realm, loc: str, colour: str, count: int, source: str) -> None:
    if source == "spread" or count <= 0 or not realm.effects:
        return
    minion = _flyers(realm).get(colour)
    if minion is None:
        return
    flying = realm.settings.get("imp_quick_flying", "every_placement")
    if flying == "card_locations" and source == "general":
        return
    data = realm.data
    targets = [
        n for n in data.adjacency[loc] if data.kinds[n] != "inn" and not realm.minions_at(n)[colour]
    ]
    if not targets:
        realm.step(msg("dotr.dragon.fly.none", location=data.place_ref(loc)), R_QUICK_FLYING)
        return
    realm.step(
        msg(
            "dotr.dragon.fly",
            location=data.place_ref(loc),
            minion=i18n.name(f"minion-type:{minion.id}", minion.name),
            targets=listing([data.place_ref(n) for n in targets], conjunction=False),
        ),
        R_QUICK_FLYING,
    )
    for target in targets:
        realm.arrive(colour, target, loc)


# --------------------------------------------------------------------------------------------
# Combat with minions
# --------------------------------------------------------------------------------------------


def assign_hits(dice: list[int], needs: list[tuple[str, int]]) -> list[str]:
    """The minions (by colour) the dice defeat: the hardest first, each with the smallest die
    that reaches it. ``needs`` lists each minion present as (colour, roll needed)."""
    free = sorted(dice)
    defeated: list[str] = []
    for colour, need in sorted(needs, key=lambda item: -item[1]):
        die = next((d for d in free if d >= need), None)
        if die is not None:
            free.remove(die)
            defeated.append(colour)
    return defeated


def wound(ctx: Context, seat: str, wounds: int) -> tuple[int, int]:
    """Take up to ``wounds`` life tokens from a hero: (lost, life left)."""
    life = int(ctx.state["heroes"][seat]["life"])
    lost = min(life, wounds)
    if lost:
        ctx.set("heroes", seat, "life", life - lost)
    return lost, life - lost


@command(
    "attack_minions",
    args={
        "location": Arg(
            "str",
            description="Where the minions are; the hero's location.",
            offers=board_choices,
        ),
        "rolls": DICE,
        "bonus": Arg(
            "int", default=0, minimum=-3, maximum=3, description="Added to each die (abilities)."
        ),
        "seat": SEAT,
    },
    systems=DOTR,
)
def attack_minions(ctx: Context, args: dict[str, Any]) -> None:
    """One combat action against a location's minions (Berserk Zealots wound after it)."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    hero = ctx.state["heroes"][seat]
    location = resolve_location(ctx.state, args["location"] or hero["location"])
    where = location_name(ctx.state, location)
    present: dict[str, int] = dict(ctx.state["board"][location]["minions"])
    count = sum(present.values())
    if not count:
        raise RuleViolation(
            msg("error.dotr.dragon.minions.no_minion_stands", where=where), code="no_minions_here"
        )
    dice, physical = roll(ctx, args["rolls"], count)
    bonus: int = args["bonus"]
    steps: list[tuple[Text, Text]] = []
    hero_word = hero_ref(ctx.state, seat)
    place = location_ref(ctx.state, location)
    needs: list[tuple[str, int]] = []
    for colour in COLOURS:
        minion = minion_type(ctx.state, colour)
        need = to_hit(ctx.state, colour, location) - bonus
        if hero["hero"] == "cleric" and minion is not None and minion.id in BLESSED_AGAINST:
            need -= 1
            steps.append(
                (msg("dotr.dragon.cleric", hero=hero_word, minions=_kind(minion)), R_CLERIC)
            )
        if minion is not None and minion.to_hit_rule and present[colour]:
            steps.append(
                (msg("dotr.dragon.masters_need", minions=_kind(minion),
                     need=min(need + bonus, 7),
                     count=len(dragon_generals_in_play(ctx.state))),
                 R_DRAGON_MASTERS)
            )  # fmt: skip
        needs += [(colour, need)] * present[colour]
    defeated = assign_hits(dice, needs)
    removed = {colour: defeated.count(colour) for colour in COLOURS if colour in defeated}
    after = {colour: present[colour] - removed.get(colour, 0) for colour in COLOURS}
    pool = ctx.state["supply"]["minions"]
    ctx.set("board", location, "minions", after)
    ctx.set("supply", "minions", {c: pool.get(c, 0) + removed.get(c, 0) for c in COLOURS})
    shown = ", ".join(map(str, dice))
    what: Text = (
        listing([_counted(ctx.state, c, n) for c, n in removed.items()], conjunction=False)
        if removed
        else msg("dotr.dragon.none")
    )
    steps.insert(
        0,
        (
            msg("dotr.dragon.rolls", hero=hero_word, dice=shown, count=count, location=place),
            R_COMBAT,
        ),
    )
    steps.append((msg("dotr.dragon.defeated", what=what), R_COMBAT))
    record(
        ctx, "minions_defeated",
        msg("dotr.dragon.attacked", hero=hero_word, location=place, dice=shown, what=what),
        {"seat": seat, "location": location, "minions": removed, "rolls": dice,
         "rolled_by": "table" if physical else "app", "attacked": present},
        *steps,
    )  # fmt: skip
    _berserk(ctx, seat, location, after)


def _kind(minion: Any) -> dict[str, Any]:
    """A kind of minion, in the plural ("Zealots")."""
    return i18n.name(f"minion-types:{minion.id}", minion.plural)


def _counted(state: State, colour: str, count: int) -> Text:
    """``count`` minions of ``colour`` as the game's minion type names them ("2 Imps")."""
    minion = minion_type(state, colour)
    if minion is None:
        return f"{count} {colour}"
    return i18n.count(count, f"minion-type:{minion.id}", minion.name, minion.plural)


def _plural(state: State, colour: str, count: int) -> str:
    minion = minion_type(state, colour)
    if minion is None:
        return colour
    return minion.name if count == 1 else minion.plural


def _berserk(ctx: Context, seat: str, location: str, after: dict[str, int]) -> None:
    berserkers = [
        c
        for c in COLOURS
        if after[c] and (m := minion_type(ctx.state, c)) is not None and "berserk" in m.skills
    ]
    if not berserkers:
        return
    name = hero_ref(ctx.state, seat)
    left = sum(after[c] for c in berserkers)
    remain = _counted(ctx.state, berserkers[0], left)
    if ctx.state["heroes"][seat]["hero"] in ARMORED:
        record(
            ctx, "berserk_blocked", msg("dotr.dragon.armor", hero=name),
            {"seat": seat, "location": location},
            (msg("dotr.dragon.armor.step", minions=remain, hero=name), R_ARMOR),
        )  # fmt: skip
        return
    lost, life = wound(ctx, seat, 1)
    record(
        ctx, "hero_wounded", msg("dotr.dragon.berserk", hero=name, count=lost, life=life),
        {"seat": seat, "wounds": lost, "life": life, "slain": life == 0 and lost > 0,
         "cause": "berserk"},
        (msg("dotr.dragon.berserk.step", minions=remain, hero=name), R_BERSERK),
    )  # fmt: skip
