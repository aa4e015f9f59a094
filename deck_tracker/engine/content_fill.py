"""Content players enter: fillable fields, open decks, and the overlay that fills them.

Some printed content is published nowhere (a dragon General's life, a Global Effect's text, the
cards of a new deck). A pack says what players may enter:

* a **fillable field**, whose value in the pack file is ``null`` until entered. Declared either on
  the item itself, ``"fill": {"life": {"type": "int", "minimum": 1, "maximum": 20,
  "description": "...", "required": true}}``, or in the pack's ``fillable.json``
  (``{"fields": [{"id": "generals/brimstone/life", "type": "int", ...}]}``). A field's id is
  ``<file without .json>/<item id>/<field>``, the field dotted into card data
  (``decks/darkness_spreads/dx-sterling-1/data.location``). Types: int (minimum, maximum), text,
  bool, location, general, colour, choice (choices). ``required`` fields must be entered before
  the item can be played.
* an **open deck**, whose cards players add: ``"open": {"description": "...", "max_cards": 60,
  "kinds": ["standard"]}`` at the root of the deck file (or ``fillable.json`` ``"decks":
  {"<deck>": {...}}``). An open deck may ship no cards at all.

An **overlay** is what players entered, kept per pack (``{"values": {field id: value}, "cards":
{deck: [card, ...]}}``). :func:`apply_overlay` writes the values and cards into the pack's own
documents and loads them again with the same loader code, so an entered value is checked exactly
as a shipped one. Errors name ``overlay``, the item and the field. Pure Python, no I/O.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from .content_fill_specs import (
    ENTERED_DESCRIPTION,
    ENTERED_SOURCE,
    FILL_TYPES,
    OVERLAY_LABEL,
    FillCollector,
    FillSpec,
    OpenDeck,
    Origin,
    _fail,
    _set_path,
    get_path,
)

if TYPE_CHECKING:  # pragma: no cover
    from .content import Pack

__all__ = [
    "ENTERED_DESCRIPTION",
    "ENTERED_SOURCE",
    "FILL_TYPES",
    "OVERLAY_LABEL",
    "FillCollector",
    "FillSpec",
    "OpenDeck",
    "Origin",
    "apply_overlay",
    "empty_overlay",
    "entered_value",
    "missing_required",
    "overlay_hash",
    "shipped_with_overlay",
]

_OVERLAY_KEYS = ("pack", "values", "cards")
MAX_TEXT = 2000


# --------------------------------------------------------------------------------------------
# Overlays
# --------------------------------------------------------------------------------------------


def empty_overlay() -> dict[str, Any]:
    return {"values": {}, "cards": {}}


def overlay_hash(overlay: Mapping[str, Any] | None) -> str:
    """A stable digest of an overlay (the cache key of the pack it makes)."""
    text = json.dumps(overlay or empty_overlay(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _check_value(spec: FillSpec, value: Any, known: _Known) -> None:
    def bad(message: str) -> NoReturn:
        _fail(OVERLAY_LABEL, spec.item, spec.field, message)

    if value is None:
        return
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            bad("expected an integer")
        if spec.minimum is not None and value < spec.minimum:
            bad(f"must be at least {spec.minimum}, got {value}")
        if spec.maximum is not None and value > spec.maximum:
            bad(f"must be at most {spec.maximum}, got {value}")
    elif spec.type == "bool":
        if not isinstance(value, bool):
            bad("expected true or false")
    elif not isinstance(value, str) or not value.strip():
        bad("expected a non-empty string")
    elif spec.type == "text" and len(value) > MAX_TEXT:
        bad(f"at most {MAX_TEXT} characters")
    elif spec.type == "location" and value not in known.locations:
        bad(f"unknown location {value!r}")
    elif spec.type == "general" and value not in known.generals:
        bad(f"unknown general {value!r}")
    elif spec.type == "colour" and value not in ("green", "black", "red", "blue"):
        bad(f"unknown colour {value!r}")
    elif spec.type == "choice" and value not in spec.choices:
        bad(f"{value!r} is not one of {', '.join(spec.choices)}")


@dataclass(frozen=True)
class _Known:
    locations: frozenset[str]
    generals: frozenset[str]


def _known(pack: Pack) -> _Known:
    locations, generals = set(pack.locations), set(pack.generals)
    bases = pack._origin.bases if pack._origin is not None else {}
    for base_id in pack.requires:
        if base_id in bases:
            locations |= set(bases[base_id].locations)
            generals |= set(bases[base_id].generals)
    return _Known(frozenset(locations), frozenset(generals))


def _check_shape(pack: Pack, overlay: Any) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    if not isinstance(overlay, dict):
        _fail(OVERLAY_LABEL, None, "overlay", "expected an object {values, cards}")
    extra = sorted(set(overlay) - set(_OVERLAY_KEYS))
    if extra:
        _fail(OVERLAY_LABEL, None, extra[0], "unknown field")
    if overlay.get("pack", pack.id) != pack.id:
        _fail(OVERLAY_LABEL, None, "pack", f"this overlay is for {overlay['pack']!r}")
    values = overlay.get("values", {})
    if not isinstance(values, dict):
        _fail(OVERLAY_LABEL, None, "values", "expected an object {field id: value}")
    cards = overlay.get("cards", {})
    if not isinstance(cards, dict):
        _fail(OVERLAY_LABEL, None, "cards", "expected an object {deck: [card, ...]}")
    for deck, entries in cards.items():
        if deck not in pack.open_decks:
            _fail(OVERLAY_LABEL, None, f"cards.{deck}", "players add no cards to this deck")
        if not isinstance(entries, list):
            _fail(OVERLAY_LABEL, None, f"cards.{deck}", "expected a list of cards")
        spec = pack.open_decks[deck]
        if len(entries) > spec.max_cards:
            _fail(OVERLAY_LABEL, None, f"cards.{deck}", f"at most {spec.max_cards} cards")
        for i, card in enumerate(entries):
            item = card.get("id") if isinstance(card, dict) else None
            where = item if isinstance(item, str) and item else f"#{i}"
            if not isinstance(card, dict):
                _fail(OVERLAY_LABEL, where, f"cards.{deck}", "expected a card object")
            if card.get("kind") not in spec.kinds:
                _fail(OVERLAY_LABEL, where, "kind", f"expected one of {', '.join(spec.kinds)}")
    return values, cards


def apply_overlay(pack: Pack, overlay: Any) -> Pack:
    """The pack with the entered values and cards, validated by the loader.

    Raises :class:`~deck_tracker.engine.content.ContentError` naming ``overlay``, the item and
    the field. An empty overlay gives back ``pack`` itself.
    """
    from .content import load_pack

    values, cards = _check_shape(pack, overlay)
    if not values and not any(cards.values()):
        return pack
    if pack._origin is None:
        _fail(OVERLAY_LABEL, None, "pack", f"{pack.id} was not loaded from its files")
    known = _known(pack)
    docs = copy.deepcopy(dict(pack._origin.docs))
    for fill_id, value in values.items():
        spec = pack.fillables.get(fill_id)
        if spec is None:
            _fail(OVERLAY_LABEL, None, f"values.{fill_id}", "not a fillable field of this pack")
        _check_value(spec, value, known)
        key = "cards" if spec.file.startswith("decks/") else "items"
        for entry in docs[spec.file][key]:
            if isinstance(entry, dict) and entry.get("id") == spec.item:
                _set_path(entry, spec.field, value)
    for deck, entries in cards.items():
        rel = f"decks/{deck}.json"
        if rel not in docs:
            docs[rel] = {"deck": deck, "auto_reshuffle": True, "cards": []}
        docs[rel]["cards"] = [
            *docs[rel].get("cards", []),
            *({"provenance": [ENTERED_SOURCE], "confidence": "high"} | card for card in entries),
        ]
    return load_pack(pack._origin.directory, pack._origin.bases, overlay_docs=docs)


_CACHE: dict[tuple[str, str], Pack] = {}
_CACHE_SIZE = 64


def shipped_with_overlay(pack_id: str, overlay: Mapping[str, Any] | None) -> Pack:
    """A shipped pack with an overlay applied, cached by pack id and overlay hash."""
    from .content import default_packs

    if not overlay:
        return default_packs()[pack_id]
    key = (pack_id, overlay_hash(overlay))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        found = _CACHE[key] = apply_overlay(default_packs()[pack_id], overlay)
    return found


def missing_required(pack: Pack, items: set[str] | None = None) -> list[FillSpec]:
    """Required fields still null (for the items named, or all)."""
    missing = []
    for spec in pack.fillables.values():
        if not spec.required or (items is not None and spec.item not in items):
            continue
        if entered_value(pack, spec) is None:
            missing.append(spec)
    return missing


def entered_value(pack: Pack, spec: FillSpec) -> Any:
    """The current value of a fillable field in a (possibly overlaid) pack."""
    if pack._origin is None:
        return None
    doc = pack._origin.docs.get(spec.file)
    key = "cards" if spec.file.startswith("decks/") else "items"
    for entry in doc.get(key, []) if isinstance(doc, dict) else []:
        if isinstance(entry, dict) and entry.get("id") == spec.item:
            return get_path(entry, spec.field)[1]
    return None
