"""A hostile player against the shipped server, on loopback: what held and what gave way.

Starts the server as ``make run`` does (``python -m dotr_companion.serve``: uvicorn, SQLite in a
temporary folder, Celery eager) on 127.0.0.1, or as ``make prod`` does with ``--prod`` (web
processes, a Celery worker and beat on DATABASE_URL and REDIS_URL), then runs, each bounded:

- body flood: a body declared 1.5 GB, then a chunked body with no end; how much the server
  took in before it answered, and what it answered;
- header flood: 100 connections that send half a request's headers and stop; how many the
  server had closed after ``--header-wait`` seconds, and whether it still answered meanwhile;
- forecast flood: one seat asks 10 forecasts at once (another seed, another budget each), then
  another table asks a 1-second one; what was refused and how long the other table waited;
- stream flood: one seat opens up to 60 live streams; how many were let in, and how long
  another seat's read of its game took before and during;
- groups and players: one account creates groups and players until refused (bounded);
- sign-in flood: 30 wrong passwords to the API sign-in and 30 to ``/admin/login/``; the answers.

    python scripts/attack.py                 # the `make run` server, port 8131
    DATABASE_URL=postgres://... REDIS_URL=redis://... python scripts/attack.py --prod

Every connection goes to 127.0.0.1; every loop has a fixed bound.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import http.client
import json
import os
import re
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"  # loopback only, always
DOTR = {"host": {"name": "Ada", "hero": "Wizard"}}


# ---- talking to the server ----------------------------------------------------------------


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = None,
    timeout: float = 60,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, float]:
    """Status, JSON body (or text) and seconds taken."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    started = time.monotonic()
    try:
        payload = json.dumps(body) if body is not None and not isinstance(body, str) else body
        connection.request(method, path, payload, sent)
        response = connection.getresponse()
        raw = response.read()
    except (OSError, http.client.HTTPException) as error:
        return 0, str(error), time.monotonic() - started
    finally:
        connection.close()
    try:
        content: Any = json.loads(raw) if raw else None
    except ValueError:
        content = raw.decode("utf-8", "replace")
    return response.status, content, time.monotonic() - started


def connect(port: int, timeout: float = 10) -> socket.socket:
    return socket.create_connection((HOST, port), timeout=timeout)


def status_line(data: bytes) -> str:
    return data.split(b"\r\n", 1)[0].decode("latin-1") if data else "(no answer)"


@contextlib.contextmanager
def shipped_server(port: int, prod: bool) -> Iterator[None]:
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "DEBUG": "0",
        # Room to create the tables of the floods; the floods' own throttles stay as shipped.
        "CREATE_THROTTLE_RATE": "1000/min",
        "JOIN_THROTTLE_RATE": "1000/min",
    }
    with tempfile.TemporaryDirectory(prefix="dotr-attack-") as folder:
        if not prod:
            env.update(
                DATABASE_URL=f"sqlite:///{folder}/table.sqlite3",
                REDIS_URL="",
                CELERY_TASK_ALWAYS_EAGER="1",
            )
        env["CELERY_BEAT_SCHEDULE_FILE"] = f"{folder}/celerybeat-schedule"
        for step in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            # What `make run` and `make prod` do before they start the server.
            subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True)
        command = [sys.executable, "-m", "dotr_companion.serve", "--host", HOST, "--port"]
        command += [str(port), *(["--prod"] if prod else [])]
        log = open(Path(folder) / "server.log", "wb")  # noqa: SIM115
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        try:
            for _ in range(240):
                if server.poll() is not None:
                    raise SystemExit(f"the server stopped at start (exit {server.returncode})")
                if call(port, "GET", "/healthz", timeout=2)[0] == 200:
                    break
                time.sleep(0.25)
            else:
                raise SystemExit("the server did not answer /healthz within 60 s")
            yield
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()


def new_table(port: int) -> dict[str, Any]:
    status, game, _ = call(port, "POST", "/api/v1/games/", DOTR)
    if status != 201:
        raise SystemExit(f"could not create a game: {status} {game}")
    _, joined, _ = call(
        port,
        "POST",
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
    )
    game["player_token"] = joined["token"]
    return game


# ---- the floods ---------------------------------------------------------------------------


def read_answer(sender: socket.socket, wait: float) -> bytes:
    sender.settimeout(wait)
    with contextlib.suppress(OSError):
        return sender.recv(4096)
    return b""


