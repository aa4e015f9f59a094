"""The Hero's Calling: heroes built from ability cards, and the pets.

Rules (HC = shared/rules/dotr-heros-calling.txt): each hero is one Combat, one Control and one
Movement ability card, all at level 1 (their levels follow the War Status card, war_status.py).
Every hero has 5 life tokens, which are also the actions of its turn; a pet (Raven, Voidwalker,
Wolf) splits those actions with its hero (``split_actions``). The ability cards' names, types
and texts are not published: the table enters each card once from its own copy
(``read_ability``: a new card, or the type and texts of a pet the pack names), kept in the game's
overlay and remembered for the group; ``choose_abilities`` then offers each type's cards by name
and refuses a card of another type, or one whose type nobody has read.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Choice, Offer, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import name as named
from deck_tracker.engine.rules.dotr.base.expansions import (
    has_expansion,
)
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.read_card import keep_entry
from deck_tracker.engine.rules.dotr.base.reading import R_READ
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_name,
    hero_ref,
    record,
    require_playing,
    seat_of,
)
from deck_tracker.engine.rules.dotr.heros_calling.war_status import EXPANSION, PACK_ID, hero_level
from deck_tracker.engine.slugs import slugify

HERO_LIFE = 5
SLOTS = ("combat", "control", "movement")
TYPES = {"combat": "Combat", "control": "Control", "movement": "Movement"}
NEW = "new"
# A card entered is kept under its id (``ContentEntry.key``, 200 characters, with a path of up
# to 40 around it): the id of a new card's name may be no longer.
CARD_ID_MAX = 120
R_BUILD = msg("dotr.hc.rule.build")
R_LIFE = msg("dotr.hc.rule.life")
R_PET = msg("dotr.hc.rule.pet")


def type_ref(slot: str) -> dict[str, Any]:
    """An ability card's type as a word ("Combat", "Kampf")."""
    return named(f"hc-type:{slot}", TYPES[slot])


# ------------------------------------------------------------------------------------------
# Building a hero, and the pets
# ------------------------------------------------------------------------------------------


def ability_cards(state: State) -> list[Card]:
    """The ability cards this game knows: the pack's, and those the table entered."""
    return [card for card in game_cards(state).values() if card.kind == "ability"]


def ability_title(card: Card) -> str:
    """An ability card as a player reads it: "Raven (pet)", "Fury"."""
    return f"{card.name} (pet)" if card.data.get("pet") else card.name


def _taken(state: State, seat: str | None) -> set[str]:
    """The ability cards other heroes hold (one physical card each)."""
    return {
        str(entry["card"])
        for other, hero in (state.get("heroes") or {}).items()
        if other != seat
        for entry in (hero.get("abilities") or {}).values()
        if entry.get("card")
    }


def _find(state: State, raw: str) -> Card | None:
    key = slugify(raw)
    cards = ability_cards(state)
    return next((c for c in cards if c.id == raw), None) or next(
        (c for c in cards if key in (slugify(c.name), c.id.removeprefix("ability-"))), None
    )


def _ability(state: State, slot: str, raw: str, taken: set[str]) -> dict[str, Any]:
    card = _find(state, raw)
    if card is None:
        raise RuleViolation(
            msg("error.dotr.hc.heroes.ability_not_entered", name=raw.strip()),
            code="ability_unread",
        )
    printed = card.data.get("type")
    if printed is None:
        raise RuleViolation(
            msg("error.dotr.hc.heroes.type_not_entered", name=card.name),
            code="ability_unread",
        )
    if printed != slot:
        raise RuleViolation(
            msg(
                "error.dotr.hc.heroes.wrong_type",
                name=card.name,
                printed=type_ref(str(printed)),
                slot=type_ref(slot),
            ),
            code="wrong_ability_type",
        )
    if card.id in taken:
        raise RuleViolation(
            msg("error.dotr.hc.heroes.already_another_hero_s", name=card.name), code="ability_taken"
        )
    return {
        "card": card.id,
        "name": card.name,
        "pet": card.data.get("pet"),
        "type": printed,
        "levels": [str(text) if text else None for text in card.data.get("levels") or ()],
    }


def _require_heros_calling(state: State) -> None:
    require_playing(state)
    if not has_expansion(state, EXPANSION):
        raise RuleViolation(msg("error.dotr.hc.heroes.this_game_does_not_use"), code="no_expansion")


