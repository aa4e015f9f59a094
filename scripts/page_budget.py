#!/usr/bin/env python3
"""What a phone receives, measured at the wire, against the budget (exit 1 when over).

The shipped server as `make run` starts it (``collectstatic``, then ``python -m
dotr_companion.serve`` on 127.0.0.1, DEBUG off, a fresh SQLite database) behind a loopback
proxy that counts every byte the server sends to the phone, headers included, the service
worker's own requests included. Debian's Chromium (Playwright), one fresh profile per visit, at
phone size (390 x 844), measures:

- the first visit of ``/``, of a base game's screen and of a game with every Defenders of the
  Realm expansion, each counted until ``--settle`` seconds (10) after the page loaded, so what
  the service worker fetches then counts too. A game's first screen is its Board, or the sheet
  of a card the phone is to read (a dealt Quest nobody has entered yet: most deals with every
  expansion): both are measured, each on a deal chosen for it (dealt again until the first
  screen is the one measured), and both have the first visit's budget;
- a warm visit: the last game's screen reloaded, everything cached;
- the bytes per change on each tab of the table: the phone sits on the tab while another seat
  (its calls go to the server directly, uncounted) wounds a hero, undoes it, ends the turn
  (the evening's Hero Cards) and plays the night (Darkness Spreads); each change counts until
  the phone shows the new version and ``--change-settle`` seconds (1.5) after. A game the
  night lost is taken back (undo, uncounted) before the next tab's changes.

Budgets: FIRST_VISIT_KB, WARM_VISIT_KB, CHANGE_KB (a tab's mean per change); ``--quick`` (the
test) waits less and plays fewer changes on fewer tabs. Ports: the server on ``--port`` (8150),
the proxy on the next one.

    python scripts/page_budget.py [--quick] [--port 8150] [--verbose]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
# The table's own screen (/display/<game>): a tablet held sideways.
SCREEN = {"width": 1280, "height": 800}
LOOPBACK = "127.0.0.1"

FIRST_VISIT_KB = 60.0
WARM_VISIT_KB = 5.0
CHANGE_KB = 2.0

GAMES: dict[str, dict[str, Any]] = {
    "base game": {"host": {"name": "Anna", "hero": "Wizard"}},
    "every expansion": {
        "host": {"name": "Anna", "hero": "Wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
    },
}
TABS = ["board", "night", "me", "fame", "enter", "log"]
QUICK_TABS = ["board", "me"]
# What the other seat does while the phone watches: (action, args) in turn.
CHANGES = [
    ("wound_hero", {"wounds": 1}),
    ("undo", {}),
    ("end_turn", {}),
    ("night", {}),
]
QUICK_CHANGES = CHANGES[:2]


# ---- the byte-counting proxy ------------------------------------------------------------------
class CountingProxy:
    """A TCP proxy on loopback: counts the bytes the server sends back, in a thread of its own."""

    def __init__(self, *, listen_port: int, target_port: int) -> None:
        self.listen_port, self.target_port = listen_port, target_port
        self.sent = 0  # bytes from the server to the phone
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> CountingProxy:
        self._thread.start()
        if not self._ready.wait(10):
            raise SystemExit("the proxy did not start")
        return self

    def __exit__(self, *_: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._connection, LOOPBACK, self.listen_port)
        )
        self.listen_port = server.sockets[0].getsockname()[1]  # the one chosen, for port 0
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.close()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(
                LOOPBACK, self.target_port
            )
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pipe(reader, upstream_writer, count=False),
            self._pipe(upstream_reader, writer, count=True),
            return_exceptions=True,
        )

    async def _pipe(
        self, source: asyncio.StreamReader, target: asyncio.StreamWriter, *, count: bool
    ) -> None:
        try:
            while data := await source.read(65536):
                if count:
                    self.sent += len(data)
                target.write(data)
                await target.drain()
        finally:
            with contextlib.suppress(Exception):
                target.close()


# ---- the shipped server -----------------------------------------------------------------------
def call(port: int, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """An API call of the other seat: straight to the server, not counted."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        answer = json.loads(response.read() or b"null")
    finally:
        connection.close()
    if response.status >= 300:
        raise SystemExit(f"{method} {path} answered {response.status}: {answer}")
    return answer


