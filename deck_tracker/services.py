"""Writes: creating and joining games and applying commands, one short transaction each.

A command runs under the game's row lock (PostgreSQL; SQLite serialises writers at BEGIN) and a
compare-and-swap on ``version``: a phone that acted on an old version is refused with what
changed since, and nothing is applied. Events, the action's undo data, the new snapshot and the
stored idempotent response are written together; other phones are told only after commit.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone

from . import notifications
from .content_selectors import content_overlays_for_setup
from .engine import rules as _rules  # noqa: F401  (registers every game system's commands)
from .engine.commands import run
from .engine.core import Context, Event
from .engine.errors import UnknownCommand
from .engine.game import INTERNAL_COMMANDS, start_game, undo_extra
from .engine.rng import new_seed, rng_for, seed_commitment
from .models import Game, GameAction, GameEvent, IdempotencyRecord, Seat
from .selectors import events_since_version, events_view, game_view

# Sent inside a command's transaction when the game has ended or had ended before it.
game_result_changed = Signal()

JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_CODE_LENGTH = 8


class StaleVersion(Exception):
    def __init__(
        self, *, current_version: int, changes: list[dict[str, Any]], state: dict[str, Any]
    ):
        super().__init__("stale version")
        self.current_version = current_version
        self.changes = changes
        self.state = state


class IdempotencyKeyReused(Exception):
    pass


class JoinCodeUnknown(Exception):
    pass


@dataclass
class SeatGrant:
    game: Game
    seat: Seat
    token: str


@dataclass
class StoredResponse:
    status: int
    body: dict[str, Any]
    replayed: bool = False
    notify: list[int] = field(default_factory=list)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def request_fingerprint(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


def normalise_join_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def _new_seat(
    game: Game, *, number: int, name: str, hero: str | None, is_host: bool
) -> tuple[Seat, str]:
    token = secrets.token_urlsafe(32)
    seat = Seat.objects.create(
        game=game,
        number=number,
        name=name,
        hero=hero or "",
        is_host=is_host,
        token_hash=hash_token(token),
    )
    return seat, token


def _store_events(game: Game, events: list[Event], *, first_seq: int, version: int) -> int:
    rows = [
        GameEvent(
            game=game,
            seq=first_seq + index,
            version=version,
            type=event.type,
            actor=event.actor or "",
            summary=event.summary,
            steps=event.steps,
            data=event.data,
            private=event.private,
            hidden=event.hidden,
            changes=event.changes,
        )
        for index, event in enumerate(events)
    ]
    GameEvent.objects.bulk_create(rows)
    return first_seq + len(rows) - 1


def game_create(*, setup: Any) -> SeatGrant:
    seed = new_seed()
    # The game keeps the content players have entered as it is now (``setup["overlays"]``):
    # filled here, never by a client, so that later edits never change a game already set up.
    engine_setup = (
        {**setup, "overlays": content_overlays_for_setup()} if isinstance(setup, dict) else setup
    )
    state, events = start_game(engine_setup, seed=seed)
    host = state["seats"]["1"]
    with transaction.atomic():
        game = _create_game_row(
            seed=seed,
            state=state,
            setup={"request": setup or {}, "seed_commitment": seed_commitment(seed)},
        )
        seat, token = _new_seat(game, number=1, name=host["name"], hero=host["hero"], is_host=True)
        GameAction.objects.create(game=game, version=0, type="setup", args=setup or {}, actor=seat)
        game.last_seq = _store_events(game, events, first_seq=1, version=0)
        game.save(update_fields=["last_seq"])
    return SeatGrant(game=game, seat=seat, token=token)


def _create_game_row(*, seed: str, state: dict[str, Any], setup: dict[str, Any]) -> Game:
    for _ in range(10):
        try:
            with transaction.atomic():  # a savepoint: a taken join code draws another
                return Game.objects.create(
                    join_code=_new_join_code(), seed=seed, setup=setup, state=state, version=0
                )
        except IntegrityError:
            continue
    raise RuntimeError("could not allocate a join code")  # pragma: no cover - 31**8 codes


def game_join(*, join_code: str, name: str, hero: str | None) -> SeatGrant:
    code = normalise_join_code(join_code)
    game_id = Game.objects.filter(join_code=code).values_list("id", flat=True).first()
    if game_id is None:
        raise JoinCodeUnknown(join_code)
    grant: dict[str, Any] = {}

    def make_seat(game: Game, state: dict[str, Any]) -> None:
        number = int(max(state["seats"], key=int))
        seat, token = _new_seat(game, number=number, name=name, hero=hero, is_host=False)
        grant.update(seat=seat, token=token)

    _apply(
        game_id=game_id,
        actor=None,
        name="join",
        args={"name": name, "hero": hero},
        expected_version=None,
        after_engine=make_seat,
    )
    game = Game.objects.get(pk=game_id)
    return SeatGrant(game=game, seat=grant["seat"], token=grant["token"])


def game_act(
    *,
    game: Game,
    seat: Seat,
    action: str,
    args: Any,
    expected_version: int,
    idempotency_key: str | None = None,
    request_hash: str = "",
) -> StoredResponse:
    if action in INTERNAL_COMMANDS:
        raise UnknownCommand(f"Unknown action {action!r}.")
    scope = f"seat:{seat.pk}"
    if idempotency_key:
        stored = _stored_response(scope, idempotency_key, request_hash)
        if stored:
            return stored
    return _apply(
        game_id=game.pk,
        actor=seat,
        name=action,
        args=args,
        expected_version=expected_version,
        idempotency=(scope, idempotency_key, request_hash) if idempotency_key else None,
    )


def _stored_response(scope: str, key: str, request_hash: str) -> StoredResponse | None:
    record = IdempotencyRecord.objects.filter(scope=scope, key=key).first()
    if record is None:
        return None
    if record.request_hash != request_hash:
        raise IdempotencyKeyReused(key)
    return StoredResponse(status=record.status, body=record.body, replayed=True)


def _apply(
    *,
    game_id: Any,
    actor: Seat | None,
    name: str,
    args: Any,
    expected_version: int | None,
    idempotency: tuple[str, str, str] | None = None,
    after_engine: Any = None,
) -> StoredResponse:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if idempotency:
            stored = _stored_response(*idempotency)
            if stored:
                return stored
        if expected_version is not None and game.version != expected_version:
            raise StaleVersion(
                current_version=game.version,
                changes=events_since_version(game=game, version=expected_version, seat=actor)
                if actor
                else [],
                state=game_view(game=game, seat=actor)["state"] if actor else {},
            )
        state = game.state
        ended_before = bool(state.get("outcome"))
        first_seq = game.last_seq + 1
        context = Context(
            state,
            rng=rng_for(game.seed, first_seq),
            actor=actor.key if actor else None,
            extra=undo_extra(state, name, lambda version: _patches(game, version)),
        )
        outcome = run(state, context, name, args)
        if after_engine:
            after_engine(game, state)
        new_version = state["version"]
        last_seq = _store_events(game, outcome.events, first_seq=first_seq, version=new_version)
        if state.get("outcome") and not ended_before:
            _reveal_seed(game, until_seq=last_seq)
        GameAction.objects.create(
            game=game,
            version=new_version,
            type=name,
            args=args if isinstance(args, dict) else {},
            actor=actor,
            backward=outcome.backward,
            forward=outcome.forward,
        )
        updated = Game.objects.filter(pk=game.pk, version=game.version).update(
            state=state,
            version=new_version,
            last_seq=last_seq,
            seed=game.seed,
            setup=game.setup,
            updated_at=_now(),
        )
        if updated != 1:  # pragma: no cover - the row lock makes this unreachable on PostgreSQL
            raise StaleVersion(current_version=game.version + 1, changes=[], state={})
        game.state, game.version, game.last_seq = state, new_version, last_seq
        body: dict[str, Any] = {"version": new_version, "last_seq": last_seq}
        if actor is not None:
            stored_events = GameEvent.objects.filter(game=game, seq__gte=first_seq).order_by("seq")
            body["events"] = events_view(events=stored_events, seat=actor)
            body["state"] = game_view(game=game, seat=actor)["state"]
        if idempotency:
            scope, key, request_hash = idempotency
            IdempotencyRecord.objects.create(
                scope=scope, key=key, request_hash=request_hash, status=200, body=body
            )
        notifications.publish_after_commit(game_id=str(game.pk), last_seq=last_seq)
        if ended_before or state.get("outcome"):
            # An ending, or a change to an ended game (the Grand Ball, an undo): the award
            # tracker listens (it enqueues its task on commit).
            game_result_changed.send(sender=Game, game_id=str(game.pk))
    return StoredResponse(status=200, body=body)


class NotHost(Exception):
    pass


class SeatUnknown(Exception):
    pass


def seat_reissue_token(*, by: Seat, number: int) -> tuple[Seat, str]:
    """A new token for a seat whose phone was lost; the seat's old token stops working.

    Only the host may do this (or a seat for itself, e.g. to sign out a phone it left behind).
    """
    if not by.is_host and by.number != number:
        raise NotHost()
    token = secrets.token_urlsafe(32)
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
    """The game ended: reveal the seed that decided every outcome so far, and draw a new one.

    The table can then recompute each shuffle and roll; should it undo the ending and play on,
    what comes next is decided by a fresh, unrevealed seed.
    """
    revealed = [*game.setup.get("revealed_seeds", []), {"seed": game.seed, "until_seq": until_seq}]
    game.seed = new_seed()
    game.setup = game.setup | {
        "revealed_seeds": revealed,
        "seed_commitment": seed_commitment(game.seed),
    }


def _patches(game: Game, version: int) -> tuple[list[Any], list[Any]]:
    action = GameAction.objects.only("backward", "forward").get(game=game, version=version)
    return action.backward, action.forward


def _now() -> Any:
    return timezone.now()


def idempotency_store(
    *, scope: str, key: str, request_hash: str, status: int, body: dict[str, Any]
) -> None:
    """Keep a response for a key (requests other than actions store theirs after the fact)."""
    try:
        with transaction.atomic():
            IdempotencyRecord.objects.create(
                scope=scope, key=key, request_hash=request_hash, status=status, body=body
            )
    except IntegrityError:
        pass


def idempotency_lookup(*, scope: str, key: str, request_hash: str) -> StoredResponse | None:
    return _stored_response(scope, key, request_hash)