def _slot_offer(slot: str) -> Offer:
    """The ability cards of one type that no other hero holds, by name."""

    def offer(state: State, actor: str | None) -> list[Choice]:
        taken = _taken(state, actor)
        return [
            Choice(card.id, ability_title(card))
            for card in sorted(ability_cards(state), key=lambda c: c.name)
            if card.data.get("type") == slot and card.id not in taken
        ]

    return offer


def _ability_arg(slot: str) -> Arg:
    return Arg(
        "str",
        required=True,
        description=f"The {TYPES[slot]} ability card.",
        offers=_slot_offer(slot),
        unoffered=msg("dotr.hc.heroes.no_ability_card_entered", type=type_ref(slot)),
    )


@command(
    "choose_abilities",
    args={
        "combat": _ability_arg("combat"),
        "control": _ability_arg("control"),
        "movement": _ability_arg("movement"),
        "seat": SEAT,
    },
    systems=DOTR,
)
def choose_abilities(ctx: Context, args: dict[str, Any]) -> None:
    """Build a hero of The Hero's Calling: one Combat, one Control and one Movement card."""
    _require_heros_calling(ctx.state)
    seat = seat_of(ctx, args["seat"])
    hero = ctx.state["heroes"][seat]
    if hero.get("abilities"):
        raise RuleViolation(
            msg("error.dotr.hc.heroes.already_built", hero=hero_name(ctx.state, seat)),
            code="hero_built",
        )
    taken = _taken(ctx.state, seat)
    abilities = {slot: _ability(ctx.state, slot, args[slot], taken) for slot in SLOTS}
    pets = [entry["pet"] for entry in abilities.values() if entry["pet"]]
    ctx.set("heroes", seat, "abilities", abilities)
    ctx.set("heroes", seat, "pet", pets[0] if pets else None)
    name = hero_ref(ctx.state, seat)
    cards = {slot: named(f"card:{e['card']}", e["name"]) for slot, e in abilities.items()}
    steps: list[tuple[Text, Text]] = [
        (
            msg(
                "dotr.hc.heroes.built_step",
                hero=name,
                combat=cards["combat"],
                control=cards["control"],
                movement=cards["movement"],
                level=hero_level(ctx.state),
            ),
            R_BUILD,
        )
    ]
    if pets:
        pet = named(f"hc-pet:{pets[0]}", pets[0].title())
        steps.append((msg("dotr.hc.heroes.pet_token", pet=pet), R_PET))
    built = listing(list(cards.values()), conjunction=False)
    record(
        ctx,
        "hero_built",
        msg("dotr.hc.heroes.built", hero=name, abilities=built),
        {
            "seat": seat,
            "abilities": abilities,
            "pet": pets[0] if pets else None,
            "level": hero_level(ctx.state),
        },
        *steps,
    )


# ------------------------------------------------------------------------------------------
# Teaching the app an ability card (read from the table's own card, kept for the group)
# ------------------------------------------------------------------------------------------

R_TYPES = msg("dotr.hc.rule.types")


def _unread_offer(state: State, actor: str | None) -> list[Choice]:
    """A card never entered, or one of the pack's whose type nobody has read yet (the pets)."""
    untyped = [c for c in ability_cards(state) if c.data.get("type") is None]
    return [Choice(NEW, msg("dotr.hc.choice.new_card"))] + [
        Choice(card.id, ability_title(card)) for card in sorted(untyped, key=lambda c: c.name)
    ]


def _type_offer(state: State, actor: str | None) -> list[Choice]:
    return [Choice(slot, named(f"hc-type:{slot}", title)) for slot, title in TYPES.items()]


def _text(description: str, *, required: bool = False) -> Arg:
    return Arg("str", required=required, description=description)


