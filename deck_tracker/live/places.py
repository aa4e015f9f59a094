"""How many live streams one seat holds open at once, counted over every web process.

A stream costs the server a socket, a coroutine and a read at every change; one token opening
hundreds slows every other table. Each open stream holds one of the seat's
STREAM_MAX_PER_SEAT places in the shared cache (Redis, or the database's cache table: the same
store the throttles count in), taken before the stream starts and given back when it ends.
A place lapses by itself a little after STREAM_MAX_SECONDS, the longest a stream lasts, so a
web process that dies with streams open cannot lock a seat out for longer than that.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

# A stream ends at STREAM_MAX_SECONDS; its place outlives it by this much at most.
LAPSE_MARGIN_SECONDS = 30


def stream_place_take(*, seat_id: Any) -> str | None:
    """The key of a place for one more stream of this seat, or None when all are taken."""
    lapse = float(settings.STREAM_MAX_SECONDS) + LAPSE_MARGIN_SECONDS
    for place in range(settings.STREAM_MAX_PER_SEAT):
        key = f"stream-place:{seat_id}:{place}"
        if cache.add(key, 1, timeout=lapse):
            return key
    return None


def stream_place_give_back(key: str) -> None:
    try:
        cache.delete(key)
    except Exception:  # the cache out of reach as the stream ends: the place lapses by itself
        logger.warning("A live stream's place (%s) was not given back; it lapses.", key)


class Held:
    """A stream's chunks holding its place, given back once the stream ends however it ends:
    read to its end, or closed by the server, even before its first chunk."""

    def __init__(self, chunks: Iterator[bytes] | AsyncIterator[bytes], key: str) -> None:
        self.chunks, self.key = chunks, key

    def close(self) -> None:
        if self.key:
            stream_place_give_back(self.key)
            self.key = ""
        close = getattr(self.chunks, "close", None)
        if close is not None:
            close()


class HeldStream(Held):
    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        try:
            return next(self.chunks)  # type: ignore[arg-type]
        except StopIteration:
            self.close()
            raise


class HeldAsyncStream(Held):
    def __aiter__(self) -> AsyncIterator[bytes]:
        return self

    async def __anext__(self) -> bytes:
        try:
            return await anext(self.chunks)  # type: ignore[arg-type]
        except StopAsyncIteration:
            await sync_to_async(self.close, thread_sensitive=False)()
            raise
