#!/usr/bin/env python3
"""Print the compressed size of a cold load of the game screen against its budget.

A cold load of ``/game/<id>`` (nothing cached on the phone) is its HTML, the stylesheet it
links, every JavaScript module the table needs before the Board shows (``main.js``, its static
imports, the table screen the router imports for that path, and their static imports), the
part of the client's catalogue those modules wait for (``locale/<language>/core.json``, of the
reader's language only: each language is measured and the larger counted), and the JSON the
screen then reads from the API: the game, its recent events, the actions on offer and
the game's content packs as the table reads them (``?view=table``). Modules loaded only on
demand (the other tabs, other screens, the QR encoder) are listed apart and not counted. Each
response is compressed on its own, as a server sends it: gzip (level 9), and brotli too when
the ``brotli`` module is installed.

The API is measured on a throwaway in-memory SQLite database with two games made through the
API: a base game, and a game with every Defenders of the Realm expansion. Both must fit.

Usage: python scripts/page_budget.py [--budget-kb 50]   (exit status 1 when over budget)
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
import uuid
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "frontend" / "static" / "frontend"
TABLE_SCREEN = "screens/table.js"
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""", re.M
)
DYNAMIC_IMPORT = re.compile(r"""import\(\s*["']([^"']+)["']\s*\)""")
# The catalogue part a module waits for before it draws: `await need("core")` (js/i18n.js).
NEEDED_PART = re.compile(r"""^await need\(\s*["']([a-z-]+)["']\s*\)""", re.M)
LOCALE = STATIC / "locale"

try:  # optional
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the machine
    brotli = None


