"""Reading a pack's files (or an overlay's documents), checking them, and building the
:class:`~.pack.Pack`. Shipped packs are read once per process (:func:`default_packs`).

A pack is a folder of JSON files (see ``deck_tracker/content/packs/dotr-base``)::

    pack.json                 id, name, game_system, expansion, version, sources, notes
    locations.json            {"items": [...]}   spaces of the board
    roads.json                {"items": [...]}   connections between spaces
    generals.json             {"items": [...]}
    minions.json              {"items": [...]}
    heroes.json               {"items": [...]}
    decks/<deck>.json         {"deck": <deck>, "auto_reshuffle": bool, "cards": [...]}
    fillable.json             optional: what players may enter (``entry.py``)

Any problem raises :class:`ContentError` whose message names the file, the item and the field.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import TypeAdapter

from . import board
from .checks import References, check_card, check_references
from .entry import ENTERED_DESCRIPTION, ENTERED_SOURCE, OVERLAY_LABEL, FillCollector
from .errors import ContentError, Where, validate
from .items import (
    UNFILLED,
    Card,
    DeckFile,
    General,
    Hero,
    ItemsFile,
    Location,
    MinionType,
    PackManifest,
    Road,
)
from .pack import DeckSpec, Origin, Pack

__all__ = ["DEFAULT_PACKS_DIR", "default_packs", "load_pack", "load_packs"]

DEFAULT_PACKS_DIR = Path(__file__).resolve().parent.parent.parent / "content" / "packs"

T = TypeVar("T")
S = TypeVar("S", bound=board.Sourced)
_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(model: type[T]) -> TypeAdapter[T]:
    if model not in _ADAPTERS:
        _ADAPTERS[model] = TypeAdapter(model)
    return _ADAPTERS[model]


def _read_json(path: Path, label: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{label}: file is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{label}: cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(
            f"{label}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None


def _by_id(raw: dict[str, Any]) -> Any:
    return raw.get("id")


def _by_ends(raw: dict[str, Any]) -> Any:
    """A road is named by the locations it joins (``a--b``)."""
    a, b = raw.get("a"), raw.get("b")
    return f"{a}--{b}" if isinstance(a, str) and isinstance(b, str) else None


Naming = Callable[[dict[str, Any]], Any]


def _item_where(raw: Any, index: int, where: Where, name: Naming = _by_id) -> Where:
    value = name(raw) if isinstance(raw, dict) else None
    return where.at(value if isinstance(value, str) and value else f"#{index}")


class _Reader:
    """Reads one pack's documents and turns each item into its model."""

    def __init__(
        self, directory: Path, overlay_docs: Mapping[str, Any] | None, bases: list[Pack]
    ) -> None:
        self.directory, self.overlay_docs, self.bases = directory, overlay_docs, bases
        self.prefix = directory.name if overlay_docs is None else OVERLAY_LABEL
        self.fill = FillCollector()
        self.read: dict[str, Any] = {}
        self.sources: Mapping[str, str] = {}

    def exists(self, rel: str) -> bool:
        if self.overlay_docs is not None:
            return rel in self.overlay_docs
        return (self.directory / rel).exists()

    def doc(self, rel: str) -> tuple[Any, Where]:
        where = Where(f"{self.prefix}/{rel}")
        if self.bases and not self.exists(rel):
            return {"items": []}, where
        if self.overlay_docs is not None and rel not in self.overlay_docs:
            raise ContentError(f"{where.file}: file is missing")
        if self.overlay_docs is not None:
            raw = self.overlay_docs[rel]
        else:
            raw = _read_json(self.directory / rel, where.file)
        self.read[rel] = raw
        return self.fill.take(raw, rel, where.file), where

    def items(self, rel: str, model: type[S], name: Naming = _by_id) -> list[tuple[S, Where]]:
        doc, where = self.doc(rel)
        if not isinstance(doc, dict):
            where.fail("items", f"expected an object, got {type(doc).__name__}")
        found = validate(_adapter(ItemsFile), doc, where)
        return [self.item(raw, i, where, model, name) for i, raw in enumerate(found.items)]

    def item(
        self, raw: Any, index: int, where: Where, model: type[S], name: Naming = _by_id
    ) -> tuple[S, Where]:
        w = _item_where(raw, index, where, name)
        context = {UNFILLED: self.fill.unfilled(w)}
        value = validate(_adapter(model), raw, w, context=context)
        board.check_provenance(value, self.sources, w)
        return value, w


