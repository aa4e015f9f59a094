"""The Hero's Calling: heroes built from ability cards, and the pets.

Rules (HC = shared/rules/dotr-heros-calling.txt): each hero is one Combat, one Control and one
Movement ability card, all at level 1 (their levels follow the War Status card, war_status.py).
Every hero has 5 life tokens, which are also the actions of its turn; a pet (Raven, Voidwalker,
Wolf) splits those actions with its hero (``split_actions``). The ability cards' names and texts
are not published: ``choose_abilities`` takes a card of the pack (players enter their texts once,
through the content overlay) or any name the table reads from its own card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.content import Card, default_packs
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.expansions import (
    has_expansion,
)
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_name,
    record,
    require_playing,
    seat_of,
)
from deck_tracker.engine.rules.dotr.heros_calling.war_status import EXPANSION, PACK_ID, hero_level
from deck_tracker.engine.slugs import slugify
from deck_tracker.engine.words import plural

HERO_LIFE = 5
SLOTS = ("combat", "control", "movement")
R_BUILD = msg("dotr.hc.rule.build")
R_LIFE = msg("dotr.hc.rule.life")
R_PET = msg("dotr.hc.rule.pet")


# ------------------------------------------------------------------------------------------
# Building a hero, and the pets
# ------------------------------------------------------------------------------------------


def _ability_cards() -> Mapping[str, Card]:
    return {card.id: card for card in default_packs()[PACK_ID].deck("ability").cards}


def _ability(slot: str, raw: str, taken: set[str]) -> dict[str, Any]:
    cards = _ability_cards()
    key = slugify(raw)
    card = cards.get(raw) or next(
        (c for c in cards.values() if key in (slugify(c.name), c.id.removeprefix("ability-"))), None
    )
    if card is None:
        return {"card": None, "name": raw.strip(), "pet": None}
    printed = card.data.get("type")
    if printed is not None and printed != slot:
        raise RuleViolation(
            msg("error.dotr.hc.heroes.ability_not_one", name=card.name, printed=printed, slot=slot),
            code="wrong_ability_type",
        )
    if card.id in taken:
        raise RuleViolation(
            msg("error.dotr.hc.heroes.already_another_hero_s", name=card.name), code="ability_taken"
        )
    return {"card": card.id, "name": card.name, "pet": card.data.get("pet")}


def _require_heros_calling(state: State) -> None:
    require_playing(state)
    if not has_expansion(state, EXPANSION):
        raise RuleViolation(msg("error.dotr.hc.heroes.this_game_does_not_use"), code="no_expansion")


ABILITY = Arg("str", required=True, description="An ability card's id or the name printed on it.")


@command(
    "choose_abilities",
    args={"combat": ABILITY, "control": ABILITY, "movement": ABILITY, "seat": SEAT},
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
    taken = {
        entry["card"]
        for other, h in ctx.state["heroes"].items()
        if other != seat
        for entry in (h.get("abilities") or {}).values()
        if entry.get("card")
    }
    abilities = {slot: _ability(slot, args[slot], taken) for slot in SLOTS}
    pets = [entry["pet"] for entry in abilities.values() if entry["pet"]]
    ctx.set("heroes", seat, "abilities", abilities)
    ctx.set("heroes", seat, "pet", pets[0] if pets else None)
    name = hero_name(ctx.state, seat)
    steps = [
        (
            f"{name}: {abilities['combat']['name']} (Combat), {abilities['control']['name']} "
            f"(Control), {abilities['movement']['name']} (Movement); show Level "
            f"{hero_level(ctx.state)} and cover the rest with the Hero's Calling card.",
            R_BUILD,
        )
    ]
    if pets:
        steps.append((f"Take the {pets[0].title()} token: it shares the hero's 5 actions.", R_PET))
    built = ", ".join(entry["name"] for entry in abilities.values())
    record(
        ctx,
        "hero_built",
        f"{name} is built: {built}.",
        {
            "seat": seat,
            "abilities": abilities,
            "pet": pets[0] if pets else None,
            "level": hero_level(ctx.state),
        },
        *steps,
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
    summary = f"{name} keeps {plural(actions - pet, 'action')}; the {hero['pet']} takes {pet}."
    record(
        ctx,
        "actions_split",
        summary,
        {"seat": seat, "turn": turn, "hero": actions - pet, "pet": pet},
        (
            f"{name} acts {plural(actions - pet, 'time')} and the {hero['pet'].title()} "
            f"{plural(pet, 'time')} "
            "this turn.",
            R_PET,
        ),
        (f"Actions are life tokens: {name} has {actions}.", R_LIFE),
    )
