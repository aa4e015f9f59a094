"""Telling the other phones that a game changed.

After a command commits, its game's newest ``seq`` is published. Live streams wait on it: in
this process through a condition variable, and, where ``REDIS_URL`` is set, across processes
through Redis pub/sub. Streams also re-read the database on every wake-up and at a short
interval, so a missed message delays an update by at most that interval and never loses it.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import Any

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)
CHANNEL_PREFIX = "dotr:game:"

_condition = threading.Condition()
_latest: dict[str, int] = {}


def publish_after_commit(*, game_id: str, last_seq: int) -> None:
    transaction.on_commit(lambda: publish(game_id=game_id, last_seq=last_seq))


def publish(*, game_id: str, last_seq: int) -> None:
    _notify_local(game_id, last_seq)
    if settings.REDIS_URL:
        try:
            _redis().publish(CHANNEL_PREFIX + game_id, str(last_seq))
        except Exception:  # the stream's polling still delivers the change
            logger.warning(
                "could not publish game %s seq %s to Redis", game_id, last_seq, exc_info=True
            )


def _notify_local(game_id: str, last_seq: int) -> None:
    with _condition:
        if last_seq > _latest.get(game_id, 0):
            _latest[game_id] = last_seq
        _condition.notify_all()


def wait_local(*, game_id: str, after: int, timeout: float) -> int:
    """Block until this process hears of a seq beyond ``after`` or the timeout passes."""
    with _condition:
        _condition.wait_for(lambda: _latest.get(game_id, 0) > after, timeout=timeout)
        return _latest.get(game_id, 0)


_client: Any = None


def _redis() -> Any:
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    return _client


class RedisListener:
    """Subscribes to one game's channel; ``wait`` returns the newest seq heard, if any."""

    def __init__(self, game_id: str) -> None:
        self._pubsub = _redis().pubsub(ignore_subscribe_messages=True)
        self._pubsub.subscribe(CHANNEL_PREFIX + game_id)

    def wait(self, timeout: float) -> int | None:
        message = self._pubsub.get_message(timeout=timeout)
        if message and message.get("type") == "message":
            return int(message["data"])
        return None

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing a dead connection
            self._pubsub.close()
