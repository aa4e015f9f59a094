"""Storage: games, their seats, the append-only event log, and applied actions.

``Game.state`` is a cache of folding the game's events in ``seq`` order; ``Game.version`` counts
the actions applied since setup. Only ``deck_tracker.games.services`` writes these rows.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import models


class Game(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    join_code = models.CharField(max_length=12, unique=True)
    seed = models.CharField(max_length=64)
    setup = models.JSONField(default=dict, blank=True)
    state = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)
    # Whose the content entered at this table is: the account group of a signed-in host who sat
    # as one of its players; none for an anonymous game (its entries are its own).
    content_group = models.ForeignKey(
        "awards.PlayerGroup",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="content_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Game {self.join_code} v{self.version}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    hero = models.CharField(max_length=60, blank=True, default="")
    is_host = models.BooleanField(default=False)
    token_hash = models.CharField(max_length=64, unique=True)
    # The language this seat's phone reads the game in ("en", "de"); empty: the account's
    # preference, else the phone's own (Accept-Language). See docs/languages.md.
    language = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique_in_game")
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.number})"

    @property
    def key(self) -> str:
        """The seat as the engine names it."""
        return str(self.number)


class TableDisplay(models.Model):
    """The table's own screen: a token that reads the game's public view and nothing else.

    No hand, no draw order, no action: every write made with it is refused (403). One per game;
    issuing it again gives a new token and the old one stops working.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="display")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Display of game {self.game_id}"

    @property
    def key(self) -> None:
        """The display sits at no seat: the engine's public view (``seat=None``)."""
        return None


class GameAction(models.Model):
    """One applied command, with its exact inverse (for undo) and its own changes (for redo)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    args = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL)
    backward = models.JSONField(default=list, blank=True)
    forward = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "version"], name="action_version_unique_in_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.type} (v{self.version})"


class RowJSONField(models.JSONField):
    """A JSON column that keeps a many-row insert as rows of values.

    Django 5.2's ``bulk_create`` on PostgreSQL sends each column of a many-row insert as one
    array (``UNNEST``), and psycopg writes an array of JSON documents as text, escaping each
    double quote of each document with a regular expression: for the events of a Late War
    night, about 4 ms of CPU (more than the night's rules). Django keeps the rows of values
    when a field has ``get_placeholder``; each document then goes as it is. Migrations know it
    as Django's ``JSONField`` (the column is the same).
    """

    def get_placeholder(self, value: Any, compiler: Any, connection: Any) -> str:
        return "%s"

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs


class GameEvent(models.Model):
    """Append-only; ``seq`` is contiguous from 1 in each game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    actor = models.CharField(max_length=8, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)
    summary = models.TextField(blank=True, default="")
    # The summary as a message (engine/i18n.py), rendered in each reader's language; ``summary``
    # keeps its English. None for events written before messages existed.
    summary_msg = models.JSONField(null=True, blank=True)
    # A RowJSONField: the events of a command are written as rows of values (see there).
    steps = RowJSONField(default=list, blank=True)
    data = models.JSONField(default=dict, blank=True)
    private = models.JSONField(default=dict, blank=True)
    hidden = models.JSONField(default=dict, blank=True)
    changes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_seq_unique_in_game")
        ]
        # The events of one action (an undo label read in the reader's language, a stale answer).
        indexes = [models.Index(fields=["game", "version"], name="event_version_in_game")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"


class IdempotencyRecord(models.Model):
    """A write that carried an ``Idempotency-Key``, and the answer it got.

    Unique per caller (``scope``: the credentials it came with) and key (``key``: a SHA-256 of
    the client's key). Reserved before the work, in the same transaction, and completed with the
    answer before commit. ``body`` never holds a token: the places where tokens were are listed
    in ``token_paths`` and filled again on a replay from ``salt`` (see
    ``deck_tracker.games.idempotency``).
    """

    scope = models.CharField(max_length=80)
    key = models.CharField(max_length=100)
    request_hash = models.CharField(max_length=64)
    salt = models.CharField(max_length=32, default="")
    status = models.PositiveSmallIntegerField()
    body = models.JSONField(null=True, blank=True)
    token_paths = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_unique_in_scope")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.key}"
