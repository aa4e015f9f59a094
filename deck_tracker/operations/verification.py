"""Checking stored games: each snapshot must equal the fold of its event log.

``Game.state`` is a cache of folding the game's events in ``seq`` order (``models.py``); a game
whose snapshot differs from its replay, whose events are not numbered 1..``last_seq``, or whose
version is not the replay's, is reported with what differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from deck_tracker.engine import Event, replay
from deck_tracker.models import Game, GameEvent


@dataclass(frozen=True)
class GameDifference:
    game_id: str
    join_code: str
    problem: str

    def __str__(self) -> str:
        return f"{self.game_id} ({self.join_code}): {self.problem}"


def _first_difference(stored: Any, replayed: Any, path: str = "state") -> str:
    """Where two JSON values first differ, as a readable path."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            if key not in stored or key not in replayed:
                side = "the snapshot" if key not in stored else "the replay"
                return f"{path}.{key} is missing from {side}"
            if stored[key] != replayed[key]:
                return _first_difference(stored[key], replayed[key], f"{path}.{key}")
    return f"{path} differs (snapshot {_short(stored)}, replay {_short(replayed)})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def game_verify(*, game: Game) -> GameDifference | None:
    """Replay ``game`` from its events and compare with its stored snapshot."""
    rows = GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "type", "changes")
    seqs: list[int] = []

    def events() -> Iterator[Event]:
        for seq, event_type, changes in rows.iterator(chunk_size=1000):
            seqs.append(seq)
            yield Event(type=event_type, changes=changes)

    replayed = replay(events())

    def differs(problem: str) -> GameDifference:
        return GameDifference(game_id=str(game.pk), join_code=game.join_code, problem=problem)

    if seqs != list(range(1, len(seqs) + 1)) or len(seqs) != game.last_seq:
        return differs(f"events numbered {_short(seqs)} but the game's last_seq is {game.last_seq}")
    if replayed != game.state:
        return differs(_first_difference(game.state, replayed))
    if replayed.get("version", 0) != game.version:
        return differs(f"version {game.version} but the replay reaches {replayed.get('version')}")
    return None


def games_verify(*, games: Iterable[Game] | None = None) -> tuple[int, list[GameDifference]]:
    """Verify ``games`` (every game when ``None``): how many were checked and which differ."""
    checked, differences = 0, []
    for game in games if games is not None else Game.objects.order_by("created_at").iterator():
        checked += 1
        difference = game_verify(game=game)
        if difference is not None:
            differences.append(difference)
    return checked, differences
