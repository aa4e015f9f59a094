"""The content of a game with the Dragon expansion: its Generals, minions and decks.

"When using a new General, players need to customize the Hero and Darkness Spreads Decks by
taking out the cards of the General(s) not being used in the game and shuffling all cards with
Icons of the Generals being used into their respective decks" (DX). The game keeps what decides
the composition in ``state["dragon"]``::

    generals   {colour: general id}         the General of each colour
    stand_in   {dragon id: base general id} a dragon whose Darkness Spreads cards nobody
                                            entered: the base General's cards of its colour
                                            stand in (setting missing_dragon_cards)
    hero_stand_in  [dragon id]              a dragon whose Hero Cards nobody entered: the
                                            base location cards of its colour stand in

and :func:`compose` builds from it, and the game's packs (with their kept overlays), the one
pack the board rules read (registered in ``packs.COMPOSERS``):

* Generals: the chosen one of each colour, in the base game's order of colours;
* minions: the chosen Generals' own (Imps with Hemlock, Zealots with Onyx, ...);
* Darkness Spreads: the base cards of the Generals in play and the cards naming none (the Orc
  Patrols and Orc War Party only with the Orcs, "If the Orcs are not being used, remove the Orc
  Patrols and Orc War Party and replace those cards with the new 'Special' Darkness Spreads
  Cards"), the entered cards of the dragons in play, stand-ins read with the dragon's icon;
* Hero: each colour's location cards follow the General of that colour (its own or the base
  cards standing in), every Special (base and the 6 new ones, entered or not: the table owns
  the physical cards, and an unentered one is read from the card when it comes up);
* Quest: the base Quests and the new ones entered.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from types import MappingProxyType

from deck_tracker.engine.content import Card, DeckSpec, General, MinionType, Pack
from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr.base.packs import (
    BASE_PACK,
    UNENTERED,
    effective_pack,
    entered,
    game_pack,
    unentered_steps,
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
]

DRAGON = "dragon"
DRAGON_PACK = "dotr-dragon"
DS, HERO, QUEST = "darkness_spreads", "hero", "quest"
ORC_CARDS = ("orc_patrols", "orc_war_party")


def _key(state: State) -> str:
    choice = state.get("dragon") or {}
    keys = ("generals", "stand_in", "hero_stand_in", "joined")
    return json.dumps({key: choice.get(key) for key in keys}, sort_keys=True)


def slot(card: Card) -> Card:
    """A slot card of the box whose text nobody entered is still a card of the deck: its name
    says so, and the table reads the physical card when it comes up."""
    return card if entered(card) else dataclasses.replace(card, name=card.name + UNENTERED)


def _restyled(card: Card, general: str) -> Card:
    data = dict(card.data) | {"general": general}
    return dataclasses.replace(card, data=MappingProxyType(data))


def compose(state: State) -> Pack:
    base = effective_pack(state, BASE_PACK)
    dragon = effective_pack(state, DRAGON_PACK)
    choice: Mapping[str, str] = (state.get("dragon") or {}).get("generals") or {}
    stand_in: Mapping[str, str] = (state.get("dragon") or {}).get("stand_in") or {}
    hero_stand_in = set((state.get("dragon") or {}).get("hero_stand_in") or ())
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
    for joined in (state.get("dragon") or {}).get("joined") or ():
        generals[joined] = every[joined]
    replaced = {base_id: dragon_id for dragon_id, base_id in stand_in.items()}
    orcs = any(m.id == "orc" for m in minions.values())

    darkness: list[Card] = []
    for card in base.deck(DS).cards:
        general = card.data.get("general")
        if card.kind in ORC_CARDS and not orcs:
            continue  # the dragon pack's Special cards replace them
        if general in replaced:
            darkness.append(_restyled(card, replaced[general]))
        elif general is None or general in generals:
            darkness.append(card)
    darkness += [
        card
        for card in dragon.deck(DS).cards
        if card.kind == "standard" and card.data.get("general") in generals
    ]
    # Its All is Quiet card: with the base game's 3, "All 4 All is Quiet cards" (Scenarios 4, 5).
    darkness += [card for card in dragon.deck(DS).cards if card.kind == "all_is_quiet"]
    # The 6 Special cards in place of the Orc cards, entered or not (read at the table).
    darkness += [slot(c) for c in dragon.deck(DS).cards if c.kind == "special" and not orcs]

    # A colour's location cards follow its General: the base cards with the base General (or
    # standing in for a dragon), the dragon's entered cards with the dragon.
    follows_base = {
        g.colour for g in generals.values() if g.id in base.generals or g.id in hero_stand_in
    }
    hero = [
        card
        for card in base.deck(HERO).cards
        if card.kind == "special" or card.data.get("colour") in follows_base
    ]
    hero += [
        card
        for card in dragon.deck(HERO).cards
        if card.kind == "location" and card.data.get("general") in generals
    ] + [slot(card) for card in dragon.deck(HERO).cards if card.kind == "special"]

    quests = [*base.deck(QUEST).cards, *(c for c in dragon.deck(QUEST).cards if entered(c))]
    decks = dict(base.decks) | {
        DS: DeckSpec(DS, tuple(darkness), base.deck(DS).auto_reshuffle),
        HERO: DeckSpec(HERO, tuple(hero), base.deck(HERO).auto_reshuffle),
        QUEST: DeckSpec(QUEST, tuple(quests), base.deck(QUEST).auto_reshuffle),
    }
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
