"""How fast a change reaches the other phones with N tables open, on the shipped server.

For each N (100, 300, 500 tables by default): one game per table with a host and a player;
the player's phone holds the live stream open; once every stream is open, each host posts one
action (paced at ``--rate`` actions per second over all tables, 50 by default: as if each of
500 tables acted every 10 s; ``--rate 0`` sends them all at once), and the script times each
action from its POST to its event on the player's stream.
The phones send a browser's ``Accept-Encoding: gzip, deflate, br``, so answers and stream
messages above RESPONSE_COMPRESSION_MIN_BYTES leave compressed as for a real table
(``--no-compression``: none sent); the script decodes them and prints what it received.
``--healthz N`` first measures the server CPU of N ``GET /healthz`` (one database query) each
way: the HTTP side of any request (uvicorn, the ASGI layers, Django's handler and middleware).
Each size runs once per way the host phones connect (``--connections``): ``keep-alive``, the
phone's connection kept between its requests as a browser keeps it (HTTP/1.1; uvicorn closes it
after ``timeout_keep_alive`` idle seconds, then the phone opens a new one), and ``close``, a new
connection per request (``--close`` runs only that one); from one size to the next the two ways
alternate which runs first (the first as given).
Prints the median and p95 of that delay, the errors, and the most PostgreSQL connections seen
(sampled from pg_stat_activity) against ``SHOW max_connections``.

The server CPU per action moves by a few ms from one run of the same code to the next, so one
round cannot tell a 1 ms change: ``--rounds K`` runs each size and way K times on the same
tables (new streams each time) and prints each round's figure and their median and range. Each
round waits first for the server to be idle (the streams' first reads done), and each line
splits the figure into user and system CPU, counts the PostgreSQL sessions opened during the
round (``pg_stat_database.sessions``) and gives the client's own CPU (it shares the cores).

    DATABASE_URL=postgres://... REDIS_URL=redis://... python scripts/bench_live.py
    python scripts/bench_live.py --url http://127.0.0.1:8401 --pid 1234  # a server running

Without ``--url`` it starts the shipped configuration (``dotr_companion.serve``: uvicorn,
WEB_CONCURRENCY workers, default 2) on a free port in 8401-8499 with the throttles on game
creation raised for the run. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# What a phone's browser sends (``--accept-encoding``): answers and stream messages above
# RESPONSE_COMPRESSION_MIN_BYTES then leave compressed, as they do for a real table.
BROWSER_ACCEPT_ENCODING = "gzip, deflate, br"
ACCEPT_ENCODING = BROWSER_ACCEPT_ENCODING  # "" sends none (set from the command line)
ENCODINGS_SEEN: collections.Counter[str] = collections.Counter()  # answers and streams, by coding

SETUP = {"system": "generic", "host": {"name": "Ada"}, "decks": {"d": {"cards": ["a", "b", "c"]}}}


# ---- a small HTTP/1.1 client on asyncio streams (no dependency) ---------------------------


def _request_bytes(
    host: str, method: str, path: str, body: Any, token: str | None, *, close: bool
) -> bytes:
    payload = json.dumps(body).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.1", f"Host: {host}"]
    if close:
        head.append("Connection: close")
    head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    if token:
        head.append(f"Authorization: Bearer {token}")
    if ACCEPT_ENCODING:
        head.append(f"Accept-Encoding: {ACCEPT_ENCODING}")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + payload


async def http(
    host: str, port: int, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One request on a connection of its own (``Connection: close``)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(_request_bytes(host, method, path, body, token, close=True))
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    header, _, content = raw.partition(b"\r\n\r\n")
    status = int(header.split()[1])
    if b"transfer-encoding: chunked" in header.lower():
        content = _unchunk(content)
    content = _decoder(header)(content)
    return status, json.loads(content) if content.strip() else None


class KeptConnection:
    """A phone's connection kept open between its requests, as a browser keeps it (HTTP/1.1
    keep-alive): one request at a time; a new connection when the server has closed the idle
    one (uvicorn's ``timeout_keep_alive``) or answered ``Connection: close``."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0  # connections opened
        self.requests = 0
        self.lock = asyncio.Lock()

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        async with self.lock:
            reused = not self._stale()
            try:
                return await self._exchange(method, path, body, token)
            except (ConnectionError, asyncio.IncompleteReadError):
                if not reused:
                    raise
            # The server closed the idle connection as the request left: a browser sends it
            # again on a new connection (nothing of an answer had come).
            return await self._exchange(method, path, body, token)

    def _stale(self) -> bool:
        return self.reader is None or self.reader.at_eof() or self.writer.is_closing()  # type: ignore[union-attr]

    async def _exchange(
        self, method: str, path: str, body: Any, token: str | None
    ) -> tuple[int, Any]:
        if self._stale():
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.opened += 1
        assert self.reader is not None and self.writer is not None
        self.requests += 1
        try:
            self.writer.write(_request_bytes(self.host, method, path, body, token, close=False))
            await self.writer.drain()
            header = await self.reader.readuntil(b"\r\n\r\n")
            lower = header.lower()
            if b"transfer-encoding: chunked" in lower:
                content = await self._chunks()
            elif header.split()[1] in (b"204", b"304"):
                content = b""
            elif b"content-length:" in lower:
                length = int(lower.split(b"content-length:", 1)[1].split(b"\r\n", 1)[0])
                content = await self.reader.readexactly(length)
            else:
                content = await self.reader.read()
            if b"connection: close" in lower:
                self.close()
            content = _decoder(header)(content)
        except BaseException:
            self.close()
            raise
        status = int(header.split()[1])
        return status, json.loads(content) if content.strip() else None

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        out = b""
        while True:
            size = int((await self.reader.readline()).strip(), 16)
            data = await self.reader.readexactly(size + 2)
            if size == 0:
                return out
            out += data[:-2]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class OneShot:
    """A request per connection (``Connection: close``): how this script measured before."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.opened = self.requests = 0

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        self.opened += 1
        self.requests += 1
        return await http(self.host, self.port, method, path, body, token)


def _header_value(header: bytes, name: bytes) -> bytes:
    """A header's value ("" when absent) in a response's head, lower-cased."""
    for line in header.lower().split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip() == name:
            return value.strip()
    return b""


def _decoder(header: bytes) -> Any:
    """What undoes the answer's Content-Encoding, part after part (a stream's messages)."""
    encoding = _header_value(header, b"content-encoding")
    ENCODINGS_SEEN[encoding.decode() or "identity"] += 1
    if encoding == b"br":
        import brotli

        return brotli.Decompressor().process
    if encoding in (b"gzip", b"deflate"):
        return zlib.decompressobj(31 if encoding == b"gzip" else 15).decompress
    if encoding:
        raise ValueError(f"unexpected Content-Encoding {encoding!r}")
    return bytes


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        out, data = out + rest[:size], rest[size + 2 :]
    return out


class Phone:
    """The player's phone: its stream, reconnecting like the app does, and when events came."""

    def __init__(self, host: str, port: int, game_id: str, token: str, after: int) -> None:
        self.host, self.port, self.game_id, self.token = host, port, game_id, token
        self.after = after
        self.opened = asyncio.Event()
        self.arrivals: dict[str, float] = {}
        self.seen = asyncio.Event()
        self.errors = 0

    async def listen(self) -> None:
        while True:
            try:
                await self._one_connection()
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.errors += 1
                await asyncio.sleep(0.5)

    async def _one_connection(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**20)
        try:
            writer.write(
                (
                    f"GET /api/v1/games/{self.game_id}/stream/ HTTP/1.1\r\nHost: {self.host}\r\n"
                    f"Authorization: Bearer {self.token}\r\nLast-Event-ID: {self.after}\r\n"
                    + (f"Accept-Encoding: {ACCEPT_ENCODING}\r\n" if ACCEPT_ENCODING else "")
                    + "Accept: text/event-stream\r\n\r\n"
                ).encode()
            )
            await writer.drain()
            header = await reader.readuntil(b"\r\n\r\n")
            status = header.split()[1]
            if status != b"200":
                raise ValueError(f"stream answered {status!r}")
            chunked = _header_value(header, b"transfer-encoding") == b"chunked"
            decode = _decoder(header)
            self.opened.set()
            event, data, pending = "", "", b""
            while True:
                if chunked:
                    size = int((await reader.readline()).strip(), 16)
                    if size == 0:
                        return
                    part = (await reader.readexactly(size + 2))[:-2]
                else:
                    part = await reader.read(65536)
                    if not part:
                        return
                *lines, pending = (pending + decode(part)).split(b"\n")
                for line in lines:
                    text = line.decode().rstrip("\r")
                    if text.startswith("event: "):
                        event = text[7:]
                    elif text.startswith("data: "):
                        data = text[6:]
                    elif text.startswith("id: "):
                        self.after = int(text[4:])
                    elif text == "" and event:
                        self._message(event, data)
                        event, data = "", ""
        finally:
            writer.close()

    def _message(self, event: str, data: str) -> None:
        if event == "change":
            change = json.loads(data)
            self.arrivals.setdefault(change["type"], time.monotonic())
        elif event == "state" and "deck_shuffled" in self.arrivals:
            self.seen.set()


