"""The cross-phone delay: from one phone's action to the other phone showing the new state.

Measured at the HTTP level, as the app does it: phone B reads the game once, then only listens
to its live stream and applies each ``state`` message (an RFC 6902 patch of its game view) to
what it holds, never sending another GET. Phone A posts ``--changes`` actions (default 60), one
at a time. For each, the script prints figures over all changes:
- POST to applied: from A sending the action to B holding the new version;
- message to applied: from B receiving the stream message to B holding the new version;
and checks at the end that B's patched view equals what a GET answers.

    DATABASE_URL=... REDIS_URL=... python scripts/bench_cross_phone.py
    python scripts/bench_cross_phone.py --url http://127.0.0.1:8401
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonpatch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_live import http, make_table, start_server  # noqa: E402


class PatchingPhone:
    def __init__(self, host: str, port: int, table: dict[str, Any], view: dict[str, Any]) -> None:
        self.host, self.port, self.table, self.view = host, port, table, view
        self.applied_at: dict[int, tuple[float, float]] = {}  # version: (received, applied)
        self.changed = asyncio.Condition()
        self.gets = 0

    async def listen(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**22)
        writer.write(
            (
                f"GET /api/v1/games/{self.table['id']}/stream/ HTTP/1.1\r\nHost: {self.host}\r\n"
                f"Authorization: Bearer {self.table['player']}\r\n"
                f"Last-Event-ID: {self.view['last_seq']}\r\n\r\n"
            ).encode()
        )
        await writer.drain()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        event = ""
        while line := await reader.readline():
            text = line.decode().rstrip("\r\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: ") and event == "state":
                await self._apply(time.perf_counter(), json.loads(text[6:]))

    async def reached(self, version: int) -> None:
        async with self.changed:
            await self.changed.wait_for(lambda: version in self.applied_at)

    async def _apply(self, received: float, message: dict[str, Any]) -> None:
        if "game" in message:
            self.view = message["game"]
        elif message.get("base_version") == self.view["version"]:
            self.view = jsonpatch.apply_patch(self.view, message["patch"])
        else:  # missed a message: the app would GET here
            self.gets += 1
            _status, self.view = await http(
                self.host, self.port, "GET", f"/api/v1/games/{self.table['id']}/", None,
                self.table["player"],
            )  # fmt: skip
        self.applied_at[self.view["version"]] = (received, time.perf_counter())
        async with self.changed:
            self.changed.notify_all()


async def bench(host: str, port: int, changes: int, pause: float) -> None:
    cards = [f"card-{n:03d}" for n in range(changes)]
    setup = {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": cards}}}
    table = await make_table(host, port, setup)
    _status, view = await http(
        host, port, "GET", f"/api/v1/games/{table['id']}/", None, table["player"]
    )
    phone = PatchingPhone(host, port, table, view)
    listening = asyncio.create_task(phone.listen())
    await asyncio.sleep(1.0)
    post_to_applied, message_to_applied = [], []
    version = view["version"]
    for n in range(changes):
        action = {"type": "draw" if n % 2 else "shuffle", "args": {"deck": "d"}}
        if n % 2:
            action["args"] |= {"to": "table"}
        sent = time.perf_counter()
        status, answer = await http(
            host, port, "POST", f"/api/v1/games/{table['id']}/actions/",
            action | {"expected_version": version}, table["host"],
        )  # fmt: skip
        assert status == 200, (status, answer)
        version = answer["version"]
        await asyncio.wait_for(phone.reached(version), 30)
        received, applied = phone.applied_at[version]
        post_to_applied.append(applied - sent)
        message_to_applied.append(applied - received)
        await asyncio.sleep(pause)
    listening.cancel()
    _status, fresh = await http(
        host, port, "GET", f"/api/v1/games/{table['id']}/", None, table["player"]
    )
    same = fresh == phone.view
    for name, values in (
        ("POST to applied", post_to_applied),
        ("message to applied", message_to_applied),
    ):
        values.sort()
        p95 = values[max(0, int(len(values) * 0.95) - 1)]
        print(
            f"{name}: median {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms over {len(values)} changes"
        )
    print(f"GETs after the first: {phone.gets}; patched view equals a fresh GET: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url")
    parser.add_argument("--changes", type=int, default=60)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between actions")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 2)))
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds (CI)")
    args = parser.parse_args()
    if args.quick:
        args.changes, args.pause, args.workers = 5, 0.05, 1
    process = None
    if args.url:
        parts = urlsplit(args.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
    else:
        process, port = start_server(args.workers)
        host = "127.0.0.1"
    try:
        asyncio.run(bench(host, port, args.changes, args.pause))
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    main()