def _manifest(reader: _Reader, available: Mapping[str, Pack] | None) -> PackManifest:
    meta, where = reader.doc("pack.json")
    if not isinstance(meta, dict):
        where.fail("id", f"expected an object, got {type(meta).__name__}")
    manifest = validate(_adapter(PackManifest), meta, where)
    for required in manifest.requires:
        if available is None or required not in available:
            where.fail("requires", f"unknown pack {required!r}")
        reader.bases.append(available[required])
    if manifest.id != reader.directory.name:
        where.fail("id", f"{manifest.id!r} must match the folder name {reader.directory.name!r}")
    return manifest


def _deck(reader: _Reader, stem: str, refs: References, card_owner: dict[str, str]) -> DeckSpec:
    doc, where = reader.doc(f"decks/{stem}.json")
    if not isinstance(doc, dict):
        where.fail("deck", f"expected an object, got {type(doc).__name__}")
    deck = validate(_adapter(DeckFile), doc, where)
    if deck.deck != stem:
        where.fail("deck", f"deck {deck.deck!r} must match the file name {stem!r}")
    cards: list[Card] = []
    for i, raw in enumerate(deck.cards):
        w = _item_where(raw, i, where)
        if isinstance(raw, dict) and isinstance(raw.get("data"), dict):
            check_references(refs, raw["data"], w)
        card, w = reader.item(raw, i, where, Card)
        if card.id in card_owner:
            w.fail("id", f"duplicate card id {card.id!r} (already used in {card_owner[card.id]})")
        card_owner[card.id] = where.file
        if not reader.fill.waiting_in(w):  # else checked once its printed values are entered
            check_card(refs, deck.deck, card.kind, raw["data"], w)
        cards.append(card)
    if not cards and deck.deck not in reader.fill.open_decks:
        where.fail("cards", "a deck needs cards (or an 'open' declaration: players add them)")
    return DeckSpec(name=deck.deck, cards=tuple(cards), auto_reshuffle=deck.auto_reshuffle)


def _board(
    reader: _Reader,
    rel: str,
    model: type[S],
    check: Callable[[list[tuple[S, Where]]], None],
    name: Naming = _by_id,
) -> list[tuple[S, Where]]:
    found = reader.items(rel, model, name)
    check(found)
    return found