# ---- the run ------------------------------------------------------------------------------


def server_cpu_seconds(pid: int | None) -> float:
    """CPU time used so far by the server and its worker processes (Linux /proc)."""
    user, system = server_cpu_times(pid)
    return user + system


def server_cpu_times(pid: int | None) -> tuple[float, float]:
    """User and system CPU time used so far by the server and its worker processes."""
    if pid is None:
        return float("nan"), float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    times: dict[int, tuple[float, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            parents[int(entry.name)] = int(fields[1])
            times[int(entry.name)] = (int(fields[11]) / ticks, int(fields[12]) / ticks)
    family, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    own = [times.get(member, (0.0, 0.0)) for member in family]
    return sum(user for user, _system in own), sum(system for _user, system in own)


def client_cpu_seconds() -> float:
    """This script's own CPU time (its phones share the machine's cores with the server)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def settle(
    pid: int | None, *, step: float = 0.2, idle: float = 0.01, most: float = 5.0
) -> float:
    """Wait until the server is idle (under ``idle`` of a core over ``step`` seconds; at most
    ``most`` seconds): what it still does for the streams just opened (each one's first read,
    its whole view) is not the round's. Returns the seconds waited."""
    if pid is None:
        return 0.0
    started = time.monotonic()
    before = server_cpu_seconds(pid)
    while time.monotonic() - started < most:
        await asyncio.sleep(step)
        now = server_cpu_seconds(pid)
        if now - before < idle * step:
            break
        before = now
    return time.monotonic() - started


async def gather_limited(limit: int, coroutines: list[Any]) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def one(coroutine: Any) -> Any:
        async with gate:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))


