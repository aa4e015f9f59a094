"""Threat forecasts: one row per game version and settings, computed by a Celery task."""

from __future__ import annotations

import uuid

from django.db import models

from deck_tracker.games.models import Game


class Forecast(models.Model):
    """A threat forecast of one game version (``engine.forecast``), computed by a Celery task.

    One row per game version and settings: asking again returns the same row. ``position`` is
    the game's state when it was asked (the task reads it, so that a game that moves on meanwhile
    does not change what is forecast) and is emptied once the figures are in ``result``.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="forecasts")
    version = models.PositiveIntegerField()
    nights = models.PositiveSmallIntegerField()
    samples = models.PositiveIntegerField()
    budget_seconds = models.FloatField()
    seed = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveIntegerField(default=0)
    position = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "version", "nights", "samples", "budget_seconds", "seed"],
                name="forecast_once_per_version_and_settings",
            )
        ]

    def __str__(self) -> str:
        return f"Forecast of game {self.game_id} at version {self.version} ({self.status})"
