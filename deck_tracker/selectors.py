"""Reads: games and events as a given seat may see them."""

from __future__ import annotations

import hashlib
import json
import threading
import unicodedata
from collections import OrderedDict
from typing import Any

from django.db.models import QuerySet

from . import languages
from .engine import (
    INTERNAL_COMMANDS,
    command_forms,
    describe_commands,
    in_language,
    load_systems,
    render_text,
    view_event,
    view_state,
)
from .models import Game, GameEvent, Seat

EVENTS_PAGE_SIZE = 100
EVENTS_PAGE_MAX = 500


JOIN_CODE_LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def normalise_join_code(code: str) -> str:
    """A join code as typed, read forgivingly: any case, spaces, dashes and other stray marks
    dropped, full-width characters read as their plain forms, and the letters that look like
    digits read as those digits (O as 0, I and l as 1), as no code is drawn with them."""
    plain = unicodedata.normalize("NFKC", code).upper()
    return "".join(ch for ch in plain if ch.isascii() and ch.isalnum()).translate(
        JOIN_CODE_LOOK_ALIKES
    )


def game_for_join_code(*, join_code: str) -> Game | None:
    code = normalise_join_code(join_code)
    return Game.objects.filter(join_code=code).first() if code else None


def _seat_order(item: tuple[str, Any]) -> tuple[int, str]:
    return (len(item[0]), item[0])


def join_preview(*, game: Game) -> dict[str, Any]:
    """What a phone about to join may see: the table's code, its players and the heroes they
    play (each by the player's name), so that a taken hero is shown as taken."""
    state = view_state(game.state, None)
    seats = state.get("seats") or {}
    found = state.get("heroes")
    heroes: dict[str, Any] = found if isinstance(found, dict) else {}
    taken = [
        {
            "hero": str(hero.get("hero") or ""),
            "name": str(seats.get(key, {}).get("hero") or hero.get("hero") or ""),
            "player": str(seats.get(key, {}).get("name") or ""),
        }
        for key, hero in sorted(heroes.items(), key=_seat_order)
        if isinstance(hero, dict) and hero.get("hero")
    ]
    return {
        "join_code": game.join_code,
        "system": state.get("system"),
        "players": [
            str(seat.get("name") or "") for _, seat in sorted(seats.items(), key=_seat_order)
        ],
        "heroes_taken": taken,
    }


def seat_for_token_hash(*, token_hash: str) -> Seat | None:
    """The seat alone: the game (and its snapshot) is read by whoever needs it, once."""
    return Seat.objects.filter(token_hash=token_hash).first()


def game_of_seat(*, seat: Seat) -> Game:
    return Game.objects.get(pk=seat.game_id)


def seats_view(*, game: Game) -> list[dict[str, Any]]:
    return [
        {"id": seat.key, "name": seat.name, "hero": seat.hero or None, "is_host": seat.is_host}
        for seat in game.seats.all()
    ]


