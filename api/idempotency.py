"""``Idempotency-Key`` for every write: one reservation per caller and key (see
``deck_tracker.games.idempotency``).

The caller is who the credentials say: the Bearer token (a seat or an account token, by its
hash), else the signed-in account of the session, else, for an anonymous create or join, the
client's address as the throttles see it (``REMOTE_ADDR``, or ``X-Forwarded-For`` behind
``NUM_PROXIES`` trusted proxies). A key sent by another caller is another reservation: it never
returns the first caller's answer.

The write and its reservation share one transaction; only a 2xx answer is stored (a refused
request changes nothing, and may be sent again with the same key).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable

from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle

from deck_tracker.games import idempotency

from .errors import error_body

logger = logging.getLogger(__name__)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def caller_of(request: HttpRequest) -> str:
    scheme, _, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return "bearer:" + hashlib.sha256(token.strip().encode("utf-8", "replace")).hexdigest()
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"account:{user.pk}"
    # The throttles' reading of the address (it uses only ``META``).
    return f"address:{BaseThrottle().get_ident(request)}"[:80]  # type: ignore[arg-type]


def request_hash(request: HttpRequest) -> str:
    digest = hashlib.sha256(
        f"{request.method} {request.get_full_path()}\n".encode("utf-8", "replace")
    )
    digest.update(request.body)
    return digest.hexdigest()


class IdempotencyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.META.get("HTTP_IDEMPOTENCY_KEY", "").strip()
        if request.method in SAFE_METHODS or not key or not request.path.startswith("/api/"):
            return self.get_response(request)
        if len(key) > idempotency.MAX_KEY_LENGTH:
            return JsonResponse(
                error_body(
                    "invalid_idempotency_key",
                    _("An Idempotency-Key has at most {count} characters.").format(
                        count=idempotency.MAX_KEY_LENGTH
                    ),
                ),
                status=400,
            )
        with transaction.atomic():
            try:
                reservation = idempotency.reserve(
                    caller=caller_of(request), key=key, request_hash=request_hash(request)
                )
            except idempotency.IdempotencyKeyReused:
                return JsonResponse(
                    error_body(
                        "idempotency_key_reused",
                        _("This Idempotency-Key was already used for a different request."),
                    ),
                    status=409,
                )
            if reservation.replay is not None:
                status, body = reservation.replay
                if body is None:
                    return HttpResponse(status=status)
                return JsonResponse(body, status=status, safe=False)
            with idempotency.active(reservation):
                response = self.get_response(request)
            if not 200 <= response.status_code < 300 or response.streaming:
                transaction.set_rollback(True)
                return response
            try:
                body = json.loads(response.content) if response.content else None
            except ValueError:  # not JSON: answered, but not kept
                reservation.record.delete()
                return response
            if not idempotency.complete(reservation, status=response.status_code, body=body):
                logger.warning("not storing an answer to %s: it holds a token", request.path)
                reservation.record.delete()
        return response
