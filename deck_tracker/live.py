"""The live stream of one seat: server-sent events of the game's new events, as it may see them.

The same stream serves WSGI (a blocking generator) and ASGI (an async generator: Django would
otherwise read a blocking one to its end before sending anything, and phones would wait for the
whole connection to close to see a change).
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.conf import settings

from . import notifications, selectors
from .models import Game, Seat

RETRY = b"retry: 1000\n\n"
KEEP_ALIVE = b": keep-alive\n\n"
MAX_WAIT = 2.0


class SeatStream:
    def __init__(self, *, game_id: str, seat: Seat, after: int) -> None:
        self.game_id = game_id
        self.seat = seat
        self.after = after
        self.deadline: float = time.monotonic() + float(settings.STREAM_MAX_SECONDS)
        self.listener = notifications.RedisListener(game_id) if settings.REDIS_URL else None

    def open(self) -> bool:
        return time.monotonic() < self.deadline

    def poll(self) -> list[bytes]:
        """The messages for events after the last one sent (none: a keep-alive comment)."""
        game = Game.objects.only("last_seq", "version").get(pk=self.game_id)
        if game.last_seq <= self.after:
            return []
        events = list(selectors.events_after(game=game, after=self.after, limit=200))
        messages = []
        for event in selectors.events_view(events=events, seat=self.seat):
            payload = json.dumps(event | {"game_version": game.version})
            messages.append(f"id: {event['seq']}\nevent: change\ndata: {payload}\n\n".encode())
            self.after = event["seq"]
        return messages

    def wait(self) -> None:
        """Until a change is announced, or a short while (the next poll catches any miss)."""
        timeout = min(MAX_WAIT, max(0.0, self.deadline - time.monotonic()))
        if self.listener is not None:
            self.listener.wait(timeout)
        else:
            notifications.wait_local(game_id=self.game_id, after=self.after, timeout=timeout)

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()

    def blocking(self) -> Iterator[bytes]:
        try:
            yield RETRY
            while self.open():
                messages = self.poll()
                yield from messages or [KEEP_ALIVE]
                if not messages:
                    self.wait()
        finally:
            self.close()

    async def streaming(self) -> AsyncIterator[bytes]:
        poll = sync_to_async(self.poll)
        # Waiting blocks a worker thread of its own, never the thread that runs the ORM.
        wait = sync_to_async(self.wait, thread_sensitive=False)
        try:
            yield RETRY
            while self.open():
                messages = await poll()
                for message in messages or [KEEP_ALIVE]:
                    yield message
                if not messages:
                    await wait()
        finally:
            await sync_to_async(self.close, thread_sensitive=False)()