def game_view(
    *,
    game: Game,
    seat: Seat,
    seats: list[dict[str, Any]] | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    return {
        "id": str(game.id),
        "version": game.version,
        "last_seq": game.last_seq,
        "join_code": game.join_code,
        "seed_commitment": game.setup.get("seed_commitment"),
        # Seeds revealed once the game was closed, each with the last event it decided; never
        # while the game can still go on (a game that ended can be resumed by an undo).
        "revealed_seeds": game.setup.get("revealed_seeds", []) if game.state.get("closed") else [],
        "seat": seat.key,
        "language": languages.choose(language) if language else languages.active(),
        "seats": seats if seats is not None else seats_view(game=game),
        "state": seat_state(game=game, seat_key=seat.key, language=language),
    }


def seat_state(*, game: Game, seat_key: str, language: str | None = None) -> dict[str, Any]:
    """The state as ``seat_key`` sees it, its undo and redo labels and the cards waiting to be
    read in the reader's language."""
    view = view_state(game.state, seat_key)
    language = languages.choose(language) if language else languages.active()
    if language != languages.DEFAULT:
        view["history"] = _history_in(game, view["history"], language)
        view["reading"] = [in_language(prompt, language) for prompt in view["reading"]]
    return view


def _history_in(game: Game, history: dict[str, Any], language: str) -> dict[str, Any]:
    """The history's labels (kept in English in the state) rendered from the summary of each
    action's first event; an action whose words are not a message keeps its English."""
    entries = [history["undo"], history["redo"], *history["recent"]]
    versions = {entry["version"] for entry in entries if entry}
    if not versions:
        return history
    rows = GameEvent.objects.filter(game=game, version__in=versions).order_by("seq")
    summaries: dict[int, Any] = {}
    for version, summary_msg in rows.values_list("version", "summary_msg"):
        summaries.setdefault(version, summary_msg)

    def worded(entry: dict[str, Any] | None) -> dict[str, Any] | None:
        found = summaries.get(entry["version"]) if entry else None
        return {**entry, "label": render_text(found, language)} if entry and found else entry

    return {
        **history,
        "undo": worded(history["undo"]),
        "redo": worded(history["redo"]),
        "recent": [worded(entry) for entry in history["recent"]],
    }


def event_record(event: GameEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "version": event.version,
        "type": event.type,
        "actor": event.actor or None,
        "at": event.at.isoformat().replace("+00:00", "Z") if event.at else None,
        "summary": event.summary,
        "summary_msg": event.summary_msg,
        "steps": event.steps,
        "data": event.data,
        "private": event.private,
    }


def events_after(*, game: Game, after: int, limit: int = EVENTS_PAGE_SIZE) -> QuerySet[GameEvent]:
    return GameEvent.objects.filter(game=game, seq__gt=after).order_by("seq")[:limit]


# An event's words in one language, rendered once per process: a stream's announcement wakes
# every phone of a table and each renders the same new events, most in the same language.
# Events are never rewritten and a game's id is never reused, so (game, seq, language) names
# one rendering for good.
RENDERED_MAX = 20_000
_rendered: OrderedDict[tuple[Any, int, str], tuple[str, list[dict[str, Any]]]] = OrderedDict()
_rendered_lock = threading.Lock()


def _words(event: GameEvent, language: str) -> tuple[str, list[dict[str, Any]]]:
    """The summary and steps of ``event`` in ``language`` (cached by event and language)."""
    key = (event.game_id, event.seq, language) if event.pk is not None else None
    if key is not None:
        with _rendered_lock:
            found = _rendered.get(key)
            if found is not None:
                _rendered.move_to_end(key)
                return found
    record = {
        "seq": event.seq,
        "version": event.version,
        "type": event.type,
        "summary": event.summary,
        "summary_msg": event.summary_msg,
        "steps": event.steps,
    }
    viewed = view_event(record, None, language)
    words = (viewed["summary"], viewed["steps"])
    if key is not None:
        with _rendered_lock:
            _rendered[key] = words
            while len(_rendered) > RENDERED_MAX:
                _rendered.popitem(last=False)
    return words


def events_view(*, events: Any, seat: Seat, language: str | None = None) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them, in ``language`` (by default the request's)."""
    language = languages.choose(language) if language else languages.active()
    viewed = []
    for event in events:
        record = event_record(event)
        record["summary"], record["steps"] = _words(event, language)
        record["summary_msg"] = None
        viewed.append(view_event(record, seat.key, language))
    return viewed


def events_since_version(
    *, game: Game, version: int, seat: Seat, limit: int = 200, language: str | None = None
) -> list[dict[str, Any]]:
    events = GameEvent.objects.filter(game=game, version__gt=version).order_by("seq")[:limit]
    return events_view(events=events, seat=seat, language=language)


def actions_on_offer(*, game: Game, seat: Seat, language: str) -> list[dict[str, Any]]:
    """The actions ``seat`` may send now, each with its form, in ``language``."""
    return describe_commands(game.state, seat.key, hidden=INTERNAL_COMMANDS, language=language)


def actions_tag(actions: list[dict[str, Any]]) -> str:
    """The weak ETag of an actions list: it names the list, not the game's version (most changes
    leave a seat's actions as they were), so a phone compares it with the tag the stream
    carries and reads the list again only when it differs."""
    body = json.dumps(actions, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f'W/"{hashlib.sha256(body.encode()).hexdigest()[:32]}"'


def game_systems() -> list[str]:
    """The name of every game system a game may be created with (``setup.system``)."""
    return list(load_systems())


def action_forms() -> list[tuple[str, str, tuple[str, ...] | None, dict[str, Any]]]:
    """Every action type a seat may send (the internal ones left out): its name, what it does,
    its game systems (None: every one) and the JSON Schema of its ``args``."""
    return [form for form in command_forms() if form[0] not in INTERNAL_COMMANDS]
