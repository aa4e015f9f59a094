"""Bearer tokens: each names one seat at one game (the host's seat is seat 1)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from deck_tracker.models import Seat
from deck_tracker.selectors import seat_for_token_hash
from deck_tracker.services import hash_token


def _bearer(request: Request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return str(token.strip())
    return None


class GameTokenAuthentication(BaseAuthentication):
    """Unknown or missing tokens are not an error here: the game is then simply not found."""

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        token = _bearer(request)
        if token is None or len(token) > 200:
            return None
        seat = seat_for_token_hash(token_hash=hash_token(token))
        if seat is None:
            return None
        return (AnonymousUser(), seat)

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


class GameTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "api.auth.GameTokenAuthentication"
    name = "gameToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer"}
