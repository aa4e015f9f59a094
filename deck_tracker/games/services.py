"""Writes: creating and joining games and applying commands, one short transaction each.

The path of a command: the game's row is read once, under its lock (PostgreSQL; SQLite
serialises writers at BEGIN), and checked against the phone's ``expected_version`` (a phone
that acted on an old version is refused with what changed since, and nothing is applied). The
engine is given what it needs (for undo and redo, the stored changes of the command they
replay), and its events are written together with the action's undo data and the new snapshot,
by a compare-and-swap on ``version``. The answer and the notification are built from those
events in memory; other phones are told only after commit. ``Idempotency-Key`` is handled
around all this, in the same transaction (``deck_tracker.games.idempotency``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connections, router, transaction
from django.dispatch import Signal
from django.utils import timezone

from deck_tracker.content.memory import remember_card
from deck_tracker.content.selectors import content_overlays_for_setup
from deck_tracker.content.services import remember_taught
from deck_tracker.engine import (
    INTERNAL_COMMANDS,
    Brings,
    Event,
    EventView,
    StoredCommand,
    UnknownCommand,
    apply,
    brings_anything,
    msg,
    new_seed,
    seed_commitment,
)
from deck_tracker.engine import setup as setup_game
from deck_tracker.games.idempotency import new_token, reserving
from deck_tracker.games.selectors import (
    events_since_version,
    events_view,
    game_locked,
    keep_english_words,
    normalise_join_code,
    seat_state,
)
from deck_tracker.games.statements import insert_row, update_row
from deck_tracker.live import notifications
from deck_tracker.models import Game, GameAction, GameEvent, Seat, TableDisplay

# Sent inside a command's transaction when the game has ended or had ended before it.
game_result_changed = Signal()

# Join codes are drawn without the letters that look like digits (I, L, O); a typed code is
# read forgivingly (``selectors.normalise_join_code``).
JOIN_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_CODE_LENGTH = 8


class StaleVersion(Exception):
    """The phone acted on an old version: what happened since, or (too far behind) the state."""

    def __init__(
        self,
        *,
        current_version: int,
        changes: list[EventView],
        state: dict[str, Any] | None = None,
    ):
        super().__init__("stale version")
        self.current_version = current_version
        self.changes = changes
        self.state = state


class JoinCodeUnknown(Exception):
    pass


@dataclass
class SeatGrant:
    game: Game
    seat: Seat
    token: str
    events: list[GameEvent]


@dataclass
class Stored:
    """A command as written: the game row (new state, version, last_seq) and its events."""

    game: Game
    events: list[GameEvent]
    # A command merged onto the current version: the events it had not seen, written before it.
    missed: list[GameEvent] = field(default_factory=list)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def _new_seat(
    game: Game, *, number: int, name: str, hero: str | None, is_host: bool
) -> tuple[Seat, str]:
    token = new_token()
    seat = Seat.objects.create(
        game=game,
        number=number,
        name=name,
        hero=hero or "",
        is_host=is_host,
        token_hash=hash_token(token),
    )
    return seat, token


def _store_events(game: Game, events: list[Event], *, first_seq: int, version: int) -> list[Any]:
    """Write the events; the rows stay in memory (``at`` is set on them by the insert)."""
    now = _now()
    rows = _event_rows(game, events, first_seq=first_seq, version=version, at=now)
    connection = connections[router.db_for_write(GameEvent)]
    if not rows:
        pass
    elif connection.vendor == "postgresql":
        _insert_events_pg(connection, game.pk, version, now, rows)
    elif connection.vendor == "sqlite" and len(rows) <= _ROWS_PER_INSERT:
        _insert_events_sqlite(connection, rows)
    else:
        GameEvent.objects.bulk_create(rows)
    return _written(game, rows)


# SQLite: at most this many events in one statement (13 values each, well under its limit of
# 32,766 values); a longer command (a setup) goes through ``bulk_create``.
_ROWS_PER_INSERT = 200
# Every column of an event but its id, in the model's field order (the rows are built
# positionally, ``_event_rows``); tests/api/test_prepared_queries.py holds it to the model.
_EVENT_COLUMNS = (
    "game",
    "seq",
    "version",
    "type",
    "actor",
    "at",
    "summary",
    "summary_msg",
    "steps",
    "data",
    "private",
    "hidden",
    "changes",
)
_sqlite_insert_sql: dict[tuple[str, int], str] = {}


def _insert_events_sqlite(connection: Any, rows: list[Any]) -> None:
    """The events as ``bulk_create`` writes them on SQLite (one ``INSERT ... VALUES (...),
    (...) RETURNING``), the statement built once per number of rows, the values prepared by
    the fields."""
    key = (connection.alias, len(rows))
    sql = _sqlite_insert_sql.get(key)
    meta: Any = GameEvent._meta
    fields = [meta.get_field(name) for name in _EVENT_COLUMNS]
    if sql is None:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        sql = _sqlite_insert_sql[key] = (
            f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "
            f"{', '.join([row] * len(rows))} "
            f"RETURNING {quote(meta.pk.column)}, {quote(meta.get_field('seq').column)}"
        )
    params = [
        field.get_db_prep_save(getattr(row, field.attname), connection)
        for row in rows
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = {seq: pk for pk, seq in cursor.fetchall()}
    for row in rows:
        row.id = ids[row.seq]
        row._state.adding = False
        row._state.db = connection.alias


def _written(game: Game, rows: list[Any]) -> list[Any]:
    for row in rows:
        row._state.fields_cache["game"] = game
    keep_english_words(rows)
    return rows


def _event_rows(
    game: Game, events: list[Event], *, first_seq: int, version: int, at: Any
) -> list[Any]:
    """The rows of ``events`` (not yet written)."""
    now = at
    row_of: Any = GameEvent  # positional, in the model's field order (its ``__init__``'s fast path)
    rows = [
        row_of(
            None,
            game.pk,
            first_seq + index,
            version,
            event.type,
            event.actor or "",
            now,
            event.summary,
            event.summary_msg,
            event.steps,
            event.data,
            event.private,
            event.hidden,
            event.changes,
        )
        for index, event in enumerate(events)
    ]
    return rows


# The columns of an event sent as one JSON document (the rest are the command's own).
_EVENT_JSON_COLUMNS = tuple(
    name for name in _EVENT_COLUMNS if name not in ("game", "version", "at")
)
_event_insert_sql: dict[tuple[str, str], str] = {}


def _insert_events_pg(
    connection: Any,
    game_id: Any,
    version: int,
    at: Any,
    rows: list[Any],
    *,
    before: tuple[str, list[Any]] | None = None,
) -> bool:
    """A command's events in one statement with one JSON parameter (``jsonb_to_recordset``).

    ``bulk_create`` sends every value of every row as a parameter of its own: psycopg quotes
    each into the statement in Python (a JSON document dumped and escaped per column and row),
    and the statement, new for each number of rows, is parsed again each time. Here the rows go
    as one document, dumped once, and the statement is the same for any number of rows; the
    columns' types are the model's. The new ids come back with each row's ``seq``.

    ``before``: the statements of a ``WITH`` whose first, ``g``, decides whether the events
    are written (one row) or not (none); False when they were not.
    """
    prefix, prefix_params = before or ("", [])
    sql = _event_insert_sql.get((connection.alias, prefix))
    if sql is None:
        meta: Any = GameEvent._meta
        quote = connection.ops.quote_name

        def column(name: str) -> str:
            return str(quote(meta.get_field(name).column))

        record = ", ".join(
            f"{quote(name)} {meta.get_field(name).db_type(connection)}"
            for name in _EVENT_JSON_COLUMNS
        )
        columns = ["game", "version", "at", *_EVENT_JSON_COLUMNS]
        values = ["%s", "%s", "%s", *(f"x.{quote(name)}" for name in _EVENT_JSON_COLUMNS)]
        sql = _event_insert_sql[(connection.alias, prefix)] = (
            f"{prefix}INSERT INTO {quote(meta.db_table)} "
            f"({', '.join(column(c) for c in columns)}) "
            f"SELECT {', '.join(values)} "
            f"FROM {'g CROSS JOIN ' if prefix else ''}jsonb_to_recordset(%s::jsonb) AS x({record}) "
            f"ORDER BY x.{quote('seq')} RETURNING {column('id')}, {column('seq')}"
        )
    document = json.dumps(
        [
            {
                "seq": row.seq,
                "type": row.type,
                "actor": row.actor,
                "summary": row.summary,
                "summary_msg": row.summary_msg,
                "steps": row.steps,
                "data": row.data,
                "private": row.private,
                "hidden": row.hidden,
                "changes": row.changes,
            }
            for row in rows
        ],
        separators=(",", ":"),
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*prefix_params, game_id, version, at, document])
        ids = dict((seq, pk) for pk, seq in cursor.fetchall())
    if not ids:
        return False
    for row in rows:
        row.id = ids[row.seq]
        row._state.adding = False
        row._state.db = connection.alias
    return True


_command_sql: dict[tuple[Any, ...], str] = {}


def _write_command(
    game: Game,
    *,
    where_version: int,
    changed: dict[str, Any],
    action: dict[str, Any],
    events: list[Event],
    first_seq: int,
    version: int,
) -> list[Any] | None:
    """The game row's compare-and-swap (``changed`` where the row is at ``where_version``),
    then the events and the action; None, with nothing written, when the swap found another
    version.

    On PostgreSQL a command with events is one statement (the update, then the action and
    the events inserted only if it updated the row: ``WITH g AS (UPDATE ... RETURNING)``),
    one round trip where there were three.
    """
    connection = connections[router.db_for_write(Game)]
    if connection.vendor != "postgresql" or not events:
        if update_row(Game, {"id": game.pk, "version": where_version}, changed) != 1:
            return None
        rows = _store_events(game, events, first_seq=first_seq, version=version)
        insert_row(GameAction, action)
        return rows
    key = (tuple(changed), tuple(action), connection.alias)
    prefix = _command_sql.get(key)
    if prefix is None:
        quote = connection.ops.quote_name
        game_meta: Any = Game._meta
        action_meta: Any = GameAction._meta

        def column(meta: Any, name: str) -> str:
            return str(quote(meta.get_field(name).column))

        sets = ", ".join(f"{column(game_meta, name)} = %s" for name in changed)
        prefix = _command_sql[key] = (
            f"WITH g AS (UPDATE {quote(game_meta.db_table)} SET {sets} "
            f"WHERE {column(game_meta, 'id')} = %s AND {column(game_meta, 'version')} = %s "
            f"RETURNING 1 AS one), "
            f"a AS (INSERT INTO {quote(action_meta.db_table)} "
            f"({', '.join(column(action_meta, name) for name in action)}) "
            f"SELECT {', '.join(['%s'] * len(action))} FROM g) "
        )
    game_fields: Any = Game._meta
    action_fields: Any = GameAction._meta
    params = [
        *(game_fields.get_field(k).get_db_prep_save(v, connection) for k, v in changed.items()),
        game_fields.pk.get_db_prep_value(game.pk, connection),
        where_version,
        *(action_fields.get_field(k).get_db_prep_save(v, connection) for k, v in action.items()),
    ]
    at = _now()
    rows = _event_rows(game, events, first_seq=first_seq, version=version, at=at)
    if not _insert_events_pg(connection, game.pk, version, at, rows, before=(prefix, params)):
        return None
    return _written(game, rows)


@dataclass
class NewSeat:
    """A further seat taken with the game's creation (a player sharing the host's phone)."""

    name: str
    hero: str | None
    claim: SeatClaim | None = None


@dataclass
class GameGrant(SeatGrant):
    """The new game: the host's seat, and each further seat with its token, in order."""

    others: list[tuple[Seat, str]] = field(default_factory=list)


