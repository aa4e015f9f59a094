"""Telling the other phones that a game changed.

After a command commits, its game is announced. Live streams wait for that announcement, never
holding a database connection while they do: each game has a *pulse* in this process that
every announcement bumps, and a stream notes the pulse before it reads, so an announcement made
while it reads wakes it at once. Blocking streams (WSGI) wait on a condition variable;
asynchronous streams (ASGI) on an ``asyncio.Event`` of their own event loop.

Where ``REDIS_URL`` is set, announcements also cross processes through Redis pub/sub: each
process holds *one* subscription (a pattern over every game) that relays what it hears to its
local waiters, a thread for blocking streams and a task on ``redis.asyncio`` for each event
loop. Streams still re-read the database at a longer interval, so a message lost while Redis
reconnects delays an update, never loses it. A process sends its announcements to Redis from a
thread of its own, in the order made: the request that made one answers its phone without
waiting for Redis (a round trip), and what is still to send when the process exits is sent then.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import queue
import threading
import time
import uuid
import weakref
from typing import Any

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)
CHANNEL_PREFIX = "dotr:game:"  # then the database number's part (channel_prefix)
RELAY_READY_SECONDS = 2.0

_condition = threading.Condition()
_pulses: dict[str, int] = {}
_waiters_lock = threading.Lock()
_async_waiters: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}


# ---- announcing ---------------------------------------------------------------------------


def publish_after_commit(*, game_id: str, last_seq: int) -> None:
    transaction.on_commit(lambda: publish(game_id=game_id, last_seq=last_seq))


def publish(*, game_id: str, last_seq: int) -> None:
    """Wake this game's streams here and, through Redis, in every other process (sent by this
    process's sender: ``_sender``)."""
    notify_local(game_id)
    if settings.REDIS_URL:
        _sender.send(channel_prefix() + game_id, f"{last_seq} {origin()}")


class _Sender:
    """Sends this process's announcements to Redis from a thread of its own, one after another
    in the order made; at exit, what is still waiting is sent before the process ends. A forked
    child starts with a sender of its own (the parent's thread does not run there, and may have
    held the lock as it forked)."""

    def __init__(self) -> None:
        self._waiting: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
        self._lock = threading.Lock()  # held while one is sent, and to start the thread
        self._thread: threading.Thread | None = None

    def send(self, channel: str, message: str) -> None:
        self._waiting.put((channel, message))
        thread = self._thread
        if thread is None or not thread.is_alive():
            self._start()

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="dotr-publish", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            channel, message = self._waiting.get()
            with self._lock:
                _send(channel, message)

    def flush(self, timeout: float = 2.0) -> None:
        """Send what is still waiting, here (the process is ending), for at most about
        ``timeout`` seconds (a Redis that does not answer must not hold the exit)."""
        deadline = time.monotonic() + timeout
        if not self._lock.acquire(timeout=timeout):
            return
        try:
            while time.monotonic() < deadline:
                try:
                    channel, message = self._waiting.get_nowait()
                except queue.Empty:
                    return
                _send(channel, message)
        finally:
            self._lock.release()


def _send(channel: str, message: str) -> None:
    try:
        _redis().publish(channel, message)
    except Exception:  # the stream's polling still delivers the change
        logger.warning("could not publish %s on %s to Redis", message, channel, exc_info=True)


_sender = _Sender()


def _new_sender_after_fork() -> None:
    global _sender
    _sender = _Sender()


def _flush_at_exit() -> None:
    _sender.flush()


os.register_at_fork(after_in_child=_new_sender_after_fork)
atexit.register(_flush_at_exit)


def pulse(game_id: str) -> int:
    """How many announcements this process has heard for the game (note it before reading)."""
    with _condition:
        return _pulses.get(game_id, 0)


def notify_local(game_id: str | None) -> None:
    """Bump one game's pulse (``None``: every game's, after a relay lost messages)."""
    with _condition:
        games = list(_pulses) if game_id is None else [game_id]
        for game in games:
            _pulses[game] = _pulses.get(game, 0) + 1
        _condition.notify_all()
    with _waiters_lock:
        if game_id is None:
            waiters = [waiter for group in _async_waiters.values() for waiter in group]
        else:
            waiters = list(_async_waiters.get(game_id, ()))
    for loop, event in waiters:
        with contextlib.suppress(RuntimeError):  # that loop has closed
            loop.call_soon_threadsafe(event.set)


# ---- waiting ------------------------------------------------------------------------------


