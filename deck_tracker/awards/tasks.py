"""Celery tasks of the award tracker: they take ids, call a service, and may run twice safely."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from . import services, statistics


@shared_task(  # type: ignore[untyped-decorator]
    autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5
)
def game_result_recorded(game_id: str) -> list[int]:
    """Rebuild a finished game's tracker rows, then its players' and their groups' statistics."""
    player_ids = services.game_record_sync(game_id=game_id)
    services.player_stats_recompute(player_ids=player_ids)
    statistics.group_stats_recompute(group_ids=statistics.groups_of_players(player_ids=player_ids))
    return player_ids


@shared_task(  # type: ignore[untyped-decorator]
    autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5
)
def group_stats_recomputed(group_id: int) -> list[int]:
    """Recompute the statistics of every player of a group and the group's (after an import)."""
    player_ids = services.group_player_ids(group_id=group_id)
    services.player_stats_recompute(player_ids=player_ids)
    statistics.group_stats_recompute(group_ids=[group_id])
    return player_ids
