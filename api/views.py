"""Thin HTTP views: parse, call a service or selector, shape the answer."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import (
    HttpRequest,
    HttpResponseBase,
    HttpResponseNotModified,
    JsonResponse,
    StreamingHttpResponse,
)
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker.awards import seating
from deck_tracker.awards.api.throttles import CountedAnonThrottle
from deck_tracker.awards.auth import account_of
from deck_tracker.content import selectors as content_selectors
from deck_tracker.games import selectors, services
from deck_tracker.live.places import HeldAsyncStream, HeldStream, stream_place_take
from deck_tracker.live.stream import (
    issue_ticket,
    make_stream,
    release_connection,
    stream_after,
    stream_place_key,
)
from deck_tracker.models import Seat, TableDisplay

from . import serializers as s
from .auth import IsSeatOfGame, IsSeatOrDisplayOfGame, StreamTokenAuthentication, seat_of
from .errors import TooManyStreams, error_body, request_language, too_many_streams_detail

ERRORS = {400: s.ErrorOutSerializer, 404: s.ErrorOutSerializer, 409: s.ErrorOutSerializer}
# Calls anyone may make (create a game, join one, read what can be set up): the schema declares
# no security for them, so that a generated client makes them without credentials. An account's
# token or session cookie, when sent with create or join, ties the seat to its player.
ANONYMOUS: list[str] = []


class JoinThrottle(CountedAnonThrottle):
    scope = "join"


class CreateThrottle(CountedAnonThrottle):
    scope = "create"


def healthz(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:
        return JsonResponse({"status": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Repeat a request with the same key (the same caller, the same body) to get "
    "the stored answer; nothing is done twice.",
)
ACTIONS_IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The ETag of the actions list the phone holds (or the stream's latest "
    "`actions_tag`): 304 with no body while that list is still the one on offer.",
)
ACTIONS_ETAG = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="A weak tag naming the list (not the game's version): the stream's `state` "
    "messages carry it as `actions_tag`, with `actions_base` (a tag) and `actions_patch` (RFC "
    "6902, from the list so named to this one) when the list changed.",
    response=[200, 304],
)
ACCOUNT_ERRORS = {401: s.ErrorOutSerializer}
ACCEPT_LANGUAGE = OpenApiParameter(
    "Accept-Language",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="`en` (the default) or `de`: the players' words of the answer (settings, "
    "scenarios, games offered) and a refusal's `detail` and `fields` in that language. Ids, "
    "values and codes do not change.",
)


class GameCreateView(APIView):
    throttle_classes = [CreateThrottle]

    @extend_schema(
        request=s.SetupSerializer,
        responses={
            201: s.CreatedGameOutSerializer,
            **ERRORS,
            **ACCOUNT_ERRORS,
            429: s.ErrorOutSerializer,
        },
        parameters=[IDEMPOTENCY_KEY],
        summary="Create a game; `{}` makes a base game with one seat for the host.",
        auth=ANONYMOUS,
    )
    def post(self, request: Request) -> Response:
        setup = request.data
        if not isinstance(setup, dict):
            return Response(
                error_body("invalid", _("The setup must be a JSON object.")), status=400
            )
        form = s.SetupSerializer(data=setup)
        form.is_valid(raise_exception=True)
        account = account_of(request)
        player = seating.player_for_account(user=account, player_id=setup.get("player"))
        # The further seats are their own commands (``join``), not part of the stored setup.
        setup = {key: value for key, value in setup.items() if key != "seats"}
        others = [
            (
                other["name"],
                other.get("hero") or None,
                seating.player_for_account(user=account, player_id=other.get("player")),
            )
            for other in form.validated_data.get("seats") or []
        ]
        grant = seating.game_create(setup=setup, player=player, account=account, others=others)
        seats = [
            {"id": seat.key, "name": seat.name, "hero": seat.hero or None, "is_host": seat.is_host}
            for seat in [grant.seat, *(other for other, _ in grant.others)]
        ]
        body = selectors.game_view(game=grant.game, seat=grant.seat, seats=seats) | {
            "token": grant.token,
            "seat_tokens": {seat.key: token for seat, token in grant.others},
            # The setup's events: with their steps, the checklist for the physical table.
            "events": selectors.events_view(events=grant.events, seat=grant.seat),
        }
        return Response(s.CreatedGameOutSerializer(body).data, status=201)


class GameJoinView(APIView):
    throttle_classes = [JoinThrottle]

    @extend_schema(
        request=s.JoinSerializer,
        responses={
            201: s.JoinedOutSerializer,
            **ERRORS,
            **ACCOUNT_ERRORS,
            429: s.ErrorOutSerializer,
        },
        parameters=[IDEMPOTENCY_KEY],
        auth=ANONYMOUS,
    )
    def post(self, request: Request) -> Response:
        form = s.JoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        account = account_of(request)
        grant = seating.game_join(
            join_code=data["join_code"],
            name=data["name"],
            hero=data.get("hero") or None,
            player=seating.player_for_account(user=account, player_id=data.get("player")),
            account=account,
        )
        body = {
            "game_id": grant.game.id,
            "seat_id": grant.seat.key,
            "token": grant.token,
            "version": grant.game.version,
            "state": selectors.seat_state(game=grant.game, seat_key=grant.seat.key),
        }
        return Response(s.JoinedOutSerializer(body).data, status=201)


class JoinPreviewView(APIView):
    """The table a join code opens, before joining: its players and the heroes taken."""

    throttle_classes = [JoinThrottle]

    @extend_schema(
        responses={
            200: s.JoinPreviewOutSerializer,
            404: s.ErrorOutSerializer,
            429: s.ErrorOutSerializer,
        },
        auth=ANONYMOUS,
    )
    def get(self, request: Request, join_code: str) -> Response:
        game = selectors.game_for_join_code(join_code=join_code)
        if game is None:
            raise services.JoinCodeUnknown(join_code)
        return Response(s.JoinPreviewOutSerializer(selectors.join_preview(game=game)).data)


class GameDetailView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "view",
                str,
                enum=["table"],
                required=False,
                description="`table`: the cold load of the table screen, with the form of "
                "the first card waiting to be read only (`state.reading[0].schema`, `fields`: "
                "the sheet the phone shows first), not those of the cards after it; the phone "
                "reads the whole game when it shows one of those.",
            )
        ],
        responses={200: s.GameOutSerializer, 404: s.ErrorOutSerializer},
    )
    def get(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        game = selectors.game_of_seat(seat=seat)
        view = selectors.game_view(game=game, seat=seat)
        if request.query_params.get("view") == "table":
            # The first card's form is the sheet the phone shows first: no second GET for it.
            view["state"]["reading"] = [
                prompt
                if i == 0
                else {k: v for k, v in prompt.items() if k not in ("schema", "fields")}
                for i, prompt in enumerate(view["state"].get("reading") or [])
            ]
        return Response(s.GameOutSerializer(view).data)


class GameActionsView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        responses={
            200: s.ActionListOutSerializer,
            304: OpenApiResponse(
                description="The list named by `If-None-Match` is still the one on offer."
            ),
            404: s.ErrorOutSerializer,
        },
        parameters=[ACCEPT_LANGUAGE, ACTIONS_IF_NONE_MATCH, ACTIONS_ETAG],
    )
    def get(self, request: Request, game_id: Any) -> HttpResponseBase:
        """The actions on offer, with a weak ETag naming the list (not the game's version).

        The stream's ``state`` messages carry the same tag (``actions_tag``) and, when the list
        changed, the patch from the one named ``actions_base`` (``actions_patch``): a phone
        holding that list applies it; one holding another reads the list again with its tag,
        and gets 304 if it is current."""
        seat = seat_of(request)
        game = selectors.game_of_seat(seat=seat)
        actions = selectors.actions_on_offer(game=game, seat=seat, language=request_language())
        etag = selectors.actions_tag(actions)
        # The list is this seat's and this language's: no shared cache may keep it.
        headers = {"ETag": etag, "Cache-Control": "private, no-cache"}
        if _names_current(request, etag):
            return HttpResponseNotModified(headers=headers)
        out = s.ActionListOutSerializer({"version": game.version, "actions": actions}).data
        return Response(out, headers=headers)

    @extend_schema(
        request=s.ActionSerializer,
        # 403 recorded_game: a guest's undo of an ending in a group's award history.
        responses={
            200: s.ActionResultOutSerializer,
            403: s.ErrorOutSerializer,
            **ERRORS,
            409: s.ConflictOutSerializer,
        },
        parameters=[IDEMPOTENCY_KEY, ACCEPT_LANGUAGE],
    )
    def post(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        data = s.action_in(request.data)
        if data is None:
            form = s.ActionSerializer(data=request.data)
            form.is_valid(raise_exception=True)
            data = form.validated_data
        body = services.game_act(
            game_id=seat.game_id,
            seat=seat,
            action=data["type"],
            args=data.get("args") or {},
            expected_version=data["expected_version"],
            guard=seating.recorded_ending_guard,
        )
        return Response(s.action_result_out(body))


class GameEventsView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "after", {"type": "integer", "minimum": 0}, description="Events after this seq."
            ),
            OpenApiParameter(
                "from",
                {"type": "string", "enum": ["last_night"]},
                description="`last_night`: the page begins with the event that began the last "
                "night (its steps, the cards read and the choices that carried it on follow; "
                "`after` is ignored); before the first night, an empty page.",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1},
                description=f"Page size ({selectors.EVENTS_PAGE_SIZE} by default; a larger value "
                f"than {selectors.EVENTS_PAGE_MAX} gives pages of {selectors.EVENTS_PAGE_MAX}).",
            ),
        ],
        responses={200: s.EventPageOutSerializer, **ERRORS},
    )
    def get(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        after = _int_param(request, "after", 0, minimum=0)
        limit = _int_param(request, "limit", selectors.EVENTS_PAGE_SIZE, minimum=1)
        limit = min(limit, selectors.EVENTS_PAGE_MAX)
        game = selectors.game_progress_of_seat(seat=seat)
        if request.query_params.get("from") == "last_night":
            began = selectors.last_night_start(game=game)
            after = game.last_seq if began is None else began - 1
        events = list(selectors.events_after(game=game, after=after, limit=limit))
        last_seq = game.last_seq
        page_end = events[-1].seq if events else after
        next_url = None
        if page_end < last_seq:
            next_url = request.build_absolute_uri(f"{request.path}?after={page_end}&limit={limit}")
        page = {
            "events": selectors.events_view(events=events, seat=seat),
            "last_seq": last_seq,
            "next": next_url,
        }
        return Response(s.EventPageOutSerializer(page).data)


def _names_current(request: Request, etag: str) -> bool:
    """Whether ``If-None-Match`` names ``etag`` (the weak comparison RFC 9110 asks of a GET)."""
    wanted = parse_etags(request.headers.get("If-None-Match", ""))
    plain = etag.removeprefix("W/")
    return "*" in wanted or any(tag.removeprefix("W/") == plain for tag in wanted)


def _int_param(request: Request, name: str, default: int, *, minimum: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: [_("Must be an integer.")]}) from None
    if value < minimum:
        raise ValidationError({name: [_("Must be at least {minimum}.").format(minimum=minimum)]})
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
    authentication_classes = [StreamTokenAuthentication]
    permission_classes = [IsSeatOrDisplayOfGame]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "ticket", OpenApiTypes.STR, description="A stream ticket (EventSource)."
            ),
            OpenApiParameter(
                "token",
                OpenApiTypes.STR,
                description="The seat token itself (older clients; it ends up in access logs): "
                "prefer the Authorization header or a ticket.",
                deprecated=True,
            ),
            OpenApiParameter("after", OpenApiTypes.INT, description="Start after this seq."),
            # Content negotiation picks the stream by Accept, never by ?format=.
            OpenApiParameter("format", exclude=True),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                response={"type": "string"},
                description="Server-sent events (`text/event-stream`), first `retry: 1000`, "
                "then messages of an `event:` line and one `data:` line of JSON: `change` "
                "(with `id:`, the event's `seq` for Last-Event-ID; `data`: the event as this "
                "seat may see it, with `game_version`) and `state` (`data`: the seat's view, "
                "whole as `game` or as an RFC 6902 `patch` on `base_version`, with "
                "`actions_tag`), and `revoked` when the seat's token is reissued. It ends after "
                "STREAM_MAX_SECONDS; reconnect with "
                "`Last-Event-ID` or `?after=`.",
            ),
            404: s.ErrorOutSerializer,
            429: s.ErrorOutSerializer,
        },
    )
    def get(self, request: Request, game_id: Any) -> StreamingHttpResponse:
        reader = request.auth  # a seat, or the table's screen (IsSeatOrDisplayOfGame)
        assert isinstance(reader, Seat | TableDisplay)
        place = stream_place_take(seat_id=stream_place_key(reader))
        if place is None:
            raise TooManyStreams(too_many_streams_detail())
        after = stream_after(
            request.META.get("HTTP_LAST_EVENT_ID") or request.query_params.get("after")
        )
        stream = make_stream(
            reader,
            after=after,
            lang=request.query_params.get("lang"),
            accept_language=request.META.get("HTTP_ACCEPT_LANGUAGE"),
        )
        release_connection()  # the stream reads with a connection of its own, when it must
        under_asgi = isinstance(request._request, ASGIRequest)
        response = StreamingHttpResponse(
            HeldAsyncStream(stream.streaming(), place)
            if under_asgi
            else HeldStream(stream.blocking(), place),
            content_type="text/event-stream",
        )
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"
        return response


class StreamTicketView(APIView):
    """A ticket for ``stream/?ticket=``: the seat token stays in a header, out of addresses."""

    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=None, responses={201: s.StreamTicketOutSerializer, 404: s.ErrorOutSerializer}
    )
    def post(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        body = {"ticket": issue_ticket(seat=seat), "expires_in": settings.STREAM_TICKET_SECONDS}
        return Response(body, status=201)


class ScenarioListView(APIView):
    @extend_schema(
        responses={200: s.ScenarioOutSerializer(many=True)},
        parameters=[ACCEPT_LANGUAGE],
        auth=ANONYMOUS,
    )
    def get(self, request: Request) -> Response:
        account = account_of(request)
        groups = seating.account_group_ids(account) if account is not None else []
        scenarios = content_selectors.scenarios(request_language(), groups)
        return Response(s.ScenarioOutSerializer(scenarios, many=True).data)


def _listed(request: Request, name: str) -> list[str]:
    """A list query parameter: repeated (`?e=a&e=b`) or comma-separated (`?e=a,b`)."""
    return [part for raw in request.query_params.getlist(name) for part in raw.split(",") if part]


class SetupOptionsView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("expansions", str, many=True, description="Expansions in play."),
            OpenApiParameter("scenario", str, description="A scenario id (`setup.scenario`)."),
            OpenApiParameter("easier", str, many=True, description="Its easier variants."),
            OpenApiParameter(
                "generals", str, many=True, description="`random` or `colour:General id` pairs."
            ),
            OpenApiParameter("agent", str, description="The Agent chosen (`options.agent`)."),
            ACCEPT_LANGUAGE,
        ],
        responses={200: s.SetupOptionsOutSerializer, **ERRORS},
        summary="The setup options these packs and this scenario use; the others, with why.",
        auth=ANONYMOUS,
    )
    def get(self, request: Request) -> Response:
        body = content_selectors.setup_options(
            expansions=_listed(request, "expansions"),
            scenario=request.query_params.get("scenario") or None,
            easier=_listed(request, "easier"),
            generals=_listed(request, "generals"),
            agent=request.query_params.get("agent") or None,
            language=request_language(),
        )
        return Response(s.SetupOptionsOutSerializer(body).data)


class ContentListView(APIView):
    @extend_schema(responses={200: s.ContentPackOutSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            s.ContentPackOutSerializer(content_selectors.content_packs(), many=True).data
        )