async def make_table(host: str, port: int, setup: dict[str, Any] = SETUP) -> dict[str, Any]:
    status, game = await http(host, port, "POST", "/api/v1/games/", setup)
    assert status == 201, (status, game)
    status, joined = await http(
        host, port, "POST", "/api/v1/games/join/", {"join_code": game["join_code"], "name": "Bea"}
    )
    assert status == 201, (status, joined)
    return {"id": game["id"], "host": game["token"], "player": joined["token"], "version": 1}


async def shuffle(phone: Any, table: dict[str, Any], delay: float) -> tuple[float, int, float]:
    await asyncio.sleep(delay)
    started = time.monotonic()
    status, answer = await phone.request(
        "POST",
        f"/api/v1/games/{table['id']}/actions/",
        {"type": "shuffle", "args": {"deck": "d"}, "expected_version": table["version"]},
        table["host"],
    )
    if status == 200:
        table["version"] = answer["version"]
    return started, status, time.monotonic() - started


class ConnectionSampler:
    def __init__(self, database_url: str | None) -> None:
        self.url, self.most, self.limit = database_url, 0, "?"
        self.task: asyncio.Task[None] | None = None
        self.stats: Any = None

    async def __aenter__(self) -> ConnectionSampler:
        if self.url and self.url.startswith(("postgres://", "postgresql://")):
            import psycopg

            self.task = asyncio.create_task(asyncio.to_thread(self._sample_forever))
            self.stats = psycopg.connect(str(self.url), autocommit=True)
        return self

    async def __aexit__(self, *_: Any) -> None:
        self.stop = True
        if self.stats is not None:
            self.stats.close()

    def sessions(self) -> int | None:
        """Sessions ever opened on the database (``pg_stat_database``): a server's pool that
        opens connections during a round pays for each (the connection, its settings)."""
        if self.stats is None:
            return None
        self.stats.execute("SELECT pg_stat_clear_snapshot()")
        row = self.stats.execute(
            "SELECT sessions FROM pg_stat_database WHERE datname = %s",
            [urlsplit(self.url).path.lstrip("/")],
        ).fetchone()
        return int(row[0]) if row else None

    stop = False

    def _sample_forever(self) -> None:
        import psycopg

        database = urlsplit(self.url).path.lstrip("/")
        with psycopg.connect(str(self.url), autocommit=True) as connection:
            self.limit = str(connection.execute("SHOW max_connections").fetchone()[0])  # type: ignore[index]
            while not self.stop:
                row = connection.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> "
                    "pg_backend_pid()",
                    [database],
                ).fetchone()
                self.most = max(self.most, int(row[0]))  # type: ignore[index]
                time.sleep(0.2)


