"""Compress what the server sends when the phone accepts it: brotli, else gzip (ASGI).

Django's ``GZipMiddleware`` compresses a streamed response as one piece: a live stream's
messages would wait in the compressor until enough of them filled a block. Here each body part
of a response sent in parts (the live stream, any streamed response) is compressed and flushed
at once (``Z_SYNC_FLUSH``, brotli's ``flush``), so every message reaches the phone as soon as it
is written, and later messages still reuse the words of earlier ones. A response of known
length is compressed whole, its ``Content-Length`` rewritten.

Left as they are: static files (WhiteNoise sends the copies collectstatic compressed), bodies
below RESPONSE_COMPRESSION_MIN_BYTES, types that do not shrink (images), answers without a
body, ``Cache-Control: no-transform``. A strong ``ETag`` of a compressed answer becomes weak (the
bytes differ; the content does not), as Django's own middleware does.

BREACH (guessing a secret in a compressed body from its length) needs the attacker to make the
victim's browser send, many times, requests that carry the victim's credentials and reflect
chosen text beside the secret. The API's credentials are bearer tokens in a header, which a
browser never adds by itself to another site's request; the award tracker's session cookie is
``SameSite=Lax`` and Django masks its CSRF token anew in every response. So every kind of
response is compressed; RESPONSE_COMPRESSION=0 turns it all off (docs/serving.md).
"""

from __future__ import annotations

import zlib
from typing import Any
from urllib.parse import urlparse

from django.conf import settings

try:
    import brotli
except ImportError:  # pragma: no cover - Brotli is a dependency; gzip alone still works
    brotli = None

Scope = dict[str, Any]
Message = dict[str, Any]

COMPRESSIBLE = (
    b"text/",
    b"application/json",
    b"application/problem+json",
    b"application/manifest+json",
    b"application/javascript",
    b"application/vnd.oai.openapi",
    b"image/svg+xml",
)
# Dynamic answers are compressed as they are made: fast levels, nearly the best size for JSON.
GZIP_LEVEL = 6
BROTLI_QUALITY = 5
# An answer of known length up to 64 KB is compressed with a 64 KB window (brotli's lgwin 16):
# the window holds the whole answer, so nothing is lost (the same size within a few bytes), and
# the encoder then sets up tables of a quarter of the size: about 150 µs of CPU instead of 470
# to 570 µs for a 4 KB answer when the memory comes fresh from the system, as in the server.
# A stream keeps the default window (its messages refer to earlier ones; set up once).
BROTLI_SMALL_WINDOW_BITS = 16


def chosen_encoding(accept_encoding: str) -> str | None:
    """ "br" or "gzip" as the phone's Accept-Encoding allows (a q of 0 refuses), else None."""
    accepted = set()
    for part in accept_encoding.split(","):
        name, _, parameters = part.strip().partition(";")
        quality = parameters.strip().removeprefix("q=").strip() if parameters else "1"
        try:
            if float(quality) > 0:
                accepted.add(name.strip().lower())
        except ValueError:
            continue
    if brotli is not None and "br" in accepted:
        return "br"
    if "gzip" in accepted:
        return "gzip"
    return None


class _Compressor:
    def __init__(self, encoding: str, length: int | None = None) -> None:
        self.encoding = encoding
        if encoding == "br":
            small = length is not None and length <= 1 << BROTLI_SMALL_WINDOW_BITS
            window = {"lgwin": BROTLI_SMALL_WINDOW_BITS} if small else {}
            self._brotli = brotli.Compressor(quality=BROTLI_QUALITY, **window)
        else:
            self._gzip = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)  # 31: a gzip wrapper

    def part(self, data: bytes, *, flush: bool) -> bytes:
        if self.encoding == "br":
            out: bytes = self._brotli.process(data)
            return out + self._brotli.flush() if flush else out
        out = self._gzip.compress(data)
        return out + self._gzip.flush(zlib.Z_SYNC_FLUSH) if flush else out

    def finish(self) -> bytes:
        if self.encoding == "br":
            return bytes(self._brotli.finish())
        return self._gzip.flush(zlib.Z_FINISH)


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((value for key, value in headers if key.lower() == name), None)


