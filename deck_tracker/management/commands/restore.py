"""Bring a backup archive back into this database (run ``migrate`` first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from deck_tracker.operations.backups import ArchiveError, archive_summary, backup_restore


class Command(BaseCommand):
    help = "Restore a backup archive into an empty database (or --replace what it holds)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("archive", type=Path)
        parser.add_argument(
            "--replace",
            action="store_true",
            help="delete the games, accounts and award history this database holds first",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            restored = backup_restore(path=options["archive"], replace=options["replace"])
        except (ArchiveError, OSError) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(f"restored {archive_summary(restored)}"))
