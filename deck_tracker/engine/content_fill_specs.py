"""What a content pack says players may enter: fillable fields and open decks.

The declarations (``fill`` on an item, ``fillable.json``, ``open`` on a deck), read while the
pack's files are loaded (:class:`FillCollector`); see ``content_fill.py`` for the overlay that
fills them. Pure Python, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

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
    "get_path",
]

FILL_TYPES: tuple[str, ...] = ("int", "text", "bool", "location", "general", "colour", "choice")
OVERLAY_LABEL = "overlay"
ENTERED_SOURCE = "entered"
ENTERED_DESCRIPTION = "Entered by players through the app from the printed card (content overlay)."
MAX_OPEN_CARDS = 200
_SPEC_KEYS = ("type", "description", "minimum", "maximum", "choices", "required")


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


@dataclass(frozen=True)
class Origin:
    """Where a pack was read from, so that an overlay can be loaded over the same documents."""

    directory: Any
    bases: Mapping[str, Pack]
    docs: Mapping[str, Any]
