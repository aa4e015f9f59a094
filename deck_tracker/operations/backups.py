"""Backups: one consistent archive of everything the app must not lose, and bringing it back.

An archive is a gzip-compressed JSON Lines file: a header line, every row of the kept models in
Django's ``jsonl`` serialisation (permissions and groups by natural key), and a trailer line with
the row counts; an archive without its trailer (a copy cut short) is refused. It is read in one
transaction: on PostgreSQL a read-only REPEATABLE READ snapshot, so commands may go on while it
is written and the archive still holds each game at one version; on SQLite the transaction holds
the database's write lock, so writers wait until it is done.

Framing: lines are split on ``"\\n"`` and nothing else. Since format 2 every row is written with
``ensure_ascii``, so a line holds printable ASCII only: no character a player can type (U+2028,
U+0085, a form feed...) can look like a line break to any reader. Format 1 archives (rows in raw
UTF-8, where JSON leaves U+2028 and its kind unescaped) are still read, by the same ``"\\n"``
split; ``str.splitlines()``, which also breaks at those characters, must never read an archive.

Before ``backup_write`` reports an archive, it reads it back as ``backup_restore`` would (every
line parsed, every row turned back into its model, the counts compared): an archive that could
not be restored is never reported, and never causes an older one to be rotated away.

Kept: accounts (users, groups, their permissions, preferences), games (seats, applied actions,
events), what players entered for content packs, and the award tracker (with its pending
invitations). Not kept: stored idempotent responses (they expire within hours), forecasts (a
computation, asked again in a tap), sessions and the cache (throttle counts).
"""

from __future__ import annotations

import gzip
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models, transaction

FORMAT = "dotr-companion-backup"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
NAME_PREFIX = "dotr-backup-"
NAME_SUFFIX = ".jsonl.gz"
# Parents before children, so that a restore never meets a row before the row it points at.
KEPT_MODELS = [
    "auth.Group",
    "auth.User",
    "awards.AccountPreference",
    "awards.PlayerGroup",  # before the games: a group's game names it (``content_group``)
    "awards.GroupInvitation",
    "deck_tracker.Game",
    "deck_tracker.Seat",
    "deck_tracker.GameAction",
    "deck_tracker.GameEvent",
    "deck_tracker.ContentOverlay",
    "deck_tracker.ContentEntry",
    "awards.Player",
    "awards.SeatPlayer",
    "awards.GameRecord",
    "awards.GameRecordHero",
    "awards.RewardAward",
    "awards.PlayerStats",
    "awards.GroupStats",
    "awards.AccountToken",
]
# The app's other models, and why losing them loses nothing.
NOT_KEPT_MODELS = {
    "deck_tracker.IdempotencyRecord": "stored answers to retried requests, expire within hours",
    "deck_tracker.Forecast": "a computation from a game's state, asked for again in a tap",
    "deck_tracker.TableDisplay": (
        "the table screen's token: after a restore the host shows the game on a screen again "
        "(a new link and QR code from the invitation sheet)"
    ),
    "awards.AccountSignOut": (
        "the generation that ends browser sessions; sessions are not kept either, so every "
        "browser signs in again after a restore"
    ),
}


class ArchiveError(Exception):
    pass


class _ExactJSONEncoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (Django cuts them to milliseconds,
    which would move every timestamp a restore brings back)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime | time):
            return o.isoformat()
        return super().default(o)


@dataclass(frozen=True)
class Backup:
    path: Path
    counts: dict[str, int]
    removed: list[Path]


def kept_models() -> list[type[models.Model]]:
    return [apps.get_model(label) for label in KEPT_MODELS]


def _snapshot_transaction(*, outermost: bool) -> None:
    """Make the transaction just begun one consistent, read-only snapshot (PostgreSQL).

    Inside a caller's transaction the archive is read in that transaction, as it stands.
    """
    if outermost and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")


def backup_write(*, directory: Path | None = None, keep: int | None = None) -> Backup:
    """Write an archive to ``directory`` (BACKUP_DIR) and keep the newest ``keep`` (BACKUP_KEEP).

    Raises :class:`ArchiveError`, leaving no archive and removing none, when the archive written
    does not read back whole.
    """
    directory = Path(directory or settings.BACKUP_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    path = directory / f"{NAME_PREFIX}{now:%Y%m%dT%H%M%S%fZ}{NAME_SUFFIX}"
    partial = path.with_name(path.name + ".partial")
    try:
        counts = _write(partial, now)
        _read_back(partial, counts)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, path)  # an archive appears whole or not at all
    return Backup(
        path=path, counts=counts, removed=_rotate(directory, keep or settings.BACKUP_KEEP)
    )


def _write(partial: Path, now: datetime) -> dict[str, int]:
    counts: dict[str, int] = {}
    outermost = not connection.in_atomic_block
    with transaction.atomic(), gzip.open(partial, "wt", encoding="ascii", newline="\n") as archive:
        _snapshot_transaction(outermost=outermost)
        header = {"format": FORMAT, "version": FORMAT_VERSION, "created_at": now.isoformat()}
        archive.write(json.dumps(header) + "\n")
        for model in kept_models():
            rows = model._default_manager.order_by("pk")
            counted = _Counter(rows.iterator(chunk_size=500))
            serializers.serialize(
                "jsonl",
                counted,
                stream=archive,
                use_natural_foreign_keys=True,
                ensure_ascii=True,  # the framing: see the module's docstring
                cls=_ExactJSONEncoder,
            )
            counts[model._meta.label] = counted.count
        archive.write(json.dumps({"end": True, "counts": counts}) + "\n")
    return counts


