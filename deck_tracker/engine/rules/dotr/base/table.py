"""Table-state entry: what the heroes did on the physical board, recorded and checked.

Each command is one event naming the rule it applies, and undoable. Supplies follow the board so
that what is on the board plus what is in the supply stays constant; nothing that is not on the
board can be removed, and nothing the supply cannot give can be placed.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import COLOURS, Pack, UnknownContentError, default_packs
from deck_tracker.engine.core import Context, State, Step, ended
from deck_tracker.engine.decks import seat_label
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg, render_text
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.packs import effective_packs
from deck_tracker.engine.rules.dotr.base.reading import ask_general

DOTR = frozenset({"dotr"})
WAR_STATUSES = ("early", "mid", "mid", "late")
FACTIONS = {
    "green": ("Orc", "Orcs"),
    "black": ("Undead", "Undead"),
    "red": ("Demon", "Demons"),
    "blue": ("Dragonkin", "Dragonkin"),
}
# The base game's minion type of each faction (its plural in the ``names`` catalogue).
FACTION_IDS = {"green": "orc", "black": "undead", "red": "demon", "blue": "dragonkin"}
WAR_NAMES = {
    "early": msg("dotr.war.early"),
    "mid": msg("dotr.war.mid"),
    "late": msg("dotr.war.late"),
}
FACTION_IDS = {"green": "orc", "black": "undead", "red": "demon", "blue": "dragonkin"}
WIN_RULE = msg("dotr.rule.win")


# ------------------------------------------------------------------------------------------
# Helpers shared with heroes.py
# ------------------------------------------------------------------------------------------


def packs_of(state: State) -> list[Pack]:
    """The game's packs, with what players had entered when it was set up (packs.py)."""
    return effective_packs(state)


def require_playing(state: State) -> None:
    """After the game has ended only undo and redo remain."""
    outcome = state.get("outcome")
    if outcome:
        raise RuleViolation(
            msg("error.dotr.base.table.game_over_only_undo_redo", get=outcome.get("result")),
            code="game_over",
        )


def resolve_location(state: State, raw: str) -> str:
    """A location id from its id, name or alias, in any of the game's packs."""
    for pack in packs_of(state):
        try:
            location = pack.resolve_location(raw)
        except UnknownContentError:
            continue
        if location in state.get("board", {}):
            return location
    raise RuleViolation(
        msg("error.dotr.base.table.there_no_location_this_board", raw=raw), code="unknown_location"
    )


def content_item(state: State, kind: str, item_id: str) -> Any:
    """A location, General or hero of the game's packs (``kind`` names the pack's mapping)."""
    for pack in packs_of(state):
        found = getattr(pack, kind).get(item_id)
        if found is not None:
            return found
    return None


def location_kind(state: State, location: str) -> str:
    found = content_item(state, "locations", location)
    return str(found.kind) if found else "location"


def location_name(state: State, location: str) -> str:
    found = content_item(state, "locations", location)
    return str(found.name) if found else location


def minions_text(colour: str, count: int) -> str:
    singular, plural = FACTIONS.get(colour, (colour, colour))
    return f"{count} {singular if count == 1 else plural}"


def minions_count(colour: str, count: int) -> dict[str, Any]:
    """``count`` minions of ``colour`` as a message parameter ("2 Orcs", "2 Orks")."""
    singular, plural = FACTIONS.get(colour, (colour, colour))
    return count_of(count, f"minion-type:{FACTION_IDS.get(colour, colour)}", singular, plural)


def check_colours(minions: dict[str, int], *, allow_zero: bool) -> None:
    unknown = sorted(colour for colour in minions if colour not in COLOURS)
    if unknown:
        raise RuleViolation(
            msg(
                "error.dotr.base.table.unknown_minion_colour_one",
                items=", ".join(map(repr, unknown)),
                items2=", ".join(COLOURS),
            ),
            code="unknown_colour",
        )
    if any(count < 0 for count in minions.values()):
        raise InvalidArguments(
            {"minions": [msg("error.dotr.base.table.counts_cannot_be_negative")]}
        )
    if not allow_zero and not any(minions.values()):
        raise InvalidArguments({"minions": [msg("error.dotr.base.table.name_least_one_minion_e")]})


