"""The content of a game with the Dragon expansion: its Generals, minions and decks.

"When using a new General, players need to customize the Hero and Darkness Spreads Decks by
taking out the cards of the General(s) not being used in the game and shuffling all cards with
Icons of the Generals being used into their respective decks" (DX). The game keeps what decides
the composition in ``state["dragon"]``::

    generals   {colour: general id}         the General of each colour
    replaces   {dragon id: base general id} whose Darkness Spreads cards the dragon's
                                            replace one for one (setting
                                            dragon_darkness_spreads)

and :func:`compose` builds from it, and the game's packs (with their kept overlays), the one
pack the board rules read (registered in ``packs.COMPOSERS``):

* Generals: the chosen one of each colour, in the base game's order of colours;
* minions: the chosen Generals' own (Imps with Hemlock, Zealots with Onyx, ...);
* Darkness Spreads: the base cards of the Generals in play and the cards naming none (the Orc
  Patrols and Orc War Party only with the Orcs, "If the Orcs are not being used, remove the Orc
  Patrols and Orc War Party and replace those cards with the new 'Special' Darkness Spreads
  Cards"), the dragons' cards in place of their base Generals': the entered ones, and for the
  rest *unread* cards (:func:`unread_slot`) that the table reads when one comes up
  (``engine/reading.py``), so the deck always holds its true number of cards;
* Hero: each colour's location cards follow the General of that colour: a dragon's entered
  cards and, for the rest, as many cards of his colour as the base General has
  (:func:`unread_hero`, setting dragon_hero_cards): the rules read a Hero Card's colour, which
  his icon gives; no base card stands in for his. Every Special (base and the 6 new ones,
  entered or not: the table owns the physical cards, and an unentered one is read from the
  card when it comes up);
* Quest: the base Quests and the 12 new ones, entered or not (one not entered is read by the
  hero who draws it, in that hero's hand only);
* Winds of War: "Shuffle the Winds of War cards and place them on the designated space on the
  board" (DX). How many the deck holds is printed nowhere: the table counts them once (the
  Winds of War board's ``deck_size``, asked at setup and remembered), and the deck holds the
  cards entered and, for the rest, *unread* cards (:func:`unread_wind`) read when turned.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from deck_tracker.engine.content import Card, DeckSpec, General, MinionType, Pack
from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr.base.packs import (
    BASE_PACK,
    UNENTERED,
    effective_pack,
    entered,
    game_pack,
    unentered_steps,
    unread,
)

__all__ = [
    "DRAGON",
    "DRAGON_PACK",
    "compose",
    "dragon_generals_in_play",
    "entered",
    "general_of",
    "minion_type",
    "slot",
    "unentered_steps",
    "unread",
    "unread_card",
    "unread_slot",
    "unread_wind",
    "wind_slot_id",
    "winds_deck_size",
]

DRAGON = "dragon"
DRAGON_PACK = "dotr-dragon"
DS, HERO, QUEST = "darkness_spreads", "hero", "quest"
WOW, WOW_BOARD = "winds_of_war", "winds_of_war_board"
ORC_CARDS = ("orc_patrols", "orc_war_party")


_KEYS = ("generals", "replaces", "joined")


def _key(state: State) -> str:
    choice = state.get("dragon") or {}
    found = {key: choice.get(key) for key in _KEYS}
    found["one_for_one"] = _one_for_one(state)
    found["hero_one_for_one"] = _hero_one_for_one(state)
    return _dumped(_frozen(found))


# A frozen value, so that it may key a cache: every value tagged with its type (``True`` and
# ``1`` are equal keys, their JSON is not).
Frozen = tuple[Any, ...]


def _frozen(value: Any) -> Frozen:
    if isinstance(value, dict):
        return (dict, tuple(sorted((str(k), _frozen(v)) for k, v in value.items())))
    if isinstance(value, list | tuple):
        return (list, tuple(_frozen(v) for v in value))
    return (type(value), value)


def _thawed(value: Frozen) -> Any:
    kind, inner = value
    if kind is dict:
        return {k: _thawed(v) for k, v in inner}
    if kind is list:
        return [_thawed(v) for v in inner]
    return inner


# A night asks many times for the same composition's key (thread-safe: streams read in threads).
@functools.lru_cache(maxsize=64)
def _dumped(found: Frozen) -> str:
    return json.dumps(_thawed(found), sort_keys=True)


def _one_for_one(state: State) -> bool:
    setting = (state.get("settings") or {}).get("dragon_darkness_spreads", "one_for_one")
    return bool(setting == "one_for_one")


def _hero_one_for_one(state: State) -> bool:
    setting = (state.get("settings") or {}).get("dragon_hero_cards", "one_for_one")
    return bool(setting == "one_for_one")


def hero_slot_id(dragon: str, number: int) -> str:
    return f"dx-hero-{dragon}-{number}"


def unread_card(
    model: Card, *, id: str, name: str, kind: str, face: Mapping[str, Any], note: str
) -> Card:
    """A card of the Dragon expansion the app does not know yet, shaped as ``model``: what it
    knows of it (``face``) with the rest blank, marked ``unread`` so that the table reads the
    physical card when it comes up."""
    return dataclasses.replace(
        model,
        id=id,
        name=name,
        kind=kind,
        data=MappingProxyType({**face, "unread": True}),
        provenance=("DX",),
        note=note,
    )


def unread_hero(model: Card, dragon: General, number: int) -> Card:
    """The ``number``-th Hero Card with ``dragon``'s attack icon the app does not know by its
    location: a card of his colour (what the rules read of a Hero Card)."""
    return unread_card(
        model,
        id=hero_slot_id(dragon.id, number),
        name=f"{dragon.name}'s Hero Card",
        kind="location",
        face={
            "location": None,
            "colour": dragon.colour,
            "travel": None,
            "dice": None,
            "general": dragon.id,
        },
        note="A Hero Card with the dragon's attack icon, counted by its colour.",
    )


def _dragon_hero_cards(
    base_cards: list[Card], own: list[Card], dragon: General, one_for_one: bool
) -> list[Card]:
    """The dragon's Hero Cards in place of the base General's of his colour: the entered ones,
    then as many of his colour as the base General had (setting dragon_hero_cards)."""
    if not one_for_one or not base_cards:
        return own
    taken = {card.id for card in own}
    slots = [
        unread_hero(base_cards[0], dragon, n)
        for n in range(1, len(base_cards) + 1)
        if hero_slot_id(dragon.id, n) not in taken
    ]
    return own + slots[: max(0, len(base_cards) - len(own))]


def slot(card: Card) -> Card:
    """A slot card of the box whose text nobody entered is still a card of the deck: its name
    says so, and the table reads the physical card when it comes up."""
    return card if entered(card) else dataclasses.replace(card, name=card.name + UNENTERED)


def slot_id(dragon: str, number: int) -> str:
    return f"dx-ds-{dragon}-{number}"


def unread_slot(model: Card, dragon: General, number: int) -> Card:
    """The ``number``-th Darkness Spreads card of ``dragon``, its face still to be read."""
    return unread_card(
        model,
        id=slot_id(dragon.id, number),
        name=f"{dragon.name} Darkness Spreads card",
        kind="standard",
        face={"placements": [], "general": dragon.id, "general_to": None, "general_minions": 0},
        note="Read from the physical card when it comes up.",
    )


def winds_deck_size(pack: Pack) -> int | None:
    """How many cards the Winds of War deck holds, as the table counted them (None: not yet)."""
    spec = pack.decks.get(WOW_BOARD)
    size = spec.cards[0].data.get("deck_size") if spec is not None and spec.cards else None
    return int(size) if size is not None else None


def wind_slot_id(number: int) -> str:
    return f"wow-card-{number}"


def unread_wind(model: Card, number: int) -> Card:
    """The ``number``-th Winds of War card the app does not know yet: read when it is turned."""
    return unread_card(
        model,
        id=wind_slot_id(number),
        name="Winds of War card",
        kind=WOW,
        face={"title": None, "action": None, "prevention": None},
        note="Read from the physical card when it is turned.",
    )


def _winds(dragon: Pack) -> list[Card]:
    """The Winds of War deck: the cards entered, then unread cards up to the count."""
    known = list(dragon.deck(WOW).cards)
    size = winds_deck_size(dragon)
    if size is None or not known:
        return known
    taken = {card.id for card in known}
    slots = [unread_wind(known[0], n) for n in range(1, size + 1) if wind_slot_id(n) not in taken]
    return known + slots[: max(0, size - len(known))]


def _dragon_cards(
    base_cards: list[Card], own: list[Card], dragon: General, one_for_one: bool
) -> list[Card]:
    """The dragon's cards in place of the base General's: entered ones first, then as many
    unread cards as the base General had (setting dragon_darkness_spreads)."""
    if not one_for_one or not base_cards:
        return own
    taken = {card.id for card in own}
    slots = [
        unread_slot(base_cards[0], dragon, n)
        for n in range(1, len(base_cards) + 1)
        if slot_id(dragon.id, n) not in taken
    ]
    return own + slots[: max(0, len(base_cards) - len(own))]


def compose(state: State) -> Pack:
    base = effective_pack(state, BASE_PACK)
    dragon = effective_pack(state, DRAGON_PACK)
    choice: Mapping[str, str] = (state.get("dragon") or {}).get("generals") or {}
    replaces: Mapping[str, str] = (state.get("dragon") or {}).get("replaces") or {}
    every: dict[str, General] = {**base.generals, **dragon.generals}
    generals = {
        choice.get(g.colour, g.id): every[choice.get(g.colour, g.id)]
        for g in base.generals.values()
    }
    minions: dict[str, MinionType] = {
        m.id: m
        for m in (*base.minion_types.values(), *dragon.minion_types.values())
        if m.general in generals
    }
    # A General who joins during the game without minions of his own (The Burning Land:
    # Brimstone returns and the red minions remain Demons): his cards come in, not his minions.
    joined = set((state.get("dragon") or {}).get("joined") or ())
    for general_id in joined:
        generals[general_id] = every[general_id]
    orcs = any(m.id == "orc" for m in minions.values())

    darkness: list[Card] = []
    for card in base.deck(DS).cards:
        general = card.data.get("general")
        if card.kind in ORC_CARDS and not orcs:
            continue  # the dragon pack's Special cards replace them
        if general is None or general in generals:
            darkness.append(card)
    for general in generals.values():
        if general.id in base.generals:
            continue
        own = [
            card
            for card in dragon.deck(DS).cards
            if card.kind == "standard" and card.data.get("general") == general.id
        ]
        base_id = replaces.get(general.id)
        if base_id is None and general.id in joined and _one_for_one(state):
            # A dragon joining during the game (The Burning Land: Brimstone returns) brings as
            # many cards as the base General of his colour has.
            base_id = next(g.id for g in base.generals.values() if g.colour == general.colour)
        # As many as the base General has in this deck (his Orc cards only with the Orcs:
        # without them the Specials take their place).
        base_cards = [
            c
            for c in base.deck(DS).cards
            if base_id and c.data.get("general") == base_id and (orcs or c.kind not in ORC_CARDS)
        ]
        darkness += _dragon_cards(base_cards, own, general, base_id is not None)
    # Its All is Quiet card: with the base game's 3, "All 4 All is Quiet cards" (Scenarios 4, 5).
    darkness += [card for card in dragon.deck(DS).cards if card.kind == "all_is_quiet"]
    # The 6 Special cards in place of the Orc cards, entered or not (read at the table).
    darkness += [slot(c) for c in dragon.deck(DS).cards if c.kind == "special" and not orcs]

    # A colour's location cards follow its General: the base cards with the base General, the
    # dragon's with the dragon (DX: "Replace the Hero Cards, too").
    follows_base = {g.colour for g in generals.values() if g.id in base.generals}
    hero = [
        card
        for card in base.deck(HERO).cards
        if card.kind == "special" or card.data.get("colour") in follows_base
    ]
    for general in generals.values():
        if general.id in base.generals:
            continue
        own = [
            card
            for card in dragon.deck(HERO).cards
            if card.kind == "location" and card.data.get("general") == general.id
        ]
        base_cards = [
            card
            for card in base.deck(HERO).cards
            if card.kind == "location" and card.data.get("colour") == general.colour
        ]
        # A dragon joining during the game brings only his entered cards: the deck was built.
        one_for_one = _hero_one_for_one(state) and general.id not in joined
        hero += _dragon_hero_cards(base_cards, own, general, one_for_one)
    hero += [slot(card) for card in dragon.deck(HERO).cards if card.kind == "special"]

    # "Players should take the 12 new Quest Cards and shuffle them into the Quest Deck the
    # first time they play using the Dragon Expansion, regardless of any other components"
    # (DX 'New Quests'): all 12, entered or not; one not entered is read by the hero who
    # draws it (base/quests.py).
    quests = [*base.deck(QUEST).cards, *(slot(c) for c in dragon.deck(QUEST).cards)]
    decks = dict(base.decks) | {
        DS: DeckSpec(DS, tuple(darkness), base.deck(DS).auto_reshuffle),
        HERO: DeckSpec(HERO, tuple(hero), base.deck(HERO).auto_reshuffle),
        QUEST: DeckSpec(QUEST, tuple(quests), base.deck(QUEST).auto_reshuffle),
    }
    if WOW in dragon.decks:
        decks[WOW] = DeckSpec(WOW, tuple(_winds(dragon)), dragon.deck(WOW).auto_reshuffle)
    return dataclasses.replace(
        base,
        generals=MappingProxyType(generals),
        minion_types=MappingProxyType(minions),
        decks=MappingProxyType(decks),
    )


# How the expansion composes the game's content (collected in hooks.py ``COMPOSERS``).
COMPOSER = (_key, compose)


def general_of(state: State, general: str) -> General | None:
    """A General of the base or the dragon pack (with the game's entered values)."""
    for pack_id in (BASE_PACK, DRAGON_PACK):
        found = effective_pack(state, pack_id).generals.get(general)
        if found is not None:
            return found
    return None


def minion_type(state: State, colour: str) -> MinionType | None:
    """The minions of ``colour`` in this game (those of its General of that colour)."""
    for minion in game_pack(state).minion_types.values():
        if minion.colour == colour:
            return minion
    return None


def dragon_generals_in_play(state: State) -> list[str]:
    """The dragons invading the Realm: the Generals in play that are dragons, not defeated."""
    pack = game_pack(state)
    return [
        general_id
        for general_id, general in (state.get("generals") or {}).items()
        if not general.get("defeated")
        and general_id in pack.generals
        and (pack.generals[general_id].dragon or general_id == "sapphire")
    ]
