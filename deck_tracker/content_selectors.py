"""Reads of the content packs, shaped for the API (computed once per process)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from .engine.content import Pack, default_packs


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _item(obj: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj) if not f.name.startswith("_")}


def content_packs() -> list[dict[str, Any]]:
    return [
        {
            "id": pack.id,
            "name": pack.name,
            "game_system": pack.game_system,
            "expansion": pack.expansion,
            "version": pack.version,
        }
        for pack in default_packs().values()
    ]


@functools.cache
def content_pack(pack_id: str) -> dict[str, Any] | None:
    pack: Pack | None = default_packs().get(pack_id)
    if pack is None:
        return None
    neighbours = pack.adjacency(include_disputed=False)
    with_disputed = pack.adjacency(include_disputed=True)
    return {
        "id": pack.id,
        "name": pack.name,
        "game_system": pack.game_system,
        "expansion": pack.expansion,
        "version": pack.version,
        "sources": dict(pack.sources),
        "notes": list(pack.notes),
        "locations": [
            _item(location)
            | {
                "neighbours": list(neighbours[location.id]),
                "neighbours_with_disputed_roads": list(with_disputed[location.id]),
            }
            for location in pack.locations.values()
        ],
        "roads": [_item(road) for road in pack.roads],
        "generals": [_item(general) for general in pack.generals.values()],
        "minion_types": [_item(minion) for minion in pack.minion_types.values()],
        "heroes": [_item(hero) for hero in pack.heroes.values()],
        "decks": {
            name: {
                "auto_reshuffle": deck.auto_reshuffle,
                "cards": [_item(card) for card in deck.cards],
            }
            for name, deck in pack.decks.items()
        },
    }


def scenarios() -> list[dict[str, Any]]:
    """The games the setup screen offers, each with the options it allows."""
    from .engine.rules.dotr.settings import describe_settings
    from .engine.rules.dotr.setup import DECKS

    return [
        {
            "id": "standard",
            "name": "Defenders of the Realm: the standard game",
            "system": "dotr",
            "packs": ["dotr-base"],
            "options": describe_settings(),
            "table_decks": list(DECKS),
            "setup": {"system": "dotr"},
        },
        {
            "id": "custom-decks",
            "name": "Any decks of your own (no board)",
            "system": "generic",
            "packs": [],
            "options": [],
            "table_decks": [],
            "setup": {"system": "generic", "decks": {"my_deck": {"cards": ["card-1", "card-2"]}}},
        },
    ]
