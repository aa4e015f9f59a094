"""What `make run` sends a phone for the client's files: collectstatic's output, compressed.

The server is the shipped one (`collectstatic`, then `python -m dotr_companion.serve`, DEBUG
off); every request goes to 127.0.0.1. The phone follows the shell to its entry module and every
module that imports, as a browser does.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
from typing import Any
from urllib.parse import urljoin

import pytest

from tests.serving.server import ROOT, shipped_server

EMBEDDED = {"REDIS_URL": "", "DEBUG": "0", "CELERY_TASK_ALWAYS_EAGER": "1"}
YEAR = "public, max-age=31536000, immutable"
HASHED = re.compile(r"\.[0-9a-f]{12}\.[a-z0-9]+$")
IMPORTS = re.compile(
    r"""^(?:import|export)\s[^;]*?from\s*["']([^"']+)["']\s*;|^import\s*["']([^"']+)["']\s*;"""
    r"""|import\(\s*["']([^"']+)["']\s*\)""",
    re.M,
)


def fetch(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("shipped")
    env = {
        **EMBEDDED,
        "DATABASE_URL": f"sqlite:///{folder / 'table.sqlite3'}",
        "STATIC_ROOT": str(folder / "static"),
        "STATIC_FROM_SOURCE": "0",
    }
    full_env = {**os.environ, **env}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=full_env,
        check=True,
    )
    with shipped_server(env, ["--host", "127.0.0.1"], migrate=True) as (port, _process):
        yield port


def shell(port: int) -> str:
    status, _, body = fetch(port, "/", **{"Accept-Encoding": "identity"})
    assert status == 200
    return body.decode()


def test_the_shell_names_hashed_files_sent_compressed_and_kept_a_year(server: int) -> None:
    html = shell(server)
    stylesheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', html)
    entry = re.search(r'<script type="module" src="([^"]+)"', html)
    assert stylesheet and entry, html
    for url in (stylesheet.group(1), entry.group(1)):
        assert HASHED.search(url), url
        for encoding in ("br", "gzip"):
            status, headers, body = fetch(server, url, **{"Accept-Encoding": encoding})
            assert status == 200, url
            assert headers.get("content-encoding") == encoding, (url, headers)
            assert headers["cache-control"] == YEAR, url
            assert int(headers["content-length"]) == len(body)
        # A phone that accepts no encoding still gets the file, whole.
        _, plain, _ = fetch(server, url, **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain


def test_every_module_a_phone_loads_imports_hashed_names(server: int) -> None:
    html = shell(server)
    entry = re.search(r'<script type="module" src="([^"]+)"', html)
    assert entry
    seen: set[str] = set()
    queue = [entry.group(1)]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        status, headers, body = fetch(server, url)
        assert status == 200, url
        assert headers["cache-control"] == YEAR, url
        text = body.decode()
        # A name built at run time cannot be rewritten to its hashed file.
        assert "import(`" not in text, url
        for match in IMPORTS.finditer(text):
            target = next(group for group in match.groups() if group)
            assert HASHED.search(target), f"{url} imports {target}"
            queue.append(urljoin(url, target))
    names = {url.rsplit("/", 1)[1].split(".")[0] for url in seen}
    assert {"main", "router", "table", "home", "battlefields", "talisman-dragon"} <= names


def test_the_files_the_client_names_at_run_time_have_hashed_names(server: int) -> None:
    html = shell(server)
    assets = re.search(r'data-static="([^"]+)"[^>]*data-assets="([^"]+)"', html)
    assert assets, html
    base = assets.group(1)
    named = json.loads(assets.group(2).replace("&quot;", '"'))
    assert {"locale/en/core.json", "locale/de/core.json", "more.css"} <= set(named)
    for url in named.values():
        assert HASHED.search(url), url
        status, headers, _ = fetch(server, base + url, **{"Accept-Encoding": "br"})
        assert (status, headers["cache-control"]) == (200, YEAR), url
        assert headers.get("content-encoding") == "br", url


@pytest.mark.parametrize("path", ["/", "/sw.js", "/manifest.webmanifest"])
def test_the_shell_and_its_worker_keep_their_names_and_answer_304_when_unchanged(
    server: int, path: str
) -> None:
    status, headers, _ = fetch(server, path)
    assert status == 200
    assert headers["cache-control"].startswith("no-cache"), headers
    assert not HASHED.search(path)
    again, _, body = fetch(server, path, **{"If-None-Match": headers["etag"]})
    assert (again, body) == (304, b"")


def test_the_service_worker_names_no_file_of_the_client(server: int) -> None:
    # It keeps what the phone uses; it does not fetch every screen and game system up front.
    _, _, body = fetch(server, "/sw.js")
    assert "screens/" not in body.decode() and '.js"' not in body.decode()


def test_a_hashed_file_carries_no_header_that_cannot_act_on_it(server: int) -> None:
    # Every header counts on a phone's first visit, and the client's files are most of its
    # answers: a file that is never asked again needs no validator, a script no page's guards.
    entry = re.search(r'<script type="module" src="([^"]+)"', shell(server))
    assert entry
    status, headers, _ = fetch(server, entry.group(1), **{"Accept-Encoding": "br"})
    assert status == 200
    assert headers["cache-control"] == YEAR
    assert headers["x-content-type-options"] == "nosniff"
    gone = ("etag", "last-modified", "referrer-policy", "cross-origin-opener-policy")
    assert not [name for name in (*gone, "x-frame-options") if name in headers], headers
    # The page itself keeps every guard.
    status, page, _ = fetch(server, "/", **{"Accept-Encoding": "br"})
    assert page["x-frame-options"] == "DENY"
    assert page["cross-origin-opener-policy"] == "same-origin"
    assert page["referrer-policy"] == "same-origin"
    assert "content-security-policy" in page
