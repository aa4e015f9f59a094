"""The Award Tracker's abbreviations, and a finished game's Generals and minions in them.

Rulebook (Dragon expansion, "Award Tracker"): Generals Sapphire (S), Varkolak (V), Gorgutt (G),
Balazarg (B), High Dragon Sapphire (HDS), Onyx (OD), Hemlock (HD), Brimstone (BRD), Lord
Vileheart (LV), Gash Bloodclaw (GBC), Ygzell (YZ); minions Dragonkin (DK), Undead (U), Orcs (O),
Demons (D), Dragon Masters (DM), Zealots (Z), Imps (I), Fire Elementals (FE), Nightmares (N),
Skeleton Warriors (SKW), Wolf Riders (WR), Gluttons (G), Blood Demons (BD).

Pure Python: reads a game's state, no Django.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import slugify

GENERALS: dict[str, str] = {
    "sapphire": "S",
    "varkolak": "V",
    "gorgutt": "G",
    "balazarg": "B",
    "high-dragon-sapphire": "HDS",
    "onyx": "OD",
    "hemlock": "HD",
    "brimstone": "BRD",
    "lord-vileheart": "LV",
    "gash-bloodclaw": "GBC",
    "ygzell": "YZ",
}
GENERAL_NAMES: dict[str, str] = {
    "S": "Sapphire",
    "V": "Varkolak",
    "G": "Gorgutt",
    "B": "Balazarg",
    "HDS": "High Dragon Sapphire",
    "OD": "Onyx",
    "HD": "Hemlock",
    "BRD": "Brimstone",
    "LV": "Lord Vileheart",
    "GBC": "Gash Bloodclaw",
    "YZ": "Ygzell",
}
MINIONS: dict[str, str] = {
    "dragonkin": "DK",
    "undead": "U",
    "orcs": "O",
    "demons": "D",
    "dragon-masters": "DM",
    "zealots": "Z",
    "imps": "I",
    "fire-elementals": "FE",
    "nightmares": "N",
    "skeleton-warriors": "SKW",
    "wolf-riders": "WR",
    "gluttons": "G",
    "blood-demons": "BD",
}
MINION_NAMES: dict[str, str] = {
    "DK": "Dragonkin",
    "U": "Undead",
    "O": "Orcs",
    "D": "Demons",
    "DM": "Dragon Masters",
    "Z": "Zealots",
    "I": "Imps",
    "FE": "Fire Elementals",
    "N": "Nightmares",
    "SKW": "Skeleton Warriors",
    "WR": "Wolf Riders",
    "G": "Gluttons",
    "BD": "Blood Demons",
}
# The sheet's order of colours (blue, black, green, red: the order of its own examples).
COLOUR_ORDER = ("blue", "black", "green", "red")
BASE_MINIONS = {"blue": "DK", "black": "U", "green": "O", "red": "D"}
# The dragon Generals' own minions (Dragon expansion: "Minions (Red): Fire Elementals", ...).
GENERAL_MINIONS = {"OD": "Z", "HD": "I", "BRD": "FE", "HDS": "DM"}


def _singular(slug: str) -> str:
    return slug[:-1] if slug.endswith("s") else slug


def general_code(general_id: str, name: str | None = None) -> str:
    """The sheet's abbreviation of a General from its id or name (its id upper-cased if new)."""
    for raw in (general_id, name or ""):
        slug = slugify(raw) if raw else ""
        if slug in GENERALS:
            return GENERALS[slug]
        for known, code in GENERALS.items():
            if code == "S":
                continue
            if slug.startswith(known) or slug.endswith(known):
                return code
        if "sapphire" in slug:
            return "HDS" if "dragon" in slug or "high" in slug else "S"
    return general_id.upper()


def minion_code(minion: str) -> str | None:
    slug = slugify(minion)
    for known, code in MINIONS.items():
        if slug in (known, _singular(known)):
            return code
    return None


def game_codes(state: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The Generals and minions of a game, in the sheet's abbreviations.

    Minions come from the game's own record of them where it keeps one (``minion_types``
    {colour: id}); otherwise a dragon General brings its own minions and a base General the base
    minions of its colour ("The Burning Land": Brimstone has no minions, the red ones stay
    Demons, so a game that records its minions wins over this guess).
    """
    generals = state.get("generals") or {}
    general_codes: list[str] = []
    by_colour: dict[str, str] = {}
    for general_id, general in generals.items():
        code = general_code(general_id, general.get("name"))
        general_codes.append(code)
        colour = general.get("colour")
        if colour and colour not in by_colour and not general.get("no_minions"):
            by_colour[colour] = GENERAL_MINIONS.get(code, BASE_MINIONS.get(colour, ""))
    recorded = state.get("minion_types") or {}
    for colour, minion in recorded.items():
        found = minion_code(str(minion.get("id") if isinstance(minion, dict) else minion))
        if found:
            by_colour[colour] = found
    minions = [by_colour[c] for c in COLOUR_ORDER if by_colour.get(c)]
    minions += [code for c, code in by_colour.items() if c not in COLOUR_ORDER and code]
    return general_codes, minions
