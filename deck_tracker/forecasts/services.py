"""Threat forecasts: asked by a seat, computed by a Celery task, read with their progress.

A forecast is one row per game version and settings (asking again gives the same row, while it
runs and once it is done). The task reads the position stored with the row, never the game as
it is by then; a forecast whose version is not the game's any more is shown as stale.

What one table can make the workers do is bounded: a game has one forecast in flight (queued or
running) at a time, and asking for another meanwhile gives that one, so one table holds at most
one place in the queue whatever its seats ask; the seed is the server's, a seed from a seat
only names a finished forecast to read again (a seat choosing seeds could otherwise queue as
many forecasts of one version as it likes); the time budget is bounded by the view
(FORECAST_MAX_BUDGET_SECONDS) and seats are throttled there.
"""

from __future__ import annotations

import hashlib
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from deck_tracker.engine import EngineError, check_forecast, forecast
from deck_tracker.models import Forecast, Game, Seat

DEFAULT_NIGHTS = 3
DEFAULT_SAMPLES = 2000
DEFAULT_BUDGET_SECONDS = 8.0
# The task writes its progress at most this often.
PROGRESS_INTERVAL_SECONDS = 0.25


def default_seed(game: Game, version: int) -> str:
    """A seed of the game's id and version only: never the game's own (secret) seed."""
    return hashlib.sha256(f"forecast:{game.id}:{version}".encode()).hexdigest()[:16]


def forecast_request(
    *,
    seat: Seat,
    nights: int = DEFAULT_NIGHTS,
    samples: int = DEFAULT_SAMPLES,
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
    seed: str | None = None,
) -> tuple[Forecast, bool]:
    """The forecast of the game's current version with these settings; True if it is new.

    While another forecast of the game is in flight, that one (not new). A ``seed`` names a
    finished forecast of these settings to read again (``ForecastSeedUnknown`` when there is
    none). A failed forecast asked again is queued again. Refused (``EngineError``) when the
    game cannot be forecast (not a Defenders of the Realm game, the game over, bad settings).
    """
    with transaction.atomic():
        # The game's row lock makes "none in flight, so queue this one" one step on PostgreSQL.
        game = Game.objects.select_for_update().get(pk=seat.game_id)
        check_forecast(game.state, nights, samples, budget_seconds)
        key = {
            "game": game,
            "version": game.version,
            "nights": nights,
            "samples": samples,
            "budget_seconds": float(budget_seconds),
            "seed": seed or default_seed(game, game.version),
        }
        if seed is not None:
            return _finished(key), False
        existing = Forecast.objects.filter(**key).first()
        if existing is not None and existing.status != Forecast.Status.FAILED:
            return existing, False
        flying = forecast_in_flight(game_id=game.pk)
        if flying is not None:
            return flying, False
        if existing is not None:
            Forecast.objects.filter(pk=existing.pk).update(
                status=Forecast.Status.QUEUED,
                position=game.state,
                error="",
                progress=0,
                created_at=timezone.now(),  # asked again now: in flight from now
            )
            existing.refresh_from_db()
            return existing, True
        try:
            with transaction.atomic():
                return Forecast.objects.create(**key, position=game.state), True
        except IntegrityError:  # asked twice at once (no row lock on SQLite): the other's row
            return Forecast.objects.get(**key), False


class ForecastSeedUnknown(Exception):
    """A seed names no finished forecast of the game's version with these settings."""


def _finished(key: dict[str, Any]) -> Forecast:
    row = Forecast.objects.filter(**key, status=Forecast.Status.DONE).first()
    if row is None:
        raise ForecastSeedUnknown
    return row


def forecast_in_flight(*, game_id: Any) -> Forecast | None:
    """The game's forecast queued or running, if any (one older than FORECAST_IN_FLIGHT_SECONDS
    is taken as lost with its worker and holds the game's place no more)."""
    since = timezone.now() - timedelta(seconds=settings.FORECAST_IN_FLIGHT_SECONDS)
    return (
        Forecast.objects.filter(
            game_id=game_id,
            status__in=(Forecast.Status.QUEUED, Forecast.Status.RUNNING),
            created_at__gte=since,
        )
        .order_by("created_at")
        .first()
    )


def forecast_run(*, forecast_id: str) -> str:
    """Compute a queued forecast (a forecast already done is left as it is); its status."""
    row = Forecast.objects.filter(pk=forecast_id).first()
    if row is None:
        return "missing"
    if row.status == Forecast.Status.DONE or row.position is None:
        return str(row.status)
    Forecast.objects.filter(pk=row.pk).update(status=Forecast.Status.RUNNING, progress=0)
    last = [time.monotonic()]

    def progress(done: int, target: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_INTERVAL_SECONDS:
            last[0] = now
            Forecast.objects.filter(pk=row.pk).update(progress=done)

    try:
        figures = forecast(
            row.position,
            seed=row.seed,
            horizon=row.nights,
            samples=row.samples,
            budget_seconds=row.budget_seconds,
            on_progress=progress,
        )
    except EngineError as exc:
        Forecast.objects.filter(pk=row.pk).update(status=Forecast.Status.FAILED, error=str(exc))
        return str(Forecast.Status.FAILED)
    Forecast.objects.filter(pk=row.pk).update(
        status=Forecast.Status.DONE,
        progress=figures.samples,
        result=figures.as_dict(),
        position=None,
    )
    return str(Forecast.Status.DONE)


def forecast_of_seat(*, seat: Seat, forecast_id: Any) -> Forecast:
    """A forecast of the seat's game (``Forecast.DoesNotExist`` for any other)."""
    return Forecast.objects.defer("position").get(pk=forecast_id, game_id=seat.game_id)


def game_version(*, game_id: Any) -> int:
    version: int = Game.objects.values_list("version", flat=True).get(pk=game_id)
    return version


def forecast_body(row: Forecast, *, current_version: int) -> dict[str, Any]:
    return {
        "id": str(row.id),
        "game_version": row.version,
        "current_version": current_version,
        "stale": row.version != current_version,
        "status": row.status,
        "progress": {"samples": row.progress, "target": row.samples},
        "settings": {
            "nights": row.nights,
            "samples": row.samples,
            "budget_seconds": row.budget_seconds,
            "seed": row.seed,
        },
        "result": row.result,
        "error": row.error or None,
        "created_at": row.created_at.isoformat().replace("+00:00", "Z"),
    }


def latest_forecast(*, game: Game) -> dict[str, Any] | None:
    """The coming night's threat as the table's screen shades it: the figures by space of the
    latest finished forecast of the game as it is now (None when none was asked)."""
    row = (
        Forecast.objects.filter(game=game, version=game.version, status=Forecast.Status.DONE)
        .order_by("-updated_at")
        .first()
    )
    nights = (row.result or {}).get("nights") if row is not None else None
    if not nights:
        return None
    return {"id": str(row.id), "night": nights[0]} if row is not None else None