def game_create(
    *,
    setup: Any,
    claim: SeatClaim | None = None,
    content_group_id: int | None = None,
    others: list[NewSeat] | tuple[NewSeat, ...] = (),
) -> GameGrant:
    """A new game with the host in seat 1; with ``claim``, the host sits as that player.

    With ``content_group_id`` (the group of a signed-in host's player) the game is that group's:
    it starts knowing the group's entries, and what its table enters is the group's.

    ``others`` take their seats in the same transaction, each by its own ``join`` command as a
    player joining later would: a seat refused (a hero unknown or taken, more heroes than the
    boxes chosen seat) refuses the whole creation, and no game is left behind.
    """
    seed = new_seed()
    # The game keeps the content known as it is now (``setup["overlays"]``: the shipped values
    # and its group's entries): filled here, never by a client, so that later edits never change
    # a game already set up.
    engine_setup = (
        {**setup, "overlays": content_overlays_for_setup(group_id=content_group_id)}
        if isinstance(setup, dict)
        else setup
    )
    started = setup_game(engine_setup, seed=seed)
    state, events = started.state, started.events
    host = state["seats"]["1"]
    with transaction.atomic():
        game = _create_game_row(
            seed=seed,
            state=state,
            setup={"request": setup or {}, "seed_commitment": seed_commitment(seed)},
            content_group_id=content_group_id,
        )
        seat, token = _new_seat(game, number=1, name=host["name"], hero=host["hero"], is_host=True)
        GameAction.objects.create(game=game, version=0, type="setup", args=setup or {}, actor=seat)
        rows = _store_events(game, events, first_seq=1, version=0)
        game.last_seq = len(rows)
        game.save(update_fields=["last_seq"])
        setup_rows = list(rows)
        if claim is not None:
            claim.before(seat)
            if brings_anything(state, seat.key, claim.brings):
                applied = _apply(
                    game=game,
                    actor=seat,
                    name="claim_seat",
                    args={"seat": seat.key, "player": claim.player_name},
                    brings=claim.brings,
                )
                rows += applied.events
        seated: list[tuple[Seat, str]] = []
        for other in others:
            joined = _join(game, name=other.name, hero=other.hero, claim=other.claim)
            rows += joined.events
            seated.append((joined.seat, joined.token))
        # Once the seat is linked: whether the host may teach the group is the host's account's.
        remember_taught(game=game, seat=seat, state=state, events=setup_rows)
    return GameGrant(game=game, seat=seat, token=token, events=rows, others=seated)


