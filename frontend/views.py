"""The web client's shell: one HTML page for every client route, its manifest and service worker.

Everything the client does goes through the public REST API (``/api/v1/``); these views serve
only the shell. The shell names its files by their hashed names (``collectstatic``'s manifest;
plain names when STATIC_FROM_SOURCE), and hands the client the hashed names of the files it
builds a name for at run time (its catalogues, its later stylesheets): ``data-assets``. The
shell, its manifest and the service worker keep their own names and answer 304 while the
client's version (a hash of its files) is unchanged.
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
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import condition

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


def asset_url(name: str) -> str:
    """The address of one of the client's files (``app.css``): hashed once collected."""
    return static(f"frontend/{name}")


def _runtime_names() -> list[str]:
    # The files whose name the client builds itself (js/i18n.js `asset`): its catalogues
    # (locale/<lang>/<part>.json), the stylesheets it adds later (more.css, battlefields.css)
    # and the icon the home screen shows.
    names = [str(path.relative_to(STATIC_DIR)) for path in sorted(LOCALE_DIR.rglob("*.json"))]
    later = [path.name for path in sorted(STATIC_DIR.glob("*.css")) if path.name != "app.css"]
    return [*names, *later, "icons/icon.svg"]


def _compute_runtime_assets() -> str:
    base = static_base()
    hashed = {name: asset_url(name).removeprefix(base) for name in _runtime_names()}
    return json.dumps({name: url for name, url in hashed.items() if url != name}, sort_keys=True)


@functools.cache
def _cached_runtime_assets() -> str:
    return _compute_runtime_assets()


def runtime_assets() -> str:
    """JSON: each file the client names at run time -> its hashed name (none from source)."""
    return _compute_runtime_assets() if settings.DEBUG else _cached_runtime_assets()


def _shell_etag(request: HttpRequest, **route: object) -> str:
    return f"{client_version()}-{shell_language(request)}"


def _version_etag(request: HttpRequest, **route: object) -> str:
    return client_version()


def _worker_etag(request: HttpRequest, **route: object) -> str:
    return f"{client_version()}-{settings.CONTENT_REVALIDATE_SECONDS}"


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


@condition(etag_func=_shell_etag)
def index(request: HttpRequest, **route: object) -> HttpResponse:
    """The shell: the client reads the route from the address itself."""
    return _shell(request)


def page_not_found(request: HttpRequest) -> HttpResponse:
    """A page address that leads nowhere: the shell, answering 404, so that the phone shows
    its own page ("Nothing here", a way home) in the reader's language, never an API error."""
    response = _shell(request)
    response.status_code = 404
    return response


def _shell(request: HttpRequest) -> HttpResponse:
    language = shell_language(request)
    response = render(
        request,
        "frontend/index.html",
        {
            "static_base": static_base(),
            "stylesheet": asset_url("app.css"),
            "entry": asset_url("js/main.js"),
            "icon": asset_url("icons/icon.svg"),
            "touch_icon": asset_url("icons/icon-192.png"),
            "runtime_assets": runtime_assets(),
            "version": client_version(),
            "language": language,
            "words": shell_words(language),
        },
    )
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Accept-Language"])
    return response


@condition(etag_func=_worker_etag)
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so that its scope covers every client route.

    It names no file of the client: it keeps the shell and what the phone has used (sw.js).
    """
    body = render_to_string(
        "frontend/sw.js",
        {
            "version": client_version(),
            "static_prefix": json.dumps(static("frontend/")),
            "content_fresh_ms": settings.CONTENT_REVALIDATE_SECONDS * 1000,
        },
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # The phone asks again on every visit and gets 304 while the version is unchanged.
    response["Cache-Control"] = "no-cache"
    return response


@condition(etag_func=_version_etag)
def manifest(request: HttpRequest) -> JsonResponse:
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
            {"src": asset_url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": asset_url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": asset_url("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": asset_url("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