def _answered(sender: socket.socket, wait: float) -> bytes:
    """The server's answer if one arrives within ``wait`` seconds, else b""."""
    if not select.select([sender], [], [], wait)[0]:
        return b""
    try:
        return sender.recv(4096) or b"(closed)"
    except OSError:
        return b"(closed)"


def body_flood(port: int) -> None:
    piece = b"x" * 65_536
    most = 8 * 1024 * 1024  # the script sends at most 8 MB of each body
    for framing in ("declared", "chunked"):
        head = (
            "Content-Length: 1500000000" if framing == "declared" else "Transfer-Encoding: chunked"
        )
        sender = connect(port)
        sender.sendall(
            f"POST /api/v1/games/ HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"{head}\r\n\r\n".encode()
        )
        data = piece if framing == "declared" else f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
        sent, answer = 0, _answered(sender, 1.0)
        # A piece at a time, looking for an answer between pieces; a server that stops reading
        # makes sendall wait (up to the socket's 10 s timeout).
        while sent < most and not answer:
            try:
                sender.sendall(data)
            except OSError:
                answer = _answered(sender, 1.0) or b"(connection closed while sending)"
                break
            sent += len(piece)
            answer = _answered(sender, 0.02)
        answer = answer or _answered(sender, 5.0)
        sender.close()
        print(
            f"  {framing} body: {status_line(answer)!r} after {sent / 1024:,.0f} KB of body sent "
            f"(the script sends at most {most // 1048576} MB)"
        )