def _create_game_row(
    *, seed: str, state: dict[str, Any], setup: dict[str, Any], content_group_id: int | None
) -> Game:
    for _ in range(10):
        try:
            with transaction.atomic():  # a savepoint: a taken join code draws another
                return Game.objects.create(
                    join_code=_new_join_code(),
                    seed=seed,
                    setup=setup,
                    state=state,
                    version=0,
                    content_group_id=content_group_id,
                )
        except IntegrityError:
            continue
    raise RuntimeError("could not allocate a join code")  # pragma: no cover - 31**8 codes


@dataclass
class SeatClaim:
    """A seat taken as a player of the award tracker (see ``awards.seating``).

    ``before`` links the seat row to the player (it may refuse); ``brings`` is what the player
    brings, as data (the engine decides what follows from it inside the create's or join's
    command).
    """

    player_name: str
    before: Callable[[Seat], None]
    brings: Brings


def game_join(
    *, join_code: str, name: str, hero: str | None, claim: SeatClaim | None = None
) -> SeatGrant:
    """A new seat: one command (with what a claimed player brings), one notification."""
    code = normalise_join_code(join_code)
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(join_code=code).first()
        if game is None:
            raise JoinCodeUnknown(join_code)
        return _join(game, name=name, hero=hero, claim=claim)