def seat_of(ctx: Context, seat: str | None) -> str:
    """The seat named, or the caller's; it must have a hero on the board."""
    seat = seat or ctx.actor
    if seat is None or seat not in ctx.state.get("seats", {}):
        raise RuleViolation(
            msg("error.dotr.base.table.there_no_seat_this_table", seat=seat), code="unknown_seat"
        )
    if seat not in ctx.state.get("heroes", {}):
        raise RuleViolation(
            msg("error.dotr.base.table.has_no_hero_board", player=seat_label(ctx.state, seat)),
            code="no_hero",
        )
    return seat


def own_hero_seat(ctx: Context, seat: str | None) -> str:
    """The seat whose hero's own cards or choices a command enters: the caller's.

    A hero's hand moves only from that hero's phone (a phone holding several seats acts for
    each with its token): discarding to the hand limit, paying a card, drawing into the hand,
    keeping a Quest. Another seat is refused before any card is looked at, so the refusal tells
    nothing of that hand. A command without a caller (the engine's own) may name any seat.
    """
    chosen = seat_of(ctx, seat)
    refuse_other_hero(ctx, chosen)
    return chosen


def refuse_other_hero(ctx: Context, seat: str) -> None:
    """Refuse a caller who is not ``seat`` (``not_your_seat``)."""
    if ctx.actor is not None and seat != ctx.actor:
        raise RuleViolation(
            msg("error.dotr.base.table.not_your_hero", hero=hero_ref(ctx.state, seat)),
            code="not_your_seat",
        )


def own_seat_choice(state: State, actor: str | None = None) -> list[Choice]:
    """The caller's own hero, the only seat such a command may name (the phone asks nothing)."""
    return [choice for choice in seat_choices(state) if actor is None or choice.value == actor]


def hero_name(state: State, seat: str) -> str:
    hero_id = str(state["heroes"][seat].get("hero", ""))
    found = content_item(state, "heroes", hero_id)
    if found:
        return str(found.name)
    # A hero built at the table (The Hero's Calling) is known by the name its seat gave it: the
    # printed hero it was built from by that hero's name ("dwarf" is the Dwarf).
    named = (state.get("seats") or {}).get(seat, {}).get("hero")
    base = content_item(state, "heroes", str(named)) if named else None
    if base:
        return str(base.name)
    return str(named or hero_id or f"Seat {seat}'s hero")


def hero_ref(state: State, seat: str) -> Text:
    """The seat's hero as a message parameter: a printed hero by its name in the reader's
    language, a hero built at the table by the name its seat gave it."""
    hero_id = str(state["heroes"][seat].get("hero", ""))
    english = hero_name(state, seat)
    if content_item(state, "heroes", hero_id):
        return i18n.name(f"hero:{hero_id}", english)
    named = str((state.get("seats") or {}).get(seat, {}).get("hero") or "")
    if named and content_item(state, "heroes", named):
        return i18n.name(f"hero:{named}", english)
    return english


def seat_hero_name(hero: str) -> Text:
    """A seat's hero as the seat was given it ("Wizard", "wizard"): a printed hero of the
    shipped packs by its name in the reader's language; any other (a hero built at the table)
    as given."""
    wanted = hero.strip().lower()
    for pack in default_packs().values():
        for hero_id, found in pack.heroes.items():
            if wanted in (hero_id, str(found.name).lower()):
                return i18n.name(f"hero:{hero_id}", str(found.name))
    return hero


def location_ref(state: State, location: str) -> Text:
    """A location as a message parameter (its name in the reader's language)."""
    return i18n.name(f"location:{location}", location_name(state, location))


def colour_ref(colour: str) -> dict[str, Any]:
    """A minion colour as a word ("green", "grün")."""
    return i18n.name(f"colour:{colour}", colour)


def record(
    ctx: Context, type: str, summary: Text, data: dict[str, Any], *steps: tuple[Text, Text]
) -> None:
    """Close an event whose steps are (instruction, rule) pairs."""
    ctx.emit(type, summary, data=data, steps=[Step(text, rule) for text, rule in steps])


def exchange(ctx: Context, location: str, piece: str, value: Any, stock: str) -> None:
    """Set a board piece (a count or a flag) and take the difference from the supply's
    ``stock``, when the supply tracks it; refused when the supply cannot cover it."""
    old = ctx.state["board"][location].get(piece, 0)
    delta = int(value) - int(old or 0)
    left = ctx.state["supply"].get(stock)
    if isinstance(left, int):
        if delta > left:
            raise RuleViolation(
                msg(
                    "error.dotr.base.table.supply_has_left_cannot_take",
                    left=left,
                    stock=stock,
                    location=location_name(ctx.state, location),
                    delta=delta,
                ),
                code="supply_exhausted",
            )
        ctx.set("supply", stock, left - delta)
    ctx.set("board", location, piece, value)


