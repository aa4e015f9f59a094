"""The overlay: what players entered for a pack, applied by loading the pack again.

An **overlay** is kept per pack (``{"values": {field id: value}, "cards": {deck: [card, ...]}}``).
:func:`apply_overlay` writes the values and cards into the pack's own documents and loads them
again with the same loader, so an entered value is checked exactly as a shipped one. Errors name
``overlay``, the item and the field. :func:`entry_forms` gives the JSON Schema of each thing
players may enter, from the same models. Pure Python, no I/O.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter, create_model
from pydantic.dataclasses import dataclass

from .checks import DECK_RULES
from .entry import (
    ENTERED_SOURCE,
    OVERLAY_LABEL,
    FillSpec,
    OpenDeck,
    get_path,
    item_key,
    set_path,
    value_form,
    value_type,
)
from .errors import Where, validate
from .items import ITEM, Card
from .loading import default_packs, load_pack
from .pack import Pack

__all__ = [
    "apply_overlay",
    "card_schema",
    "empty_overlay",
    "entered_value",
    "missing_required",
    "overlay_hash",
    "shipped_with_overlay",
    "value_schema",
]

_OVERLAY = Where(OVERLAY_LABEL)


@dataclass(frozen=True, kw_only=True, config=ITEM)
class _Overlay:
    pack: str | None = None
    values: dict[str, Any] = Field(default_factory=dict)
    cards: dict[str, list[Any]] = Field(default_factory=dict)


_OVERLAY_ADAPTER = TypeAdapter(_Overlay)


def empty_overlay() -> dict[str, Any]:
    return {"values": {}, "cards": {}}


def overlay_hash(overlay: Mapping[str, Any] | None) -> str:
    """A stable digest of an overlay (the cache key of the pack it makes)."""
    text = json.dumps(overlay or empty_overlay(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _names(pack: Pack) -> tuple[dict[str, str], dict[str, str]]:
    locations = {k: v.name for k, v in pack.known_locations().items()}
    return locations, {k: v.name for k, v in pack.known_generals().items()}


def _shape(pack: Pack, overlay: Any) -> _Overlay:
    if not isinstance(overlay, dict):
        _OVERLAY.fail("overlay", "expected an object {values, cards}")
    found = validate(_OVERLAY_ADAPTER, overlay, _OVERLAY)
    if found.pack not in (None, pack.id):
        _OVERLAY.fail("pack", f"this overlay is for {found.pack!r}")
    for deck, entries in found.cards.items():
        if deck not in pack.open_decks:
            _OVERLAY.fail(f"cards.{deck}", "players add no cards to this deck")
        spec = pack.open_decks[deck]
        if len(entries) > spec.max_cards:
            _OVERLAY.fail(f"cards.{deck}", f"at most {spec.max_cards} cards")
        for i, card in enumerate(entries):
            item = card.get("id") if isinstance(card, dict) else None
            where = _OVERLAY.at(item if isinstance(item, str) and item else f"#{i}")
            if not isinstance(card, dict):
                where.fail(f"cards.{deck}", "expected a card object")
            if card.get("kind") not in spec.kinds:
                where.fail("kind", f"expected one of {', '.join(spec.kinds)}")
    return found


def apply_overlay(pack: Pack, overlay: Any) -> Pack:
    """The pack with the entered values and cards, validated by the loader.

    Raises :class:`~.errors.ContentError` naming ``overlay``, the item and the field. An empty
    overlay gives back ``pack`` itself.
    """
    found = _shape(pack, overlay)
    if not found.values and not any(found.cards.values()):
        return pack
    if pack.origin is None:
        _OVERLAY.fail("pack", f"{pack.id} was not loaded from its files")
    locations, generals = _names(pack)
    docs = copy.deepcopy(dict(pack.origin.docs))
    for fill_id, value in found.values.items():
        spec = pack.fillables.get(fill_id)
        if spec is None:
            _OVERLAY.fail(f"values.{fill_id}", "not a fillable field of this pack")
        validate(value_type(spec, locations, generals), value, _OVERLAY.at(spec.item),
                 prefix=spec.field)  # fmt: skip
        for entry in docs[spec.file][item_key(spec.file)]:
            if isinstance(entry, dict) and entry.get("id") == spec.item:
                set_path(entry, spec.field, value)
    for deck, entries in found.cards.items():
        rel = f"decks/{deck}.json"
        if rel not in docs:
            docs[rel] = {"deck": deck, "auto_reshuffle": True, "cards": []}
        docs[rel]["cards"] = [
            *docs[rel].get("cards", []),
            *({"provenance": [ENTERED_SOURCE], "confidence": "high"} | card for card in entries),
        ]
    return load_pack(pack.origin.directory, pack.origin.bases, overlay_docs=docs)


_CACHE: dict[tuple[str, str], Pack] = {}
_CACHE_SIZE = 64


def shipped_with_overlay(pack_id: str, overlay: Mapping[str, Any] | None) -> Pack:
    """A shipped pack with an overlay applied, cached by pack id and overlay hash."""
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
    return [
        spec
        for spec in pack.fillables.values()
        if spec.required
        and (items is None or spec.item in items)
        and entered_value(pack, spec) is None
    ]


def entered_value(pack: Pack, spec: FillSpec) -> Any:
    """The current value of a fillable field in a (possibly overlaid) pack."""
    if pack.origin is None:
        return None
    doc = pack.origin.docs.get(spec.file)
    for entry in doc.get(item_key(spec.file), []) if isinstance(doc, dict) else []:
        if isinstance(entry, dict) and entry.get("id") == spec.item:
            return get_path(entry, spec.field)[1]
    return None


# Forms -----------------------------------------------------------------------------------


def value_schema(pack: Pack, spec: FillSpec) -> dict[str, Any]:
    """The JSON Schema of the value players enter in ``spec`` (locations and Generals offered
    by name)."""
    return value_form(spec, *_names(pack))


def card_schema(deck: OpenDeck) -> dict[str, Any]:
    """The JSON Schema of a card players add to ``deck``: its name and id, and its ``data`` as
    the model of its kind says (one schema per kind, ``kind`` telling which)."""
    rules = DECK_RULES.get(deck.deck)
    variants = [
        _entered_card(kind, rules.kinds[kind])
        for kind in deck.kinds
        if rules is not None and kind in rules.kinds
    ]
    if not variants:
        return {"description": deck.description} | TypeAdapter(Card).json_schema()
    union: Any = variants[0]
    for variant in variants[1:]:
        union = union | variant
    schema = TypeAdapter(Annotated[union, Field(discriminator="kind")]).json_schema()
    return {
        "title": deck.deck.replace("_", " ").capitalize(),
        "description": deck.description,
    } | schema


_CARD_FIELDS: dict[str, Any] = Card.__pydantic_fields__  # type: ignore[attr-defined]
_ENTERED_CARDS: dict[tuple[str, type[Any]], type[Any]] = {}


def _entered_card(kind: str, data: type[Any]) -> type[Any]:
    """The model of a card of one kind as players enter it (its sources are theirs)."""
    key = (kind, data)
    if key not in _ENTERED_CARDS:
        only: Any = Literal[kind]
        _ENTERED_CARDS[key] = create_model(
            "".join(word.capitalize() for word in kind.split("_")) + "Card",
            __config__=ConfigDict(extra="forbid", title=kind.replace("_", " ").capitalize()),
            __doc__=data.__doc__,
            id=(_CARD_FIELDS["id"].annotation, _CARD_FIELDS["id"]),
            name=(_CARD_FIELDS["name"].annotation, _CARD_FIELDS["name"]),
            kind=(only, Field(title="Kind")),
            data=(data, _CARD_FIELDS["data"]),
        )
    return _ENTERED_CARDS[key]
