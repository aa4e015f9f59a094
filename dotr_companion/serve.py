"""Serve the app: `make run` (one table, this machine) and `make prod` (many tables).

``python -m dotr_companion.serve`` starts uvicorn, the ASGI server the live-stream benchmark
chose (see docs/serving.md): on every interface by default, with this host's LAN addresses
allowed as ``Host``, and prints the address phones join at, with a QR code.

``--prod`` starts, as separate processes, the web server (WEB_CONCURRENCY workers), a Celery
worker and Celery beat on DATABASE_URL and REDIS_URL, and stops them all when one stops.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import signal
import subprocess
import sys
import time
from typing import Any

APP = "dotr_companion.asgi:application"
# uvicorn's httptools protocol, with a deadline on each request's headers.
HTTP_PROTOCOL = "dotr_companion.http_protocol:HeaderDeadlineProtocol"
DEFAULT_HOST = "0.0.0.0"  # every interface: the phones at the table are on the LAN


def uvicorn_options(*, host: str, port: int, workers: int) -> dict[str, Any]:
    """The server settings the benchmark used (docs/serving.md), for both modes."""
    return {
        "host": host,
        "port": port,
        "workers": workers,
        "http": HTTP_PROTOCOL,
        # Client addresses (throttles) come from Django's NUM_PROXIES, never the server.
        "proxy_headers": False,
        "server_header": False,
        # A phone has no use for the Date header; on HTTP/1.1 each one costs 37 bytes.
        "date_header": False,
        "timeout_keep_alive": 5,
        # Ends open streams quickly on restart; phones reconnect on their own.
        "timeout_graceful_shutdown": 3,
        "lifespan": "off",
    }


def _cli(options: dict[str, Any]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "uvicorn",
        APP,
        f"--host={options['host']}",
        f"--port={options['port']}",
        f"--workers={options['workers']}",
        f"--http={options['http']}",
        "--no-proxy-headers",
        "--no-server-header",
        "--no-date-header",
        f"--timeout-keep-alive={options['timeout_keep_alive']}",
        f"--timeout-graceful-shutdown={options['timeout_graceful_shutdown']}",
        "--lifespan=off",
    ]


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def join_addresses(*, host: str, port: int) -> list[str]:
    from dotr_companion.lan import lan_addresses

    if _is_loopback(host):
        return [f"http://{host}:{port}/"]
    if host not in (DEFAULT_HOST, "::"):
        return [f"http://{host}:{port}/"]
    found = [
        f"http://[{a}]:{port}/" if ":" in a else f"http://{a}:{port}/" for a in lan_addresses()
    ]
    return found or [f"http://127.0.0.1:{port}/"]


def print_join_banner(addresses: list[str]) -> None:
    import segno

    print("\nDotR Companion is running. Phones at the table open:", flush=True)
    for address in addresses:
        print(f"    {address}")
    print()
    segno.make(addresses[0], error="m").terminal(compact=True)
    print("Scan the code with a phone on the same network. Ctrl+C stops the server.\n", flush=True)


def run(*, host: str, port: int, workers: int) -> None:
    import uvicorn

    if not _is_loopback(host):
        os.environ.setdefault("ALLOW_LAN_HOSTS", "1")
    print_join_banner(join_addresses(host=host, port=port))
    uvicorn.run(APP, **uvicorn_options(host=host, port=port, workers=workers))


def run_production(*, host: str, port: int, workers: int) -> int:
    missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
    if missing:
        print(f"make prod needs {' and '.join(missing)} (see docs/serving.md).", file=sys.stderr)
        return 2
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "0")
    schedule = os.environ.get("CELERY_BEAT_SCHEDULE_FILE", "celerybeat-schedule")
    commands = {
        "web": _cli(uvicorn_options(host=host, port=port, workers=workers)),
        "worker": [sys.executable, "-m", "celery", "-A", "dotr_companion", "worker", "-l", "info"],
        "beat": [
            *[sys.executable, "-m", "celery", "-A", "dotr_companion", "beat", "-l", "info"],
            f"--schedule={schedule}",
        ],
    }
    processes = {name: subprocess.Popen(command) for name, command in commands.items()}
    stopping = False

    def stop(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while not stopping and all(p.poll() is None for p in processes.values()):
        time.sleep(0.5)
    for name, process in processes.items():
        if process.poll() is None:
            process.terminate()
        elif not stopping:
            print(f"{name} stopped (exit {process.returncode}); stopping the others.", flush=True)
    for process in processes.values():
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
    return 0 if stopping else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=os.environ.get("HOST") or DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--prod", action="store_true", help="web, Celery worker and beat")
    args = parser.parse_args(argv)
    if args.prod:
        workers = args.workers or int(os.environ.get("WEB_CONCURRENCY") or 2)
        return run_production(host=args.host, port=args.port, workers=workers)
    # One process: the embedded default announces changes in-process (no Redis needed).
    run(host=args.host, port=args.port, workers=args.workers or 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