@command(
    "read_ability",
    args={
        "card": Arg(
            "str",
            default=NEW,
            description="The card read: a new one, or one the app knows without its type.",
            offers=_unread_offer,
        ),
        "name": _text("The name printed on the card (a new card)."),
        "type": Arg(
            "str",
            required=True,
            choices=tuple(TYPES),
            description="Its type, as printed.",
            offers=_type_offer,
        ),
        "level_1": _text("The Level 1 ability, as printed.", required=True),
        "level_2": _text("The Level 2 ability, as printed."),
        "level_3": _text("The Level 3 ability, as printed."),
    },
    systems=DOTR,
)
def read_ability(ctx: Context, args: dict[str, Any]) -> None:
    """Enter an ability card from the table: its name, type and text, remembered for the group."""
    _require_heros_calling(ctx.state)
    kind: str = args["type"]
    levels = [(args.get(f"level_{n}") or "").strip() or None for n in (1, 2, 3)]
    wanted = args["card"] or NEW
    card = (
        None
        if wanted == NEW
        else next((c for c in ability_cards(ctx.state) if c.id == wanted), None)
    )
    if wanted != NEW and card is None:
        raise RuleViolation(msg("error.dotr.hc.heroes.not_ability_card"), code="unknown_card")
    if card is None:
        name = " ".join(str(args.get("name") or "").split())
        if not name:
            raise InvalidArguments({"name": [msg("error.dotr.hc.heroes.name_printed")]})
        card = _find(ctx.state, name)
    if card is not None and card.data.get("type") is not None:
        raise RuleViolation(
            msg(
                "error.dotr.hc.heroes.entered_already",
                name=card.name,
                type=type_ref(str(card.data["type"])),
            ),
            code="ability_known",
        )
    if card is None:
        card_id = f"ability-{slugify(name)}"
        if len(card_id) > CARD_ID_MAX:  # one character typed may be several in the id
            raise InvalidArguments(
                {"name": [msg("error.dotr.hc.heroes.name_too_long", limit=CARD_ID_MAX)]}
            )
        entry: dict[str, Any] = {
            "cards": {
                "ability": [
                    {
                        "id": card_id,
                        "name": name,
                        "kind": "ability",
                        "data": {"type": kind, "pet": None, "levels": levels},
                    }
                ]
            }
        }
    else:
        card_id, name = card.id, card.name
        where = f"decks/ability/{card.id}/data."
        values = {f"{where}type": kind}
        values |= {f"{where}levels.{n}": text for n, text in enumerate(levels) if text}
        entry = {"values": values}
    keep_entry(ctx, PACK_ID, entry)
    ctx.emit(
        "card_read",
        msg("dotr.hc.heroes.ability_entered", name=name, type=type_ref(kind)),
        data={
            "prompt": None,
            "pack": PACK_ID,
            "kind": "ability",
            "card": card_id,
            "deck": "ability",
            "entry": entry,
        },
        steps=[
            Step(msg("dotr.hc.heroes.ability_known", name=name, type=type_ref(kind)), R_TYPES),
            Step(msg("dotr.hc.heroes.ability_remembered"), R_READ),
        ],
    )


@command(
    "split_actions",
    args={
        "pet": Arg("int", required=True, minimum=0, maximum=HERO_LIFE, description="Pet actions."),
        "seat": SEAT,
    },
    systems=DOTR,
)
def split_actions(ctx: Context, args: dict[str, Any]) -> None:
    """Split this turn's actions (the hero's life tokens, 5 at most) between hero and pet."""
    _require_heros_calling(ctx.state)
    seat = seat_of(ctx, args["seat"])
    hero = ctx.state["heroes"][seat]
    name = hero_name(ctx.state, seat)
    if not hero.get("pet"):
        raise RuleViolation(msg("error.dotr.hc.heroes.has_no_pet", name=name), code="no_pet")
    actions = int(hero["life"])
    pet: int = args["pet"]
    if pet > actions:
        raise RuleViolation(
            msg(
                "error.dotr.hc.heroes.has_this_turn_one_per",
                name=name,
                count=count_of(actions, "word:action", "action", "actions"),
                pet=pet,
            ),
            code="too_many_actions",
        )
    turn = int((ctx.state.get("turn") or {}).get("number") or 1)
    ctx.set("heroes", seat, "actions", {"turn": turn, "hero": actions - pet, "pet": pet})
    who = hero_ref(ctx.state, seat)
    summary = msg(
        "dotr.hc.heroes.actions_split",
        hero=who,
        actions=count_of(actions - pet, "word:action", "action", "actions"),
        pet=named(f"hc-pet-word:{hero['pet']}", str(hero["pet"])),
        count=pet,
    )
    record(
        ctx,
        "actions_split",
        summary,
        {"seat": seat, "turn": turn, "hero": actions - pet, "pet": pet},
        (
            msg(
                "dotr.hc.heroes.actions_split.step",
                hero=who,
                times=count_of(actions - pet, "word:time", "time", "times"),
                pet=named(f"hc-pet:{hero['pet']}", str(hero["pet"]).title()),
                pet_times=count_of(pet, "word:time", "time", "times"),
            ),
            R_PET,
        ),
        (msg("dotr.hc.heroes.actions_are_life", hero=who, count=actions), R_LIFE),
    )