@contextlib.contextmanager
def shipped_server(port: int) -> Iterator[None]:
    with tempfile.TemporaryDirectory(prefix="page-budget-") as folder:
        env = {
            **os.environ,
            "DEBUG": "0",
            "DATABASE_URL": f"sqlite:///{folder}/table.sqlite3",
            "REDIS_URL": "",
            "CELERY_TASK_ALWAYS_EAGER": "1",
            "STATIC_ROOT": f"{folder}/static",
            "STATIC_FROM_SOURCE": "0",
            "PYTHONUNBUFFERED": "1",
        }
        env.pop("ALLOWED_HOSTS", None)
        for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
        process = subprocess.Popen(
            [sys.executable, "-m", "dotr_companion.serve", "--host", LOOPBACK, "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(240):
                if process.poll() is not None:
                    raise SystemExit(f"the server stopped at start (exit {process.returncode})")
                with contextlib.suppress(OSError, SystemExit):
                    if call(port, "GET", "/healthz") == {"status": "ok"}:
                        break
                time.sleep(0.25)
            else:
                raise SystemExit("the server did not answer /healthz within 60 s")
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


# ---- the phone --------------------------------------------------------------------------------
@dataclass
class Figures:
    rows: list[tuple[str, int, float, str]] = field(default_factory=list)

    def add(self, name: str, sent: int, budget_kb: float, note: str = "") -> None:
        self.rows.append((name, sent, budget_kb, note))
        verdict = "within" if sent <= budget_kb * 1024 else "OVER"
        print(f"  {name:44} {sent:>9,} B  budget {budget_kb:4.0f} KB  {verdict}  {note}")

    def over(self) -> list[str]:
        return [name for name, sent, budget, _ in self.rows if sent > budget * 1024]


class Phone:
    def __init__(
        self, browser: Any, proxy: CountingProxy, *, verbose: bool, screen: bool = False
    ) -> None:
        self.proxy, self.verbose = proxy, verbose
        self.base = f"http://{LOOPBACK}:{proxy.listen_port}"
        if screen:
            self.context = browser.new_context(viewport=SCREEN, has_touch=True)
        else:
            self.context = browser.new_context(
                viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
            )
        self.context.set_default_timeout(30_000)
        self.requests: list[Any] = []
        self.context.on("requestfinished", lambda request: self.requests.append(request))
        self.page = self.context.new_page()

    def seat(self, game: dict[str, Any]) -> None:
        """The phone holds the host's seat, as if it had created the game (js/storage.js)."""
        games = {
            game["id"]: {
                "joinCode": game["join_code"],
                "active": "1",
                "seats": {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}},
                "updated": 1,
            }
        }
        self.context.add_init_script(
            "if (!localStorage.getItem('dotr.games')) "
            f"localStorage.setItem('dotr.games', {json.dumps(json.dumps(games))});"
        )

    def counted(self, visit: Any, settle: float) -> int:
        """The bytes the server sent while ``visit`` ran and ``settle`` seconds after."""
        self.requests.clear()
        before = self.proxy.sent
        visit()
        self.page.wait_for_timeout(settle * 1000)
        sent = self.proxy.sent - before
        if self.verbose:
            for request in self.requests:
                sizes = request.sizes()
                size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
                print(f"      {size:>8,}  {request.method} {request.url}")
        return sent

    def version(self) -> int:
        return int(self.page.get_attribute("[data-testid=live]", "data-version") or -1)

    def close(self) -> None:
        self.context.close()


# The first screens of a game's first visit: the Board, or the sheet of a card to read.
BOARD, READ_CARD = "board", "a card to read"
# (The Board last: the warm visit reloads it.)
FIRST_SCREENS: list[tuple[str, str]] = [
    ("base game", BOARD),
    ("every expansion", READ_CARD),
    ("every expansion", BOARD),
]
DEALS = 40  # deals tried for the first screen wanted


def first_screen(seen: dict[str, Any]) -> str | None:
    """What the host's phone shows first: the sheet of the card it is to read (one it holds or
    one read aloud), the Board (nothing to read), or None (only "Bea is reading a card")."""
    reading = seen["state"].get("reading") or []
    if not reading:
        return BOARD
    return None if reading[0].get("private") else READ_CARD


def new_game(port: int, setup: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], str | None]:
    """A game of two seats, and what the host's phone shows first (``first_screen``)."""
    game = call(port, "POST", "/api/v1/games/", setup)
    other = call(
        port,
        "POST",
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
    )
    seen = call(port, "GET", f"/api/v1/games/{game['id']}/", token=game["token"])
    return game, other, first_screen(seen)