async def round_of(
    host: str,
    port: int,
    tables: list[dict[str, Any]],
    sampler: Any,
    rate: float,
    pid: int | None,
    keep_alive: bool,
) -> float:
    phones = []
    for table in tables:
        _status, game = await http(
            host, port, "GET", f"/api/v1/games/{table['id']}/", None, table["player"]
        )
        phones.append(Phone(host, port, table["id"], table["player"], game["last_seq"]))
    listeners = [asyncio.create_task(phone.listen()) for phone in phones]
    opened_at = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(p.opened.wait() for p in phones)), 120)
    open_seconds = time.monotonic() - opened_at
    # Each host's phone reads its game (its screen opening) on the connection it then acts on:
    # kept open (keep-alive, as a browser does) or one per request (``Connection: close``).
    hosts = [(KeptConnection if keep_alive else OneShot)(host, port) for _ in tables]
    opened = await gather_limited(
        16,
        [
            phone.request("GET", f"/api/v1/games/{table['id']}/", None, table["host"])
            for table, phone in zip(tables, hosts, strict=True)
        ],
    )
    assert all(status == 200 for status, _game in opened)
    settled = await settle(pid)
    sessions_before = sampler.sessions()
    client_before = client_cpu_seconds()
    user_before, system_before = server_cpu_times(pid)
    window_start = time.time()
    # The tables act at `rate` actions per second in all (0: all at once).
    opened_before = sum(phone.opened for phone in hosts)
    posts = await asyncio.gather(
        *(
            shuffle(phone, table, n / rate if rate else 0)
            for n, (table, phone) in enumerate(zip(tables, hosts, strict=True))
        )
    )
    new_connections = sum(phone.opened for phone in hosts) - opened_before
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(p.seen.wait() for p in phones)), 30)
    delays = sorted(
        phone.arrivals["deck_shuffled"] - started
        for phone, (started, _status, _answered) in zip(phones, posts, strict=True)
        if "deck_shuffled" in phone.arrivals
    )
    user_after, system_after = server_cpu_times(pid)
    window_end = time.time()
    client = (client_cpu_seconds() - client_before) / len(tables)
    sessions_after = sampler.sessions()
    user, system = (
        (user_after - user_before) / len(tables),
        (system_after - system_before) / len(tables),
    )
    cpu_per_action = user + system
    for listener in listeners:
        listener.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    for phone in hosts:
        if isinstance(phone, KeptConnection):
            phone.close()
    failed_posts = sum(1 for _started, status, _answered in posts if status != 200)
    answers = sorted(answered for _started, _status, answered in posts)
    missing = len(phones) - len(delays)
    p95 = delays[max(0, int(len(delays) * 0.95) - 1)] if delays else float("nan")
    how = "keep-alive" if keep_alive else "close     "
    print(
        f"{len(tables):>4} tables, {how}: {new_connections} POSTs on a new connection; "
        f"median {statistics.median(delays):.3f} s, p95 {p95:.3f} s, "
        f"max {delays[-1]:.3f} s (POST answered: median {statistics.median(answers):.3f} s); "
        f"{missing} not arrived, {failed_posts} POSTs not 200, "
        f"{sum(p.errors for p in phones)} stream reconnect errors; streams opened in "
        f"{open_seconds:.1f} s; most PostgreSQL connections so far {sampler.most} "
        f"(max_connections {sampler.limit}); server CPU per action, its stream message "
        f"included: {cpu_per_action * 1000:.1f} ms; load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    opened_sessions = (
        "?"
        if sessions_before is None or sessions_after is None
        else sessions_after - sessions_before
    )
    print(
        f"      (user {user * 1000:.1f} + system {system * 1000:.1f} ms; the server idle after "
        f"{settled:.1f} s; PostgreSQL sessions opened in the round: {opened_sessions}; the "
        f"client's CPU per action {client * 1000:.1f} ms; measured from {window_start:.2f} to "
        f"{window_end:.2f}, Unix time, for a profiler's samples)",
        flush=True,
    )
    return cpu_per_action