def _read_back(partial: Path, written: dict[str, int]) -> None:
    """Read the archive just written as a restore would, short of saving its rows."""
    counts = _check(partial)
    if counts != written:
        raise ArchiveError(f"{partial} reads back as {counts}, but {written} were written.")
    deserialized: Counter[str] = Counter()
    try:
        # Forward references: a row written may name an account deleted since the snapshot.
        for row in serializers.deserialize(
            "python", _rows(partial), handle_forward_references=True
        ):
            deserialized[row.object._meta.label] += 1
    except DeserializationError as error:
        raise ArchiveError(f"{partial} does not read back: {error}") from error
    if _nonzero(deserialized) != _nonzero(written):
        raise ArchiveError(
            f"{partial} reads back {dict(deserialized)}, but {written} were written."
        )


class _Counter:
    def __init__(self, rows: Iterator[models.Model]) -> None:
        self.rows, self.count = rows, 0

    def __iter__(self) -> Iterator[models.Model]:
        for row in self.rows:
            self.count += 1
            yield row


def backups_in(directory: Path) -> list[Path]:
    """The archives in ``directory``, oldest first (their names sort by time)."""
    return sorted(directory.glob(f"{NAME_PREFIX}*{NAME_SUFFIX}"))


def _rotate(directory: Path, keep: int) -> list[Path]:
    removed = backups_in(directory)[:-keep]
    for old in removed:
        old.unlink()
    return removed


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """The archive's lines, numbered from 1, split on ``"\\n"`` only (never ``splitlines``)."""
    try:
        with gzip.open(path, "rt", encoding="utf-8", newline="\n") as archive:
            for number, line in enumerate(archive, start=1):
                if not line.endswith("\n"):
                    raise ArchiveError(f"{path} is incomplete (line {number} is cut short).")
                yield number, line[:-1]
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise ArchiveError(f"{path} cannot be read: {error}") from error


def _records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in _lines(path):
        try:
            record = json.loads(line)
        except ValueError as error:
            raise ArchiveError(f"{path}: line {number} is not JSON ({error}).") from error
        if not isinstance(record, dict):
            raise ArchiveError(f"{path}: line {number} is not a JSON object.")
        yield number, record


def _check(path: Path) -> dict[str, int]:
    """Check the whole archive before anything is restored: its header, each row, its trailer.

    The counts of rows by model, as the trailer gives them and the rows agree.
    """
    records = _records(path)
    first = next(records, None)
    if first is None or first[1].get("format") != FORMAT:
        raise ArchiveError(f"{path} is not a DotR Companion backup.")
    version = first[1].get("version")
    if version not in READABLE_VERSIONS:
        raise ArchiveError(
            f"{path} is a backup of format {version}; this version reads formats "
            + ", ".join(map(str, READABLE_VERSIONS))
            + "."
        )
    labels = {model._meta.label_lower: model._meta.label for model in kept_models()}
    counted: Counter[str] = Counter()
    trailer: dict[str, Any] = {}
    for number, record in records:
        if trailer:
            raise ArchiveError(f"{path}: line {number} follows the trailer.")
        if record.get("end"):
            trailer = record
        elif record.get("model") in labels:
            counted[labels[record["model"]]] += 1
        else:
            raise ArchiveError(f"{path}: line {number} is neither a kept row nor the trailer.")
    if not trailer:
        raise ArchiveError(f"{path} is incomplete (its last line is missing).")
    counts = {label: int(count) for label, count in trailer.get("counts", {}).items()}
    if _nonzero(counted) != _nonzero(counts):
        raise ArchiveError(f"{path} holds rows {dict(counted)}, but its trailer says {counts}.")
    return counts


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    """The archive's rows (between its header and its trailer), as Django's python format."""
    for number, record in _records(path):
        if number > 1 and not record.get("end"):
            yield record


def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {label: count for label, count in counts.items() if count}


def database_rows() -> dict[str, int]:
    """How many rows of the kept models the database holds (those not empty)."""
    return _nonzero({model._meta.label: model._default_manager.count() for model in kept_models()})


def backup_restore(*, path: Path, replace: bool = False) -> dict[str, int]:
    """Bring an archive back into this (migrated) database, in one transaction.

    The database must hold none of the kept rows, unless ``replace``: then they are deleted
    first, in the same transaction, so a failed restore leaves the database as it was.
    """
    expected = _check(path)
    with transaction.atomic():
        present = database_rows()
        if present and not replace:
            raise ArchiveError(
                "The database is not empty ("
                + ", ".join(f"{count} {label}" for label, count in present.items())
                + "); restore into an empty database, or pass --replace."
            )
        for model in reversed(kept_models()):
            model._default_manager.all().delete()
        restored = _save(path, _rows(path))
        if restored != _nonzero(expected):
            raise ArchiveError(f"{path} restored {restored}, but its trailer says {expected}.")
        _reset_sequences()
    return restored


def _save(path: Path, rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    restored: Counter[str] = Counter()
    try:
        for restored_row in serializers.deserialize("python", rows):
            restored_row.save()
            restored[restored_row.object._meta.label] += 1
    except DeserializationError as error:
        raise ArchiveError(f"{path} could not be restored: {error}") from error
    return dict(restored)


def _reset_sequences() -> None:
    """Ids given by the archive: the next new row must not collide with them (PostgreSQL)."""
    statements = connection.ops.sequence_reset_sql(no_style(), kept_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def archive_summary(counts: dict[str, Any]) -> str:
    return ", ".join(f"{count} {label}" for label, count in counts.items())
