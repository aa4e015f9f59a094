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

if TYPE_CHECKING:  # pragma: no cover
    from .content import Pack

__all__ = [
    "ENTERED_SOURCE",
    "FILL_TYPES",
    "OVERLAY_LABEL",
    "FillCollector",
    "FillSpec",
    "OpenDeck",
    "apply_overlay",
    "empty_overlay",
    "missing_required",
    "overlay_hash",
]

FILL_TYPES: tuple[str, ...] = ("int", "text", "bool", "location", "general", "colour", "choice")
OVERLAY_LABEL = "overlay"
ENTERED_SOURCE = "entered"
ENTERED_DESCRIPTION = "Entered by players through the app from the printed card (content overlay)."
MAX_TEXT = 2000
MAX_OPEN_CARDS = 200
_SPEC_KEYS = ("type", "description", "minimum", "maximum", "choices", "required")
_OVERLAY_KEYS = ("pack", "values", "cards")


@dataclass(frozen=True)
class FillSpec:
    """A field players may enter; null in the pack until they do."""

    id: str
    file: str
    item: str
    field: str
    type: str
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    required: bool = False

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "file": self.file,
            "item": self.item,
            "field": self.field,
            "type": self.type,
            "description": self.description,
            "required": self.required,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class OpenDeck:
    """A deck whose cards players add (it may ship with none)."""

    deck: str
    description: str
    max_cards: int
    kinds: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "description": self.description,
            "max_cards": self.max_cards,
            "kinds": list(self.kinds),
        }


def _fail(label: str, item: str | None, fld: str, message: str) -> NoReturn:
    from .content import ContentError

    prefix = label if item is None else f"{label}: item {item!r}"
    raise ContentError(f"{prefix}: field {fld!r}: {message}", file=label, item=item, field=fld)


def _doc_stem(rel: str) -> str:
    return rel[: -len(".json")] if rel.endswith(".json") else rel


def _spec(fill_id: str, rel: str, item: str, fld: str, raw: Any, label: str) -> FillSpec:
    if not isinstance(raw, dict):
        _fail(label, item, f"fill.{fld}", "expected an object {type, description, ...}")
    extra = sorted(set(raw) - set(_SPEC_KEYS))
    if extra:
        _fail(label, item, f"fill.{fld}.{extra[0]}", "unknown field")
    kind = raw.get("type")
    if kind not in FILL_TYPES:
        _fail(label, item, f"fill.{fld}.type", f"{kind!r} is not one of {', '.join(FILL_TYPES)}")
    description = raw.get("description")
    if not isinstance(description, str) or not description.strip():
        _fail(label, item, f"fill.{fld}.description", "expected a non-empty string")
    bounds: dict[str, int | None] = {}
    for key in ("minimum", "maximum"):
        value = raw.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            _fail(label, item, f"fill.{fld}.{key}", "expected an integer")
        bounds[key] = value
    choices = raw.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) and c for c in choices):
        _fail(label, item, f"fill.{fld}.choices", "expected a list of strings")
    if kind == "choice" and not choices:
        _fail(label, item, f"fill.{fld}.choices", "a choice needs its choices")
    required = raw.get("required", False)
    if not isinstance(required, bool):
        _fail(label, item, f"fill.{fld}.required", "expected true or false")
    return FillSpec(
        id=fill_id,
        file=rel,
        item=item,
        field=fld,
        type=kind,
        description=description,
        minimum=bounds["minimum"],
        maximum=bounds["maximum"],
        choices=tuple(choices),
        required=required,
    )


def _open_deck(deck: str, raw: Any, label: str) -> OpenDeck:
    if not isinstance(raw, dict):
        _fail(label, None, "open", "expected an object {description, max_cards, kinds}")
    extra = sorted(set(raw) - {"description", "max_cards", "kinds"})
    if extra:
        _fail(label, None, f"open.{extra[0]}", "unknown field")
    description = raw.get("description")
    if not isinstance(description, str) or not description.strip():
        _fail(label, None, "open.description", "expected a non-empty string")
    most = raw.get("max_cards")
    if isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= MAX_OPEN_CARDS:
        _fail(label, None, "open.max_cards", f"expected an integer from 1 to {MAX_OPEN_CARDS}")
    kinds = raw.get("kinds")
    if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) for k in kinds):
        _fail(label, None, "open.kinds", "expected a non-empty list of card kinds")
    return OpenDeck(deck=deck, description=description, max_cards=most, kinds=tuple(kinds))


def get_path(obj: Any, dotted: str) -> tuple[bool, Any]:
    """(found, value) of a dotted path in JSON data; digits index lists."""
    node = obj
    for part in dotted.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False, None
    return True, node


