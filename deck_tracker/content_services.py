"""Writes of the content players enter: importing a pack's overlay (replace, validated, CAS).

The overlay is checked by the engine's own loader (``content.apply_overlay``) before it is
stored; ``expected_version`` must be the version the client exported, so that two phones editing
the same pack never silently overwrite each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from .content_selectors import overlay_error_fields
from .engine.content import ContentError, Pack, apply_overlay, default_packs
from .models import ContentOverlay


class UnknownPack(Exception):
    pass


class NoFillableContent(Exception):
    """The pack has nothing players may enter."""


class OverlayInvalid(Exception):
    def __init__(self, detail: str, fields: dict[str, list[str]]) -> None:
        super().__init__(detail)
        self.detail = detail
        self.fields = fields


class StaleOverlayVersion(Exception):
    def __init__(self, current_version: int) -> None:
        super().__init__("stale overlay version")
        self.current_version = current_version


@dataclass
class OverlayImported:
    pack_id: str
    version: int
    data: dict[str, Any]


def _pack(pack_id: str) -> Pack:
    pack = default_packs().get(pack_id)
    if pack is None:
        raise UnknownPack(pack_id)
    return pack


def _normalised(pack: Pack, data: dict[str, Any]) -> dict[str, Any]:
    """The overlay as stored: values left null are dropped, the pack named."""
    values = {key: value for key, value in (data.get("values") or {}).items() if value is not None}
    cards = {deck: list(entries) for deck, entries in (data.get("cards") or {}).items() if entries}
    return {"pack": pack.id, "values": values, "cards": cards}


def content_overlay_import(*, pack_id: str, data: Any, expected_version: int) -> OverlayImported:
    """Replace the pack's overlay with ``data`` if it is valid and nobody changed it since."""
    pack = _pack(pack_id)
    if not pack.fillables and not pack.open_decks:
        raise NoFillableContent(pack_id)
    try:
        apply_overlay(pack, data)
    except ContentError as error:
        raise OverlayInvalid(str(error), overlay_error_fields(pack, data, error)) from None
    clean = _normalised(pack, data)
    with transaction.atomic():
        row = ContentOverlay.objects.select_for_update().filter(pack_id=pack.id).first()
        current = row.version if row else 0
        if current != expected_version:
            raise StaleOverlayVersion(current)
        if row is None:
            try:
                with transaction.atomic():
                    row = ContentOverlay.objects.create(pack_id=pack.id, data=clean, version=1)
            except IntegrityError:  # another phone created it first
                raise StaleOverlayVersion(
                    ContentOverlay.objects.get(pack_id=pack.id).version
                ) from None
        else:
            updated = ContentOverlay.objects.filter(pk=row.pk, version=current).update(
                data=clean, version=current + 1, updated_at=timezone.now()
            )
            if updated != 1:  # pragma: no cover - the row lock makes this unreachable
                raise StaleOverlayVersion(current + 1)
            row.refresh_from_db()
    return OverlayImported(pack_id=pack.id, version=row.version, data=clean)
