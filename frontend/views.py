"""The web client's shell: one HTML page for every client route, its manifest and service worker.

Everything the client does goes through the public REST API (``/api/v1/``); these views serve
only the shell. Static files come from WhiteNoise under plain (unhashed) names, so the shell
adds a version query (a hash of the client's files) to bust caches, and the service worker
keeps one cache per version.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import never_cache

STATIC_DIR = Path(__file__).resolve().parent / "static" / "frontend"
TEMPLATE_DIR = Path(__file__).resolve().parent / "templates" / "frontend"
# Only what the shell needs offline; the QR encoder comes along for the join screen.
CACHED_SUFFIXES = (".js", ".mjs", ".css", ".svg", ".png", ".webmanifest", ".json")
# The client's catalogues: static/frontend/locale/<language>/<part>.json (docs/languages.md).
LOCALE_DIR = STATIC_DIR / "locale"
DEFAULT_LANGUAGE = "en"


def _client_files() -> list[Path]:
    return sorted(
        path for path in STATIC_DIR.rglob("*") if path.is_file() and path.suffix in CACHED_SUFFIXES
    )


def _compute_version() -> str:
    digest = hashlib.sha256()
    for path in [*_client_files(), *sorted(TEMPLATE_DIR.glob("*"))]:
        digest.update(str(path.relative_to(path.parents[2])).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@functools.cache
def _cached_version() -> str:
    return _compute_version()


def client_version() -> str:
    # While developing, every edit changes the version; in production it is computed once.
    return _compute_version() if settings.DEBUG else _cached_version()


def static_base() -> str:
    return "/" + settings.STATIC_URL.lstrip("/") + "frontend/"


def shell_language(request: HttpRequest) -> str:
    """The language of the shell's few words: ``?lang=``, else the browser's Accept-Language.

    The phone's own choice (kept on the phone) takes over as soon as the client runs.
    """
    wanted = [request.GET.get("lang") or ""]
    for part in request.META.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        wanted.append(part.split(";")[0])
    for tag in wanted:
        base = tag.strip().replace("_", "-").split("-")[0].lower()
        if base and (LOCALE_DIR / base / "shell.json").is_file():
            return base
    return DEFAULT_LANGUAGE


@functools.cache
def shell_words(language: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((LOCALE_DIR / language / "shell.json").read_text("utf-8"))
    return words


def index(request: HttpRequest, **route: object) -> HttpResponse:
    """The shell: the client reads the route from the address itself."""
    language = shell_language(request)
    response = render(
        request,
        "frontend/index.html",
        {
            "static_base": static_base(),
            "version": client_version(),
            "language": language,
            "words": shell_words(language),
        },
    )
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language"])
    return response


@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so that its scope covers every client route."""
    base = static_base()
    assets = [base + str(path.relative_to(STATIC_DIR)) for path in _client_files()]
    body = render_to_string(
        "frontend/sw.js",
        {"version": client_version(), "assets_json": json.dumps(assets)},
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def manifest(request: HttpRequest) -> JsonResponse:
    base = static_base()
    body = {
        "name": "DotR Companion",
        "short_name": "DotR",
        "description": "Decks, the enemy's night and shared undo for a table of "
        "Defenders of the Realm.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#101216",
        "theme_color": "#101216",
        "icons": [
            {"src": base + "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": base + "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": base + "icons/icon-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": base + "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
