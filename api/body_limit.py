"""Refuse a request body over MAX_REQUEST_BYTES at the ASGI layer, before it is read.

Django's ASGI handler reads the whole body (into a temporary file past a few megabytes) before
any middleware runs, and a chunked body declares no length at all: a limit checked in Django
comes after the server has taken in whatever the client sent. ``RequestBodyLimit`` sits in
front of everything: a declared ``Content-Length`` over the limit is answered ``413`` without
reading a byte of the body, and a body without one (chunked) is counted as it arrives and
answered ``413`` as soon as it passes the limit. The app behind sees the client hang up.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from deck_tracker.games.languages import choose, from_accept_language

from .errors import error_body

Scope = dict[str, Any]
Message = dict[str, Any]


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _declared_length(scope: Scope) -> int | None:
    try:
        return int(_header(scope, b"content-length") or "")
    except ValueError:
        return None  # none, or malformed: the server and Django refuse a malformed one


async def _refuse(scope: Scope, send: Any, limit: int) -> None:
    with translation.override(choose(from_accept_language(_header(scope, b"accept-language")))):
        detail = _("The request body is larger than {limit} bytes.").format(limit=limit)
    body = json.dumps(error_body("request_too_large", detail)).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                # The rest of the body is never read: the connection cannot serve another request.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RequestBodyLimit:
    def __init__(self, app: Any, limit: int | None = None) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        limit = self.limit if self.limit is not None else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if scope["type"] != "http" or limit is None:
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            await _refuse(scope, send, limit)
            return
        state = {"received": 0, "refused": False, "started": False}

        async def counted_receive() -> Message:
            if state["refused"]:
                return {"type": "http.disconnect"}
            message: Message = dict(await receive())
            if message["type"] == "http.request":
                state["received"] += len(message.get("body", b""))
                if state["received"] > limit:
                    state["refused"] = True
                    if not state["started"]:
                        state["started"] = True
                        await _refuse(scope, send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if state["refused"]:
                return  # the 413 is the answer; the app behind only saw a hang-up
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        await self.app(scope, counted_receive, guarded_send)