def seat_choices(state: State, actor: str | None = None) -> list[Choice]:
    """The seats with a hero on the board: "Ada (Wizard)"."""
    seats = state.get("seats") or {}
    return [
        Choice(seat, f"{seats.get(seat, {}).get('name') or hero_name(state, seat)} "
                     f"({hero_name(state, seat)})")
        for seat in sorted(state.get("heroes") or {}, key=lambda s: (len(s), s))
    ]  # fmt: skip


def board_choices(state: State, actor: str | None = None) -> list[Choice]:
    """Every location of the board, by its printed name."""
    return sorted(
        (Choice(place, location_ref(state, place)) for place in state.get("board") or {}),
        key=lambda choice: render_text(choice.title),
    )


def faction_choices(state: State, actor: str | None = None) -> list[Choice]:
    """The minion colours, by their faction's name ("Orcs")."""
    return [
        Choice(colour, i18n.name(f"minion-types:{FACTION_IDS[colour]}", many))
        for colour, (_one, many) in FACTIONS.items()
    ]


def general_choices(state: State, actor: str | None = None) -> list[Choice]:
    """The Generals still in the game, by name."""
    return [
        Choice(general, i18n.name(f"general:{general}", general_name(state, general)))
        for general, entry in (state.get("generals") or {}).items()
        if not entry.get("defeated")
    ]


def slain_generals(state: State, actor: str | None = None) -> list[Choice]:
    """The Generals slain so far, by name."""
    return [
        Choice(general, i18n.name(f"general:{general}", general_name(state, general)))
        for general, entry in (state.get("generals") or {}).items()
        if entry.get("defeated")
    ]


def general_name(state: State, general: str) -> str:
    found = content_item(state, "generals", general)
    return str(found.name) if found else general.replace("-", " ").title()


SEAT = Arg(
    "str", description="The seat whose hero it is; the caller's by default.", offers=seat_choices
)
OWN_SEAT = Arg(
    "str",
    description="The caller's own hero (another seat is refused: `not_your_seat`).",
    offers=own_seat_choice,
)


def own_hero(state: State, args: dict[str, Any], actor: str | None) -> list[tuple[str, ...]]:
    """The parts a command on one hero reads and writes: that hero and its seat's name.

    Two phones each entering their own hero's wounds then merge instead of refusing each other
    (``engine/merge.py``).
    """
    seat = str(args.get("seat") or actor)
    return [("heroes", seat), ("seats", seat)]


LOCATION = Arg(
    "str", required=True, description="A location's id, name or alias.", offers=board_choices
)


# ------------------------------------------------------------------------------------------
# The board
# ------------------------------------------------------------------------------------------


@command(
    "defeat_minions",
    args={
        "location": LOCATION,
        "minions": Arg(
            "dict[str,int]", required=True, description="Minions by colour.", offers=faction_choices
        ),
    },
    systems=DOTR,
)
def defeat_minions(ctx: Context, args: dict[str, Any]) -> None:
    """Minions defeated in combat at a location go back to the supply."""
    require_playing(ctx.state)
    location = resolve_location(ctx.state, args["location"])
    check_colours(args["minions"], allow_zero=False)
    removed: dict[str, int] = {c: n for c, n in args["minions"].items() if n}
    on_board, pool = ctx.state["board"][location]["minions"], ctx.state["supply"]["minions"]
    name = location_name(ctx.state, location)
    short = sorted(c for c, n in removed.items() if on_board.get(c, 0) < n)
    if short:
        colour = short[0]
        raise RuleViolation(
            msg(
                "error.dotr.base.table.holds_cannot_be_defeated_there",
                name=name,
                minions_text=minions_text(colour, on_board.get(colour, 0)),
                removed=removed[colour],
            ),
            code="not_enough_minions",
        )
    ctx.set("board", location, "minions", {c: n - removed.get(c, 0) for c, n in on_board.items()})
    ctx.set("supply", "minions", {c: pool.get(c, 0) + removed.get(c, 0) for c in COLOURS})
    what = i18n.listing([minions_count(c, n) for c, n in removed.items()], conjunction=False)
    where = location_ref(ctx.state, location)
    record(
        ctx, "minions_defeated", msg("dotr.table.minions_defeated", minions=what, location=where),
        {"location": location, "minions": removed},
        (msg("dotr.table.minions_defeated.step", minions=what, location=where),
         msg("dotr.rule.combat_minion")),
    )  # fmt: skip


