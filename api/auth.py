"""Bearer tokens: each names one seat at one game (the host's seat is seat 1).

Authentication finds the seat by its token's hash and reads nothing else: the game is read by
the view or the service that needs it. :class:`IsSeatOfGame` lets a seat reach its own game
only; any other game is "not found", never "forbidden".
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from deck_tracker.languages import activate_for_request
from deck_tracker.live import seat_for_ticket
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
        token = self.token(request)
        if token is None or len(token) > 200:
            return None
        seat = seat_for_token_hash(token_hash=hash_token(token))
        if seat is None:
            return None
        return (AnonymousUser(), seat)

    def token(self, request: Request) -> str | None:
        return _bearer(request)

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


class StreamTokenAuthentication(GameTokenAuthentication):
    """EventSource cannot send headers: the live stream also takes a short-lived ``?ticket=``
    (from ``stream/ticket/``) or, kept for older clients, the token itself as ``?token=``."""

    def authenticate(self, request: Request) -> tuple[Any, Seat] | None:
        ticket = request.query_params.get("ticket")
        if ticket:
            seat = seat_for_ticket(ticket)
            return None if seat is None else (AnonymousUser(), seat)
        return super().authenticate(request)

    def token(self, request: Request) -> str | None:
        return _bearer(request) or request.query_params.get("token") or None


class GameTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "api.auth.GameTokenAuthentication"
    name = "gameToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return game_token_definition()


def game_token_definition() -> dict[str, str]:
    return {
        "type": "http",
        "scheme": "bearer",
        "description": "A seat's token (from creating or joining a game, or "
        "`seats/{seat_id}/token/`): it names one seat at one game.",
    }


class IsSeatOfGame(BasePermission):
    """The request's token is a seat of the game named in the path (``game_id``).

    The seat known, the reader's language is settled (``deck_tracker.languages``): the seat's
    and its player's account's preferences come before the phone's Accept-Language.
    """

    def has_permission(self, request: Request, view: Any) -> bool:
        seat = request.auth
        game_id = view.kwargs.get("game_id")
        if not isinstance(seat, Seat) or str(seat.game_id) != str(game_id):
            raise NotFound(_("No such game, or your token is not for it."))
        activate_for_request(request, seat=seat)
        return True


def seat_of(request: Request) -> Seat:
    """The caller's seat, once :class:`IsSeatOfGame` has let the request in."""
    seat = request.auth
    assert isinstance(seat, Seat)
    return seat


class StreamTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The stream takes the seat's token (one scheme for one token, ``gameToken``) or, for
    EventSource, which sends no headers, a ticket in the query (``?token=`` is a deprecated
    parameter, not a scheme of its own)."""

    target_class = "api.auth.StreamTokenAuthentication"
    # ``gameToken`` is defined once, by GameTokenScheme (api/schema.py makes sure).
    name = ["streamTicket"]
    priority = 1

    def get_security_definition(self, auto_schema: Any) -> list[dict[str, str]]:
        return [
            {
                "type": "apiKey",
                "in": "query",
                "name": "ticket",
                "description": "A short-lived stream ticket (`stream/ticket/`), for EventSource.",
            },
        ]

    def get_security_requirement(self, auto_schema: Any) -> list[dict[str, list[str]]]:
        return [{"gameToken": []}, {"streamTicket": []}]
