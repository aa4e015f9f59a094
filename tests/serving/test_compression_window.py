"""An answer of known length is compressed with a window that holds it whole: as small as brotli
makes it with its default window, and decoded to the same bytes (dotr_companion/compression.py)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import brotli
import pytest

from dotr_companion.compression import CompressedResponses


def _answer(events: int) -> bytes:
    rng = random.Random(events)
    places = ["Bounty Bay", "Dark Woods", "Monarch City", "Thorny Woods", "Windy Pass"]
    return json.dumps(
        {
            "events": [
                {
                    "seq": n,
                    "summary": f"Ada drew card {rng.randint(0, 999)} from the Hero deck",
                    "steps": [
                        {"text": f"{rng.randint(1, 3)} to {rng.choice(places)}", "rule": "r"}
                        for _ in range(4)
                    ],
                }
                for n in range(events)
            ]
        }
    ).encode()


def _served(body: bytes) -> tuple[dict[bytes, bytes], bytes]:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body, "more_body": False})

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/api/v1/games/x/",
             "headers": [(b"accept-encoding", b"gzip, deflate, br")]}  # fmt: skip
    asyncio.run(CompressedResponses(app)(scope, None, send))
    return dict(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.parametrize("events", [12, 120, 600])
def test_an_answer_is_as_small_as_with_the_default_window_and_reads_the_same(events: int) -> None:
    body = _answer(events)
    headers, packed = _served(body)
    assert headers[b"content-encoding"] == b"br"
    assert brotli.decompress(packed) == body
    default = brotli.compress(body, quality=5)
    assert len(packed) <= len(default) * 1.02 + 8, (len(body), len(packed), len(default))
