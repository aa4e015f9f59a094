"""Threat forecasts of a game: ask for one (a Celery task computes it), then read it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from deck_tracker.forecasts import services as forecast_services
from deck_tracker.models import Forecast
from deck_tracker.tasks import forecast_computed

from . import serializers as s
from .auth import IsSeatOfGame, seat_of

ERRORS = {400: s.ErrorOutSerializer, 404: s.ErrorOutSerializer}


class ForecastThrottle(SimpleRateThrottle):
    """Forecasts asked, counted per seat (FORECAST_THROTTLE_RATE)."""

    scope = "forecast"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": seat_of(request).pk}


class ForecastListView(APIView):
    permission_classes = [IsSeatOfGame]
    throttle_classes = [ForecastThrottle]

    @extend_schema(
        request=s.ForecastRequestSerializer,
        responses={200: s.ForecastOutSerializer, 202: s.ForecastOutSerializer, **ERRORS},
        summary="Ask for the threat forecast of the game as it is now.",
        description="Idempotent: the same game version and settings give the same forecast "
        "(200 once it exists, 202 when this request queued it). While a forecast of the game "
        "is queued or running, asking gives that one (200). A seed only reads again a finished "
        "forecast. Seats are throttled (429). Without a broker the forecast is computed before "
        "the answer; with one, read it back for its progress.",
    )
    def post(self, request: Request, game_id: Any) -> Response:
        seat = seat_of(request)
        form = s.ForecastRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            row, created = forecast_services.forecast_request(seat=seat, **form.validated_data)
        except forecast_services.ForecastSeedUnknown:
            raise ValidationError(
                {"seed": [_("No finished forecast of this game has this seed and these settings.")]}
            ) from None
        if created:
            # The worker must find the row: hand it over once the row is committed.
            forecast_computed.delay_on_commit(str(row.id))
            row.refresh_from_db()
        body = forecast_services.forecast_body(row, current_version=_version(seat.game_id))
        return Response(s.ForecastOutSerializer(body).data, status=202 if created else 200)


class ForecastDetailView(APIView):
    permission_classes = [IsSeatOfGame]

    @extend_schema(
        responses={200: s.ForecastOutSerializer, **ERRORS},
        summary="A forecast: its status and progress, then its figures; stale once the game "
        "has moved on.",
    )
    def get(self, request: Request, game_id: Any, forecast_id: Any) -> Response:
        seat = seat_of(request)
        try:
            row = forecast_services.forecast_of_seat(seat=seat, forecast_id=forecast_id)
        except Forecast.DoesNotExist:
            raise NotFound(_("This game has no such forecast.")) from None
        body = forecast_services.forecast_body(row, current_version=_version(seat.game_id))
        return Response(s.ForecastOutSerializer(body).data)


def _version(game_id: Any) -> int:
    return forecast_services.game_version(game_id=game_id)
