"""The app's models, registered with Django from here; each lives with the part it serves.

* ``games``: games, their seats, the append-only event log, applied actions, idempotency records;
* ``content``: the shipped packs' overlays and what tables entered;
* ``forecasts``: threat forecasts;
* ``awards`` is its own Django app (accounts, groups, players, games' records).
"""

from deck_tracker.content.models import ContentEntry, ContentOverlay
from deck_tracker.forecasts.models import Forecast
from deck_tracker.games.models import (
    Game,
    GameAction,
    GameEvent,
    IdempotencyRecord,
    Seat,
    TableDisplay,
)

__all__ = [
    "ContentEntry",
    "ContentOverlay",
    "Forecast",
    "Game",
    "GameAction",
    "GameEvent",
    "IdempotencyRecord",
    "Seat",
    "TableDisplay",
]
