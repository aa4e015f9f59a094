"""Player words: counts with their noun in the right number ("1 wound", "2 wounds")."""

from __future__ import annotations

from typing import Any

from .i18n import name as i18n_name

IRREGULAR = {"Undead": "Undead", "Dragonkin": "Dragonkin", "Quest": "Quests"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one.

    ``many`` is the plural form when adding an "s" is wrong ("Dragonkin", "Undead").
    """
    return f"{count} {noun_for(count, noun, many)}"


def noun_for(count: int, noun: str, many: str | None = None) -> str:
    """``noun`` alone, in the number ``count`` asks for."""
    if count == 1:
        return noun
    if many is not None:
        return many
    last = noun.rsplit(" ", 1)[-1]
    if last in IRREGULAR:
        return noun[: len(noun) - len(last)] + IRREGULAR[last]
    return noun + "s"


# The decks by the names players know them by (a deck's key is how the rules name it).
DECK_NAMES = {
    "darkness_spreads": "Darkness Spreads",
    "hero": "Hero Card",
    "quest": "Quest",
    "companion": "Companion",
    "dungeon_room": "Dungeon Room",
    "dungeon_token": "Dungeon token",
    "treasure_room": "Treasure Room",
    "relic": "Relic",
    "global_effects": "Global Effect",
    "agents": "Agent",
    "sterling": "Sterling",
    "winds_of_war": "Winds of War",
    "war_status": "War Status",
    "ability": "Ability",
    "battlefield_tiles": "Battlefield tile",
    "battle_die": "Battle die",
    "grilipus": "Grilipus",
    "varthrax": "Varthrax",
    "cadorus": "Cadorus",
    "box_facts": "Box",
    "dragon_tokens": "Dragon token",
}


def deck_ref(key: str) -> dict[str, Any]:
    """A deck's name as a message parameter, in the reader's language (``deck:<key>``)."""
    return i18n_name(f"deck:{key}", deck_name(key))


def deck_name(key: str) -> str:
    """A deck's name for players: "Darkness Spreads", "Hero Card", "My deck" for "my_deck"."""
    known = DECK_NAMES.get(key)
    if known:
        return known
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else key
