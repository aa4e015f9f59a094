"""What a content pack says players may enter: fillable fields and open decks.

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

The declarations are read while the pack's files are loaded (:class:`FillCollector`); each
field's value type (:func:`value_type`) both checks what players enter and gives the JSON Schema
their form is drawn from. Pure Python, no I/O.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, model_validator
from pydantic.dataclasses import dataclass

from .errors import Where, validate
from .vocabulary import Colour, Text

__all__ = [
    "ENTERED_DESCRIPTION",
    "ENTERED_SOURCE",
    "FILL_TYPES",
    "MAX_TEXT",
    "OVERLAY_LABEL",
    "FillCollector",
    "FillSpec",
    "OpenDeck",
    "get_path",
    "item_key",
    "set_path",
    "value_form",
    "value_type",
]

FILL_TYPES: tuple[str, ...] = ("int", "text", "bool", "location", "general", "colour", "choice")
OVERLAY_LABEL = "overlay"
ENTERED_SOURCE = "entered"
ENTERED_DESCRIPTION = "Entered by players through the app from the printed card (content overlay)."
MAX_OPEN_CARDS = 200
MAX_TEXT = 2000
_STRICT = ConfigDict(extra="forbid")


@dataclass(frozen=True, kw_only=True, config=_STRICT)
class FillSpec:
    """A field players may enter; null in the pack until they do."""

    id: str
    file: str
    item: str
    field: str
    type: Literal["int", "text", "bool", "location", "general", "colour", "choice"]
    description: Text
    minimum: StrictInt | None = None
    maximum: StrictInt | None = None
    choices: tuple[Text, ...] = ()
    required: StrictBool = False

    @model_validator(mode="after")
    def _choices_given(self) -> FillSpec:
        if self.type == "choice" and not self.choices:
            raise ValueError("a choice needs its choices")
        return self

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in dataclasses.asdict(self).items() if v is not None}
        if not self.choices:
            out.pop("choices")
        else:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True, kw_only=True, config=_STRICT)
class OpenDeck:
    """A deck whose cards players add (it may ship with none)."""

    deck: str
    description: Text
    max_cards: Annotated[StrictInt, Field(ge=1, le=MAX_OPEN_CARDS)]
    kinds: Annotated[tuple[Text, ...], Field(min_length=1)]

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self) | {"kinds": list(self.kinds)}


@dataclass(frozen=True, kw_only=True, config=_STRICT)
class _FillableFile:
    fields: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    decks: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


_FILL_SPEC = TypeAdapter(FillSpec)
_OPEN_DECK = TypeAdapter(OpenDeck)
_FILLABLE_FILE = TypeAdapter(_FillableFile)


def value_type(
    spec: FillSpec, locations: Mapping[str, str], generals: Mapping[str, str]
) -> TypeAdapter[Any]:
    """The type of the value players enter in ``spec`` (null: not entered yet); ``locations``
    and ``generals`` map the ids they may pick to the names shown."""
    named = {"location": locations, "general": generals}.get(spec.type)
    if named is None and spec.type == "choice":
        named = {choice: choice for choice in spec.choices}
    picks = tuple(named.items()) if named is not None else ()
    return _value_type(spec.type, spec.minimum, spec.maximum, picks)


def value_form(
    spec: FillSpec, locations: Mapping[str, str], generals: Mapping[str, str]
) -> dict[str, Any]:
    """The JSON Schema of the value players enter in ``spec``, titled in their words."""
    words = spec.field.rsplit(".", 1)[-1].replace("_", " ")
    schema = value_type(spec, locations, generals).json_schema()
    return schema | {"title": words[:1].upper() + words[1:], "description": spec.description}


@functools.lru_cache(maxsize=256)
def _value_type(
    kind: str, minimum: int | None, maximum: int | None, picks: tuple[tuple[str, str], ...]
) -> TypeAdapter[Any]:
    value: Any
    if kind == "int":
        value = Annotated[StrictInt, Field(ge=minimum, le=maximum)]
    elif kind == "text":
        value = Annotated[Text, Field(max_length=MAX_TEXT)]
    elif kind == "bool":
        value = StrictBool
    elif kind == "colour":
        value = Colour
    else:  # a pick among ids, offered with their names
        value = Annotated[
            Literal[tuple(key for key, _ in picks)],
            Field(json_schema_extra={"oneOf": [{"const": k, "title": v} for k, v in picks]}),
        ]
    return TypeAdapter(value | None)


def item_key(rel: str) -> str:
    """The list of items in a pack document: ``cards`` in a deck file, ``items`` elsewhere."""
    return "cards" if rel.startswith("decks/") else "items"


def _doc_stem(rel: str) -> str:
    return rel.removesuffix(".json")


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


def set_path(obj: Any, dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    node = obj
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def _spec(fill_id: str, rel: str, item: str, fld: str, raw: Any, where: Where) -> FillSpec:
    if not isinstance(raw, dict):
        where.fail(f"fill.{fld}", "expected an object {type, description, ...}")
    given = {"id": fill_id, "file": rel, "item": item, "field": fld}
    for key in given:
        if key in raw:
            where.fail(f"fill.{fld}.{key}", "unknown field")
    return validate(_FILL_SPEC, given | raw, where, prefix=f"fill.{fld}")


def _open_deck(deck: str, raw: Any, where: Where) -> OpenDeck:
    if not isinstance(raw, dict) or "deck" in raw:
        where.fail("open", "expected an object {description, max_cards, kinds}")
    return validate(_OPEN_DECK, {"deck": deck} | raw, where, prefix="open")


class FillCollector:
    """Gathers the fill declarations of a pack while its documents are read.

    The loaders never see the ``fill`` keys (they are taken off each item); they ask
    :meth:`unfilled` which null values are fields still waiting to be entered.
    """

    def __init__(self) -> None:
        self.specs: dict[str, FillSpec] = {}
        self.open_decks: dict[str, OpenDeck] = {}
        # (file label, item id) -> the declared fields whose value is still null
        self._waiting: dict[tuple[str, str], set[str]] = {}
        # (file label, item id) of the items with a required field still null
        self._required: set[tuple[str, str]] = set()
        self._labels: dict[str, str] = {}

    def take(self, doc: Any, rel: str, label: str) -> Any:
        """The document without its fill declarations (recorded here and checked)."""
        self._labels[rel] = label
        if not isinstance(doc, dict):
            return doc
        key = item_key(rel)
        out = {k: v for k, v in doc.items() if k != "open"}
        if rel.startswith("decks/") and "open" in doc:
            stem = _doc_stem(rel).removeprefix("decks/")
            self.open_decks[stem] = _open_deck(stem, doc["open"], Where(label))
        items = doc.get(key)
        if isinstance(items, list):
            out[key] = [
                self._declare_item(entry, rel, label)
                if isinstance(entry, dict) and "fill" in entry
                else entry
                for entry in items
            ]
        self._check(rel, out)
        return out

    def _declare_item(self, entry: dict[str, Any], rel: str, label: str) -> dict[str, Any]:
        item = entry.get("id")
        if not isinstance(item, str) or not item:
            Where(label).fail("fill", "only items with an id may declare fill")
        fills = entry["fill"]
        where = Where(label, item)
        if not isinstance(fills, dict):
            where.fail("fill", "expected an object {field: spec}")
        for fld, raw in fills.items():
            self.declare(_spec(f"{_doc_stem(rel)}/{item}/{fld}", rel, item, fld, raw, where))
        return {k: v for k, v in entry.items() if k != "fill"}

    def declare(self, spec: FillSpec) -> None:
        if spec.id in self.specs:
            Where(self._labels.get(spec.file, spec.file), spec.item).fail(
                spec.field, "declared twice"
            )
        self.specs[spec.id] = spec

    def read_fillable(self, doc: Any, label: str) -> None:
        """``fillable.json``: {"fields": [{"id": ..., <spec>}], "decks": {deck: <open spec>}}."""
        where = Where(label)
        if not isinstance(doc, dict):
            where.fail("fields", "expected an object {fields, decks}")
        found = validate(_FILLABLE_FILE, doc, where)
        for i, raw in enumerate(found.fields):
            fill_id = raw.get("id")
            if not isinstance(fill_id, str) or fill_id.count("/") < 2:
                where.at(f"#{i}").fail("id", "expected '<file>/<item>/<field>'")
            *stem, item, fld = fill_id.split("/")
            spec_raw = {k: v for k, v in raw.items() if k != "id"}
            self.declare(_spec(fill_id, "/".join(stem) + ".json", item, fld, spec_raw, where))
        for deck, raw in found.decks.items():
            self.open_decks[deck] = _open_deck(deck, raw, where)

    def _check(self, rel: str, doc: Any) -> None:
        """The fields declared on ``rel`` name an existing item and field; note the null ones."""
        label = self._labels.get(rel, rel)
        items = doc.get(item_key(rel)) if isinstance(doc, dict) else None
        by_id = {e.get("id"): e for e in items or [] if isinstance(e, dict)}
        for spec in self.specs.values():
            if spec.file != rel:
                continue
            where = Where(label, spec.item)
            if spec.item not in by_id:
                where.fail(spec.field, "a fillable field names an unknown item")
            found, value = get_path(by_id[spec.item], spec.field)
            if not found:
                where.fail(spec.field, "a fillable field must be present (null)")
            if value is None:
                self._waiting.setdefault((label, spec.item), set()).add(spec.field)
                if spec.required:
                    self._required.add((label, spec.item))

    def finish(self, read: set[str], label: str) -> None:
        """Every declared field belongs to a file of the pack."""
        for spec in self.specs.values():
            if spec.file not in read:
                Where(label, spec.item).fail(spec.field, f"no file {spec.file!r} in this pack")

    def unfilled(self, where: Where) -> frozenset[str]:
        """The fields of the item at ``where`` still null until players enter them."""
        if where.item is None:
            return frozenset()
        return frozenset(self._waiting.get((where.file, where.item), ()))

    def waiting_in(self, where: Where) -> bool:
        """Whether a required field of the item is still to be entered (it is checked later)."""
        return where.item is not None and (where.file, where.item) in self._required