def _without(headers: list[tuple[bytes, bytes]], *names: bytes) -> list[tuple[bytes, bytes]]:
    return [(key, value) for key, value in headers if key.lower() not in names]


def _with_vary(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    vary = _header(headers, b"vary")
    if vary is None:
        return [*headers, (b"vary", b"Accept-Encoding")]
    if b"accept-encoding" in vary.lower() or vary.strip() == b"*":
        return headers
    return [*_without(headers, b"vary"), (b"vary", vary + b", Accept-Encoding")]


class CompressedResponses:
    """ASGI middleware: see the module's docstring."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.static_prefix = urlparse(settings.STATIC_URL or "/static/").path

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] == "HEAD"
            or not settings.RESPONSE_COMPRESSION
            or scope["path"].startswith(self.static_prefix)
        ):
            await self.app(scope, receive, send)
            return
        accept = _header(scope.get("headers") or [], b"accept-encoding") or b""
        response = _Response(send, chosen_encoding(accept.decode("latin-1")))
        await self.app(scope, receive, response.send)


class _Response:
    """One response on its way out: passed through, compressed whole, or compressed in parts."""

    def __init__(self, send: Any, encoding: str | None) -> None:
        self._send = send
        self._encoding = encoding
        self._start: Message | None = None
        self._mode = "pass"  # "pass", "whole" (length known) or "parts" (streamed)
        self._compressor: _Compressor | None = None
        self._held: list[bytes] = []

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            await self._on_start(message)
        elif kind == "http.response.body" and self._mode != "pass":
            await self._on_body(message)
        else:
            await self._send(message)

    def _choose(self, message: Message) -> str:
        headers = message.get("headers") or []
        kind = (_header(headers, b"content-type") or b"").lower()
        if not kind.startswith(COMPRESSIBLE) or message["status"] in (204, 304):
            return "pass"
        if _header(headers, b"content-encoding") is not None:
            return "pass"
        if b"no-transform" in (_header(headers, b"cache-control") or b"").lower():
            return "pass"
        length = _header(headers, b"content-length")
        if length is not None and int(length) < settings.RESPONSE_COMPRESSION_MIN_BYTES:
            return "pass"
        return "whole" if length is not None else "parts"

    async def _on_start(self, message: Message) -> None:
        mode = self._choose(message)
        headers = list(message.get("headers") or [])
        if mode != "pass":
            headers = _with_vary(headers)  # the answer differs by Accept-Encoding
        if mode == "pass" or self._encoding is None:
            await self._send({**message, "headers": headers})
            return
        self._mode = mode
        length = _header(headers, b"content-length")
        self._compressor = _Compressor(self._encoding, int(length) if length else None)
        headers = _without(headers, b"content-length")
        headers.append((b"content-encoding", self._encoding.encode()))
        etag = _header(headers, b"etag")
        if etag is not None and not etag.startswith(b"W/"):
            headers = [*_without(headers, b"etag"), (b"etag", b"W/" + etag)]
        self._start = {**message, "headers": headers}
        if mode == "parts":  # the phone learns at once that the stream is open
            await self._send(self._start)

    async def _on_body(self, message: Message) -> None:
        assert self._compressor is not None and self._start is not None
        body = message.get("body", b"")
        more = bool(message.get("more_body"))
        if self._mode == "parts":
            if more and not body:
                return
            chunk = self._compressor.part(body, flush=more)
            if not more:
                chunk += self._compressor.finish()
            await self._send({"type": "http.response.body", "body": chunk, "more_body": more})
            return
        self._held.append(self._compressor.part(body, flush=False))
        if more:
            return
        self._held.append(self._compressor.finish())
        whole = b"".join(self._held)
        headers = [*self._start["headers"], (b"content-length", str(len(whole)).encode())]
        await self._send({**self._start, "headers": headers})
        await self._send({"type": "http.response.body", "body": whole})