def load_pack(
    directory: Path,
    available: Mapping[str, Pack] | None = None,
    *,
    overlay_docs: Mapping[str, Any] | None = None,
) -> Pack:
    """Read and validate the pack in ``directory``; raise :class:`ContentError` on any problem.

    An expansion pack lists in ``requires`` the packs it builds on (found in ``available``); its
    board files are then optional, and its cards may name the required packs' locations and
    Generals.

    ``overlay_docs`` (from :func:`~.overlay.apply_overlay`) replaces the files with documents
    holding what players entered; errors then name ``overlay``.
    """
    directory = Path(directory)
    bases: list[Pack] = []
    reader = _Reader(directory, overlay_docs, bases)
    manifest = _manifest(reader, available)
    pack_where = Where(f"{reader.prefix}/pack.json")
    if reader.exists("fillable.json"):
        doc, where = reader.doc("fillable.json")
        reader.fill.read_fillable(doc, where.file)
    reader.sources = dict(manifest.sources)
    if overlay_docs is not None:
        reader.sources = {**manifest.sources, ENTERED_SOURCE: ENTERED_DESCRIPTION}

    locations: dict[str, Location] = {}
    if not (bases and not reader.exists("locations.json")):
        found_locations = reader.items("locations.json", Location)
        board.check_locations(found_locations, Where(f"{reader.prefix}/locations.json"))
        locations = {loc.id: loc for loc, _ in found_locations}
    # An expansion refers to the locations and Generals of the packs it requires.
    known_locations = {k: v for base in bases for k, v in base.locations.items()} | locations
    roads = _board(
        reader, "roads.json", Road, lambda f: board.check_roads(f, known_locations), _by_ends
    )
    generals = {
        g.id: g
        for g, _ in _board(
            reader, "generals.json", General, lambda f: board.check_generals(f, known_locations)
        )
    }
    known_generals = {k: v for base in bases for k, v in base.generals.items()} | generals
    minions = _board(
        reader, "minions.json", MinionType, lambda f: board.check_minions(f, known_generals)
    )
    heroes = _board(reader, "heroes.json", Hero, board.check_heroes)

    refs = References(known_locations, known_generals)
    # Card ids are unique across a pack and the packs it requires (a game looks cards up by id).
    card_owner = {
        card.id: f"{base.id}/decks/{deck.name}.json"
        for base in bases
        for deck in base.decks.values()
        for card in deck.cards
    }
    decks = {stem: _deck(reader, stem, refs, card_owner) for stem in _deck_names(reader)}
    reader.fill.finish(set(reader.read), pack_where.file)

    return Pack(
        id=manifest.id,
        name=manifest.name,
        game_system=manifest.game_system,
        expansion=manifest.expansion,
        version=manifest.version,
        sources=MappingProxyType(dict(manifest.sources)),
        locations=MappingProxyType(locations),
        roads=tuple(road for road, _ in roads),
        generals=MappingProxyType(generals),
        minion_types=MappingProxyType({m.id: m for m, _ in minions}),
        heroes=MappingProxyType({h.id: h for h, _ in heroes}),
        decks=MappingProxyType(decks),
        notes=manifest.notes,
        requires=manifest.requires,
        components=MappingProxyType(dict(manifest.components)),
        fillables=MappingProxyType(dict(reader.fill.specs)),
        open_decks=MappingProxyType(dict(reader.fill.open_decks)),
        origin=Origin(
            directory=directory,
            bases=MappingProxyType({base.id: base for base in bases}),
            docs=MappingProxyType(reader.read),
        ),
    )


def _deck_names(reader: _Reader) -> list[str]:
    if reader.overlay_docs is not None:
        rels = [rel for rel in reader.overlay_docs if rel.startswith("decks/")]
        return sorted(rel.removeprefix("decks/").removesuffix(".json") for rel in rels)
    deck_dir = reader.directory / "decks"
    return sorted(p.stem for p in deck_dir.glob("*.json")) if deck_dir.is_dir() else []


def load_packs(root: Path) -> dict[str, Pack]:
    """Load every pack folder under ``root`` (folders starting with ``.`` or ``_`` are skipped)."""
    packs: dict[str, Pack] = {}
    waiting = [
        sub
        for sub in sorted(Path(root).iterdir())
        if sub.is_dir()
        and not sub.name.startswith((".", "_"))
        and (sub / "pack.json").is_file()  # other game systems keep their own manifest
    ]
    # Expansions load after the packs they require (``requires`` in their pack.json).
    while waiting:
        ready = [sub for sub in waiting if set(_requires(sub)) <= set(packs)]
        for sub in ready or waiting[:1]:
            pack = load_pack(sub, packs)
            packs[pack.id] = pack
            waiting.remove(sub)
    return packs


def _requires(directory: Path) -> list[str]:
    """The packs a pack folder requires, read loosely (load_pack checks them properly)."""
    try:
        meta = json.loads((directory / "pack.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return []
    requires = meta.get("requires") if isinstance(meta, dict) else None
    return [r for r in requires if isinstance(r, str)] if isinstance(requires, list) else []


@functools.cache
def default_packs() -> dict[str, Pack]:
    """The packs shipped in ``deck_tracker/content/packs`` (loaded once)."""
    return load_packs(DEFAULT_PACKS_DIR)