def _join(game: Game, *, name: str, hero: str | None, claim: SeatClaim | None) -> SeatGrant:
    """The ``join`` command on a game locked (or made) in the caller's transaction."""
    applied = _apply(
        game=game,
        actor=None,
        name="join",
        args={"name": name, "hero": hero},
        brings=claim.brings if claim else None,
    )
    # The seat the engine made gets its row and token.
    number = int(applied.events[0].data["seat"])
    seat, token = _new_seat(game, number=number, name=name, hero=hero, is_host=False)
    if claim is not None:
        claim.before(seat)
    return SeatGrant(game=game, seat=seat, token=token, events=applied.events)


def seat_set_language(*, seat: Seat, language: str) -> Seat:
    """The language ``seat`` reads its game in ("en", "de"; "" for the phone's own)."""
    seat.language = language
    Seat.objects.filter(pk=seat.pk).update(language=language)
    return seat


# A check of who may send a command, run under the game's lock before it (the award tracker's
# guard of recorded endings, ``awards.seating``): it raises to refuse.
ActionGuard = Callable[[Game, Seat, str], None]


def game_act(
    *,
    game_id: Any,
    seat: Seat,
    action: str,
    args: Any,
    expected_version: int,
    guard: ActionGuard | None = None,
) -> dict[str, Any]:
    """Apply one action for ``seat``; the answer as that seat sees it."""
    if action in INTERNAL_COMMANDS:
        raise UnknownCommand(msg("error.core.commands.unknown_action", name=action))
    # In an ``Idempotency-Key``'s reservation a refusal rolls the whole request back anyway
    # (only a 2xx answer is kept): the command takes no savepoint of its own there, two round
    # trips (``SAVEPOINT``, ``RELEASE``) less. Elsewhere a refusal leaves the caller's
    # transaction as it was.
    with transaction.atomic(savepoint=not reserving()):
        game = game_locked(game_id)
        if guard is not None:
            guard(game, seat, action)
        applied = _apply(
            game=game, actor=seat, name=action, args=args, expected_version=expected_version
        )
        # What the table read from its components is kept for its group's (or game's) next use.
        remember_taught(game=game, seat=seat, state=game.state, events=applied.events)
    return {
        "version": game.version,
        "last_seq": game.last_seq,
        "events": events_view(events=[*applied.missed, *applied.events], seat=seat),
        "state": seat_state(game=game, seat_key=seat.key),
    }


