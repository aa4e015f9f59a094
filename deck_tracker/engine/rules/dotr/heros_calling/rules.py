"""The Hero's Calling: setup switches, the War Status card, and heroes built from ability cards.

Rules (HC = shared/rules/dotr-heros-calling.txt):

* Setup: the purple (Special) Hero Cards go to the box unless Companions & Catacombs is in play;
  the All is Quiet cards go to the box (setting ``all_is_quiet`` fixed off); the War Status card
  replaces the placard (setting ``extra_cards_general_only`` fixed to ``war_status_card``); no
  Slayer is assigned when a General falls; heroes start with 3 Hero Cards; Rumors draw 3 Hero
  Cards per action.
* The War Status card (the pack's ``war_status`` card): Early War 1 card, Early Mid War 2 (the
  2nd moves a General only), Late Mid War 2, Late War 3 (the 3rd moves a General only); it
  advances one level per General defeated (``war_level`` 0-3, as in the base game). The card
  prints Hero Level III for both Late Mid War and Late War: kept as printed, so heroes reach
  level III at the third level and stay there.
* Heroes: each is one Combat, one Control and one Movement ability card, all at level 1, and
  rise together to the War Status card's Hero Level as Generals fall; a level once unlocked is
  kept even if the War Status moves back (``heros_calling.highest_war_level``). Every hero has
  5 life tokens, which are also the actions of its turn; a pet (Raven, Voidwalker, Wolf) splits
  those actions with its hero (``split_actions``).
* The ability cards' names and texts are not published: ``choose_abilities`` takes a card of the
  pack (players enter their texts once, through the content overlay) or any name the table reads
  from its own card.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import Card, Hero, default_packs
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.rules.dotr.base.expansions import (
    Expansion,
    has_expansion,
    keep_entered_content,
)
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_name,
    record,
    require_playing,
    seat_of,
)
from deck_tracker.engine.slugs import slugify

__all__ = [
    "EXPANSION",
    "PACK_ID",
    "hero_level",
    "war_status_card_level",
    "war_status_card_plan",
]

EXPANSION = "heros_calling"
PACK_ID = "dotr-heros-calling"
HERO_LIFE = 5
START_HERO_CARDS = 3
RUMORS_PER_ACTION = 3
SLOTS = ("combat", "control", "movement")

R_SETUP = "The Hero's Calling, Setup"
R_PURPLE = "HC Setup: remove all Purple Hero cards, unless using Companions and Catacombs"
R_QUIET = "HC Setup: remove all All is Quiet cards from the Darkness Spreads deck"
R_CARD = "HC Setup: the War Status card replaces the base game's War Status placard"
R_NO_SLAYER = "HC Setup: do not assign a Slayer after defeating a General"
R_THREE = "HC Setup: deal 3 Hero cards, instead of 2, to each player"
R_RUMORS = "HC: draw 3 Hero cards per Rumors action, instead of 2"
R_BUILD = "HC Constructing a Hero: one Combat, one Control and one Movement ability card"
R_LIFE = "HC: all Heroes have 5 Life Tokens / Actions per turn"
R_PET = "HC: a Pet (Raven, Voidwalker, Wolf) splits the 5 Actions with its Hero"
R_LEVEL = "HC War Status: as Generals fall, all Heroes advance to the card's Hero Level"
R_RETAINED = "HC Setup: if the War Status moves back, all unlocked levels are retained"


# ------------------------------------------------------------------------------------------
# The War Status card
# ------------------------------------------------------------------------------------------


@functools.cache
def _war_status_levels() -> tuple[Mapping[str, Any], ...]:
    card = default_packs()[PACK_ID].card("war_status", "war-status-card")
    return tuple(card.data["levels"])


def war_status_card_level(level: int) -> Mapping[str, Any]:
    """The card's level (0 Early War .. 3 Late War): name, hero_level, cards, general_only."""
    levels = _war_status_levels()
    return levels[max(0, min(level, len(levels) - 1))]


def war_status_card_plan(level: int) -> tuple[bool, ...]:
    """For each Darkness Spreads card of the night, whether it only moves its General."""
    entry = war_status_card_level(level)
    return tuple(n in entry["general_only"] for n in range(1, int(entry["cards"]) + 1))


def hero_level(state: State) -> str:
    """The Hero Level all heroes have reached (printed roman numeral), never going back."""
    reached = max(
        int(state.get("war_level") or 0),
        int((state.get(EXPANSION) or {}).get("highest_war_level", 0)),
    )
    return str(war_status_card_level(reached)["hero_level"])


# ------------------------------------------------------------------------------------------
# Setup
# ------------------------------------------------------------------------------------------


def _adjust_settings(
    settings: dict[str, Any], given: Mapping[str, Any], expansions: list[str]
) -> dict[str, Any]:
    fixed = {"all_is_quiet": False, "extra_cards_general_only": "war_status_card"}
    clash = sorted(name for name, value in fixed.items() if name in given and given[name] != value)
    if clash:
        raise InvalidArguments(
            {
                f"options.{name}": [
                    f"The Hero's Calling fixes this setting to {fixed[name]!r} (its Setup)."
                ]
                for name in clash
            }
        )
    return {**settings, **fixed}


def _level_entry(level: int) -> dict[str, Any]:
    entry = war_status_card_level(level)
    return {"war_status_name": entry["name"], "hero_level": entry["hero_level"]}


