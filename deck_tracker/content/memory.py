"""What a table reads from a card is remembered for its later games: one write, here.

A game that meets a card nobody has entered asks the table to read it (``read_card``); the
answer is kept in the game at once (the engine writes it into the game's own copy of the pack's
overlay) and, through :func:`remember_card`, for the game's owner: its account group when the
host sat as one of the group's players, else the game itself (``content/services.py``). The next
game of that group starts knowing the card.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from deck_tracker.content.services import OverlayInvalid, remember_entries
from deck_tracker.models import Game, Seat

__all__ = ["remember_card"]

log = logging.getLogger(__name__)


def remember_card(
    game: Game,
    seat: Seat | None,
    pack_id: str,
    kind: str,
    card_id: str,
    value: dict[str, Any],
) -> bool:
    """Keep what ``seat`` read at ``game``'s table (``value``: an overlay piece, ``values`` and
    ``cards``) for the game's owner, where the seat may write (a group's cards: its recorders).
    True when something was stored; a reading the pack refuses stays in the game only (logged),
    and never fails the command that read it."""
    try:
        with transaction.atomic():
            changed = remember_entries(
                game=game,
                seat=seat,
                pack_id=pack_id,
                values=dict(value.get("values") or {}),
                cards={deck: list(cards) for deck, cards in (value.get("cards") or {}).items()},
            )
    except OverlayInvalid as error:
        log.warning("game %s read %s %s, kept in the game only: %s", game.pk, kind, card_id, error)
        return False
    return changed > 0