@command(
    "heal_taint",
    args={"location": LOCATION, "count": Arg("int", default=1, minimum=1, maximum=12)},
    systems=DOTR,
)
def heal_taint(ctx: Context, args: dict[str, Any]) -> None:
    """A Tainted Crystal healed (Heal the Land) goes back to the supply."""
    require_playing(ctx.state)
    location = resolve_location(ctx.state, args["location"])
    count: int = args["count"]
    taint = int(ctx.state["board"][location].get("taint", 0))
    name = location_name(ctx.state, location)
    if taint < count:
        raise RuleViolation(
            msg(
                "error.dotr.base.table.has_cannot_be_healed",
                name=name,
                count=count_of(
                    taint, "word:tainted-crystal", "Tainted Crystal", "Tainted Crystals"
                ),
                count2=count,
            ),
            code="no_taint_here",
        )
    exchange(ctx, location, "taint", taint - count, "taint")
    crystals = count_of(count, "word:tainted-crystal", "Tainted Crystal", "Tainted Crystals")
    where = location_ref(ctx.state, location)
    record(
        ctx, "taint_healed", msg("dotr.table.taint_healed", crystals=crystals, location=where),
        {"location": location, "count": count, "taint": taint - count},
        (msg("dotr.table.taint_healed.step", crystals=crystals, location=where),
         msg("dotr.rule.heal_the_land")),
    )  # fmt: skip


def _check_gate(state: State, location: str) -> None:
    if location_kind(state, location) == "inn":
        raise RuleViolation(
            msg(
                "error.dotr.base.table.magic_gate_cannot_be_built",
                location=location_name(state, location),
            ),
            code="no_gate_at_inn",
        )


@command("build_gate", args={"location": LOCATION}, systems=DOTR)
def build_gate(ctx: Context, args: dict[str, Any]) -> None:
    """A Magic Gate built at a location (not at an Inn, not where one stands)."""
    require_playing(ctx.state)
    location = resolve_location(ctx.state, args["location"])
    name = location_name(ctx.state, location)
    _check_gate(ctx.state, location)
    if ctx.state["board"][location].get("gate"):
        raise RuleViolation(
            msg("error.dotr.base.table.magic_gate_already_stands", name=name),
            code="gate_already_here",
        )
    exchange(ctx, location, "gate", True, "gates")
    where = location_ref(ctx.state, location)
    record(
        ctx, "gate_built", msg("dotr.table.gate_built", location=where),
        {"location": location, "gates_left": ctx.state["supply"]["gates"]},
        (msg("dotr.table.gate_built.step", location=where), msg("dotr.rule.build_gate")),
    )  # fmt: skip


@command(
    "set_location",
    args={
        "location": LOCATION,
        "minions": Arg(
            "dict[str,int]", description="Minions now there, by colour.", offers=faction_choices
        ),
        "taint": Arg("int", minimum=0, maximum=12, description="Tainted Crystals now there."),
        "fire": Arg("bool", description="Whether the location is On Fire."),
        "gate": Arg("bool", description="Whether a Magic Gate stands there."),
        "reason": Arg("str", required=True, description="Why the record is corrected."),
    },
    systems=DOTR,
)
def set_location(ctx: Context, args: dict[str, Any]) -> None:
    """Correct the record of a location to match the physical board."""
    require_playing(ctx.state)
    location = resolve_location(ctx.state, args["location"])
    given = {
        key: args[key] for key in ("minions", "taint", "gate", "fire") if args[key] is not None
    }
    if not given:
        raise InvalidArguments(
            {"location": [msg("error.dotr.base.table.give_least_one_minions_taint")]}
        )
    name = location_name(ctx.state, location)
    if "minions" in given:
        check_colours(given["minions"], allow_zero=True)
        before, pool = ctx.state["board"][location]["minions"], ctx.state["supply"]["minions"]
        counts = {**before, **given["minions"]}
        for colour in sorted(given["minions"]):
            if counts[colour] - before.get(colour, 0) > pool.get(colour, 0):
                raise RuleViolation(
                    msg(
                        "error.dotr.base.table.supply_holds_cannot_hold",
                        minions_text=minions_text(colour, pool.get(colour, 0)),
                        name=name,
                        counts=counts[colour],
                    ),
                    code="supply_exhausted",
                )
        new_pool = {c: pool.get(c, 0) - counts.get(c, 0) + before.get(c, 0) for c in COLOURS}
        ctx.set("board", location, "minions", counts)
        ctx.set("supply", "minions", new_pool)
    if "taint" in given:
        exchange(ctx, location, "taint", given["taint"], "taint")
    if given.get("gate"):
        _check_gate(ctx.state, location)
    if "gate" in given:
        exchange(ctx, location, "gate", given["gate"], "gates")
    if "fire" in given:
        # Kept as the board keeps it: a flag, or a count of 0/1 where the night counts them.
        old = ctx.state["board"][location].get("fire")
        fire = int(given["fire"]) if type(old) is int else given["fire"]
        exchange(ctx, location, "fire", fire, "fire")
    where = location_ref(ctx.state, location)
    record(
        ctx, "location_corrected",
        msg("dotr.table.location_corrected", location=where, reason=args["reason"]),
        {"location": location, "set": given, "reason": args["reason"]},
        (msg("dotr.table.location_corrected.step", location=where), msg("dotr.rule.correction")),
    )  # fmt: skip


