"""Seats: giving a seat a new token when its phone is lost."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker import services

from . import serializers as s
from .views import _seat_for


class SeatTokenView(APIView):
    @extend_schema(
        request=None,
        responses={
            201: s.SeatTokenOutSerializer,
            403: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
        },
        summary="A new token for a seat (host only); the old one stops working.",
    )
    def post(self, request: Request, game_id: Any, seat_id: int) -> Response:
        _, caller = _seat_for(request, game_id)
        seat, token = services.seat_reissue_token(by=caller, number=seat_id)
        return Response(
            {"game_id": str(seat.game_id), "seat_id": seat.key, "token": token}, status=201
        )
