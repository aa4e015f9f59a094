"""Thin HTTP views: parse, call a service or selector, shape the answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from deck_tracker import content_selectors, selectors, services
from deck_tracker.awards import seating
from deck_tracker.awards.auth import account_of
from deck_tracker.engine.commands import describe_commands
from deck_tracker.engine.game import INTERNAL_COMMANDS
from deck_tracker.live import (
    SeatStream,
    issue_ticket,
    release_connection,
    stream_after,
    stream_seat,
)
from deck_tracker.models import Game, Seat

from . import serializers as s
from .errors import error_body

ERRORS = {400: s.ErrorOutSerializer, 404: s.ErrorOutSerializer, 409: s.ErrorOutSerializer}


class JoinThrottle(AnonRateThrottle):
    scope = "join"


class CreateThrottle(AnonRateThrottle):
    scope = "create"


def healthz(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:
        return JsonResponse({"status": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})


def _idempotency_key(request: Request) -> str | None:
    key = request.META.get("HTTP_IDEMPOTENCY_KEY", "").strip()
    return key[:100] or None


def _seat_for(request: Request, game_id: Any) -> tuple[Game, Seat]:
    """The caller's seat at this game; anything else is "not found", never "forbidden"."""
    seat = request.auth
    if not isinstance(seat, Seat) or str(seat.game_id) != str(game_id):
        raise NotFound("No such game, or your token is not for it.")
    return seat.game, seat


def _created_once(
    request: Request, scope: str, payload: Any, create: Callable[[], dict[str, Any]]
) -> Response:
    """201 with what ``create`` made; a repeat with the same Idempotency-Key gets the same answer.

    (Actions store their answer inside their own transaction: see ``services.game_act``.)
    """
    key = _idempotency_key(request)
    fingerprint = services.request_fingerprint([scope, payload])
    if key:
        stored = services.idempotency_lookup(scope=scope, key=key, request_hash=fingerprint)
        if stored:
            return Response(stored.body, status=stored.status)
    body = create()
    if key:
        services.idempotency_store(
            scope=scope, key=key, request_hash=fingerprint, status=201, body=body
        )
    return Response(body, status=201)


class GameCreateView(APIView):
    throttle_classes = [CreateThrottle]

    @extend_schema(
        request=s.SetupSerializer,
        responses={201: s.CreatedGameOutSerializer, **ERRORS},
        summary="Create a game; `{}` makes a base game with one seat for the host.",
    )
    def post(self, request: Request) -> Response:
        setup = request.data
        if not isinstance(setup, dict):
            return Response(error_body("invalid", "The setup must be a JSON object."), status=400)
        s.SetupSerializer(data=setup).is_valid(raise_exception=True)

        player = seating.player_for_account(user=account_of(request), player_id=setup.get("player"))

        def create() -> dict[str, Any]:
            grant = seating.game_create(setup=setup, player=player)
            return selectors.game_view(game=grant.game, seat=grant.seat) | {
                "token": grant.token,
                # The setup's events: with their steps, the checklist for the physical table.
                "events": selectors.events_view(
                    events=selectors.events_after(game=grant.game, after=0, limit=500),
                    seat=grant.seat,
                ),
            }

        return _created_once(request, "create", setup, create)


