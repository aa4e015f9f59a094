"""What every seat sees of a Defenders of the Realm game: the whole board is public."""

from __future__ import annotations

import functools
from typing import Any

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, render_text
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.pending import pending_first

__all__ = ["PUBLIC_KEYS", "view_dotr"]

PUBLIC_KEYS = (
    "board",
    "supply",
    "generals",
    "war_status",
    "war_level",
    "heroes",
    "turn",
    "pending",
    "settings",
    "fame",
    "grand_ball",
    "rewards",
    "scenario",
    "expansions",
    "packs",
    "dungeons",
    "dungeon_run",
    "recruitment",
    "heros_calling",
    # The Dragon expansion
    "dragon",
    "global_effect",
    "sterling",
    "winds_of_war",
    "agent",
    "royal_blessings",
    "slayers",
)


def view_dotr(state: State, seat: str | None, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The board keys, the same for every seat (hands stay in the generic deck view), and the
    names of the cards this seat sees that no shipped pack names (``card_names``: a dragon's
    Hero Card counted by colour, a card the table read). Each pending choice says, in player
    words of ``language``, what the table does first (``says``)."""
    view = {key: state.get(key) for key in PUBLIC_KEYS} | {"card_names": _names(state, seat)}
    pending = view["pending"]
    if isinstance(pending, list) and pending:
        view["pending"] = [
            {**entry, "says": render_text(pending_first(state, entry), language)}
            for entry in pending
        ]
    return view


@functools.cache
def _shipped() -> frozenset[str]:
    return frozenset(
        card.id
        for pack in default_packs().values()
        for deck in pack.decks.values()
        for card in deck.cards
    )


def _names(state: State, seat: str | None) -> dict[str, str]:
    seen: set[str] = set()
    for deck in (state.get("decks") or {}).values():
        seen.update(deck.get("discard") or ())
        seen.update(deck.get("table") or ())
        if seat is not None:
            seen.update((deck.get("hands") or {}).get(seat) or ())
    for entry in state.get("pending") or ():
        if isinstance(entry.get("card"), str):
            seen.add(entry["card"])
    seen -= _shipped()
    if not seen:
        return {}
    cards = game_cards(state)
    return {card: cards[card].name for card in sorted(seen) if card in cards}