def _stale(game: Game, *, version: int, seat: Seat | None) -> StaleVersion:
    """What a phone at ``version`` missed: the events, or the state when it missed too many."""
    limit = settings.STALE_CHANGES_MAX
    changes = (
        events_since_version(game=game, version=version, seat=seat, limit=limit + 1) if seat else []
    )
    if len(changes) <= limit:
        return StaleVersion(current_version=game.version, changes=changes)
    return StaleVersion(
        current_version=game.version,
        changes=[],
        state=seat_state(game=game, seat_key=seat.key) if seat else None,
    )


def _apply(
    *,
    game: Game,
    actor: Seat | None,
    name: str,
    args: Any,
    expected_version: int | None = None,
    brings: Brings | None = None,
) -> Stored:
    """Run one command on ``game`` (read under its lock by the caller) and write it.

    A command sent on an old version is merged onto the current one when the parts of the state
    it declares were left alone meanwhile (``engine.merge``); otherwise it is refused as stale.
    """
    missed: list[GameEvent] | None = None
    if expected_version is not None and game.version != expected_version:
        missed = _missed(game, expected_version)
        if missed is None:
            raise _stale(game, version=expected_version, seat=actor)
    state = game.state
    ended_before = bool(state.get("outcome"))
    closed_before = bool(state.get("closed"))
    first_seq = game.last_seq + 1
    seed_before = game.seed
    outcome = apply(
        state,
        name,
        args,
        seed=game.seed,
        seq=first_seq,
        actor=actor.key if actor else None,
        stored=lambda version: _stored_command(game, version),
        brings=brings,
        missed=None if missed is None else [e.changes for e in missed],
    )
    if outcome is None:  # it read or wrote what changed meanwhile: the phone must look again
        raise _stale(game, version=int(expected_version or 0), seat=actor)
    for event in outcome.events:
        if event.type == "card_read" and event.data.get("pack"):
            # What the table read is remembered for its later games (content/memory.py); a card
            # read in a hidden hand says what it is in its hidden part only.
            data = {**event.data, **(event.hidden.get("read") or {})}
            remember_card(game, actor, data["pack"], data["kind"], data["card"], data["entry"])
    new_version = outcome.version
    last_seq = first_seq + len(outcome.events) - 1
    if state.get("closed") and not closed_before:
        _reveal_seed(game, until_seq=last_seq)
    # The compare-and-swap comes first: a writer that lost the race writes nothing else.
    changed = {"state": state, "version": new_version, "last_seq": last_seq}
    if game.seed != seed_before:  # the seed revealed: a new one, and the setup that says so
        changed |= {"seed": game.seed, "setup": game.setup}
    rows = _write_command(
        game,
        where_version=game.version,
        changed=changed | {"updated_at": _now()},
        action={
            "game": game.pk,
            "version": new_version,
            "type": name,
            "args": args if isinstance(args, dict) else {},
            "actor": actor.pk if actor else None,
            "backward": outcome.undo.backward,
            "forward": outcome.undo.forward,
            "created_at": _now(),
        },
        events=outcome.events,
        first_seq=first_seq,
        version=new_version,
    )
    if rows is None:  # another writer got there first (the row lock makes this rare)
        raise _stale(Game.objects.get(pk=game.pk), version=game.version, seat=actor)
    game.state, game.version, game.last_seq = state, new_version, last_seq
    notifications.publish_after_commit(game_id=str(game.pk), last_seq=last_seq)
    if ended_before or state.get("outcome"):
        # An ending, or a change to an ended game (the Grand Ball, an undo): the award
        # tracker listens (it enqueues its task on commit).
        game_result_changed.send(sender=Game, game_id=str(game.pk))
    return Stored(game=game, events=rows, missed=missed or [])