def deal(port: int, name: str, screen: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game whose first screen on the host's phone is ``screen``: dealt again until it is."""
    for _ in range(DEALS):
        game, other, shown = new_game(port, GAMES[name])
        if shown == screen:
            return game, other
    raise SystemExit(f"no deal of the game, {name}, in {DEALS} opened on {screen}")


def play_on(port: int, game: dict[str, Any], token: str) -> None:
    """A game the night lost is taken back (uncounted) so the next tab's changes can be played."""
    path = f"/api/v1/games/{game['id']}/"
    while (seen := call(port, "GET", path, token=token))["state"].get("outcome"):
        body = {"type": "undo", "args": {}, "expected_version": seen["version"]}
        call(port, "POST", path + "actions/", body, token=token)


def measure(browser: Any, port: int, proxy: CountingProxy, args: argparse.Namespace) -> Figures:
    figures = Figures()
    print(f"At the wire (the server on {LOOPBACK}:{port}, counted at the proxy):")
    phone = Phone(browser, proxy, verbose=args.verbose)
    sent = phone.counted(lambda: phone.page.goto(phone.base + "/"), args.settle)
    figures.add("first visit of /", sent, args.first_visit_kb)
    phone.close()

    # Each first screen on a deal chosen for it: the Board, and the sheet of a card to read
    # (the Board drawn under it), which opens most deals with every expansion.
    phones: dict[str, tuple[Phone, dict[str, Any], dict[str, Any]]] = {}
    for name, screen in FIRST_SCREENS:
        game, other = deal(port, name, screen)
        phone = Phone(browser, proxy, verbose=args.verbose)
        phone.seat(game)
        shown = "[data-testid=live]" if screen == BOARD else "dialog[data-testid=read-card]"

        def visit(phone: Phone = phone, game: dict[str, Any] = game, shown: str = shown) -> None:
            phone.page.goto(f"{phone.base}/game/{game['id']}")
            phone.page.locator(shown).wait_for()

        sent = phone.counted(visit, args.settle)
        label = f"first visit of a game, {name}"
        figures.add(label if screen == BOARD else f"{label}, {screen}", sent, args.first_visit_kb)
        if name in phones:
            phones[name][0].close()
        phones[name] = (phone, game, other)

    # The table's own screen, opened from the host's link (a display token in its fragment).
    game = phones["base game"][1]
    shown = call(port, "POST", f"/api/v1/games/{game['id']}/display/", {}, token=game["token"])
    screen = Phone(browser, proxy, verbose=args.verbose, screen=True)

    def show() -> None:
        screen.page.goto(f"{screen.base}{shown['url']}")
        screen.page.locator("[data-testid=display]").wait_for()

    sent = screen.counted(show, args.settle)
    figures.add("first visit of the table's screen (/display/)", sent, args.first_visit_kb)
    screen.close()

    # Everything cached: the larger game's screen again.
    phone = phones["every expansion"][0]
    phone.page.wait_for_function("() => navigator.serviceWorker?.controller")

    def reload() -> None:
        phone.page.reload()
        phone.page.locator("[data-testid=live]").wait_for()

    sent = phone.counted(reload, args.settle)
    figures.add("warm visit (reload), every expansion", sent, args.warm_visit_kb)
    phone.close()

    # The changes: on the base game (the expansions' setup has the other seat read cards first).
    phone, game, other = phones["base game"]
    changes = QUICK_CHANGES if args.quick else CHANGES
    for tab in QUICK_TABS if args.quick else TABS:
        play_on(port, game, other["token"])
        phone.page.click(f"[data-tab={tab}]")
        phone.page.wait_for_timeout(args.change_settle * 1000)
        per_change = []
        for action, action_args in changes:

            def act(action: str = action, action_args: dict[str, Any] = action_args) -> None:
                path = f"/api/v1/games/{game['id']}/"
                version = call(port, "GET", path, token=other["token"])["version"]
                answer = call(
                    port,
                    "POST",
                    path + "actions/",
                    {"type": action, "args": action_args, "expected_version": version},
                    token=other["token"],
                )
                phone.page.wait_for_function(
                    "v => Number(document.querySelector('[data-testid=live]')"
                    "?.dataset.version) >= v",
                    arg=answer["version"],
                )

            per_change.append(phone.counted(act, args.change_settle))
        note = f"({', '.join(f'{n:,}' for n in per_change)})"
        figures.add(
            f"a change, the phone on {tab}",
            round(statistics.mean(per_change)),
            args.change_kb,
            note,
        )
    phone.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8150, help="the server's; the proxy's is +1")
    parser.add_argument("--quick", action="store_true", help="shorter waits, fewer changes")
    parser.add_argument("--settle", type=float, default=None, help="seconds after a load (10)")
    parser.add_argument("--change-settle", type=float, default=1.5)
    parser.add_argument("--first-visit-kb", type=float, default=FIRST_VISIT_KB)
    parser.add_argument("--warm-visit-kb", type=float, default=WARM_VISIT_KB)
    parser.add_argument("--change-kb", type=float, default=CHANGE_KB)
    parser.add_argument("--verbose", action="store_true", help="each response, as Chromium saw it")
    args = parser.parse_args(argv)
    if args.settle is None:
        args.settle = 3.0 if args.quick else 10.0
    if not os.path.exists(CHROMIUM):
        print(f"page_budget needs Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
        return 2
    from playwright.sync_api import sync_playwright

    with (
        shipped_server(args.port),
        CountingProxy(listen_port=args.port + 1, target_port=args.port) as proxy,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            figures = measure(browser, args.port, proxy, args)
        finally:
            browser.close()
    over = figures.over()
    if over:
        print(f"OVER budget: {'; '.join(over)}")
        return 1
    print("All within budget.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
