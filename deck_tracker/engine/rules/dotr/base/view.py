"""What every seat sees of a Defenders of the Realm game: the whole board is public."""

from __future__ import annotations

import functools
from typing import Any

from deck_tracker.engine.content import Card, default_packs
from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, msg, render_text
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


def _names(state: State, seat: str | None) -> dict[str, Any]:
    seen: set[str] = set()
    for deck in (state.get("decks") or {}).values():
        seen.update(deck.get("discard") or ())
        seen.update(deck.get("table") or ())
        if seat is not None:
            seen.update((deck.get("hands") or {}).get(seat) or ())
    for entry in state.get("pending") or ():
        if isinstance(entry.get("card"), str):
            seen.add(entry["card"])
    # The cards no shipped pack names, and the numbered slots of decks the source does not
    # print ("Treasure Room 9"), named by what the table read.
    wanted = sorted(card for card in seen if card not in _shipped() or card in _slots())
    if not wanted:
        return {}
    cards = game_cards(state)
    names: dict[str, Any] = {}
    for card_id in wanted:
        card = cards.get(card_id)
        if card is None:
            continue
        name = _slot_name(state, card) if card_id in _shipped() else card.name
        if name is not None:
            names[card_id] = name
    return names


@functools.cache
def _slots() -> frozenset[str]:
    """The shipped cards that stand for a card the source does not print: the table enters the
    name printed on it (``data.title``)."""
    return frozenset(
        card.id
        for pack in default_packs().values()
        for deck in pack.decks.values()
        for card in deck.cards
        if "title" in (card.data or {})
    )


def _slot_name(state: State, card: Card) -> Any:
    """A numbered slot as a player reads it: the name the table read from the card; a Treasure
    Room not read yet by what it is (and its Exploration Goal, once known); None: the pack's
    own name (in the reader's language on the phone) stands."""
    data = card.data or {}
    if data.get("title"):
        return str(data["title"])
    if card.kind != "treasure_room":
        return None
    run = state.get("dungeon_run") or {}
    goal = data.get("exploration_goal") or (
        run.get("goal") if run.get("treasure") == card.id else None
    )
    if goal:
        return msg("dotr.cc.treasure_room_with_goal", goal=int(goal))
    return msg("reading.name.treasure_room")
