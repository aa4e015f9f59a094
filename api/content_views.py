"""Content packs with what players entered: the merged view, and the overlay's export/import."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from deck_tracker import content_selectors, content_services
from deck_tracker.models import Seat

from . import serializers as s
from .errors import error_body


class OverlayImportSerializer(serializers.Serializer[Any]):
    data = serializers.DictField(  # type: ignore[assignment]  # the body key; DRF pops it
        help_text="What players entered: `{values: {field id: value}, cards: {deck: [card]}}` "
        "(the `data` of an export)."
    )
    expected_version = serializers.IntegerField(
        min_value=0, help_text="The overlay version the client exported (0 when none yet)."
    )


class OverlayOutSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField(allow_null=True)
    data = serializers.DictField()  # type: ignore[assignment]


class ContentPackDetailView(APIView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 304: None, 404: s.ErrorOutSerializer},
        parameters=[
            OpenApiParameter(
                "view",
                OpenApiTypes.STR,
                enum=["full", "table"],
                description="`table`: only what the table screen reads (names, places, the "
                "cards' words), without sources, notes or the forms to enter content.",
            ),
            OpenApiParameter(
                "If-None-Match",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="The ETag of the copy the client holds: 304 when it is current.",
            ),
        ],
    )
    def get(self, request: Request, pack_id: str) -> Response:
        """A pack's items with the entered values merged, and the fields players may fill.

        Answers carry an ETag; a client sending it back in ``If-None-Match`` gets 304 while
        the pack and what players entered are unchanged."""
        table = request.query_params.get("view") == "table"
        if table:
            pack = content_selectors.content_pack_for_table(pack_id=pack_id)
        else:
            pack = content_selectors.content_pack_detail(pack_id=pack_id)
        if pack is None:
            raise NotFound(f"No content pack {pack_id!r}.")
        body = json.dumps(pack, sort_keys=True, separators=(",", ":")).encode()
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        wanted = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
        if etag in wanted or f"W/{etag}" in wanted:
            response = Response(status=304)
        else:
            response = Response(pack)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        return response


class ContentOverlayView(APIView):
    @extend_schema(responses={200: OverlayOutSerializer, 404: s.ErrorOutSerializer})
    def get(self, request: Request, pack_id: str) -> Response:
        """Export what players entered for this pack."""
        exported = content_selectors.content_overlay_export(pack_id=pack_id)
        if exported is None:
            raise NotFound(f"No content pack {pack_id!r}.")
        return Response(exported)

    @extend_schema(
        request=OverlayImportSerializer,
        responses={
            200: OverlayOutSerializer,
            400: s.ErrorOutSerializer,
            401: s.ErrorOutSerializer,
            404: s.ErrorOutSerializer,
            409: s.ErrorOutSerializer,
        },
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                description="Repeat a request with the same key to get the stored answer.",
            )
        ],
    )
    def put(self, request: Request, pack_id: str) -> Response:
        """Import (replace) what players entered; needs a seat token of any game."""
        seat = request.auth
        if not isinstance(seat, Seat):
            raise NotAuthenticated("A seat token (Bearer) of any game is needed to edit content.")
        form = OverlayImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        status, body = _import(pack_id, form.validated_data)
        return Response(OverlayOutSerializer(body).data if status == 200 else body, status=status)


def _import(pack_id: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    try:
        content_services.content_overlay_import(
            pack_id=pack_id, data=data["data"], expected_version=data["expected_version"]
        )
    except content_services.UnknownPack:
        raise NotFound(f"No content pack {pack_id!r}.") from None
    except content_services.NoFillableContent:
        return 400, error_body(
            "nothing_to_fill", f"Players enter nothing for the pack {pack_id!r}."
        )
    except content_services.OverlayInvalid as invalid:
        return 400, error_body("invalid_overlay", invalid.detail, invalid.fields)
    except content_services.StaleOverlayVersion as stale:
        return 409, error_body(
            "stale_version",
            f"The content of {pack_id} moved on to version {stale.current_version} since you "
            "exported it; nothing was changed.",
            current_version=stale.current_version,
        )
    exported = content_selectors.content_overlay_export(pack_id=pack_id)
    assert exported is not None
    return 200, exported
