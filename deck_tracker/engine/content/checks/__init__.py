"""Card checks per game system: the model of each deck's card data and the checks across items.

The registry is written here, in one place: a deck not named below has no checks of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Where, validate
from .common import DeckRules, References, check_references
from .dotr_base import BASE_DECKS
from .dotr_companions import COMPANION_DECKS
from .dotr_dragon import DRAGON_DECKS

__all__ = ["DECK_RULES", "DeckRules", "References", "check_card", "check_references"]

DECK_RULES: Mapping[str, DeckRules] = {**BASE_DECKS, **COMPANION_DECKS, **DRAGON_DECKS}


def check_card(
    refs: References, deck: str, kind: str, data: Mapping[str, Any], where: Where
) -> None:
    """A card's ``data`` against the model of its deck and kind, then against the other items."""
    rules = DECK_RULES.get(deck)
    if rules is None:
        return
    if kind not in rules.kinds:
        where.fail("kind", f"{kind!r} is not one of {', '.join(rules.kinds)}")
    validate(rules.adapter(kind), data, where, prefix="data")
    rules.cross(refs, kind, data, where)
