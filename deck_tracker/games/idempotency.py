"""One write, once: reservations of ``Idempotency-Key`` per caller, and tokens that are re-derived.

A write that carries a key first inserts the row (caller, key) inside the transaction that will
do the work. The row is unique: a second request with the same caller and key blocks on that
insert until the first commits, then finds the row and gets the stored answer; if the first
failed (its transaction rolled back), the second does the work itself. The answer is written to
the row before the same commit, so an answer is stored exactly when the work is.

Tokens are never stored. While a reservation is active, :func:`new_token` derives each new token
as HMAC-SHA256(SECRET_KEY, salt, caller, the client's key, n): the row keeps the salt, the
caller and a hash of the key, and the places in the answer where tokens were. A replay derives
the same tokens again. Reading the table alone (a backup, a leak) gives no token: that also
needs the server's secret and the client's own key, which is stored only as a hash.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import secrets
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import router
from django.utils import timezone

from deck_tracker.games.statements import insert_row, update_row
from deck_tracker.models import IdempotencyRecord

MAX_KEY_LENGTH = 200


class IdempotencyKeyReused(Exception):
    """The caller sent this key before with another request."""


@dataclass
class Reservation:
    record: IdempotencyRecord
    raw_key: str
    issued: list[str] = field(default_factory=list)
    replay: tuple[int, Any] | None = None

    def derive(self, index: int) -> str:
        message = f"{self.record.salt}|{self.record.scope}|{index}|{self.raw_key}"
        digest = hmac.new(
            settings.SECRET_KEY.encode(),
            message.encode("utf-8", "surrogatepass"),
            hashlib.sha256,
        ).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


_active: ContextVar[Reservation | None] = ContextVar("idempotency_reservation", default=None)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A new secret token: random, or derived from the active reservation (then re-derivable)."""
    reservation = _active.get()
    if reservation is None:
        return secrets.token_urlsafe(32)
    token = reservation.derive(len(reservation.issued))
    reservation.issued.append(token)
    return token


def reserve(*, caller: str, key: str, request_hash: str) -> Reservation:
    """Reserve (caller, key) in the current transaction, or find the answer stored for it.

    Must run inside ``transaction.atomic``: the reservation lives and dies with the work.
    """
    hashed = key_hash(key)
    values = {
        "scope": caller,
        "key": hashed,
        "request_hash": request_hash,
        "salt": secrets.token_hex(16),
        "status": 0,
        "body": None,
        "token_paths": [],
        "created_at": timezone.now(),
    }
    # A key taken is no error (no savepoint to take and release around the insert): the
    # insert waited for the request holding it to commit, then wrote nothing.
    pk = insert_row(IdempotencyRecord, values, conflict_returns_none=True)
    if pk is not None:
        record = IdempotencyRecord(id=pk, **values)
        record._state.adding = False
        record._state.db = router.db_for_write(IdempotencyRecord)
        return Reservation(record=record, raw_key=key)
    # Another request holds or held this key.
    record = IdempotencyRecord.objects.get(scope=caller, key=hashed)
    if record.request_hash != request_hash:
        raise IdempotencyKeyReused(key)
    reservation = Reservation(record=record, raw_key=key)
    reservation.replay = (record.status, _with_tokens(reservation))
    return reservation


def reserving() -> bool:
    """Whether a reservation is active: the request runs in the reservation's transaction,
    which the middleware rolls back whole for any answer but a 2xx."""
    return _active.get() is not None


@contextlib.contextmanager
def active(reservation: Reservation) -> Iterator[None]:
    """Tokens made inside are derived from ``reservation``."""
    handle = _active.set(reservation)
    try:
        yield
    finally:
        _active.reset(handle)


def complete(reservation: Reservation, *, status: int, body: Any) -> bool:
    """Store the answer (without its tokens); False when it holds a token not derived here."""
    try:
        stripped, paths = _without_tokens(body, reservation.issued)
    except _ForeignToken:
        return False
    record = reservation.record
    record.status, record.body, record.token_paths = status, stripped, paths
    # ``record.save(update_fields=["status", "body", "token_paths"])``, compiled once.
    update_row(
        IdempotencyRecord,
        {"id": record.pk},
        {"status": status, "body": stripped, "token_paths": paths},
    )
    return True


class _ForeignToken(Exception):
    """A ``token`` field still set once the derived tokens are taken out: a secret this layer
    did not derive, which must not be stored."""


def _without_tokens(body: Any, issued: list[str]) -> tuple[Any, list[list[Any]]]:
    """The body without the tokens derived here (and where they were), in one walk; raises
    :class:`_ForeignToken` when a ``token`` field still holds a value. Lists and dicts are
    copied only where a token was taken out (the body is the answer's own data)."""
    paths: list[list[Any]] = []
    if not issued:
        # The common case (an action): nothing to take out, only a foreign token to refuse.
        _refuse_tokens(body)
        return body, paths

    def walk(value: Any, path: list[Any]) -> Any:
        if isinstance(value, dict):
            out = {k: walk(v, [*path, k]) for k, v in value.items()}
            if out.get("token") is not None:
                raise _ForeignToken
            return out
        if isinstance(value, list):
            return [walk(v, [*path, i]) for i, v in enumerate(value)]
        if isinstance(value, str):
            for index, token in enumerate(issued):
                if value.endswith(token):
                    paths.append([path, index, value[: -len(token)]])
                    return None
        return value

    return walk(body, []), paths


def _refuse_tokens(value: Any) -> None:
    if isinstance(value, dict):
        if value.get("token") is not None:
            raise _ForeignToken
        for item in value.values():
            if isinstance(item, dict | list):
                _refuse_tokens(item)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict | list):
                _refuse_tokens(item)


def _with_tokens(reservation: Reservation) -> Any:
    body: Any = reservation.record.body
    for path, index, prefix in reservation.record.token_paths:
        parent = body
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = prefix + reservation.derive(index)
    return body
