"""Celery tasks: they take ids or nothing, call a service, and may run twice safely."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from .models import IdempotencyRecord


@shared_task  # type: ignore[untyped-decorator]
def purge_idempotency_records() -> int:
    """Forget stored responses older than IDEMPOTENCY_TTL_HOURS."""
    cutoff = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_TTL_HOURS)
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted


@shared_task  # type: ignore[untyped-decorator]
def backup_database() -> str:
    """Write a backup archive to BACKUP_DIR and keep the newest BACKUP_KEEP."""
    from .backups import backup_write

    return str(backup_write().path)
