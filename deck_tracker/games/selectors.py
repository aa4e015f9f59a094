"""Reads: games and events as a given seat may see them."""

from __future__ import annotations

import hashlib
import json
import threading
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections, router, transaction
from django.db.models import Model, OuterRef, QuerySet, Subquery
from django.db.transaction import TransactionManagementError

from deck_tracker.engine import (
    INTERNAL_COMMANDS,
    EventView,
    command_forms,
    describe_commands,
    load_systems,
    render_text,
    step_places,
    view,
    view_event,
    words_in,
)
from deck_tracker.games import languages
from deck_tracker.models import Game, GameEvent, Seat, TableDisplay

EVENTS_PAGE_SIZE = 100
EVENTS_PAGE_MAX = 500
# The most events a live stream reads at one wake-up (the rest at the next).
STREAM_EVENTS_MAX = 1000


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
    state = view(game.state, None)
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
        "hero_choice": _hero_choice(state),
        "players": [
            str(seat.get("name") or "") for _, seat in sorted(seats.items(), key=_seat_order)
        ],
        "heroes_taken": taken,
    }


def _hero_choice(state: dict[str, Any]) -> str:
    """What a joining player names: a hero of the base game (``pack``), a hero built from
    ability cards and named by its player (``built``, The Hero's Calling; ``pack_or_built``
    when its setting lets a seat play a base hero too), a Talisman ``character``, or nothing but
    a name (``none``: a Battlefields player takes the next side at the table)."""
    system = state.get("system")
    if system == "talisman-dragon":
        return "character"
    if system != "dotr":
        return "none"
    if "heros_calling" in (state.get("expansions") or ()):
        return "pack_or_built" if (state.get("settings") or {}).get("hc_base_heroes") else "built"
    return "pack"


M = TypeVar("M", bound=Model)