# ------------------------------------------------------------------------------------------
# Generals and the War Status
# ------------------------------------------------------------------------------------------


@command(
    "wound_general",
    args={
        "general": Arg(
            "str",
            required=True,
            description="The General's id or name.",
            offers=general_choices,
            unoffered=msg("error.dotr.base.table.every_general_slain"),
        ),
        "wounds": Arg("int", default=1, minimum=1, maximum=20),
    },
    systems=DOTR,
)
def wound_general(ctx: Context, args: dict[str, Any]) -> None:
    """Wounds dealt to a General; at its life it is defeated and the War Status advances."""
    require_playing(ctx.state)
    general_id, name, life = _general(ctx.state, args["general"])
    general = ctx.state["generals"][general_id]
    if general.get("defeated"):
        raise RuleViolation(
            msg("error.dotr.base.table.already_defeated", name=name), code="general_defeated"
        )
    if life is None:
        # His life is printed on his placard and nobody has entered it yet: the table reads it
        # once, and the wound is dealt with it (read_card.py).
        ask_general(ctx, general_id, ["life"], resume={"rule": "wound_general", "args": args})
        return
    wounds = min(life, int(general.get("wounds", 0)) + args["wounds"])
    ctx.set("generals", general_id, "wounds", wounds)
    general_ref = i18n.name(f"general:{general_id}", name)
    if wounds < life:
        dealt = count_of(args["wounds"], "word:wound", "wound", "wounds")
        record(
            ctx, "general_wounded",
            msg("dotr.table.general_wounded", general=general_ref, wounds=dealt, total=wounds,
                life=life),
            {"general": general_id, "wounds": wounds, "life": life},
            (msg("dotr.table.general_wounded.step", general=general_ref, left=life - wounds),
             msg("dotr.rule.general_battle")),
        )  # fmt: skip
        return
    ctx.set("generals", general_id, "defeated", True)
    level = min(int(ctx.state.get("war_level", 0)) + 1, len(WAR_STATUSES) - 1)
    status = WAR_STATUSES[level]
    ctx.set("war_level", level)
    ctx.set("war_status", status)
    record(
        ctx, "general_defeated",
        msg("dotr.table.general_defeated", general=general_ref, war=WAR_NAMES[status]),
        {"general": general_id, "wounds": wounds, "life": life, "war_level": level,
         "war_status": status},
        (msg("dotr.table.general_defeated.step", general=general_ref),
         msg("dotr.rule.defeating_general")),
        (msg("dotr.table.war_advances", status=WAR_NAMES[status]),
         msg("dotr.rule.war_status_advance")),
    )  # fmt: skip
    if all(g.get("defeated") for g in ctx.state["generals"].values()):
        ctx.set("outcome", ended("won", msg("dotr.table.all_generals_defeated"), WIN_RULE))
        record(
            ctx, "game_won", msg("dotr.table.game_won"), {"result": "won"},
            (msg("dotr.table.game_won.step"), WIN_RULE),
        )  # fmt: skip


