"""Backups: one consistent archive of everything the app must not lose, and bringing it back.

An archive is a gzip-compressed JSON Lines file: a header line, every row of the kept models in
Django's ``jsonl`` serialisation (permissions and groups by natural key), and a trailer line with
the row counts; an archive without its trailer (a copy cut short) is refused. It is read in one
transaction: on PostgreSQL a read-only REPEATABLE READ snapshot, so commands may go on while it
is written and the archive still holds each game at one version; on SQLite the transaction holds
the database's write lock, so writers wait until it is done.

Kept: accounts (users, groups, their permissions), games (seats, applied actions, events), what
players entered for content packs, and the award tracker. Not kept: stored idempotent responses
(they expire within hours), sessions and the cache (throttle counts).
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, models, transaction

FORMAT = "dotr-companion-backup"
FORMAT_VERSION = 1
NAME_PREFIX = "dotr-backup-"
NAME_SUFFIX = ".jsonl.gz"
# Parents before children, so that a restore never meets a row before the row it points at.
KEPT_MODELS = [
    "auth.Group",
    "auth.User",
    "awards.PlayerGroup",  # before the games: a group's game names it (``content_group``)
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
    "awards.AccountToken",
]


class ArchiveError(Exception):
    pass


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
    """Write an archive to ``directory`` (BACKUP_DIR) and keep the newest ``keep`` (BACKUP_KEEP)."""
    directory = Path(directory or settings.BACKUP_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    path = directory / f"{NAME_PREFIX}{now:%Y%m%dT%H%M%S%fZ}{NAME_SUFFIX}"
    partial = path.with_name(path.name + ".partial")
    counts: dict[str, int] = {}
    outermost = not connection.in_atomic_block
    with transaction.atomic(), gzip.open(partial, "wt", encoding="utf-8") as archive:
        _snapshot_transaction(outermost=outermost)
        header = {"format": FORMAT, "version": FORMAT_VERSION, "created_at": now.isoformat()}
        archive.write(json.dumps(header) + "\n")
        for model in kept_models():
            rows = model._default_manager.order_by("pk")
            counted = _Counter(rows.iterator(chunk_size=500))
            serializers.serialize("jsonl", counted, stream=archive, use_natural_foreign_keys=True)
            counts[model._meta.label] = counted.count
        archive.write(json.dumps({"end": True, "counts": counts}) + "\n")
    os.replace(partial, path)  # an archive appears whole or not at all
    return Backup(
        path=path, counts=counts, removed=_rotate(directory, keep or settings.BACKUP_KEEP)
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


def _read(path: Path) -> tuple[list[str], dict[str, int]]:
    with gzip.open(path, "rt", encoding="utf-8") as archive:
        lines = archive.read().splitlines()
    if not lines or json.loads(lines[0]).get("format") != FORMAT:
        raise ArchiveError(f"{path} is not a DotR Companion backup.")
    header = json.loads(lines[0])
    if header.get("version") != FORMAT_VERSION:
        raise ArchiveError(f"{path} is a backup of format {header.get('version')}, not 1.")
    trailer = json.loads(lines[-1]) if len(lines) > 1 else {}
    if not trailer.get("end"):
        raise ArchiveError(f"{path} is incomplete (its last line is missing).")
    return lines[1:-1], dict(trailer["counts"])


def database_rows() -> dict[str, int]:
    """How many rows of the kept models the database holds (those not empty)."""
    counts = {model._meta.label: model._default_manager.count() for model in kept_models()}
    return {label: count for label, count in counts.items() if count}


def backup_restore(*, path: Path, replace: bool = False) -> dict[str, int]:
    """Bring an archive back into this (migrated) database, in one transaction.

    The database must hold none of the kept rows, unless ``replace``: then they are deleted
    first, in the same transaction, so a failed restore leaves the database as it was.
    """
    lines, expected = _read(path)
    restored: dict[str, int] = {}
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
        for restored_row in serializers.deserialize("jsonl", lines):
            restored_row.save()
            label = restored_row.object._meta.label
            restored[label] = restored.get(label, 0) + 1
        if restored != {label: count for label, count in expected.items() if count}:
            raise ArchiveError(f"{path} restored {restored}, but its trailer says {expected}.")
        _reset_sequences()
    return restored


def _reset_sequences() -> None:
    """Ids given by the archive: the next new row must not collide with them (PostgreSQL)."""
    statements = connection.ops.sequence_reset_sql(no_style(), kept_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def archive_summary(counts: dict[str, Any]) -> str:
    return ", ".join(f"{count} {label}" for label, count in counts.items())
