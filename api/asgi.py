"""ASGI pieces in front of Django: the live stream without a request thread, and body timeouts.

Django's ASGI handler gives every request a thread of its own for its synchronous parts, held
until the response ends; for a stream that lasts STREAM_MAX_SECONDS that would be one idle
thread per phone. ``LiveStreamRouter`` answers ``GET /api/v1/games/{id}/stream/`` itself with
the same ``SeatStream`` the Django view uses: the seat is looked up on the event loop's shared
thread pool (the connection handed back at once) and the stream then waits on the event loop.
A seat holds at most STREAM_MAX_PER_SEAT streams at once (``deck_tracker.live.places``).
Every other request goes to Django.

``BodyTimeout`` answers 408 when a request body has not arrived whole within
REQUEST_BODY_TIMEOUT_SECONDS, so half-sent bodies cannot hold the server's attention forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from deck_tracker.games.languages import choose, from_accept_language
from deck_tracker.live.places import stream_place_give_back, stream_place_take
from deck_tracker.live.stream import (
    SeatStream,
    make_stream,
    release_connection,
    stream_after,
    stream_place_key,
    stream_seat,
)
from deck_tracker.models import Seat, TableDisplay

from .errors import error_body, too_many_streams_detail

Scope = dict[str, Any]
Receive = Any
Send = Any

# A seat refused a stream tries again after this long (its phone's other stream may have ended).
STREAM_RETRY_AFTER_SECONDS = 5
STREAM_PATH = re.compile(
    r"^/api/v1/games/(?P<game_id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
    r"/stream/$"
)


def _not_found(language: str) -> dict[str, Any]:
    with translation.override(language):
        return error_body("not_found", _("No such game, or your token is not for it."))


def _bearer(value: str | None) -> str | None:
    scheme, _, token = (value or "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _seat(token: str | None, ticket: str | None) -> Seat | TableDisplay | None:
    try:
        return stream_seat(token=token, ticket=ticket)
    finally:
        release_connection()


def _take_place(seat: Seat | TableDisplay) -> str | None:
    try:
        return stream_place_take(seat_id=stream_place_key(seat))
    finally:
        release_connection()


def _give_back(place: str) -> None:
    try:
        stream_place_give_back(place)
    finally:
        release_connection()


def too_many_streams(language: str) -> dict[str, Any]:
    with translation.override(language):
        return error_body("too_many_streams", too_many_streams_detail())


def _accept_language(scope: Scope) -> str | None:
    for key, value in scope.get("headers") or []:
        if key.lower() == b"accept-language":
            return str(from_accept_language(value.decode("latin-1")) or "") or None
    return None


async def _json(
    send: Send, status: int, body: dict[str, Any], headers: Sequence[tuple[bytes, bytes]] = ()
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"connection", b"close"),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps(body).encode()})


class LiveStreamRouter:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = STREAM_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        if match is None or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        await self.stream(match["game_id"], scope, receive, send)

    async def stream(self, game_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        token = _bearer(headers.get("authorization")) or (query.get("token") or [None])[0]
        ticket = (query.get("ticket") or [None])[0]
        seat = await sync_to_async(_seat, thread_sensitive=False)(token, ticket)
        language = choose(
            (query.get("lang") or [None])[0], from_accept_language(headers.get("accept-language"))
        )
        if seat is None or str(seat.game_id) != game_id:
            await _json(send, 404, _not_found(language))
            return
        place = await sync_to_async(_take_place, thread_sensitive=False)(seat)
        if place is None:
            retry = [(b"retry-after", str(STREAM_RETRY_AFTER_SECONDS).encode())]
            await _json(send, 429, too_many_streams(language), retry)
            return
        try:
            await self.stream_seat(seat, headers, query, receive, send)
        finally:
            await sync_to_async(_give_back, thread_sensitive=False)(place)

    async def stream_seat(
        self,
        seat: Seat | TableDisplay,
        headers: dict[str, str],
        query: dict[str, list[Any]],
        receive: Receive,
        send: Send,
    ) -> None:
        after = stream_after(headers.get("last-event-id") or (query.get("after") or [None])[0])
        stream = make_stream(
            seat,
            after=after,
            lang=(query.get("lang") or [None])[0],
            accept_language=headers.get("accept-language"),
        )
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream"),
                    (b"cache-control", b"no-cache"),
                    (b"x-accel-buffering", b"no"),
                ],
            }
        )
        sending = asyncio.ensure_future(self._send_all(stream, send))
        hanging_up = asyncio.ensure_future(self._until_disconnect(receive))
        await asyncio.wait({sending, hanging_up}, return_when=asyncio.FIRST_COMPLETED)
        for task in (sending, hanging_up):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await task

    @staticmethod
    async def _send_all(stream: SeatStream, send: Send) -> None:
        async for chunk in stream.streaming():
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    async def _until_disconnect(receive: Receive) -> None:
        while (await receive())["type"] != "http.disconnect":
            pass


class BodyTimeout:
    def __init__(self, app: Any, seconds: float | None = None) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seconds = self.seconds or float(settings.REQUEST_BODY_TIMEOUT_SECONDS)
        language = choose(_accept_language(scope))
        deadline = time.monotonic() + seconds
        state = {"body_done": False, "started": False, "timed_out": False}

        async def timed_receive() -> dict[str, Any]:
            if state["body_done"]:
                return dict(await receive())
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                state["timed_out"] = True
                if not state["started"]:
                    state["started"] = True
                    with translation.override(language):
                        detail = _(
                            "The request body did not arrive within {seconds:g} seconds."
                        ).format(seconds=seconds)
                    await _json(send, 408, error_body("request_timeout", detail))
                return {"type": "http.disconnect"}
            if message["type"] != "http.request" or not message.get("more_body"):
                state["body_done"] = True
            return dict(message)

        async def guarded_send(message: dict[str, Any]) -> None:
            if state["timed_out"]:
                return
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        await self.app(scope, timed_receive, guarded_send)
