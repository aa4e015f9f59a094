"""uvicorn's HTTP protocol with a deadline on every request's headers.

uvicorn closes a connection idle between requests (``timeout_keep_alive``) but sets no limit
on how long a request's headers may take: a client that sends half a request line, or headers
one byte a minute, holds a connection (and a file descriptor) for as long as it likes. On
``make run`` nothing stands between the LAN and uvicorn to cut it, so the server does: the
headers of a request must arrive within REQUEST_HEADER_TIMEOUT_SECONDS of the connection's
opening, or of the previous response's end, else the connection gets ``408`` and is closed.
The body has its own limit (``api.asgi.BodyTimeout``).

Written by hand because neither uvicorn nor its parsers offer this timeout (uvicorn's options
are the keep-alive between requests, the graceful shutdown, and h11's size limit). It extends
the httptools protocol, what uvicorn picks on its own when httptools is installed (it comes
with ``uvicorn[standard]``), so the parser the live-stream benchmark measured is unchanged.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


def header_timeout_seconds() -> float:
    # Read at the first connection, once Django's settings are loaded with the app.
    from django.conf import settings

    return float(settings.REQUEST_HEADER_TIMEOUT_SECONDS)


class HeaderDeadlineProtocol(HttpToolsProtocol):
    header_deadline: asyncio.TimerHandle | None = None
    _seconds: float | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_deadline()

    def on_headers_complete(self) -> None:
        self._disarm_header_deadline()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Idle until the next request (uvicorn armed its keep-alive): its headers get a deadline
        # too. A pipelined request already had its headers read.
        if self.timeout_keep_alive_task is not None:
            self._arm_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_deadline()
        super().connection_lost(exc)

    def _arm_header_deadline(self) -> None:
        self._disarm_header_deadline()
        if HeaderDeadlineProtocol._seconds is None:
            HeaderDeadlineProtocol._seconds = header_timeout_seconds()
        self.header_deadline = self.loop.call_later(
            HeaderDeadlineProtocol._seconds, self._headers_timed_out
        )

    def _disarm_header_deadline(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _headers_timed_out(self) -> None:
        self.header_deadline = None
        if not self.transport.is_closing():
            self.transport.write(TIMED_OUT)
            self.transport.close()