class PreparedQuery(Generic[M]):
    """A queryset built and compiled once per database, then run as raw SQL with each call's
    values in place of the marker values it was built with.

    Django builds and compiles a queryset anew at every call: for the seat read at every
    request (a subquery for its account's language) that is about 1 ms of CPU, for a query
    that takes 0.3 ms to run. ``build`` takes the values (one per ``fields`` entry, the model
    fields they are compared with) and returns the queryset; the markers must each appear once
    among the compiled parameters. The rows are the model's (``Model.objects.raw``: the same
    instances, converters and annotations as the queryset's).
    """

    def __init__(
        self,
        model: type[M],
        fields: tuple[str, ...],
        markers: tuple[Any, ...],
        build: Callable[..., QuerySet[Any, Any]],
    ) -> None:
        self.model = model
        self.fields: list[Any] = [model._meta.get_field(name) for name in fields]
        self.markers = markers
        self.build = build
        self._compiled: dict[str, tuple[str, list[Any], list[int]]] = {}
        self._plans: dict[str, _Plan] = {}

    def _prepare(self, alias: str) -> tuple[str, list[Any], list[int]]:
        compiled = self._compiled.get(alias)
        if compiled is None:
            connection = connections[alias]
            sql, params = self.build(*self.markers).query.get_compiler(alias).as_sql()
            params = list(params)
            places = []
            for field, marker in zip(self.fields, self.markers, strict=True):
                prepared = field.get_db_prep_value(marker, connection)
                if params.count(prepared) != 1:
                    raise ValueError(f"the marker {marker!r} is not one parameter of {sql}")
                places.append(params.index(prepared))
            compiled = self._compiled[alias] = (sql, params, places)
        return compiled

    def first(self, *values: Any) -> M | None:
        found = self._rows(router.db_for_read(self.model), values)
        return found[0] if found else None

    def all(self, *values: Any) -> list[M]:
        return self._rows(router.db_for_read(self.model), values)

    def _rows(self, alias: str, values: tuple[Any, ...]) -> list[M]:
        """The instances ``Model.objects.raw(sql, params)`` gives, made as its iterator makes
        them (``from_db``, the fields' converters, the annotations set), with what it works
        out from the columns at every call (which field each is, their converters) kept from
        the first call (``_Plan``)."""
        sql, params, places = self._prepare(alias)
        connection = connections[alias]
        params = list(params)
        for field, place, value in zip(self.fields, places, values, strict=True):
            params[place] = field.get_db_prep_value(value, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
            plan = self._plans.get(alias)
            if plan is None:
                columns = [column[0] for column in cursor.description]
                plan = self._plans[alias] = _Plan(self.model, alias, sql, params, columns)
        return [plan.instance(row) for row in rows]

    def row(self, *values: Any) -> tuple[Any, ...] | None:
        """The first row of a ``values_list`` queryset, as the database gives it: for plain
        columns only (text, numbers), which need no converter."""
        alias = router.db_for_read(self.model)
        sql, params, places = self._prepare(alias)
        connection = connections[alias]
        params = list(params)
        for field, place, value in zip(self.fields, places, values, strict=True):
            params[place] = field.get_db_prep_value(value, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchone()
        return None if found is None else tuple(found)


class _Plan:
    """How a prepared query's rows become instances on one database: what ``RawQuerySet``'s
    iterator works out from the columns (``resolve_model_init_order``, the converters of each
    field's column), once."""

    def __init__(
        self, model: type[Model], alias: str, sql: str, params: list[Any], columns: list[str]
    ) -> None:
        connection = connections[alias]
        raw = model._default_manager.db_manager(alias).raw(sql, params)
        converter: Any = connection.introspection.identifier_converter
        meta: Any = model._meta
        columns = [converter(column) for column in columns]
        by_column = {converter(f.column): f for f in meta.fields}  # ``raw.model_fields``
        init_fields = [f for f in meta.fields if converter(f.column) in columns]
        self.model = model
        self.alias = alias
        self.names = [f.attname for f in init_fields]
        self.positions = [columns.index(converter(f.column)) for f in init_fields]
        self.annotations = [
            (column, pos) for pos, column in enumerate(columns) if column not in by_column
        ]
        if meta.pk.attname not in self.names:
            raise ValueError("a prepared query must read the primary key")
        fields = [by_column.get(column) for column in columns]
        cols: Any = [f.get_col(f.model._meta.db_table) if f else None for f in fields]
        compiler: Any = connection.ops.compiler("SQLCompiler")(raw.query, connection, alias)  # type: ignore[arg-type]
        self.converters = [
            (pos, functions, expression)
            for pos, (functions, expression) in compiler.get_converters(cols).items()
        ]
        self.connection = connection

    def instance(self, row: tuple[Any, ...]) -> Any:
        values = list(row)
        for pos, functions, expression in self.converters:
            value = values[pos]
            for function in functions:
                value = function(value, expression, self.connection)
            values[pos] = value
        instance = self.model.from_db(
            self.alias, self.names, [values[pos] for pos in self.positions]
        )
        for column, pos in self.annotations:
            setattr(instance, column, values[pos])
        return instance


def _seat_by_token_hash(token_hash: str) -> QuerySet[Seat]:
    chosen = languages.account_languages(OuterRef("pk")).values("language")[:1]
    return (
        Seat.objects.filter(token_hash=token_hash)
        .annotate(**{languages.ACCOUNT_LANGUAGE: Subquery(chosen)})
        .order_by("pk")[:1]
    )


_SEAT_BY_TOKEN_HASH = PreparedQuery(
    Seat, ("token_hash",), ("prepared-token-hash-marker",), _seat_by_token_hash
)


def seat_for_token_hash(*, token_hash: str) -> Seat | None:
    """The seat, with its player's account's language (the reader's language needs it: one
    query, not two): the game (and its snapshot) is read by whoever needs it, once. The query
    is compiled once (``PreparedQuery``)."""
    return _SEAT_BY_TOKEN_HASH.first(token_hash)


# Marker values the prepared queries are built with (never a real game's or event's).
_GAME_MARKER = uuid.UUID("00000000-0000-4000-8000-00000000d07e")
_SEQ_MARKERS = (2_147_000_001, 2_147_000_002)

_GAME_BY_ID = PreparedQuery(
    Game, ("id",), (_GAME_MARKER,), lambda pk: Game.objects.filter(pk=pk)[:1]
)


def game_by_id(game_id: Any) -> Game:
    """The game (``Game.objects.get(pk=...)``, its query compiled once)."""
    game = _GAME_BY_ID.first(game_id)
    if game is None:
        raise Game.DoesNotExist("Game matching query does not exist.")
    return game


_GAME_LOCKED = PreparedQuery(
    Game, ("id",), (_GAME_MARKER,), lambda pk: Game.objects.select_for_update().filter(pk=pk)
)


def game_locked(game_id: Any) -> Game:
    """The game, its row locked to the end of the transaction the caller holds
    (``Game.objects.select_for_update().get(pk=...)``, its query compiled once)."""
    if not connections[router.db_for_write(Game)].in_atomic_block:
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    game = _GAME_LOCKED.first(game_id)
    if game is None:
        raise Game.DoesNotExist("Game matching query does not exist.")
    return game


def game_of_seat(*, seat: Seat) -> Game:
    return game_by_id(seat.game_id)


_SEAT_READ = PreparedQuery(
    Seat,
    ("id",),
    (9_000_000_000_000_000_003,),
    lambda pk: Seat.objects.filter(pk=pk).values_list("token_hash", "game__last_seq", "language")[
        :1
    ],
)


def seat_stream_read(seat_id: int) -> tuple[Any, ...] | None:
    """A stream's check of its seat: its token's hash, its game's last seq and its language."""
    return _SEAT_READ.row(seat_id)


_EVENTS_BETWEEN = PreparedQuery(
    GameEvent,
    ("game", "seq", "seq"),
    (_GAME_MARKER, *_SEQ_MARKERS),
    lambda game_id, after, last: GameEvent.objects.filter(
        game_id=game_id, seq__gt=after, seq__lte=last
    ).order_by("seq")[:STREAM_EVENTS_MAX],
)


def events_between(*, game_id: Any, after: int, last: int) -> list[GameEvent]:
    """The game's events after ``after`` up to ``last`` (at most ``STREAM_EVENTS_MAX``), in
    order: what a live stream reads at a wake-up."""
    return _EVENTS_BETWEEN.all(game_id, after, last)


def game_progress_of_seat(*, seat: Seat) -> Game:
    """The seat's game, only what a page of its events needs (its id and last sequence)."""
    return Game.objects.only("id", "last_seq").get(pk=seat.game_id)


def game_with_content_owner(*, seat: Seat) -> Game:
    """The seat's game with the group that owns its content (None: the game owns it)."""
    return Game.objects.select_related("content_group").get(pk=seat.game_id)


_SEATS_OF_GAME = PreparedQuery(
    Seat,
    ("game",),
    (_GAME_MARKER,),
    # One game's seats: by number, as the seats' ordering (game, number) gives them.
    lambda game_id: Seat.objects.filter(game_id=game_id).order_by("number"),
)


def seats_view(*, game: Game) -> list[dict[str, Any]]:
    # ``game.seats.all()`` (in the seats' order), its query compiled once.
    return [
        {"id": seat.key, "name": seat.name, "hero": seat.hero or None, "is_host": seat.is_host}
        for seat in _SEATS_OF_GAME.all(game.pk)
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


def seat_state(*, game: Game, seat_key: str | None, language: str | None = None) -> dict[str, Any]:
    """The state as ``seat_key`` (None: the table's screen) sees it, its undo and redo labels
    and the cards waiting to be read in the reader's language."""
    language = languages.choose(language) if language else languages.active()
    seen = view(game.state, seat_key, language)
    # Prompts and fame proposals keep message ids: rendered for every reader, English included.
    seen = words_in(seen, language)
    if language != languages.DEFAULT:
        seen["history"] = _history_in(game, seen["history"], language)
    return seen


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


def last_night_start(*, game: Game) -> int | None:
    """The seq of the event that began the game's last night (None before the first): the
    Night tab reads from there, however long the log has grown since."""
    found = (
        GameEvent.objects.filter(game=game, type="night_began")
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return int(found) if found is not None else None


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
    if language == languages.DEFAULT:
        written: tuple[str, list[dict[str, Any]]] | None = getattr(event, _ENGLISH_WORDS, None)
        if written is not None:
            return written
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


# The attribute of an event row written by this request that holds its English words.
_ENGLISH_WORDS = "_english_words"


def keep_english_words(events: list[GameEvent]) -> None:
    """Keep, as ``_words`` would render them for an English reader, the words of events this
    request has just written: their stored summary and steps are the engine's English rendering
    of the same messages with the same catalogues (``Event.summary``, ``Step.as_dict``), so
    the answer need not render them again; once the transaction commits, this process's
    streams find them too (the cache of ``_words``). An event read back later is rendered
    from its messages: the catalogues may have changed since it was stored."""
    kept = []
    for event in events:
        words = (
            event.summary,
            [
                {k: v for k, v in step.items() if k not in ("msg", "rule_msg")}
                for step in event.steps or []
            ],
        )
        setattr(event, _ENGLISH_WORDS, words)
        if event.pk is not None:
            kept.append(((event.game_id, event.seq, languages.DEFAULT), words))
    if kept:
        transaction.on_commit(lambda: _keep_rendered(kept), using=router.db_for_write(GameEvent))


def _keep_rendered(kept: list[tuple[tuple[Any, int, str], tuple[str, list[Any]]]]) -> None:
    with _rendered_lock:
        _rendered.update(kept)
        while len(_rendered) > RENDERED_MAX:
            _rendered.popitem(last=False)


def events_view(*, events: Any, seat: Seat, language: str | None = None) -> list[EventView]:
    """The events as ``seat`` may see them, in ``language`` (by default the request's)."""
    language = languages.choose(language) if language else languages.active()
    viewed: list[EventView] = []
    key = seat.key
    for event in events:
        summary, steps = _words(event, language)
        # ``view_event`` of the record with its words already rendered (``_words``: what
        # rendering them again would give, plain text) for ``seat``: its private part added.
        data = dict(event.data or {})
        if key is not None:
            data.update((event.private or {}).get(key, {}))
        viewed.append(
            {
                "seq": event.seq,
                "version": event.version,
                "type": event.type,
                "actor": event.actor or None,
                "at": event.at.isoformat().replace("+00:00", "Z") if event.at else None,
                "summary": summary,
                "steps": [dict(step) for step in steps],
                "data": data,
            }
        )
    return viewed


def events_since_version(
    *, game: Game, version: int, seat: Seat, limit: int = 200, language: str | None = None
) -> list[EventView]:
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


# ---- the table's own screen ------------------------------------------------------------------

# The events a screen opened in the middle of a game is handed at once: enough for the last
# night and what followed it.
DISPLAY_EVENTS = 80


def display_for_token_hash(*, token_hash: str) -> TableDisplay | None:
    return TableDisplay.objects.filter(token_hash=token_hash).first()


def display_events(*, events: Any, language: str | None = None) -> list[dict[str, Any]]:
    """The events as the table's screen sees them: nobody's private part, each step with the
    spaces it names (``places``), lit on the map while the step is shown."""
    language = languages.choose(language) if language else languages.active()
    viewed = []
    for event in events:
        record = event_record(event)
        record["summary"], steps = _words(event, language)
        record["summary_msg"] = None
        record["steps"] = []
        shown: dict[str, Any] = dict(view_event(record, None, language))
        stored = event.steps or []
        shown["steps"] = [
            step | {"places": step_places(stored[i]) if i < len(stored) else []}
            for i, step in enumerate(steps)
        ]
        viewed.append(shown)
    return viewed


def display_view(
    *, game: Game, language: str | None = None, with_events: bool = True
) -> dict[str, Any]:
    """The game as the table's screen sees it: the public view (no hand, no draw order), in the
    screen's language, with the latest events."""
    language = languages.choose(language) if language else languages.active()
    view: dict[str, Any] = {
        "id": str(game.id),
        "version": game.version,
        "last_seq": game.last_seq,
        "join_code": game.join_code,
        "seat": None,
        "language": language,
        "seats": seats_view(game=game),
        "state": seat_state(game=game, seat_key=None, language=language),
    }
    if with_events:
        recent = GameEvent.objects.filter(game=game).order_by("-seq")[:DISPLAY_EVENTS]
        view["events"] = display_events(events=list(recent)[::-1], language=language)
    return view


def game_systems() -> list[str]:
    """The name of every game system a game may be created with (``setup.system``)."""
    return list(load_systems())


def action_forms() -> list[tuple[str, str, tuple[str, ...] | None, dict[str, Any]]]:
    """Every action type a seat may send (the internal ones left out): its name, what it does,
    its game systems (None: every one) and the JSON Schema of its ``args``."""
    return [form for form in command_forms() if form[0] not in INTERNAL_COMMANDS]
