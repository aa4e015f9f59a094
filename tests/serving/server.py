"""Start the shipped server (`python -m dotr_companion.serve`, what `make run` runs) for a test.

Ports come from a fixed range; tests talk to it on loopback only.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _ports(spec: str) -> range:
    """``TEST_SERVER_PORTS=8130-8139`` keeps one test run's servers apart from another's."""
    first, _, last = spec.partition("-")
    return range(int(first), int(last or first) + 1)


def _worker_share(ports: range) -> range:
    """Under pytest-xdist each worker takes its own slice of the range (gw0 the first), so two
    workers never race for one port between the probe and the server's bind."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    if not worker.startswith("gw") or count < 2:
        return ports
    size = len(ports) // count
    if size < 1:
        raise RuntimeError(f"{len(ports)} test server ports cannot be shared by {count} workers")
    first = ports.start + int(worker[2:]) * size
    return range(first, first + size)


PORTS = _worker_share(_ports(os.environ.get("TEST_SERVER_PORTS") or "8401-8499"))


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def request(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    *,
    host: str | None = None,
    token: str | None = None,
    timeout: float = 30,
) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if host:
        headers["Host"] = host
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None
    finally:
        connection.close()


@contextlib.contextmanager
def shipped_server(
    env: dict[str, str], args: list[str] | None = None, *, migrate: bool = False
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    full_env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
    if migrate:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=full_env,
            check=True,
        )
    port = free_port()
    command = [sys.executable, "-m", "dotr_companion.serve", "--port", str(port), *(args or [])]
    process = subprocess.Popen(
        command, cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        for _ in range(240):
            if process.poll() is not None:
                raise RuntimeError(f"the server stopped at start (exit {process.returncode})")
            with contextlib.suppress(OSError):
                if request(port, "GET", "/healthz", timeout=2)[0] == 200:
                    break
            time.sleep(0.25)
        else:
            raise RuntimeError("the server did not answer /healthz within 60 s")
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def listening_addresses(port: int) -> set[str]:
    """The local addresses with a listening TCP socket on ``port`` (Linux /proc/net)."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:
            for line in list(lines)[1:]:
                fields = line.split()
                address, hex_port = fields[1].split(":")
                if int(hex_port, 16) == port and fields[3] == "0A":  # 0A: LISTEN
                    found.add("0.0.0.0" if address == "0" * width and width == 8 else address)
                    if address == "0" * width and width == 32:
                        found.add("::")
    return found
