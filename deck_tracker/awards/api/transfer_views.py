"""Export (JSON, CSV), import and the printable Award Tracker sheet of a group."""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings as django_settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from .. import codes, selectors, transfer, transfer_csv
from ..models import REWARD_CARDS
from ..tasks import group_stats_recomputed
from . import serializers as s
from .throttles import ImportThrottle
from .views import GROUP, AccountView


def _group(request: Request, *, write: bool = False) -> Any:
    raw = request.query_params.get("group") or (
        request.data.get("group") if isinstance(request.data, dict) else None
    )
    if not raw:
        raise ValidationError({"group": ["Name the group (`?group=<id>`)."]})
    return selectors.group_for(user=request.user, group_id=raw, write=write)


def _filename(group: Any, extension: str) -> str:
    safe = "".join(ch if ch.isalnum() else "-" for ch in group.name.lower()).strip("-")
    return f"award-tracker-{safe or group.pk}.{extension}"


class ExportJsonView(AccountView):
    @extend_schema(parameters=[GROUP], responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        """Everything the tracker holds for a group, to import back here or elsewhere."""
        group = _group(request)
        response = Response(transfer.export_document(group=group))
        response["Content-Disposition"] = f'attachment; filename="{_filename(group, "json")}"'
        return response


class ExportCsvView(AccountView):
    @extend_schema(parameters=[GROUP], responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request: Request) -> HttpResponse:
        """The Award Tracker as a spreadsheet: one row per game."""
        group = _group(request)
        response = HttpResponse(transfer_csv.export_csv(group=group), content_type="text/csv")
        response["Content-Disposition"] = f'attachment; filename="{_filename(group, "csv")}"'
        return response


class ImportView(AccountView):
    throttle_classes = [ImportThrottle]

    @extend_schema(request=s.ImportInSerializer, responses={200: s.ImportOutSerializer})
    def post(self, request: Request) -> Response:
        """Add the games of an export (JSON `document` or `csv` text) the group lacks."""
        form = s.ImportInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        group = selectors.group_for(user=request.user, group_id=data["group"], write=True)
        if "document" in data:
            settings, players, games = transfer.parse_document(data["document"])
        else:
            settings, players, games = {}, [], transfer_csv.parse_csv(data["csv"])
        counts = transfer.import_games(group=group, games=games, players=players, settings=settings)
        group_stats_recomputed.delay_on_commit(group.pk)
        return Response(counts)


class SheetView(AccountView):
    @extend_schema(parameters=[GROUP], responses={(200, "text/html"): OpenApiTypes.STR})
    def get(self, request: Request) -> HttpResponse:
        """The Award Tracker page of the rulebook, filled in; print it (landscape)."""
        group = _group(request)
        rows = [_sheet_row(selectors.record_view(r)) for r in selectors.records(group=group)]
        html = render_to_string(
            "awards/sheet.html",
            {
                "group": group,
                "rows": rows,
                "blank_rows": range(max(0, 18 - len(rows))),
                "cards": transfer.REWARD_COLUMNS,
                "card_names": [name for _, name in REWARD_CARDS],
                "generals": codes.GENERAL_NAMES.items(),
                "minions": codes.MINION_NAMES.items(),
                # Absolute: the client opens the sheet from a blob: address.
                "style": sheet_style(),
                "static_base": request.build_absolute_uri(
                    "/" + django_settings.STATIC_URL.lstrip("/")
                ),
            },
        )
        return HttpResponse(html, content_type="text/html; charset=utf-8")


@functools.cache
def sheet_style() -> str:
    """The sheet's style, inline so that a saved page prints alike; the Content-Security-Policy
    allows exactly this text by its hash (``SHEET_STYLE`` in the settings)."""
    return mark_safe(django_settings.SHEET_STYLE.read_text(encoding="utf-8"))


def _sheet_row(record: dict[str, Any]) -> dict[str, Any]:
    by_card = {r["card"]: r for r in record["rewards"]}
    return {
        "played_on": record["played_on"],
        "generals": " ".join(record["generals"]),
        "minions": " ".join(record["minions"]),
        "result": record["result"],
        "heroes": ", ".join(f"{h['hero_name']} ({h['player_name']})" for h in record["heroes"]),
        "rewards": [by_card.get(card) for card in transfer.REWARD_COLUMNS],
    }
