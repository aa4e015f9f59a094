"""What a table reads from a card is remembered for its later games: one write, here.

A game that meets a card nobody has entered asks the table to read it (``read_card``); the
answer is kept in the game at once (the engine writes it into the game's own copy of the pack's
overlay) and, through :func:`remember_card`, into the stored overlay that the next games copy
at setup. Every such write goes through this one function, so that where the entries are kept
(and who owns them) can change in one place.

An entry already stored for the same card or value is kept as it is: a reading never silently
overwrites what someone entered before (it is reported as a conflict in the log).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from .engine.content import ContentError, apply_overlay, default_packs
from .models import ContentOverlay, Game

__all__ = ["remember_card"]

log = logging.getLogger(__name__)


def _merged(stored: dict[str, Any], value: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    values: dict[str, Any] = dict(stored.get("values") or {})
    decks: dict[str, list[Any]] = {
        deck: list(cards) for deck, cards in (stored.get("cards") or {}).items()
    }
    data: dict[str, Any] = {"pack": stored.get("pack"), "values": values, "cards": decks}
    conflicts: list[str] = []
    for key, entered in (value.get("values") or {}).items():
        if values.get(key) not in (None, entered):
            conflicts.append(key)
            continue
        values[key] = entered
    for deck, cards in (value.get("cards") or {}).items():
        pile = decks.setdefault(deck, [])
        known = {card.get("id"): card for card in pile}
        for card in cards:
            if card["id"] in known:
                if known[card["id"]] != card:
                    conflicts.append(f"{deck}/{card['id']}")
                continue
            pile.append(card)
    return data, conflicts


def remember_card(game: Game, pack_id: str, kind: str, card_id: str, value: dict[str, Any]) -> bool:
    """Store what ``game``'s table read (``value``: an overlay piece) for later games.

    True when stored; False when the pack is unknown, the entry was already there, or it
    conflicts with what is stored (kept, logged)."""
    pack = default_packs().get(pack_id)
    if pack is None:
        return False
    with transaction.atomic():
        row = ContentOverlay.objects.select_for_update().filter(pack_id=pack_id).first()
        stored = dict(row.data) if row else {"pack": pack_id, "values": {}, "cards": {}}
        data, conflicts = _merged(stored, value)
        data["pack"] = pack_id
        if conflicts:
            log.info("game %s read %s %s: kept the stored %s", game.pk, kind, card_id, conflicts)
        before = {"values": stored.get("values") or {}, "cards": stored.get("cards") or {}}
        if {"values": data["values"], "cards": data["cards"]} == before:
            return False
        try:
            apply_overlay(pack, data)
        except ContentError as error:
            log.warning("game %s read %s %s, not stored: %s", game.pk, kind, card_id, error)
            return False
        if row is None:
            try:
                with transaction.atomic():
                    ContentOverlay.objects.create(pack_id=pack_id, data=data, version=1)
            except IntegrityError:  # created meanwhile by another table: merge into it
                return remember_card(game, pack_id, kind, card_id, value)
            return True
        ContentOverlay.objects.filter(pk=row.pk).update(
            data=data, version=row.version + 1, updated_at=timezone.now()
        )
    return True