def _general(state: State, raw: str) -> tuple[str, str, int | None]:
    """A General of this game by id or name: (id, name, life; None while not entered)."""
    for general_id, general in state.get("generals", {}).items():
        known = content_item(state, "generals", general_id)
        name = known.name if known else general_id
        if raw.strip().lower() in (general_id, name.lower()):
            life = general.get("life", known.life if known else None)
            return general_id, name, life if isinstance(life, int) else None
    raise RuleViolation(
        msg("error.dotr.base.table.there_no_general_this_game", raw=raw), code="unknown_general"
    )


# ------------------------------------------------------------------------------------------
# Heroes on the board
# ------------------------------------------------------------------------------------------


@command("move_hero", args={"location": LOCATION, "seat": SEAT}, systems=DOTR)
def move_hero(ctx: Context, args: dict[str, Any]) -> None:
    """A hero moved on the board (on foot, by horse, eagle, gate or ability)."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    location = resolve_location(ctx.state, args["location"])
    origin = ctx.state["heroes"][seat].get("location")
    name, where = hero_name(ctx.state, seat), location_name(ctx.state, location)
    if origin == location:
        raise RuleViolation(
            msg("error.dotr.base.table.already", name=name, where=where), code="already_there"
        )
    ctx.set("heroes", seat, "location", location)
    hero, place = hero_ref(ctx.state, seat), location_ref(ctx.state, location)
    record(
        ctx, "hero_moved", msg("dotr.table.hero_moved", hero=hero, location=place),
        {"seat": seat, "from": origin, "to": location},
        (msg("dotr.table.hero_moved.step", hero=hero, location=place), msg("dotr.rule.movement")),
    )  # fmt: skip


SLAIN_RULE = msg("dotr.rule.hero_death")


@command(
    "wound_hero",
    args={"seat": SEAT, "wounds": Arg("int", default=1, minimum=1, maximum=20)},
    systems=DOTR,
    touches=own_hero,
)
def wound_hero(ctx: Context, args: dict[str, Any]) -> None:
    """Wounds a hero suffered: life tokens lost, never below 0."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    life = int(ctx.state["heroes"][seat]["life"])
    name = hero_name(ctx.state, seat)
    if life == 0:
        raise RuleViolation(
            msg("error.dotr.base.table.has_no_life_left_lose", name=name), code="hero_has_no_life"
        )
    lost = min(life, args["wounds"])
    ctx.set("heroes", seat, "life", life - lost)
    hero = hero_ref(ctx.state, seat)
    tokens = count_of(lost, "word:life-token", "life token", "life tokens")
    steps: list[tuple[Text, Text]] = [
        (msg("dotr.table.hero_wounded.step", hero=hero, tokens=tokens), msg("dotr.rule.wounds"))
    ]
    if life == lost:
        steps.append((msg("dotr.table.hero_slain", hero=hero), SLAIN_RULE))
    wounds = count_of(lost, "word:wound", "wound", "wounds")
    record(
        ctx, "hero_wounded",
        msg("dotr.table.hero_wounded", hero=hero, wounds=wounds, left=life - lost),
        {"seat": seat, "wounds": lost, "life": life - lost, "slain": life == lost},
        *steps,
    )  # fmt: skip


@command(
    "heal_hero",
    args={
        "seat": SEAT,
        "amount": Arg("int", minimum=1, maximum=20, description="Life healed; all when omitted."),
    },
    systems=DOTR,
    touches=own_hero,
)
def heal_hero(ctx: Context, args: dict[str, Any]) -> None:
    """Life tokens a hero healed, never above the hero's life."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    life, most = int(ctx.state["heroes"][seat]["life"]), int(ctx.state["heroes"][seat]["max_life"])
    name = hero_name(ctx.state, seat)
    if life >= most:
        raise RuleViolation(
            msg("error.dotr.base.table.already_full_life", name=name, most=most),
            code="hero_at_full_life",
        )
    healed = min(most - life, args["amount"] or most)
    ctx.set("heroes", seat, "life", life + healed)
    hero = hero_ref(ctx.state, seat)
    tokens = count_of(healed, "word:life-token", "life token", "life tokens")
    record(
        ctx, "hero_healed",
        msg("dotr.table.hero_healed", hero=hero, healed=healed, life=life + healed, most=most),
        {"seat": seat, "healed": healed, "life": life + healed},
        (msg("dotr.table.hero_healed.step", hero=hero, tokens=tokens), msg("dotr.rule.healing")),
    )  # fmt: skip
