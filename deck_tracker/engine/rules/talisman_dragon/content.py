"""The Talisman: The Dragon content pack: loaded once, checked at load.

The pack lives in ``deck_tracker/content/packs/talisman-dragon/`` (``talisman.json`` names it;
``lords.json``, ``tokens.json``, ``board.json``, ``overlays.json`` hold the items). A bad file
fails with a :class:`PackError` naming the file, the item and the field. Items carry a
``source`` (a key of ``talisman.json``'s ``sources``) and a ``confidence``.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PACK_DIR = Path(__file__).resolve().parents[3] / "content" / "packs" / "talisman-dragon"
CONFIDENCE = ("high", "medium", "low", "unknown")


class PackError(ValueError):
    def __init__(self, file: str, item: str, field: str, problem: str) -> None:
        super().__init__(f"{file}: {item}.{field}: {problem}")
        self.file, self.item, self.field = file, item, field


@dataclass(frozen=True)
class Lord:
    id: str
    name: str
    deck: str
    deck_size: int
    lives: int | None


@dataclass(frozen=True)
class TokenKind:
    id: str
    name: str
    scale_of: str | None
    effect: str


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    region: str


@dataclass(frozen=True)
class TrackSpace:
    id: str
    name: str
    draw: int | None
    stairway: bool


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    movement: str
    track: tuple[TrackSpace, ...]


@dataclass(frozen=True)
class TalismanPack:
    id: str
    name: str
    version: str
    sources: dict[str, str]
    lords: dict[str, Lord]
    token_kinds: dict[str, TokenKind]
    bag_mix: dict[str, int] | None
    regions: dict[str, tuple[Space, ...]]  # each region's spaces, counterclockwise
    region_names: dict[str, str]
    crossings: dict[str, tuple[str, str]]  # space -> (from region, to region)
    sides: dict[str, Side]

    def space(self, space_id: str) -> Space | None:
        for spaces in self.regions.values():
            for space in spaces:
                if space.id == space_id:
                    return space
        return None


def _read(directory: Path, name: str) -> Any:
    try:
        return json.loads((directory / name).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise PackError(name, "file", "json", str(error)) from error


def _text(file: str, item: dict[str, Any], label: str, field: str) -> str:
    value = item.get(field)
    if not isinstance(value, str) or not value:
        raise PackError(file, label, field, "a non-empty string is required")
    return value


def _check_provenance(file: str, item: dict[str, Any], label: str, sources: dict[str, str]) -> None:
    source = _text(file, item, label, "source")
    keys = [part.split()[0] for part in source.split(";")]
    if not any(key in sources for key in keys):
        raise PackError(file, label, "source", f"names no source of talisman.json: {source!r}")
    confidence = item.get("confidence")
    values = confidence.values() if isinstance(confidence, dict) else [confidence]
    if not all(value in CONFIDENCE for value in values):
        raise PackError(file, label, "confidence", f"one of {', '.join(CONFIDENCE)}")


def _lords(directory: Path, sources: dict[str, str]) -> dict[str, Lord]:
    lords: dict[str, Lord] = {}
    for raw in _read(directory, "lords.json").get("lords", []):
        label = str(raw.get("id", "?"))
        _check_provenance("lords.json", raw, label, sources)
        size, lives = raw.get("deck_size"), raw.get("lives")
        if not isinstance(size, int) or size < 1:
            raise PackError("lords.json", label, "deck_size", "a positive integer")
        if lives is not None and (not isinstance(lives, int) or lives < 1):
            raise PackError("lords.json", label, "lives", "null or a positive integer")
        lord = Lord(
            id=_text("lords.json", raw, label, "id"),
            name=_text("lords.json", raw, label, "name"),
            deck=_text("lords.json", raw, label, "deck"),
            deck_size=size,
            lives=lives,
        )
        lords[lord.id] = lord
    if len(lords) != 3:
        raise PackError("lords.json", "lords", "length", "the three Draconic Lords")
    return lords


def _tokens(
    directory: Path, sources: dict[str, str], lords: dict[str, Lord]
) -> tuple[dict[str, TokenKind], dict[str, int] | None]:
    data = _read(directory, "tokens.json")
    kinds: dict[str, TokenKind] = {}
    for raw in data.get("kinds", []):
        label = str(raw.get("id", "?"))
        _check_provenance("tokens.json", raw, label, sources)
        scale_of = raw.get("scale_of")
        if scale_of is not None and scale_of not in lords:
            raise PackError("tokens.json", label, "scale_of", "a Draconic Lord or null")
        kinds[label] = TokenKind(
            id=_text("tokens.json", raw, label, "id"),
            name=_text("tokens.json", raw, label, "name"),
            scale_of=scale_of,
            effect=str(raw.get("effect", "")),
        )
    if {kind.scale_of for kind in kinds.values()} - {None} != set(lords):
        raise PackError("tokens.json", "kinds", "scale_of", "one scale kind per Draconic Lord")
    mix = (data.get("bag") or {}).get("mix")
    if mix is not None and (
        not isinstance(mix, dict)
        or set(mix) - set(kinds)
        or not all(isinstance(n, int) and n >= 0 for n in mix.values())
    ):
        raise PackError("tokens.json", "bag", "mix", "null or {token kind: count}")
    return kinds, mix


def _board(
    directory: Path, sources: dict[str, str]
) -> tuple[dict[str, tuple[Space, ...]], dict[str, str], dict[str, tuple[str, str]]]:
    data = _read(directory, "board.json")
    regions: dict[str, tuple[Space, ...]] = {}
    names: dict[str, str] = {}
    seen: set[str] = set()
    for raw in data.get("regions", []):
        region = _text("board.json", raw, "regions", "id")
        _check_provenance("board.json", raw, region, sources)
        names[region] = _text("board.json", raw, region, "name")
        spaces = []
        for space in raw.get("spaces_counterclockwise", []):
            space_id = _text("board.json", space, region, "id")
            if space_id in seen:
                raise PackError("board.json", space_id, "id", "listed twice")
            seen.add(space_id)
            spaces.append(Space(space_id, _text("board.json", space, space_id, "name"), region))
        if len(spaces) < 2:
            raise PackError("board.json", region, "spaces_counterclockwise", "at least 2")
        regions[region] = tuple(spaces)
    crossings: dict[str, tuple[str, str]] = {}
    for raw in data.get("crossings", []):
        space = _text("board.json", raw, "crossings", "space")
        _check_provenance("board.json", raw, space, sources)
        if space not in seen:
            raise PackError("board.json", space, "space", "not a space of the board")
        crossings[space] = (str(raw.get("from")), str(raw.get("to")))
    return regions, names, crossings


def _sides(directory: Path, sources: dict[str, str]) -> dict[str, Side]:
    sides: dict[str, Side] = {}
    for raw in _read(directory, "overlays.json").get("sides", []):
        side = _text("overlays.json", raw, "sides", "id")
        _check_provenance("overlays.json", raw, side, sources)
        movement = raw.get("movement")
        if movement not in ("tower", "realm"):
            raise PackError("overlays.json", side, "movement", "`tower` or `realm`")
        track = []
        for space in raw.get("track", []):
            space_id = _text("overlays.json", space, side, "id")
            _check_provenance("overlays.json", space, space_id, sources)
            draw = space.get("draw")
            if draw is not None and (not isinstance(draw, int) or draw < 0):
                raise PackError("overlays.json", space_id, "draw", "null or a count")
            name = _text("overlays.json", space, space_id, "name")
            track.append(TrackSpace(space_id, name, draw, bool(space.get("stairway", False))))
        if len(track) < 2 or track[0].id != "plain-of-peril" or track[-1].id != CROWN:
            raise PackError(
                "overlays.json", side, "track", "from the Plain of Peril to the Crown of Command"
            )
        sides[side] = Side(side, _text("overlays.json", raw, side, "name"), movement, tuple(track))
    return sides


CROWN = "crown-of-command"


def load_pack(directory: Path = PACK_DIR) -> TalismanPack:
    meta = _read(directory, "talisman.json")
    sources = meta.get("sources")
    if not isinstance(sources, dict) or not sources:
        raise PackError("talisman.json", "pack", "sources", "a map of source keys")
    lords = _lords(directory, sources)
    kinds, mix = _tokens(directory, sources, lords)
    regions, names, crossings = _board(directory, sources)
    return TalismanPack(
        id=_text("talisman.json", meta, "pack", "id"),
        name=_text("talisman.json", meta, "pack", "name"),
        version=_text("talisman.json", meta, "pack", "version"),
        sources=dict(sources),
        lords=lords,
        token_kinds=kinds,
        bag_mix=mix,
        regions=regions,
        region_names=names,
        crossings=crossings,
        sides=_sides(directory, sources),
    )


@functools.cache
def default_pack() -> TalismanPack:
    return load_pack()
