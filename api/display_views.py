"""The table's own screen: the host puts the game on a screen; the screen reads the public view.

``POST games/{id}/display/`` (the host's seat) gives the display token and the screen's address
(``/display/<game>#<token>``: the token stays out of server logs). ``GET games/{id}/display/view/``
with that token is the public view (no hand, no draw order), the latest events with the spaces
each step names, the threat forecast of this version when one was asked, and a ticket for the
live stream (``stream/?ticket=``). Anything else the token tries on its game answers 403
``display_read_only`` (``api.auth.IsSeatOfGame``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker.forecasts import services as forecast_services
from deck_tracker.games import selectors, services
from deck_tracker.live.stream import issue_display_ticket
from deck_tracker.models import TableDisplay

from . import serializers as s
from .auth import IsDisplayOfGame, IsSeatOfGame, seat_of


class DisplayIssueView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=None,
        responses={201: s.DisplayTokenOutSerializer, 403: s.ErrorOutSerializer},
        summary="Show the table on a screen (host only): a read-only display token and the "
        "screen's address; asking again replaces the token.",
    )
    def post(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        token = services.display_issue(by=seat)
        body = {"game_id": seat.game_id, "token": token, "url": f"/display/{seat.game_id}#{token}"}
        return Response(s.DisplayTokenOutSerializer(body).data, status=201)


class DisplayView(APIView):
    permission_classes = [IsDisplayOfGame]

    @extend_schema(
        parameters=[
            OpenApiParameter("lang", str, required=False, description="`en` or `de`."),
        ],
        responses={200: s.DisplayOutSerializer},
        summary="The table's screen: the public view, the latest events and a stream ticket.",
    )
    def get(self, request: Request, game_id: Any) -> Response:
        display = request.auth
        assert isinstance(display, TableDisplay)
        game = display.game  # read fresh: the display is this request's
        view = selectors.display_view(game=game)
        view["forecast"] = forecast_services.latest_forecast(game=game)
        view["stream_ticket"] = issue_display_ticket(display=display)
        view["ticket_expires_in"] = settings.STREAM_TICKET_SECONDS
        view["step_seconds"] = settings.DISPLAY_STEP_SECONDS
        return Response(s.DisplayOutSerializer(view).data)
