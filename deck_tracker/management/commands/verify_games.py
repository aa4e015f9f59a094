"""Replay every game (or the ones named) from its events and compare with its stored snapshot."""

from __future__ import annotations

import uuid
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from deck_tracker.games.selectors import game_for_join_code
from deck_tracker.models import Game
from deck_tracker.operations.verification import games_verify


class Command(BaseCommand):
    help = (
        "Replay games from their event logs and compare with the stored snapshots; exits "
        "non-zero naming every game that differs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", help="game ids or join codes (default: every game)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = [self._game(name) for name in options["games"]] or None
        checked, differences = games_verify(games=games)
        for difference in differences:
            self.stderr.write(f"differs: {difference}")
        if differences:
            raise CommandError(f"{len(differences)} of {checked} game(s) differ from their replay.")
        self.stdout.write(self.style.SUCCESS(f"{checked} game(s) equal their replay."))

    def _game(self, name: str) -> Game:
        try:
            found = Game.objects.filter(pk=uuid.UUID(name)).first()
        except ValueError:
            found = game_for_join_code(join_code=name)
        if found is None:
            raise CommandError(f"No game {name!r}.")
        return found