def header_flood(port: int, wait: float) -> None:
    senders = []
    for _ in range(100):
        sender = connect(port)
        sender.sendall(f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nX-Never-Ends: ".encode())
        senders.append(sender)
    status, _, seconds = call(port, "GET", "/healthz", timeout=10)
    print(f"  meanwhile /healthz answered {status} in {seconds * 1000:.0f} ms")
    deadline = time.monotonic() + wait
    closed: set[int] = set()
    while time.monotonic() < deadline and len(closed) < len(senders):
        for index, sender in enumerate(senders):
            if index in closed:
                continue
            sender.settimeout(0.05)
            try:
                if sender.recv(4096) is not None:
                    closed.add(index)  # an answer (408) or the end of the connection
            except TimeoutError:
                pass
            except OSError:
                closed.add(index)
    for sender in senders:
        sender.close()
    print(
        f"  {len(closed)}/100 half-sent header connections closed by the server within {wait:g} s"
    )


def forecast_flood(port: int) -> None:
    busy, other = new_table(port), new_table(port)
    url = f"/api/v1/games/{busy['id']}/forecasts/"
    # The probes come from the table's other seat, so that they leave the host's throttle whole.
    probe = busy["player_token"]
    status, body, _ = call(port, "POST", url, {"samples": 1, "budget_seconds": 30}, token=probe)
    budget = 30 if status in (200, 202) else 10
    print(f"  a 30-second budget: {status}; the flood asks {budget} s")
    status, body, _ = call(port, "POST", url, {"samples": 1, "seed": "mine"}, token=probe)
    print(f"  a seed chosen by the seat: {status}")

    def ask(n: int) -> tuple[int, Any]:
        settings = {"nights": 3, "samples": 90_000 + n, "budget_seconds": budget}
        status, body, _ = call(port, "POST", url, settings, token=busy["token"], timeout=600)
        return status, body.get("id") if isinstance(body, dict) else None

    with concurrent.futures.ThreadPoolExecutor(max_workers=10) as pool:
        asks = [pool.submit(ask, n) for n in range(10)]
        time.sleep(0.5)  # the other table asks while the ten are being answered
        started = time.monotonic()
        other_url = f"/api/v1/games/{other['id']}/forecasts/"
        status, body, _ = call(
            port,
            "POST",
            other_url,
            {"nights": 1, "samples": 100_000, "budget_seconds": 1},
            token=other["token"],
            timeout=600,
        )
        read = body
        done = isinstance(read, dict) and read.get("status") == "done"
        for _ in range(600):  # read back until done (at most 5 minutes)
            if done or not isinstance(body, dict) or "id" not in body:
                break
            time.sleep(0.5)
            _, read, _ = call(port, "GET", f"{other_url}{body['id']}/", token=other["token"])
            done = isinstance(read, dict) and read.get("status") == "done"
        waited = time.monotonic() - started
        reached = read["result"]["samples"] if done else 0
        answers = [future.result() for future in asks]
    statuses = Counter(status for status, _ in answers)
    ids = {forecast for _, forecast in answers if forecast}
    print(f"  one seat's 10 asks: {dict(statuses)}; {len(ids)} forecast(s) made or queued")
    print(
        f"  another table's 1-second forecast: {'done' if done else 'NOT done'} "
        f"after {waited:.1f} s, {reached:,} samples in its second"
    )


def stream_flood(port: int) -> None:
    table, other = new_table(port), new_table(port)
    probe = f"/api/v1/games/{other['id']}/"

    def median_read_ms() -> float:
        return statistics.median(
            call(port, "GET", probe, token=other["token"])[2] * 1000 for _ in range(20)
        )

    before = median_read_ms()
    streams, answers = [], Counter()
    for _ in range(60):
        phone = connect(port)
        phone.sendall(
            f"GET /api/v1/games/{table['id']}/stream/ HTTP/1.1\r\nHost: {HOST}\r\n"
            f"Authorization: Bearer {table['token']}\r\n\r\n".encode()
        )
        answer = read_answer(phone, 10)
        answers[status_line(answer)[9:12] or "closed"] += 1
        if answer.startswith(b"HTTP/1.1 200"):
            streams.append(phone)
        else:
            phone.close()
    during = median_read_ms()
    for phone in streams:
        phone.close()
    print(f"  60 streams asked by one seat: {dict(answers)}")
    print(f"  another table's read of its game: {before:.0f} ms before, {during:.0f} ms during")


def account_flood(port: int) -> None:
    status, account, _ = call(
        port, "POST", "/api/v1/accounts/", {"username": "hoarder", "password": "a-long-password"}
    )
    if status != 201:
        print(f"  could not register: {status} {account}")
        return
    token = account["token"]
    groups, last = [], None
    for n in range(60):
        status, body, _ = call(port, "POST", "/api/v1/groups/", {"name": f"G{n}"}, token=token)
        if status != 201:
            last = (status, body.get("code") if isinstance(body, dict) else body)
            break
        groups.append(body["id"])
    print(f"  groups accepted: {len(groups)} of 60 asked; then {last}")
    players, last = 0, None
    for n in range(300):
        status, body, _ = call(
            port,
            "POST",
            "/api/v1/players/",
            {"group": groups[n % len(groups)], "name": f"P{n}"},
            token=token,
        )
        if status != 201:
            last = (status, body.get("code") if isinstance(body, dict) else body)
            break
        players += 1
    print(f"  players accepted: {players} of 300 asked; then {last}")


def sign_in_flood(port: int) -> None:
    answers = Counter(
        call(port, "POST", "/api/v1/accounts/token/", {"username": "hoarder", "password": f"x{n}"})[
            0
        ]
        for n in range(30)
    )
    print(f"  API sign-in, 30 wrong passwords: {dict(answers)}")
    answers = Counter()
    for n in range(30):
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        connection.request("GET", "/admin/login/")
        page = connection.getresponse()
        html = page.read().decode("utf-8", "replace")
        cookie = page.getheader("Set-Cookie") or ""
        connection.close()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        csrf = re.search(r"csrftoken=([^;]+)", cookie)
        form = f"csrfmiddlewaretoken={token[1] if token else ''}&username=admin&password=x{n}"
        status, body, _ = call(
            port,
            "POST",
            "/admin/login/",
            form,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"csrftoken={csrf[1] if csrf else ''}",
                "Referer": f"http://{HOST}:{port}/admin/login/",
            },
        )
        refused_again = status == 200 and "correct username and password" in str(body)
        answers["200 (form shown again)" if refused_again else str(status)] += 1
    print(f"  /admin/login/, 30 wrong passwords: {dict(answers)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8131)
    parser.add_argument("--prod", action="store_true", help="the make prod server (PG, Redis)")
    parser.add_argument("--header-wait", type=float, default=20.0)
    args = parser.parse_args()
    with shipped_server(args.port, args.prod):
        print(
            f"The shipped server ({'make prod' if args.prod else 'make run'}) on {HOST}:{args.port}"
        )
        for title, flood in (
            ("Body flood", lambda: body_flood(args.port)),
            ("Header flood", lambda: header_flood(args.port, args.header_wait)),
            ("Forecast flood", lambda: forecast_flood(args.port)),
            ("Stream flood", lambda: stream_flood(args.port)),
            ("Groups and players", lambda: account_flood(args.port)),
            ("Sign-in flood", lambda: sign_in_flood(args.port)),
        ):
            print(title)
            flood()
    return 0


if __name__ == "__main__":
    sys.exit(main())