def wait(*, game_id: str, since: int, timeout: float) -> None:
    """Block until the game's pulse moves past ``since`` or the timeout passes."""
    if settings.REDIS_URL:
        _thread_relay.start()
    with _condition:
        _condition.wait_for(lambda: _pulses.get(game_id, 0) != since, timeout=timeout)


async def wait_async(*, game_id: str, since: int, timeout: float) -> None:
    """The same as ``wait``, without a thread: the caller's event loop sleeps."""
    event = asyncio.Event()
    waiter = (asyncio.get_running_loop(), event)
    with _waiters_lock:
        _async_waiters.setdefault(game_id, set()).add(waiter)
    try:
        if pulse(game_id) != since:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
    finally:
        with _waiters_lock:
            group = _async_waiters.get(game_id)
            if group is not None:
                group.discard(waiter)
                if not group:
                    del _async_waiters[game_id]


# ---- Redis --------------------------------------------------------------------------------

_client: Any = None


def _redis() -> Any:
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
    return _client


_prefix: tuple[str, str] | None = None


def channel_prefix() -> str:
    """The channels' prefix for REDIS_URL's database: ``dotr:game:<db>:``."""
    global _prefix
    if _prefix is None or _prefix[0] != settings.REDIS_URL:
        import redis

        kwargs = redis.ConnectionPool.from_url(settings.REDIS_URL).connection_kwargs
        _prefix = (settings.REDIS_URL, f"{CHANNEL_PREFIX}{int(kwargs.get('db') or 0)}:")
    return _prefix[1]


_origin: tuple[int, str] | None = None


def origin() -> str:
    """This process's mark on what it publishes (a new one in a forked child)."""
    global _origin
    pid = os.getpid()
    if _origin is None or _origin[0] != pid:
        _origin = (pid, uuid.uuid4().hex)
    return _origin[1]


def relay(message: dict[str, Any]) -> None:
    """Wake this process's streams for an announcement heard from Redis, unless this process
    made it (it woke them as it published)."""
    if message.get("type") != "pmessage":
        return
    data = message.get("data")
    text = data.decode(errors="replace") if isinstance(data, bytes) else str(data or "")
    if text.partition(" ")[2] == origin():
        return
    notify_local(_game_of(message["channel"]))


def _game_of(channel: bytes | str) -> str:
    name = channel.decode() if isinstance(channel, bytes) else channel
    return name.removeprefix(channel_prefix())


class _ThreadRelay:
    """One subscription per process for the blocking streams, read by a daemon thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    def start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="dotr-relay", daemon=True)
                self._thread.start()
        self._ready.wait(RELAY_READY_SECONDS)

    def _run(self) -> None:
        import redis

        while True:
            try:
                client: Any = redis.Redis.from_url(settings.REDIS_URL, socket_keepalive=True)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(channel_prefix() + "*")
                pubsub.get_message(timeout=RELAY_READY_SECONDS)  # the confirmation
                self._ready.set()
                notify_local(None)  # anything announced while the relay was down
                for message in pubsub.listen():
                    relay(message)
            except Exception:
                logger.warning("Redis relay lost; reconnecting", exc_info=True)
                time.sleep(1.0)


_thread_relay = _ThreadRelay()
_loop_relays: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Future[None]] = (
    weakref.WeakKeyDictionary()
)


async def start_async_relay() -> None:
    """Make sure this event loop hears Redis announcements (one subscription per loop)."""
    if not settings.REDIS_URL:
        return
    loop = asyncio.get_running_loop()
    ready = _loop_relays.get(loop)
    if ready is None:
        ready = loop.create_future()
        _loop_relays[loop] = ready
        task = loop.create_task(_async_relay(ready))
        _relay_tasks.add(task)
        task.add_done_callback(_relay_tasks.discard)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(ready), RELAY_READY_SECONDS)


_relay_tasks: set[asyncio.Task[None]] = set()


async def _async_relay(ready: asyncio.Future[None]) -> None:
    from redis import asyncio as aioredis

    while True:
        client = aioredis.Redis.from_url(settings.REDIS_URL, socket_keepalive=True)
        try:
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            await pubsub.psubscribe(channel_prefix() + "*")
            await pubsub.get_message(timeout=RELAY_READY_SECONDS)  # the confirmation
            if not ready.done():
                ready.set_result(None)
            notify_local(None)
            async for message in pubsub.listen():
                relay(message)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("Redis relay lost; reconnecting", exc_info=True)
            await asyncio.sleep(1.0)
        finally:
            with contextlib.suppress(Exception):
                await client.aclose()
