"""Celery tasks: they take ids or nothing, call a service, and may run twice safely."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import OperationalError
from django.utils import timezone

from deck_tracker.forecasts.services import forecast_run

from .models import IdempotencyRecord


@shared_task  # type: ignore[untyped-decorator]
def purge_idempotency_records() -> int:
    """Forget stored responses older than IDEMPOTENCY_TTL_HOURS."""
    cutoff = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_TTL_HOURS)
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted


@shared_task  # type: ignore[untyped-decorator]
def backup_database() -> str:
    """Write a backup archive to BACKUP_DIR and keep the newest BACKUP_KEEP.

    An archive that does not read back whole raises (``backups.ArchiveError``): the task fails,
    visibly, instead of reporting an archive no restore could use.
    """
    from deck_tracker.operations.backups import backup_write

    return str(backup_write().path)


@shared_task(  # type: ignore[untyped-decorator]
    autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5
)
def forecast_computed(forecast_id: str) -> str:
    """Compute a threat forecast, writing its progress as it goes; safe to run twice."""
    return forecast_run(forecast_id=forecast_id)