def setup_django() -> None:
    warnings.filterwarnings("ignore", message="No directory at")
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")
    # A throwaway database: the games measured never reach a real one.
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# The games measured: what the setup screen sends for a base game and for every expansion.
GAMES = {
    "base game": {"host": {"name": "Anna", "hero": "Wizard"}},
    "every expansion": {
        "host": {"name": "Anna", "hero": "Wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
    },
}


def api_reads(setup: dict[str, object]) -> list[tuple[str, bytes]]:
    """What the table screen reads from the API on a cold load, as the client asks for it."""
    from django.test import Client

    client = Client()
    created = client.post("/api/v1/games/", setup, content_type="application/json")
    if created.status_code != 201:
        raise SystemExit(f"creating the game answered {created.status_code}: {created.content!r}")
    game = created.json()
    headers = {"HTTP_AUTHORIZATION": f"Bearer {game['token']}"}
    base = f"/api/v1/games/{game['id']}/"
    # As the phone asks for it: without the forms of cards waiting to be read (fetched when shown).
    state = client.get(f"{base}?view=table", **headers)
    last = state.json()["last_seq"]
    # As the table screen on the Board: the game and its content packs. The events (read by
    # the Night, the Log and the setup checklist) and the actions on offer (read by the forms)
    # come when a screen needs them; they are printed apart.
    reads = [("GET game", state.content)]
    later = [
        (
            "GET events",
            client.get(f"{base}events/?after={max(0, last - 150)}&limit=200", **headers),
        ),
        ("GET actions", client.get(f"{base}actions/", **headers)),
    ]
    for name, response in later:
        print(
            f"  (on demand, not counted: {name}, {len(gzip.compress(response.content, 9)):,} gzip)"
        )
    for pack in state.json()["state"].get("packs") or ["dotr-base"]:
        reads.append(
            (f"GET content {pack}", client.get(f"/api/v1/content/{pack}/?view=table").content)
        )
    return reads


def render_shell() -> tuple[str, str]:
    from django.test import Client

    path = f"/game/{uuid.uuid4()}"
    response = Client().get(path)
    if response.status_code != 200:
        raise SystemExit(f"{path} answered {response.status_code}")
    return path, response.content.decode()


def static_file(url: str) -> Path:
    marker = "/frontend/"
    relative = url.split("?")[0].split(marker, 1)[1]
    return STATIC / relative


def module_graph(entry: Path) -> tuple[list[Path], list[Path]]:
    """Modules loaded before the table shows, and those the code loads only on demand."""
    loaded: list[Path] = []
    on_demand: set[Path] = set()
    queue = [entry]
    while queue:
        module = queue.pop(0).resolve()
        if module in loaded:
            continue
        loaded.append(module)
        text = module.read_text()
        for match in STATIC_IMPORT.finditer(text):
            queue.append((module.parent / (match.group(1) or match.group(2))).resolve())
        for name in DYNAMIC_IMPORT.findall(text):
            target = (module.parent / name).resolve()
            if target == (STATIC / "js" / TABLE_SCREEN).resolve():
                queue.append(target)
            else:
                on_demand.add(target)
    # What the on-demand modules import in turn comes on demand too (e.g. js/account.js).
    queue = list(on_demand)
    while queue:
        module = queue.pop(0)
        for match in STATIC_IMPORT.finditer(module.read_text()):
            target = (module.parent / (match.group(1) or match.group(2))).resolve()
            if target not in loaded and target not in on_demand:
                on_demand.add(target)
                queue.append(target)
    return loaded, sorted(on_demand - set(loaded))


def sizes(data: bytes) -> tuple[int, int, int | None]:
    return (
        len(data),
        len(gzip.compress(data, 9)),
        len(brotli.compress(data, quality=11)) if brotli else None,
    )


def measure(rows: list[tuple[str, bytes]]) -> tuple[int, int, int]:
    """Print each row's sizes; the totals (raw, gzip, brotli or 0)."""
    total_raw = total_gzip = total_brotli = 0
    print(f"  {'file':38} {'raw':>9} {'gzip':>9} {'brotli':>9}")
    for name, data in rows:
        raw, gz, br = sizes(data)
        total_raw += raw
        total_gzip += gz
        total_brotli += br or 0
        print(f"  {name:38} {raw:9,} {gz:9,} {br if br is not None else '-':>9}")
    print(f"  {'TOTAL':38} {total_raw:9,} {total_gzip:9,} {total_brotli if brotli else '-':>9}")
    return total_raw, total_gzip, total_brotli


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-kb", type=float, default=50.0)
    args = parser.parse_args()
    setup_django()
    path, html = render_shell()
    css = [static_file(u) for u in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)]
    entries = [static_file(u) for u in re.findall(r'<script type="module" src="([^"]+)"', html)]
    modules: list[Path] = []
    on_demand: list[Path] = []
    for entry in entries:
        loaded, later = module_graph(entry)
        modules += [m for m in loaded if m not in modules]
        on_demand += [m for m in later if m not in on_demand]
    rows = [("HTML shell", html.encode())] + [
        (str(file.relative_to(STATIC)), file.read_bytes()) for file in [*css, *modules]
    ]
    print(f"The game screen's files ({path}):")
    _, files_gzip, files_brotli = measure(rows)
    # The words those modules wait for, in the reader's language: the larger language counts.
    parts = sorted({p for m in modules for p in NEEDED_PART.findall(m.read_text())})
    words_gzip = words_brotli = 0
    for language in sorted(d.name for d in LOCALE.iterdir() if d.is_dir()):
        print(f"The catalogue parts it waits for, in {language!r} ({', '.join(parts)}):")
        files = [(f"locale/{language}/{p}.json", LOCALE / language / f"{p}.json") for p in parts]
        _, gz, br = measure([(name, file.read_bytes()) for name, file in files])
        words_gzip, words_brotli = max(words_gzip, gz), max(words_brotli, br)
    files_gzip += words_gzip
    files_brotli += words_brotli
    if on_demand:
        print("Loaded later, on demand (not counted), gzip each:")
        for module in on_demand:
            _, gz, _ = sizes(module.read_bytes())
            print(f"  {module.relative_to(STATIC)!s:38} {gz:9,}")
        for file in sorted(LOCALE.glob("*/*.json")):
            if file.stem not in parts:
                print(f"  {file.relative_to(STATIC)!s:38} {sizes(file.read_bytes())[1]:9,}")
        for file in sorted(STATIC.glob("*.css")):
            if file not in css:
                print(f"  {file.relative_to(STATIC)!s:38} {sizes(file.read_bytes())[1]:9,}")
    budget = args.budget_kb * 1024
    method = "brotli" if brotli else "gzip"
    worst = 0
    for name, setup in GAMES.items():
        print(f"What the screen reads from the API, {name}:")
        _, api_gzip, api_brotli = measure(api_reads(setup))
        cold = (files_brotli + api_brotli) if brotli else (files_gzip + api_gzip)
        worst = max(worst, cold)
        print(f"Cold load, {name} ({method}): {cold / 1024:.1f} KB")
    verdict = "within" if worst <= budget else "OVER"
    print(
        f"Compressed ({method}): {worst / 1024:.1f} KB (the larger cold load) of a "
        f"{args.budget_kb:.0f} KB budget: {verdict} budget."
    )
    print(
        "A warm load sends the content packs' ETags back: each answers 304 with no body, and "
        "the files come from the phone's cache."
    )
    return 0 if worst <= budget else 1


if __name__ == "__main__":
    raise SystemExit(main())
