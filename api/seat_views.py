"""Seats: giving a seat a new token when its phone is lost."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker import services

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