def _setup(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    steps = [
        Step("Put the War Status token on Early War (Level I) of the War Status card.", R_CARD),
        Step("Put the All is Quiet cards back in the box.", R_QUIET),
        Step(
            "Deal each player 3 Hero Cards; give each a Player Reference and a Cover card.", R_THREE
        ),
        Step("Each player builds a hero from 3 ability cards (choose_abilities).", R_BUILD),
        Step("Rumors at the Inn draw 3 Hero Cards per action.", R_RUMORS),
        Step("Hero levels once unlocked stay, even if the War Status moves back.", R_RETAINED),
    ]
    boxed: list[str] = []
    if not has_expansion(ctx.state, "companions_catacombs"):
        deck = get_deck(ctx.state, "hero")
        specials = {
            c.id for c in default_packs()["dotr-base"].deck("hero").cards if c.kind == "special"
        }
        boxed = [card for card in deck["draw"] if card in specials]
        ctx.set("decks", "hero", "draw", [card for card in deck["draw"] if card not in specials])
        ctx.set("decks", "hero", "box", [*deck["box"], *boxed])
        steps.insert(0, Step("Put the purple (Special) Hero Cards back in the box.", R_PURPLE))
    ctx.set(EXPANSION, {"highest_war_level": 0, **_level_entry(0)})
    ctx.emit(
        "heros_calling_setup",
        "The Hero's Calling: War Status card, 3 starting Hero Cards, heroes built from "
        "ability cards.",
        data={"specials_boxed": len(boxed), **_level_entry(0)},
        steps=steps,
    )


def _hero(ctx: Context, name: str) -> Hero | None:
    """Every hero of a Hero's Calling game is built, unless ``hc_base_heroes`` allows a base one."""
    if (ctx.get("settings") or {}).get("hc_base_heroes"):
        key = slugify(name)
        for base in default_packs()["dotr-base"].heroes.values():
            if key in (base.id, slugify(base.name)):
                return None
    key = slugify(name)
    if not key:
        raise RuleViolation("Give your hero a name.", code="unknown_hero")
    return Hero(
        id=f"hc-{key}",
        name=name.strip(),
        life=HERO_LIFE,
        abilities=(),
        provenance=("HC",),
        confidence="high",
    )


def _card_count(state: State, purpose: str, count: int) -> int:
    # One more than the base game's 2 (so that other rules may still add theirs).
    if purpose == "start:hero":
        return count + START_HERO_CARDS - 2
    if purpose == "rumors":
        return count + RUMORS_PER_ACTION - 2
    return count


# What the expansion adds to the base setup (collected in hooks.py ``EXPANSIONS``).
EXPANSION_RULES = Expansion(
    EXPANSION,
    "Defenders of the Realm: The Hero's Calling",
    pack=PACK_ID,
    adjust_settings=_adjust_settings,
    prepare=keep_entered_content,
    setup=_setup,
    hero=_hero,
    card_count=_card_count,
)


# ------------------------------------------------------------------------------------------
# Hero levels follow the War Status card (an observer of wound_general)
# ------------------------------------------------------------------------------------------


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if name != "wound_general" or not has_expansion(state, EXPANSION):
        return None
    return int(state.get("war_level") or 0)


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    level = int(ctx.state.get("war_level") or 0)
    if level <= memo:
        return
    entry = dict(ctx.state.get(EXPANSION) or {})
    highest = max(level, int(entry.get("highest_war_level", 0)))
    before = hero_level(ctx.state)
    ctx.set(EXPANSION, {**entry, "highest_war_level": highest, **_level_entry(highest)})
    card = war_status_card_level(level)
    steps = [
        Step(
            f"Move the War Status token to {card['name']} (Hero Level {card['hero_level']}).",
            R_LEVEL,
        ),
        Step("Do not assign a Slayer for this General.", R_NO_SLAYER),
    ]
    now = hero_level(ctx.state)
    if now != before:
        steps.append(
            Step(f"Every hero slides its Hero's Calling card to uncover Level {now}.", R_LEVEL)
        )
    else:
        steps.append(Step(f"The heroes stay at Level {now}: the card prints it again.", R_LEVEL))
    ctx.emit(
        "hero_level",
        f"War Status card: {card['name']}; the heroes are at Level {now}.",
        data={"war_level": level, "war_status_name": card["name"], "hero_level": now},
        steps=steps,
    )


OBSERVER = Observer(before=_before, after=_after)


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
            f"{card.name} is a {printed} ability, not a {slot} one.", code="wrong_ability_type"
        )
    if card.id in taken:
        raise RuleViolation(f"{card.name} is already another hero's.", code="ability_taken")
    return {"card": card.id, "name": card.name, "pet": card.data.get("pet")}


def _require_heros_calling(state: State) -> None:
    require_playing(state)
    if not has_expansion(state, EXPANSION):
        raise RuleViolation("This game does not use The Hero's Calling.", code="no_expansion")


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
        raise RuleViolation(f"{hero_name(ctx.state, seat)} is already built.", code="hero_built")
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
        raise RuleViolation(f"{name} has no pet.", code="no_pet")
    actions = int(hero["life"])
    pet: int = args["pet"]
    if pet > actions:
        raise RuleViolation(
            f"{name} has {actions} action(s) this turn (one per life token); the pet cannot "
            f"take {pet}.",
            code="too_many_actions",
        )
    turn = int((ctx.state.get("turn") or {}).get("number") or 1)
    ctx.set("heroes", seat, "actions", {"turn": turn, "hero": actions - pet, "pet": pet})
    summary = f"{name} keeps {actions - pet} action(s); the {hero['pet']} takes {pet}."
    record(
        ctx,
        "actions_split",
        summary,
        {"seat": seat, "turn": turn, "hero": actions - pet, "pet": pet},
        (
            f"{name} acts {actions - pet} time(s) and the {hero['pet'].title()} {pet} time(s) "
            "this turn.",
            R_PET,
        ),
        (f"Actions are life tokens: {name} has {actions}.", R_LIFE),
    )