class GameJoinView(APIView):
    throttle_classes = [JoinThrottle]

    @extend_schema(request=s.JoinSerializer, responses={201: s.JoinedOutSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        form = s.JoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data

        def join() -> dict[str, Any]:
            grant = seating.game_join(
                join_code=data["join_code"],
                name=data["name"],
                hero=data.get("hero") or None,
                player=seating.player_for_account(
                    user=account_of(request), player_id=data.get("player")
                ),
            )
            view = selectors.game_view(game=grant.game, seat=grant.seat)
            return {
                "game_id": str(grant.game.id),
                "seat_id": grant.seat.key,
                "token": grant.token,
                "version": view["version"],
                "state": view["state"],
            }

        return _created_once(request, "join", data, join)


class GameDetailView(APIView):
    @extend_schema(responses={200: s.GameOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, game_id: Any) -> Response:
        game, seat = _seat_for(request, game_id)
        return Response(selectors.game_view(game=game, seat=seat))


class GameActionsView(APIView):
    @extend_schema(responses={200: s.ActionListOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, game_id: Any) -> Response:
        game, seat = _seat_for(request, game_id)
        actions = describe_commands(game.state, seat.key, hidden=INTERNAL_COMMANDS)
        return Response({"version": game.version, "actions": actions})

    @extend_schema(
        request=s.ActionSerializer,
        responses={200: s.ActionResultOutSerializer, **ERRORS},
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Repeat a request with the same key to get the stored answer.",
            )
        ],
    )
    def post(self, request: Request, game_id: Any) -> Response:
        game, seat = _seat_for(request, game_id)
        form = s.ActionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        result = services.game_act(
            game=game,
            seat=seat,
            action=data["type"],
            args=data.get("args") or {},
            expected_version=data["expected_version"],
            idempotency_key=_idempotency_key(request),
            request_hash=services.request_fingerprint(["act", str(game.pk), request.data]),
        )
        return Response(result.body, status=result.status)


class GameEventsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("after", OpenApiTypes.INT, description="Events after this seq."),
            OpenApiParameter("limit", OpenApiTypes.INT, description="Page size (max 500)."),
        ],
        responses={200: s.EventPageOutSerializer, **ERRORS},
    )
    def get(self, request: Request, game_id: Any) -> Response:
        game, seat = _seat_for(request, game_id)
        after = _int_param(request, "after", 0, minimum=0)
        limit = _int_param(request, "limit", selectors.EVENTS_PAGE_SIZE, minimum=1)
        limit = min(limit, selectors.EVENTS_PAGE_MAX)
        events = list(selectors.events_after(game=game, after=after, limit=limit))
        last_seq = Game.objects.values_list("last_seq", flat=True).get(pk=game.pk)
        page_end = events[-1].seq if events else after
        next_url = None
        if page_end < last_seq:
            next_url = request.build_absolute_uri(f"{request.path}?after={page_end}&limit={limit}")
        return Response(
            {
                "events": selectors.events_view(events=events, seat=seat),
                "last_seq": last_seq,
                "next": next_url,
            }
        )


def _int_param(request: Request, name: str, default: int, *, minimum: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: ["Must be an integer."]}) from None
    if value < minimum:
        raise ValidationError({name: [f"Must be at least {minimum}."]})
    return value


class EventStreamRenderer(BaseRenderer):
    """Lets `Accept: text/event-stream` (what EventSource sends) through content negotiation.

    The stream itself is a StreamingHttpResponse; only an error answer is rendered, as JSON.
    """

    media_type = "text/event-stream"
    format = "sse"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        return json.dumps(data).encode()


class GameStreamView(APIView):
    """Server-sent events: ``change`` per new event and ``state`` with the seat's view patched.

    Resumable by Last-Event-ID. The seat is named by its Bearer token or, for EventSource
    (which cannot send headers), by a short-lived ``?ticket=`` from ``stream/ticket/``;
    ``?token=`` still works but puts the token in access logs. Each connection lasts
    STREAM_MAX_SECONDS, then the client reconnects with the last id it saw. Under the shipped
    ASGI server, ``dotr_companion.asgi`` serves this path without Django's request thread.
    """

    renderer_classes = [JSONRenderer, EventStreamRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "ticket", OpenApiTypes.STR, description="A stream ticket (EventSource)."
            ),
            OpenApiParameter(
                "token", OpenApiTypes.STR, description="The seat token; prefer a ticket."
            ),
            OpenApiParameter("after", OpenApiTypes.INT, description="Start after this seq."),
        ],
        responses={(200, "text/event-stream"): OpenApiTypes.STR, 404: s.ErrorOutSerializer},
    )
    def get(self, request: Request, game_id: Any) -> StreamingHttpResponse:
        if not isinstance(request.auth, Seat):
            request.auth = stream_seat(
                token=request.query_params.get("token"), ticket=request.query_params.get("ticket")
            )
        game, seat = _seat_for(request, game_id)
        after = stream_after(
            request.META.get("HTTP_LAST_EVENT_ID") or request.query_params.get("after")
        )
        stream = SeatStream(game_id=str(game.pk), seat=seat, after=after)
        release_connection()  # the stream reads with a connection of its own, when it must
        under_asgi = isinstance(request._request, ASGIRequest)
        response = StreamingHttpResponse(
            stream.streaming() if under_asgi else stream.blocking(),
            content_type="text/event-stream",
        )
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response


class StreamTicketView(APIView):
    """A ticket for ``stream/?ticket=``: the seat token stays in a header, out of addresses."""

    @extend_schema(
        request=None, responses={201: s.StreamTicketOutSerializer, 404: s.ErrorOutSerializer}
    )
    def post(self, request: Request, game_id: Any) -> Response:
        _game, seat = _seat_for(request, game_id)
        body = {"ticket": issue_ticket(seat=seat), "expires_in": settings.STREAM_TICKET_SECONDS}
        return Response(body, status=201)


class ScenarioListView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response(content_selectors.scenarios())


class ContentListView(APIView):
    @extend_schema(responses={200: s.ContentPackOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(content_selectors.content_packs())