def _set_path(obj: Any, dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    node = obj
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


class FillCollector:
    """Gathers the fill declarations of a pack while its documents are read.

    The loaders never see the ``fill`` keys (they are taken off each item); they ask
    :meth:`unfilled` whether a null value is a field still waiting to be entered.
    """

    def __init__(self) -> None:
        self.specs: dict[str, FillSpec] = {}
        self.open_decks: dict[str, OpenDeck] = {}
        # (file label, item id, field) of every declared field whose value is still null
        self._waiting: set[tuple[str, str, str]] = set()
        # (file label, item id) of the items with a required field still null
        self._required: set[tuple[str, str]] = set()
        self._labels: dict[str, str] = {}

    def take(self, doc: Any, rel: str, label: str) -> Any:
        """The document without its fill declarations (recorded here and checked)."""
        self._labels[rel] = label
        if not isinstance(doc, dict):
            return doc
        key = "cards" if rel.startswith("decks/") else "items"
        out = {k: v for k, v in doc.items() if k != "open"}
        if rel.startswith("decks/") and "open" in doc:
            stem = _doc_stem(rel)[len("decks/") :]
            self.open_decks[stem] = _open_deck(stem, doc["open"], label)
        items = doc.get(key)
        if isinstance(items, list):
            stripped = []
            for entry in items:
                if isinstance(entry, dict) and "fill" in entry:
                    entry = self._declare_item(entry, rel, label)
                stripped.append(entry)
            out[key] = stripped
        self._check(rel, out)
        return out

    def _declare_item(self, entry: dict[str, Any], rel: str, label: str) -> dict[str, Any]:
        item = entry.get("id")
        if not isinstance(item, str) or not item:
            _fail(label, None, "fill", "only items with an id may declare fill")
        fills = entry["fill"]
        if not isinstance(fills, dict):
            _fail(label, item, "fill", "expected an object {field: spec}")
        for fld, raw in fills.items():
            self.declare(_spec(f"{_doc_stem(rel)}/{item}/{fld}", rel, item, fld, raw, label))
        return {k: v for k, v in entry.items() if k != "fill"}

    def declare(self, spec: FillSpec) -> None:
        if spec.id in self.specs:
            _fail(self._labels.get(spec.file, spec.file), spec.item, spec.field, "declared twice")
        self.specs[spec.id] = spec

    def read_fillable(self, doc: Any, label: str) -> None:
        """``fillable.json``: {"fields": [{"id": ..., <spec>}], "decks": {deck: <open spec>}}."""
        if not isinstance(doc, dict) or set(doc) - {"fields", "decks"}:
            _fail(label, None, "fields", "expected an object {fields, decks}")
        for i, raw in enumerate(doc.get("fields", [])):
            fill_id = raw.get("id") if isinstance(raw, dict) else None
            if not isinstance(fill_id, str) or fill_id.count("/") < 2:
                _fail(label, f"#{i}", "id", "expected '<file>/<item>/<field>'")
            parts = fill_id.split("/")
            rel = "/".join(parts[:-2]) + ".json"
            spec_raw = {k: v for k, v in raw.items() if k != "id"}
            self.declare(_spec(fill_id, rel, parts[-2], parts[-1], spec_raw, label))
        decks = doc.get("decks", {})
        if not isinstance(decks, dict):
            _fail(label, None, "decks", "expected an object {deck: spec}")
        for deck, raw in decks.items():
            self.open_decks[deck] = _open_deck(deck, raw, label)

    def _check(self, rel: str, doc: Any) -> None:
        """The fields declared on ``rel`` name an existing item and field; note the null ones."""
        label = self._labels.get(rel, rel)
        key = "cards" if rel.startswith("decks/") else "items"
        items = doc.get(key) if isinstance(doc, dict) else None
        for spec in self.specs.values():
            if spec.file != rel:
                continue
            entry = next(
                (e for e in items or [] if isinstance(e, dict) and e.get("id") == spec.item), None
            )
            if entry is None:
                _fail(label, spec.item, spec.field, "a fillable field names an unknown item")
            found, value = get_path(entry, spec.field)
            if not found:
                _fail(label, spec.item, spec.field, "a fillable field must be present (null)")
            if value is None:
                self._waiting.add((label, spec.item, spec.field))
                if spec.required:
                    self._required.add((label, spec.item))

    def finish(self, read: set[str], label: str) -> None:
        """Every declared field belongs to a file of the pack."""
        for spec in self.specs.values():
            if spec.file not in read:
                _fail(label, spec.item, spec.field, f"no file {spec.file!r} in this pack")

    def unfilled(self, label: str, item: str | None, fld: str) -> bool:
        return item is not None and (label, item, fld) in self._waiting

    def waiting_in(self, label: str, item: str | None) -> bool:
        """Whether a required field of the item is still to be entered (it is checked later)."""
        return item is not None and (label, item) in self._required


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


@dataclass(frozen=True)
class Origin:
    """Where a pack was read from, so that an overlay can be loaded over the same documents."""

    directory: Any
    bases: Mapping[str, Pack]
    docs: Mapping[str, Any]


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
