"""The content a game plays with: its packs, with what players had entered when it was set up.

A game is self-contained: at setup it keeps, in ``state["overlays"]``, the overlay of each pack
in play (``{pack id: {"hash": ..., "data": {...}}}``, from ``setup["overlays"]``, which the
service fills; see ``content/entry.py``). Every rule reads its content through this module, so
that a later edit of the shared overlay never changes a game already set up, and the same
events replay to the same state.

* :func:`effective_pack`: a pack of the game with its kept overlay (cached by pack id + hash);
* :func:`game_pack`: the one pack the board rules read (``board.py``, ``night.py``,
  ``setup.py``): the base pack, or, when an expansion composes the game's content (the Dragon
  expansion chooses the Generals of each colour and rebuilds the decks), that composition;
* :func:`game_cards`: every card of the game by id, whatever pack or deck it comes from.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import (
    Card,
    ContentError,
    Pack,
    default_packs,
    described,
    overlay_hash,
    shipped_with_overlay,
)
from deck_tracker.engine.core import Context, Keyed, State, Step, snapshot
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.registry import COMPOSERS

__all__ = [
    "BASE_PACK",
    "UNENTERED",
    "content_key",
    "effective_pack",
    "effective_packs",
    "entered",
    "game_cards",
    "game_pack",
    "keep_overlays",
    "unentered_steps",
    "unread",
]

BASE_PACK = "dotr-base"

# The composed packs and the cards of a game, cached per content (``content_key``).
_CACHE_SIZE = 64


def _overlay_of(state: State, pack_id: str) -> Mapping[str, Any] | None:
    kept = (state.get("overlays") or {}).get(pack_id)
    return kept.get("data") if isinstance(kept, dict) else None


def effective_pack(state: State, pack_id: str) -> Pack:
    """A pack of the game with what players had entered when the game was set up."""
    return shipped_with_overlay(pack_id, _overlay_of(state, pack_id))


def effective_packs(state: State) -> list[Pack]:
    available = default_packs()
    ids = state.get("packs") or [BASE_PACK]
    return [effective_pack(state, pack_id) for pack_id in ids if pack_id in available]


def content_key(state: State) -> Any:
    """What the game's content depends on: its packs, their overlays, its composition."""
    overlays = state.get("overlays")
    packs = state.get("packs") or [BASE_PACK]
    if not overlays and not state.get("expansions"):
        # A game of the shipped packs alone (a base game): its key found by its packs, once
        # made (a night asks at least once).
        plain = tuple(packs)
        key = _PLAIN_KEYS.get(plain)
        if key is None:
            if len(_PLAIN_KEYS) >= _CACHE_SIZE:
                _PLAIN_KEYS.clear()
            key = _PLAIN_KEYS[plain] = (tuple([(p, None) for p in packs]), ())
        return key
    if overlays:
        hashes = tuple([(p, (overlays.get(p) or {}).get("hash")) for p in packs])
    else:
        hashes = tuple([(p, None) for p in packs])
    expansions = state.get("expansions")
    if not expansions:
        return hashes, ()
    composed = tuple(
        [(name, COMPOSERS[name][0](state)) for name in expansions if name in COMPOSERS]
    )
    return hashes, composed


# The content key of a game of the shipped packs alone, by its packs.
_PLAIN_KEYS: dict[tuple[str, ...], Any] = {}


def game_pack(state: State) -> Pack:
    """The pack the board rules read: the base pack, or an expansion's composition of it."""
    composers = [COMPOSERS[n] for n in state.get("expansions") or () if n in COMPOSERS]
    if not composers:
        packs = state.get("packs") or [BASE_PACK]
        return effective_pack(state, packs[0])
    return _composed_pack(Keyed(content_key(state), state))


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _composed_pack(content: Keyed) -> Pack:
    state = content.take()
    _, compose = next(COMPOSERS[n] for n in state["expansions"] if n in COMPOSERS)
    return compose(state)


def card_name(state: State, card_id: str) -> str | None:
    """The name printed on a card of the game (None for an id no deck of the game holds)."""
    found = game_cards(state).get(card_id)
    return str(found.name) if found is not None else None


def game_cards(state: State) -> Mapping[str, Card]:
    """Every card of the game by id: the composed decks first, then every pack's decks."""
    key = content_key(state)
    # Found by its key alone first (a night asks once per card): no ``Keyed`` made, no call of
    # the LRU cache's wrapper; the LRU cache stays the one that builds and bounds them.
    found = _CARDS_BY_KEY.get(key)
    if found is None:
        found = _game_cards(Keyed(key, state))
        if len(_CARDS_BY_KEY) >= _CACHE_SIZE:
            _CARDS_BY_KEY.clear()
        _CARDS_BY_KEY[key] = found
    return found


_CARDS_BY_KEY: dict[Any, Mapping[str, Card]] = {}


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _game_cards(content: Keyed) -> Mapping[str, Card]:
    state = content.take()
    cards: dict[str, Card] = {}
    for pack in (game_pack(state), *effective_packs(state)):
        for deck in pack.decks.values():
            for card in deck.cards:
                cards.setdefault(card.id, card)
    return cards


def keep_overlays(ctx: Context, setup: Mapping[str, Any], pack_ids: list[str]) -> None:
    """Keep in the game the overlays (``setup["overlays"]``) of the packs in play, checked."""
    raw = setup.get("overlays")
    if raw is None:
        return
    if not isinstance(raw, dict):
        raise InvalidArguments({"overlays": [msg("error.dotr.base.packs.object_pack_id_overlay")]})
    kept: dict[str, Any] = {}
    for pack_id in pack_ids:
        data = raw.get(pack_id)
        if not data or pack_id not in default_packs():
            continue
        try:
            shipped_with_overlay(pack_id, data)
        except ContentError as error:
            words = described(error, default_packs()[pack_id])
            raise InvalidArguments(
                {f"overlays.{pack_id}": [msg("error.content.problem", error=words)]},
                msg(
                    "error.dotr.base.packs.content_entered_no_longer_fits",
                    pack_id=i18n.name(f"pack:{pack_id}", default_packs()[pack_id].name),
                    error=words,
                ),
            ) from None
        kept[pack_id] = {"hash": overlay_hash(data), "data": snapshot(data)}
    if kept:
        ctx.set("overlays", kept)


def entered(card: Card) -> bool:
    """A slot card (a new Quest or Special) is playable once its title is entered."""
    return "title" not in card.data or card.data.get("title") is not None


def unread(card: Card) -> bool:
    """A card whose face nobody has entered yet: the table reads it when it comes up."""
    return bool(card.data.get("unread")) or not entered(card)


UNENTERED = " (not yet entered: read the physical card)"


def unentered_steps(state: State, cards: list[str], rule: Text) -> list[Step]:
    """For each drawn slot card without entered text: read the physical card, carry it out."""
    known = game_cards(state)
    return [
        Step(
            msg(
                "dotr.card.unentered",
                card=i18n.name(f"card:{c}", known[c].name.removesuffix(UNENTERED)),
            ),
            rule,
        )
        for c in cards
        if c in known and not entered(known[c])
    ]
