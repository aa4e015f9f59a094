"""Seats: giving a seat a new token when its phone is lost; the language a seat reads in."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker.games import languages, services

from . import serializers as s
from .auth import IsSeatOfGame, seat_of
from .views import IDEMPOTENCY_KEY


class SeatTokenView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=None,
        responses={
            201: s.SeatTokenOutSerializer,
            403: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
        },
        parameters=[IDEMPOTENCY_KEY],
        summary="A new token for a seat (host only); the old one stops working.",
    )
    def post(self, request: Request, game_id: Any, seat_id: int) -> Response:
        seat, token = services.seat_reissue_token(by=seat_of(request), number=seat_id)
        body = {"game_id": seat.game_id, "seat_id": seat.key, "token": token}
        return Response(s.SeatTokenOutSerializer(body).data, status=201)


class SeatLanguageView(APIView):
    """The caller's own seat: the language its phone reads the game in."""

    permission_classes = [IsSeatOfGame]

    @extend_schema(
        request=s.SeatLanguageSerializer,
        responses={200: s.SeatLanguageOutSerializer, 400: s.ErrorOutSerializer,
                   404: s.ErrorOutSerializer},
        summary="Choose the language this seat reads the game in (events, errors).",
        description="`de` or `en`; an empty language gives the choice back to the player's "
        "account, then to the phone's Accept-Language. `?lang=` on a request still wins.",
    )  # fmt: skip
    def patch(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        form = s.SeatLanguageSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        seat = services.seat_set_language(seat=seat, language=form.validated_data["language"])
        reads_in = languages.activate_for_request(request, seat=seat)
        body = {"seat_id": seat.key, "language": seat.language, "reads_in": reads_in}
        return Response(s.SeatLanguageOutSerializer(body).data)
