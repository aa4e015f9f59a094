"""Lighthouse (mobile) on the shipped server: `/` and a game screen, scores printed, reports kept.

    python scripts/lighthouse.py [--port 8162] [--out docs/lighthouse] [--runs 3] [--no-check]

What it runs is what a player's phone meets: ``collectstatic`` then
``python -m dotr_companion.serve`` on loopback, on a throwaway SQLite database (``make run``'s
embedded default, without Redis). A game is created through the API (a base game, and one with
every expansion); each game screen is audited cold (no cache, no service worker), holding the
host's seat as the create screen leaves it. Lighthouse is the npm package pinned in
``scripts/lighthouse/package.json`` (Node 20 needs 12.x; ``npm ci --prefix scripts/lighthouse``)
and drives Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default) with Lighthouse's
mobile preset (a mid-range phone on a slow 4G network, simulated).

Each page is audited ``--runs`` times and the run with the median performance score is kept
(Lighthouse's own advice: its simulated throttling scales what this machine's CPU did, so a busy
machine moves a single run's figures). Its HTML report goes to ``--out``, with every page's
scores in ``summary.json``; the scores and the metrics that weigh most (first and largest
contentful paint, total blocking time) are printed. Exit status 1 when a page is under its goal:
performance 0.9, accessibility 1.0, best practices 1.0 (``--no-check``: print only).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "scripts" / "lighthouse"
GOALS = {"performance": 0.9, "accessibility": 1.0, "best-practices": 1.0}
GAMES = {
    "game-base": {"host": {"name": "Anna", "hero": "Wizard"}},
    "game-every-expansion": {
        "host": {"name": "Anna", "hero": "Wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
    },
}


def _post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def _wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(120):  # at most a minute
        if server.poll() is not None:
            raise SystemExit("the server stopped before answering")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the server did not answer /healthz within a minute")


def _saved_seat(game: dict[str, Any]) -> dict[str, str]:
    """The host's seat, as the create screen leaves it in localStorage (storage.js)."""
    seats = {"1": {"token": game["token"], "name": "Anna", "hero": "wizard"}}
    saved = {game["id"]: {"joinCode": game["join_code"], "active": "1", "seats": seats}}
    return {"dotr.games": json.dumps(saved)}


def _plan(base: str, out: Path, runs: int) -> dict[str, Any]:
    pages: list[dict[str, Any]] = [{"name": "home", "url": f"{base}/", "storage": None}]
    for name, setup in GAMES.items():
        game = _post(base, "/api/v1/games/", setup)
        pages.append(
            {
                "name": name,
                "url": f"{base}/game/{game['id']}",
                "storage": _saved_seat(game),
                "storageOrigin": f"{base}/healthz",
            }
        )
    return {"out": str(out), "runs": runs, "pages": pages}


def _run(port: int, out: Path, runs: int) -> list[dict[str, Any]]:
    if not (LIGHTHOUSE / "node_modules" / "lighthouse").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LIGHTHOUSE, check=True)
    work = Path(tempfile.mkdtemp(prefix="dotr-lighthouse-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
        "REDIS_URL": "",
        "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium"),
    }
    python = sys.executable
    manage = [python, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    serve = [python, "-m", "dotr_companion.serve", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(serve, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_up(base, server)
        plan = work / "plan.json"
        plan.write_text(json.dumps(_plan(base, work / "reports", runs)))
        ran = subprocess.run(
            ["node", str(LIGHTHOUSE / "run.mjs"), str(plan)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        results = [json.loads(line) for line in ran.stdout.splitlines() if line.startswith("{")]
        return _keep_medians(results, work / "reports", out)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


def _score(score: float | None) -> str:
    # Lighthouse gives no score for a run it could not measure (no paint it could time).
    return "none" if score is None else f"{score:.2f}"


def _keep_medians(results: list[dict[str, Any]], reports: Path, out: Path) -> list[dict[str, Any]]:
    """Per page, the run with the median performance score; its reports copied to ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    kept = []
    for name in dict.fromkeys(result["name"] for result in results):
        runs = sorted(
            (r for r in results if r["name"] == name),
            key=lambda r: r["scores"]["performance"] or 0,
        )
        median = runs[len(runs) // 2]
        # The HTML report holds the whole JSON result too; the scores of every page go to
        # summary.json.
        shutil.copy(reports / f"{name}.{median['run']}.html", out / f"{name}.html")
        kept.append(median | {"performance_runs": [r["scores"]["performance"] for r in runs]})
    (out / "summary.json").write_text(json.dumps(kept, indent=2) + "\n")
    return kept


def _print(results: list[dict[str, Any]]) -> list[str]:
    short = []
    for page in results:
        scores, metrics = page["scores"], page["metrics"]
        print(
            f"{page['name']:22} performance {scores['performance']:.2f} · accessibility "
            f"{scores['accessibility']:.2f} · best practices {scores['best-practices']:.2f} · "
            f"FCP {metrics['fcp_ms'] / 1000:.1f} s · LCP {metrics['lcp_ms'] / 1000:.1f} s · "
            f"TBT {metrics['tbt_ms']:.0f} ms · {metrics['transfer_bytes'] / 1024:.0f} KB"
            f" (performance of each run: {', '.join(_score(p) for p in page['performance_runs'])})"
        )
        for category, audits in page["failing"].items():
            if audits:
                print(f"{'':22} {category} audits not passed: {', '.join(audits)}")
        short += [
            f"{page['name']}: {category} {scores[category]:.2f} < {goal}"
            for category, goal in GOALS.items()
            if scores[category] is None or scores[category] < goal
        ]
    return short


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8162)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "lighthouse")
    parser.add_argument("--runs", type=int, default=3, help="audits per page (the median kept)")
    parser.add_argument("--no-check", action="store_true", help="print the scores only")
    args = parser.parse_args()
    short = _print(_run(args.port, args.out.resolve(), max(1, args.runs)))
    for line in short:
        print(f"under the goal: {line}")
    return 0 if args.no_check or not short else 1


if __name__ == "__main__":
    sys.exit(main())
