"""A game that ended, or changed after its end, updates the tracker once the change commits."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from deck_tracker.games.services import game_result_changed

from .tasks import game_result_recorded


@receiver(game_result_changed, dispatch_uid="awards.game_result_changed")
def enqueue_game_result(sender: Any, *, game_id: str, **kwargs: Any) -> None:
    # After commit: the worker must see the committed state, and a rolled-back command
    # enqueues nothing.
    game_result_recorded.delay_on_commit(game_id)
