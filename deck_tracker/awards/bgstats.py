"""A finished game as a BG Stats play, in the app's documented import format.

BG Stats ("Push plays to BG Stats from other apps or websites") takes one play as a JSON object,
passed URL-encoded as ``data`` to ``https://app.bgstatsapp.com/createPlay.html`` (the app opens
it, matches the game and the players, and asks before saving). The object: ``sourceName`` (the
app that sends it; BG Stats remembers matches per source), ``sourcePlayId`` (so a play sent twice
updates the same play), ``playDate`` (``YYYY-MM-DD HH:MM:SS``, local time), ``durationMin``,
``game`` (``name``, ``bggId``, ``sourceGameId``, ``cooperative``, ``highestWins``, ``noPoints``),
``players`` (``name``, ``sourcePlayerId``, ``role``, ``winner``, ``startPlayer``), ``expansions``
(``name``, ``bggId`` when known, ``sourceGameId``), ``board`` and ``comments``.

Choices the format leaves to us:

* Defenders of the Realm is cooperative: every hero wins or every hero loses; no score is sent
  (``noPoints``), fame goes in the comments.
* The date and time are when the game started in the app (the first event), in the server's
  time zone; the duration runs to the event that ended it. A record imported from an award sheet
  has only a date: it is sent at noon that day, with no duration.
* The expansions in play are sent by name with their own ``sourceGameId`` and no BoardGameGeek
  id (BG Stats matches them by name, or asks); the base game carries its BoardGameGeek id.
"""

from __future__ import annotations

import json
from datetime import datetime, time
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from deck_tracker.models import GameEvent

from .models import GameRecord
from .selectors import hero_name

SOURCE_NAME = "DotR Companion"
CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
GAME = {
    "name": "Defenders of the Realm",
    "bggId": 65532,
    "sourceGameId": "defenders-of-the-realm",
    "cooperative": True,
    "highestWins": True,
    "noPoints": True,
}
EXPANSIONS = {
    "dragon": "Defenders of the Realm: The Dragon Expansion",
    "companions_catacombs": "Defenders of the Realm: Companions and Catacombs",
    "heros_calling": "Defenders of the Realm: The Hero's Calling",
}
END_EVENTS = ("game_won", "game_lost", "game_ended")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def _times(record: GameRecord) -> tuple[datetime, int]:
    """When the game started (local time) and how many minutes it lasted."""
    if record.game_id is None:
        return datetime.combine(record.played_on, time(12, 0)), 0
    events = GameEvent.objects.filter(game_id=record.game_id)
    first = events.order_by("seq").values_list("at", flat=True).first()
    end = events.filter(type__in=END_EVENTS).order_by("-seq").values_list("at", flat=True).first()
    if first is None:
        return datetime.combine(record.played_on, time(12, 0)), 0
    minutes = int((end - first).total_seconds() // 60) if end is not None else 0
    return timezone.localtime(first).replace(tzinfo=None), max(0, minutes)


def bgstats_play(record: GameRecord) -> dict[str, Any]:
    """The record as one BG Stats play."""
    started, minutes = _times(record)
    won = record.result == "W"
    expansions = []
    if record.game is not None:
        expansions = [
            {"name": EXPANSIONS[name], "sourceGameId": f"defenders-of-the-realm-{name}"}
            for name in record.game.state.get("expansions") or []
            if name in EXPANSIONS
        ]
    heroes = list(record.heroes.all())
    fame = [
        f"{h.player_name or hero_name(h.hero)}: {h.minor_fame} minor, {h.major_fame} major fame"
        for h in heroes
        if h.minor_fame or h.major_fame
    ]
    comments = [("Won" if won else "Lost") + (f": {record.reason}" if record.reason else ".")]
    if fame:
        comments.append("Fame: " + "; ".join(fame) + ".")
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": str(record.uid),
        "playDate": started.strftime(DATE_FORMAT),
        "durationMin": minutes,
        "game": dict(GAME),
        "expansions": expansions,
        "board": record.scenario.replace("-", " ").capitalize() if record.scenario else "",
        "comments": " ".join(comments),
        "players": [
            {
                "name": h.player_name or hero_name(h.hero),
                "sourcePlayerId": f"player-{h.player_id}" if h.player_id else h.player_name,
                "role": hero_name(h.hero),
                "winner": won,
                "startPlayer": h.seat == "1",
            }
            for h in heroes
        ],
    }


def bgstats_link(play: dict[str, Any]) -> str:
    """The link that opens the play in BG Stats (the app, or its web page)."""
    return f"{CREATE_PLAY_URL}?data={quote(json.dumps(play, separators=(',', ':')), safe='')}"
