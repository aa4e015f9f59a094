"""The project's CSPMiddleware sets what django-csp's own sets, on every kind of answer."""

from __future__ import annotations

import pytest
from csp.decorators import csp_exempt, csp_replace, csp_update
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from django.http import HttpResponse, JsonResponse
from django.test import RequestFactory

from dotr_companion.content_policy import CSPMiddleware

PATHS = ["/", "/healthz", "/api/v1/games/x/actions/", "/api/v1/content/x/", "/api/v1/awards/s/"]


def _page(request):
    return HttpResponse("<p>page</p>")


def _json(request):
    return JsonResponse({"a": 1})


def _missing(request):
    return HttpResponse("no", status=404)


def _with_nonce(request):
    return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")


VIEWS = [
    _page,
    _json,
    _missing,
    _with_nonce,
    csp_update({"script-src": ["https://cdn.example"]})(_page),
    csp_replace({"img-src": ["'none'"]})(_page),
    csp_exempt()(_page),
]


def _headers(middleware_class, view, path):
    request = RequestFactory().get(path)
    middleware = middleware_class(view)
    response = middleware(request)
    nonce = getattr(request, "_csp_nonce", None)
    headers = {
        name: value.replace(nonce, "NONCE") if nonce else value
        for name, value in response.items()
        if "security-policy" in name.lower()
    }
    try:
        str(request.csp_nonce)  # a nonce asked for once the header is written
        refused = False
    except CSPNonceError:
        refused = True
    return headers, refused


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("report_only", [False, True])
@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("view", VIEWS, ids=lambda view: getattr(view, "__name__", "view"))
def test_the_same_headers_as_django_csp(settings, debug, report_only, path, view) -> None:
    settings.DEBUG = debug
    if report_only:
        settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {
            "EXCLUDE_URL_PREFIXES": ["/api/v1/content/"],
            "DIRECTIVES": {"default-src": ["'self'"], "report-uri": "/csp-report/"},
        }
    assert _headers(CSPMiddleware, view, path) == _headers(LibraryCSPMiddleware, view, path)


def test_a_page_carries_the_policy_and_a_game_answer_none() -> None:
    page, _ = _headers(CSPMiddleware, _page, "/")
    assert "default-src 'self'" in page["Content-Security-Policy"]
    assert _headers(CSPMiddleware, _json, "/api/v1/games/x/")[0] == {}
