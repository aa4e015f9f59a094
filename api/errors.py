"""The one error shape: ``{"code", "detail", "fields"?}``, from one handler."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from deck_tracker.awards.services import AwardsError
from deck_tracker.engine import EngineError, InvalidArguments
from deck_tracker.games.services import JoinCodeUnknown, NotHost, SeatUnknown, StaleVersion

from .parsers import InvalidText


def error_body(
    code: str, detail: str, fields: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "detail": detail}
    if fields:
        body["fields"] = fields
    body.update(extra)
    return body


class TooManyStreams(exceptions.APIException):
    status_code = 429
    default_code = "too_many_streams"


def too_many_streams_detail() -> str:
    return _(
        "This seat has {count} live streams open already: close one (another tab or device) "
        "and try again."
    ).format(count=settings.STREAM_MAX_PER_SEAT)


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            return {prefix or "non_field_errors": [str(item) for item in detail]}
        out = {}
        for index, item in enumerate(detail):
            out.update(_flatten(item, f"{prefix}.{index}"))
        return out
    return {prefix or "non_field_errors": [str(detail)]}


def request_language() -> str:
    """The language of the request being answered (LocaleMiddleware reads Accept-Language)."""
    return get_language() or "en"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, StaleVersion):
        # What the phone missed; the whole state only when it missed too much.
        extra: dict[str, Any] = {"current_version": exc.current_version, "changes": exc.changes}
        if exc.state is not None:
            extra["state"] = exc.state
        return Response(
            error_body(
                "stale_version",
                _(
                    "The game moved on to version {version} since your screen was drawn; "
                    "nothing was changed. Here is what happened since."
                ).format(version=exc.current_version),
                **extra,
            ),
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, AwardsError):
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return Response(
            error_body(exc.code, exc.detail, exc.fields), status=exc.status, headers=headers
        )
    if isinstance(exc, InvalidArguments):
        language = request_language()
        return Response(
            error_body(exc.code, exc.detail_in(language), exc.fields_in(language)), status=400
        )
    if isinstance(exc, EngineError):
        return Response(error_body(exc.code, exc.detail_in(request_language())), status=400)
    if isinstance(exc, NotHost):
        detail = (
            _("Only the host can put the table on a screen.")
            if exc.what == "display"
            else _("Only the host can give a seat a new token.")
        )
        return Response(error_body("not_host", detail), status=403)
    if isinstance(exc, SeatUnknown):
        return Response(error_body("not_found", _("This table has no such seat.")), status=404)
    if isinstance(exc, JoinCodeUnknown):
        return Response(
            error_body("unknown_join_code", _("No game has this join code.")), status=404
        )
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body("request_too_large", _("The request body is too large.")), status=413
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = error_body("invalid", _("Some fields are invalid."), _flatten(exc.detail))
    elif isinstance(exc, InvalidText):
        response.data = error_body("invalid_text", str(exc.detail))
    elif isinstance(exc, exceptions.ParseError):
        response.data = error_body(
            "malformed_json", _("The body is not valid JSON: {problem}").format(problem=exc.detail)
        )
    elif isinstance(exc, exceptions.Throttled):
        response.data = error_body(
            "throttled",
            _("Too many attempts; try again in {seconds:.0f} s.").format(
                seconds=getattr(exc, "wait", None) or 1
            ),
            wait=getattr(exc, "wait", None),
        )
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
        response.data = error_body(str(code), str(exc.detail))
    return response


def json_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return JsonResponse(error_body("not_found", _("Not found.")), status=404)


def json_server_error(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body("server_error", _("Something went wrong on the server; nothing was lost.")),
        status=500,
    )


def json_bad_request(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return JsonResponse(error_body("bad_request", _("The request could not be read.")), status=400)
