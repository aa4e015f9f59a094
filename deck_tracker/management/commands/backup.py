"""Write one consistent backup archive, read it back, and keep the newest BACKUP_KEEP.

See docs/operations.md; a backup that does not read back whole exits non-zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from deck_tracker.operations.backups import ArchiveError, archive_summary, backup_write


class Command(BaseCommand):
    help = "Back up games, events, seats, accounts, content entries and award history."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", type=Path, default=None, help="default: BACKUP_DIR")
        parser.add_argument("--keep", type=int, default=None, help="default: BACKUP_KEEP")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            backup = backup_write(directory=options["dir"], keep=options["keep"])
        except ArchiveError as error:
            raise CommandError(f"backup failed, no archive written: {error}") from error
        for old in backup.removed:
            self.stdout.write(f"removed {old}")
        self.stdout.write(f"{backup.path}: {archive_summary(backup.counts)}")
