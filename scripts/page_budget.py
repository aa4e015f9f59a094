#!/usr/bin/env python3
"""Print the compressed size of the first load of the table screen against its budget.

The first load of ``/game/<id>`` is its HTML, the stylesheet it links and every JavaScript
module the table needs before it shows: ``main.js``, its static imports, the table screen the
router imports for that path, and their static imports. Modules loaded only on demand (other
screens, the QR encoder) are listed apart and not counted. Each file is compressed on its own,
as a server sends it: gzip (level 9), and brotli too when the ``brotli`` module is installed.

Usage: python scripts/page_budget.py [--budget-kb 150]   (exit status 1 when over budget)
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

try:  # optional
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the machine
    brotli = None


def render_shell() -> tuple[str, str]:
    warnings.filterwarnings("ignore", message="No directory at")
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dotr_companion.settings")
    import django

    django.setup()
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget-kb", type=float, default=150.0)
    args = parser.parse_args()
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
    total_raw = total_gzip = total_brotli = 0
    print(f"First load of the table screen ({path}):")
    print(f"  {'file':38} {'raw':>9} {'gzip':>9} {'brotli':>9}")
    for name, data in rows:
        raw, gz, br = sizes(data)
        total_raw += raw
        total_gzip += gz
        total_brotli += br or 0
        print(f"  {name:38} {raw:9,} {gz:9,} {br if br is not None else '-':>9}")
    budget = args.budget_kb * 1024
    print(f"  {'TOTAL':38} {total_raw:9,} {total_gzip:9,} {total_brotli if brotli else '-':>9}")
    if on_demand:
        print("Loaded later, on demand (not counted), gzip each:")
        for module in on_demand:
            _, gz, _ = sizes(module.read_bytes())
            print(f"  {module.relative_to(STATIC)!s:38} {gz:9,}")
    print(
        "Not counted: the JSON the client then fetches from the API (the content pack, the game)."
    )
    measured = total_brotli if brotli else total_gzip
    method = "brotli" if brotli else "gzip"
    verdict = "within" if measured <= budget else "OVER"
    print(
        f"Compressed ({method}): {measured / 1024:.1f} KB of a {args.budget_kb:.0f} KB "
        f"budget: {verdict} budget."
    )
    if brotli:
        print(f"(gzip: {total_gzip / 1024:.1f} KB)")
    return 0 if measured <= budget else 1


if __name__ == "__main__":
    raise SystemExit(main())
