"""Content packs: the game data (board, Generals, heroes, decks) as validated, immutable objects.

The package is layered by what depends on what (each module imports only those above it):

* ``errors``, ``vocabulary``: how problems are named (file, item, field); the shared words.
* ``items``: the models of pack items (pydantic dataclasses the rules use as they are).
* ``entry``: what players may enter (fillable fields, open decks) and the type of each value.
* ``pack``: a loaded pack and its look-ups.
* ``board``, ``checks/``: checks across items, and the card models of each game system's decks.
* ``loading``: files, provenance, the shipped packs (cached); ``overlay``: what players entered.

Pure Python: no Django, no I/O besides reading the pack files.
"""

from __future__ import annotations

from .entry import (
    ENTERED_DESCRIPTION,
    ENTERED_SOURCE,
    FILL_TYPES,
    OVERLAY_LABEL,
    FillSpec,
    OpenDeck,
)
from .errors import ContentError, UnknownContentError, described
from .items import Card, General, Hero, Location, MinionType, Road
from .loading import DEFAULT_PACKS_DIR, default_packs, load_pack, load_packs
from .overlay import (
    apply_overlay,
    card_schema,
    empty_overlay,
    entered_value,
    missing_required,
    overlay_hash,
    shipped_with_overlay,
    value_schema,
)
from .pack import DeckSpec, Pack
from .vocabulary import (
    ABILITY_TYPES,
    COLOURS,
    COMPANION_COLOURS,
    CONFIDENCES,
    EVENT_EFFECTS,
    GLOBAL_EFFECT_KINDS,
    LOCATION_KINDS,
    MOVEMENTS,
    ROAD_STATUSES,
)

__all__ = [
    "ABILITY_TYPES",
    "COLOURS",
    "COMPANION_COLOURS",
    "CONFIDENCES",
    "DEFAULT_PACKS_DIR",
    "ENTERED_DESCRIPTION",
    "ENTERED_SOURCE",
    "EVENT_EFFECTS",
    "FILL_TYPES",
    "GLOBAL_EFFECT_KINDS",
    "LOCATION_KINDS",
    "MOVEMENTS",
    "OVERLAY_LABEL",
    "ROAD_STATUSES",
    "Card",
    "ContentError",
    "DeckSpec",
    "FillSpec",
    "General",
    "Hero",
    "Location",
    "MinionType",
    "OpenDeck",
    "Pack",
    "Road",
    "UnknownContentError",
    "apply_overlay",
    "card_schema",
    "default_packs",
    "described",
    "empty_overlay",
    "entered_value",
    "load_pack",
    "load_packs",
    "missing_required",
    "overlay_hash",
    "shipped_with_overlay",
    "value_schema",
]
