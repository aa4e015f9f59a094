"""Refuse oversized bodies before anything reads them (DRF's parsers read the raw stream).

Served by uvicorn, ``api.body_limit.RequestBodyLimit`` has refused them already, before the
body was read; this answers the same for any other way in (WSGI, Django's test client).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

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
                status=413,
            )
        return self.get_response(request)
