"""Bearer tokens: each names one seat at one game (the host's seat is seat 1), or the table's
own screen (``TableDisplay``), which reads the public view and nothing else.

Authentication finds the seat by its token's hash and reads nothing else: the game is read by
the view or the service that needs it. :class:`IsSeatOfGame` lets a seat reach its own game
only; any other game is "not found", never "forbidden". A display token reaching its own game
anywhere but the display's own reads is "forbidden" (403 ``display_read_only``): it may act on
nothing and read nothing a seat reads.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from deck_tracker.games.languages import activate_for_request
from deck_tracker.games.selectors import display_for_token_hash, seat_for_token_hash
from deck_tracker.games.services import hash_token
from deck_tracker.live.stream import stream_seat
from deck_tracker.models import Seat, TableDisplay


def _bearer(request: Request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return str(token.strip())
    return None


class GameTokenAuthentication(BaseAuthentication):
    """Unknown or missing tokens are not an error here: the game is then simply not found."""

    def authenticate(self, request: Request) -> tuple[Any, Seat | TableDisplay] | None:
        token = self.token(request)
        if token is None or len(token) > 200:
            return None
        token_hash = hash_token(token)
        reader = seat_for_token_hash(token_hash=token_hash) or display_for_token_hash(
            token_hash=token_hash
        )
        if reader is None:
            return None
        return (AnonymousUser(), reader)

    def token(self, request: Request) -> str | None:
        return _bearer(request)

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


class StreamTokenAuthentication(GameTokenAuthentication):
    """EventSource cannot send headers: the live stream also takes a short-lived ``?ticket=``
    (from ``stream/ticket/``) or, kept for older clients, the token itself as ``?token=``."""

    def authenticate(self, request: Request) -> tuple[Any, Seat | TableDisplay] | None:
        ticket = request.query_params.get("ticket")
        if ticket:
            reader = stream_seat(token=None, ticket=ticket)
            return None if reader is None else (AnonymousUser(), reader)
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

    The seat known, the reader's language is settled (``deck_tracker.games.languages``): the seat's
    and its player's account's preferences come before the phone's Accept-Language.
    """

    def has_permission(self, request: Request, view: Any) -> bool:
        seat = request.auth
        game_id = view.kwargs.get("game_id")
        if isinstance(seat, TableDisplay) and str(seat.game_id) == str(game_id):
            activate_for_request(request)
            raise display_read_only()
        if not isinstance(seat, Seat) or str(seat.game_id) != str(game_id):
            raise NotFound(_("No such game, or your token is not for it."))
        activate_for_request(request, seat=seat)
        return True


def display_read_only() -> PermissionDenied:
    return PermissionDenied(
        _("This is the table's screen: it shows the game and cannot change it."),
        code="display_read_only",
    )


class IsDisplayOfGame(BasePermission):
    """The request's token is the display token of the game named in the path."""

    def has_permission(self, request: Request, view: Any) -> bool:
        display = request.auth
        if not isinstance(display, TableDisplay) or str(display.game_id) != str(
            view.kwargs.get("game_id")
        ):
            raise NotFound(_("No such game, or your token is not for it."))
        activate_for_request(request)
        return True


class IsSeatOrDisplayOfGame(IsSeatOfGame):
    """The live stream: a seat of the game, or its screen (which hears the public events)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if isinstance(request.auth, TableDisplay):
            return IsDisplayOfGame().has_permission(request, view)
        return super().has_permission(request, view)


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