def _stored_command(game: Game, version: int) -> StoredCommand:
    """The command stored at ``version`` (what an undo or a redo replays)."""
    action = GameAction.objects.only("backward", "forward").get(game=game, version=version)
    first = GameEvent.objects.filter(game=game, version=version).order_by("seq")
    label_msg = first.values_list("summary_msg", flat=True).first()
    return StoredCommand(action.backward, action.forward, label_msg)


def _missed(game: Game, version: int) -> list[GameEvent] | None:
    """The events written since ``version`` (with their changes), or None when a merge is out
    of the question (a version from the future, or more than ``STALE_CHANGES_MAX`` events)."""
    if version < 0 or version > game.version:
        return None
    limit = settings.STALE_CHANGES_MAX
    rows = list(
        GameEvent.objects.filter(game=game, version__gt=version).order_by("seq")[: limit + 1]
    )
    return None if len(rows) > limit else rows


class NotHost(Exception):
    """Only the host may do this; ``what``: ``"seat_token"`` or ``"display"``."""

    def __init__(self, what: str = "seat_token") -> None:
        super().__init__(what)
        self.what = what


class SeatUnknown(Exception):
    pass


def seat_reissue_token(*, by: Seat, number: int) -> tuple[Seat, str]:
    """A new token for a seat whose phone was lost; the seat's old token stops working.

    Only the host may do this (or a seat for itself, e.g. to sign out a phone it left behind).
    """
    if not by.is_host and by.number != number:
        raise NotHost()
    token = new_token()
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(game_id=by.game_id, number=number).first()
        if seat is None:
            raise SeatUnknown(number)
        seat.token_hash = hash_token(token)
        seat.save(update_fields=["token_hash"])
        # Wakes the game's streams: the seat's own ones see the new token and end.
        notifications.publish_after_commit(game_id=str(by.game_id), last_seq=0)
    return seat, token


def _reveal_seed(game: Game, *, until_seq: int) -> None:
    """The game is closed: reveal the seed that decided every outcome so far.

    Not when it ends: an ending can be undone, and the piles and hands still in play were
    shuffled and dealt by this seed, so revealing it then would show every hidden card of the
    resumed game. A closed game takes no command at all (``engine/closing.py``); the table can
    then recompute each shuffle and roll. The game keeps a fresh seed that nothing will use.
    """
    revealed = [*game.setup.get("revealed_seeds", []), {"seed": game.seed, "until_seq": until_seq}]
    game.seed = new_seed()
    game.setup = game.setup | {
        "revealed_seeds": revealed,
        "seed_commitment": seed_commitment(game.seed),
    }


def _now() -> Any:
    return timezone.now()


def display_issue(*, by: Seat) -> str:
    """A token for the table's own screen (``TableDisplay``): it reads the public view only.

    The host's alone. Issuing again replaces the token: a screen holding the old one stops (its
    live stream ends at once, as a reissued seat's does).
    """
    if not by.is_host:
        raise NotHost("display")
    token = new_token()
    with transaction.atomic():
        TableDisplay.objects.update_or_create(
            game_id=by.game_id, defaults={"token_hash": hash_token(token)}
        )
        notifications.publish_after_commit(game_id=str(by.game_id), last_seq=0)
    return token
