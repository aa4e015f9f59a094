"""The main board's Regions as the rules of The Dragon use them.

Rules decisions:

* A crowned Lord's scale goes to the drawing character's space, or to the next space
  counterclockwise without a scale, within that character's Region (TD p8). The pack lists each
  Region's spaces counterclockwise, so "next" is the next item, wrapping round.
* The Sentinel and the Portal of Power are the crossings inward (TD p10); a scale matching the
  Dragon King on one of them closes that crossing inward only.
"""

from __future__ import annotations

import re
from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, msg, name

from .content import CROWN, Space, default_pack

INNER = "inner"


def region_of(space: str | None) -> str | None:
    if space is None:
        return None
    found = default_pack().space(space)
    return found.region if found else INNER


def space_name(state: State, space: str | None) -> str:
    if space is None:
        return "off the board"
    found = default_pack().space(space)
    if found is not None:
        return found.name
    side = default_pack().sides.get(str(state.get("settings", {}).get("inner_region")))
    for track_space in side.track if side else ():
        if track_space.id == space:
            return track_space.name
    return space


def space_ref(state: State, space: str | None) -> Text:
    """A space's name as a message parameter, read in the reader's language."""
    english = space_name(state, space)
    if space is None:
        return msg("td.board.off_the_board")
    return named_space(english)


def named_space(english: str) -> dict[str, Any]:
    """A space (or a track space of the Inner Region) by its printed English name."""
    return name("td-space:" + "-".join(re.findall(r"[a-z0-9]+", english.lower())), english)


def placement_order(space: str) -> list[Space]:
    """The spaces a scale may land on, first choice first: this one, then counterclockwise."""
    found = default_pack().space(space)
    if found is None:
        return []
    ring = list(default_pack().regions[found.region])
    start = next(i for i, candidate in enumerate(ring) if candidate.id == space)
    return ring[start:] + ring[:start]


def free_space_from(state: State, space: str) -> str | None:
    scales = state.get("board_scales", {})
    for candidate in placement_order(space):
        if candidate.id not in scales:
            return candidate.id
    return None


def check_known_space(space: str) -> None:
    if default_pack().space(space) is None:
        raise RuleViolation(
            msg("error.td.board.not_space_outer_middle_region", space=space), code="unknown_space"
        )


def crossing_closed(state: State, space: str, going_from: str | None, going_to: str | None) -> bool:
    """Whether a scale matching the Dragon King on a crossing forbids this move inward."""
    crossing = default_pack().crossings.get(space)
    king = state.get("king")
    if crossing is None or king is None or state.get("board_scales", {}).get(space) != king:
        return False
    return (going_from, going_to) == crossing


__all__ = [
    "CROWN",
    "INNER",
    "check_known_space",
    "crossing_closed",
    "free_space_from",
    "placement_order",
    "region_of",
    "space_name",
]


def space_title(space: str) -> Text:
    """A Region space as a list offers it: its printed name, told apart from the board's other
    spaces of the same name by its Region, and by its number among its Region's namesakes,
    counterclockwise from the City or the Castle ("Fields (Outer, 3)", "Crags (Middle)")."""
    found = default_pack().space(space)
    if found is None:
        return space
    same = [s.id for s in default_pack().regions[found.region] if s.name == found.name]
    if len(same) == 1:
        elsewhere = any(
            s.name == found.name
            for region, spaces in default_pack().regions.items()
            if region != found.region
            for s in spaces
        )
        if not elsewhere:
            return named_space(found.name)
        return msg(
            "td.board.space_in_region",
            space=named_space(found.name),
            region=msg(f"td.board.region.{found.region}"),
        )
    return msg(
        "td.board.space_title",
        space=named_space(found.name),
        region=msg(f"td.board.region.{found.region}"),
        number=same.index(space) + 1,
    )
