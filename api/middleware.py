"""Refuse oversized bodies before anything reads them (DRF's parsers read the raw stream)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _

from deck_tracker import languages

from .errors import error_body


class BodySizeLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return JsonResponse(error_body("bad_request", _("Invalid Content-Length.")), status=400)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            return JsonResponse(
                error_body(
                    "request_too_large",
                    _("The request body is larger than {limit} bytes.").format(limit=limit),
                ),
                status=400,
            )
        return self.get_response(request)


class ReaderLanguageMiddleware:
    """``?lang=de`` reads one request in that language, before any seat's or account's choice.

    After Django's ``LocaleMiddleware`` (the phone's Accept-Language); the seat's and the
    account's preferences are applied once the request is authenticated
    (``deck_tracker.languages``), and they too give way to ``?lang=``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = languages.supported(request.GET.get("lang"))
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


class QueryLanguageMiddleware:
    """``?lang=de`` on a request reads as ``Accept-Language: de``.

    For readers that cannot set a header (a shared link, a browser's EventSource): the language
    named in the query, when the site offers it (``settings.LANGUAGES``), replaces the request's
    ``Accept-Language`` before ``LocaleMiddleware`` and the views read it, and is active while
    the view runs. Anything else in ``lang`` is ignored.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        wanted = query_language(request)
        if wanted is None:
            return self.get_response(request)
        request.META["HTTP_ACCEPT_LANGUAGE"] = wanted
        with translation.override(wanted):
            return self.get_response(request)


def query_language(request: HttpRequest) -> str | None:
    """The language ``?lang=`` names (``de``, ``de-AT``, ``de_de`` -> ``de``), if offered."""
    raw = request.GET.get("lang") or ""
    base = raw.replace("_", "-").split("-")[0].strip().lower()
    offered = {code.split("-")[0].lower() for code, _ in settings.LANGUAGES}
    return base if base and base in offered else None
