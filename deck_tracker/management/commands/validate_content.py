"""Load and check every content pack; a bad file fails naming the file, the item and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from deck_tracker.engine.content import DEFAULT_PACKS_DIR, ContentError, load_packs


class Command(BaseCommand):
    help = "Validate the content packs (all of them, or those under --path)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--path", type=Path, default=DEFAULT_PACKS_DIR)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            packs = load_packs(options["path"])
        except ContentError as error:
            raise CommandError(str(error)) from error
        for pack in packs.values():
            decks = ", ".join(f"{name} {len(deck.cards)}" for name, deck in pack.decks.items())
            self.stdout.write(
                f"{pack.id} {pack.version}: {len(pack.locations)} locations, "
                f"{len(pack.roads)} roads, {len(pack.generals)} generals, "
                f"{len(pack.heroes)} heroes; decks: {decks}"
            )
        self.stdout.write(self.style.SUCCESS(f"{len(packs)} pack(s) valid."))