async def http_side(host: str, port: int, pid: int | None, count: int, keep_alive: bool) -> None:
    """Server CPU per request of ``GET /healthz`` (one database query): the HTTP side of every
    request (uvicorn, the ASGI layers, Django's handler and middleware), 16 phones at once."""
    phones = [(KeptConnection if keep_alive else OneShot)(host, port) for _ in range(16)]

    async def ask(phone: Any, times: int) -> None:
        for _ in range(times):
            status, _answer = await phone.request("GET", "/healthz")
            assert status == 200, status

    await asyncio.gather(*(ask(phone, 10) for phone in phones))
    each = max(1, count // len(phones))
    cpu_before = server_cpu_seconds(pid)
    await asyncio.gather(*(ask(phone, each) for phone in phones))
    cpu = (server_cpu_seconds(pid) - cpu_before) / (each * len(phones))
    for phone in phones:
        if isinstance(phone, KeptConnection):
            phone.close()
    how = "keep-alive" if keep_alive else "close     "
    print(
        f"GET /healthz, {how}: server CPU per request {cpu * 1e6:.0f} µs "
        f"({each * len(phones)} requests); load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )


async def bench(
    host: str,
    port: int,
    sizes: list[int],
    rate: float,
    pid: int | None,
    modes: list[bool],
    healthz: int = 0,
    rounds: int = 1,
) -> None:
    for keep_alive in modes if healthz else []:
        await http_side(host, port, pid, healthz, keep_alive)
    async with ConnectionSampler(os.environ.get("DATABASE_URL")) as sampler:
        tables = await gather_limited(16, [make_table(host, port) for _ in range(max(sizes))])
        # Not measured: the server's first actions and streams (what it loads and prepares once).
        warm = [KeptConnection(host, port) for _ in tables[:5]]
        for phone, table in zip(warm, tables, strict=False):
            await shuffle(phone, table, 0)
            phone.close()
        # The ways alternate their order from one size to the next (the first as given), so
        # neither always runs on a server just warmed, or just loaded, by the other.
        figures: dict[tuple[int, bool], list[float]] = {}
        for number, size in enumerate(sizes):
            for keep_alive in modes if number % 2 == 0 else modes[::-1]:
                for _round in range(rounds):
                    cpu = await round_of(host, port, tables[:size], sampler, rate, pid, keep_alive)
                    figures.setdefault((size, keep_alive), []).append(cpu)
                    await asyncio.sleep(2)
    seen = ", ".join(f"{coding} {count}" for coding, count in sorted(ENCODINGS_SEEN.items()))
    print(f"answers and streams received, by Content-Encoding: {seen}", flush=True)
    if rounds > 1:
        for (size, keep_alive), each in figures.items():
            how = "keep-alive" if keep_alive else "close"
            print(
                f"{size:>4} tables, {how}, {len(each)} rounds: server CPU per action "
                f"{', '.join(f'{cpu * 1000:.1f}' for cpu in each)} ms; median "
                f"{statistics.median(each) * 1000:.2f} ms (range {min(each) * 1000:.1f}-"
                f"{max(each) * 1000:.1f})",
                flush=True,
            )


def start_server(workers: int) -> tuple[subprocess.Popen[bytes], int]:
    from dotr_companion.serve import _cli, uvicorn_options
    from tests.serving.server import free_port, request

    port = free_port()
    env = {
        **os.environ,
        "CREATE_THROTTLE_RATE": "100000/min",
        "JOIN_THROTTLE_RATE": "100000/min",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    command = _cli(uvicorn_options(host="127.0.0.1", port=port, workers=workers))
    process = subprocess.Popen(
        [*command, "--no-access-log"], cwd=ROOT, env=env, stderr=subprocess.DEVNULL
    )
    for _ in range(240):
        with contextlib.suppress(OSError):
            if request(port, "GET", "/healthz", timeout=2)[0] == 200:
                return process, port
        time.sleep(0.25)
    process.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,300,500")
    parser.add_argument("--url", help="a running server (loopback) instead of starting one")
    parser.add_argument(
        "--pid", type=int, help="with --url: the server's process, for its CPU per action"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="rounds per size and way on the same tables (each round's figure, then the median)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=50.0,
        help="actions per second over all tables (50: each of 500 tables acts every 10 s)",
    )
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 2)))
    parser.add_argument(
        "--connections",
        default="keep-alive,close",
        help="each size is run once per way the host phones connect: keep-alive (a connection "
        "kept between a phone's requests, as a browser does), close (a new one per request)",
    )
    parser.add_argument("--close", action="store_true", help="only --connections close")
    parser.add_argument(
        "--healthz",
        type=int,
        default=0,
        metavar="N",
        help="first, the server CPU of N GET /healthz (the HTTP side of a request), each way",
    )
    parser.add_argument(
        "--accept-encoding",
        default=BROWSER_ACCEPT_ENCODING,
        help="what the phones send as Accept-Encoding (a browser's by default; '' for none, "
        "the answers then leave uncompressed)",
    )
    parser.add_argument(
        "--no-compression", action="store_true", help="the same as --accept-encoding ''"
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, a few seconds (CI)")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.rate, args.workers, args.healthz = "3", 0.0, 1, 32
    sizes = [int(n) for n in args.tables.split(",")]
    if args.close:
        args.connections = "close"
    ways = [way.strip() for way in args.connections.split(",")]
    if not set(ways) <= {"keep-alive", "close"}:
        parser.error("--connections takes keep-alive, close or both")
    modes = [way == "keep-alive" for way in ways]
    global ACCEPT_ENCODING
    ACCEPT_ENCODING = "" if args.no_compression else args.accept_encoding.strip()
    process = None
    if args.url:
        parts = urlsplit(args.url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
    else:
        process, port = start_server(args.workers)
        host = "127.0.0.1"
        print(f"uvicorn, {args.workers} workers, on {host}:{port}", flush=True)
    try:
        print(f"actions paced at {args.rate:g} per second over all tables", flush=True)
        print(
            f"phones send Accept-Encoding: {ACCEPT_ENCODING}"
            if ACCEPT_ENCODING
            else "phones send no Accept-Encoding (answers and stream messages uncompressed)",
            flush=True,
        )
        asyncio.run(
            bench(
                host,
                port,
                sizes,
                args.rate,
                process.pid if process else args.pid,
                modes,
                args.healthz,
                args.rounds,
            )
        )
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    main()
