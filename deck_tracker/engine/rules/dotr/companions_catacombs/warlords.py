"""Companions & Catacombs: Warlords.

Rules (CC 'Warlord' and the Warlords Event card):

* In the Early War a Warlord goes on every location with 3 Minions; in the Mid and Late War on
  every location with 2 or 3 Minions, 'not to exceed Warlord tokens provided, starting with
  locations nearest Monarch City and working outward'. Distance is counted in roads from
  Monarch City (which may hold one itself). The same nearest-first order is used in the Early
  War, where the 10 tokens can run out too. Minions are counted as for overruns (Trolls and
  Giant Spiders count); a location holding more (an overrun arrival can make 4) qualifies too.
* Between locations at the same distance the rulebook gives no order: setting
  ``warlord_ties`` (the table picks, ``place_warlords``; or alphabetical). A location that
  already has a Warlord takes another only with ``warlords_per_location`` = stack.
* A Warlord is not a Minion: +1 to the number needed to hit every Minion on its location. It
  cannot be attacked; it leaves (back to the supply) when its location holds no Minion, checked
  after every command (an observer: ``defeat_minions``, ``set_location``, ``attack_minions``,
  a Slayer's arrival, ...; the Troll and Spider commands clear it themselves).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.pending import add_pending, find_pending, remove_pending
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    board_choices,
    require_playing,
    resolve_location,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import EXPANSION
from deck_tracker.engine.words import plural

__all__ = [
    "clear_warlords",
    "distances_from_city",
    "place_warlords",
    "warlord_bonus",
]

R_EARLY = "CC Warlord, Early War: add a Warlord to any location that has 3 Minions"
R_LATER = (
    "CC Warlord, Mid and Late War: add a Warlord to any location with 2 or 3 Minions, while "
    "tokens last, nearest Monarch City first"
)
R_BONUS = "CC Warlord: +1 to the To Hit number of every Minion on its location"
R_TIES = "Setting warlord_ties: the rulebook gives no order at the same distance"
R_REMOVE = "CC Warlord: when all Minions of its location are defeated, the Warlord is removed"


def distances_from_city(realm: Realm) -> dict[str, int]:
    """Roads from Monarch City to every location (breadth first)."""
    city = realm.data.city
    seen = {city: 0}
    queue = deque([city])
    while queue:
        here = queue.popleft()
        for there in realm.data.adjacency[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def _candidates(realm: Realm) -> list[list[str]]:
    """Qualifying locations grouped by distance from Monarch City, nearest first."""
    late = (realm.ctx.state.get("war_status") or "early") != "early"
    least = 2 if late else 3
    stack = realm.settings.get("warlords_per_location") == "stack"
    board = realm.ctx.state["board"]
    rings: dict[int, list[str]] = {}
    for loc, distance in distances_from_city(realm).items():
        if realm.data.kinds[loc] == "inn" or realm.count_at(loc) < least:
            continue
        if int(board[loc].get("warlords", 0)) and not stack:
            continue
        rings.setdefault(distance, []).append(loc)
    return [sorted(rings[d], key=realm.name) for d in sorted(rings)]


def _put(realm: Realm, loc: str, rule: str) -> None:
    ctx = realm.ctx
    ctx.set("board", loc, "warlords", int(ctx.state["board"][loc].get("warlords", 0)) + 1)
    ctx.set("supply", "warlords", int(ctx.state["supply"].get("warlords", 0)) - 1)
    realm.step(f"Place a Warlord on {realm.name(loc)}: its Minions are hit on 1 more.", rule)


def place_warlords(realm: Realm) -> None:
    """The Warlords Event: tokens on the qualifying locations, nearest Monarch City first."""
    late = (realm.ctx.state.get("war_status") or "early") != "early"
    rule = R_LATER if late else R_EARLY
    rings = _candidates(realm)
    left = int(realm.ctx.state["supply"].get("warlords", 0))
    if not rings:
        realm.step(
            "No location holds " + ("2 or 3" if late else "3") + " Minions: no Warlord.", rule
        )
        return
    for ring in rings:
        if left <= 0:
            realm.step("No Warlord token is left.", rule)
            return
        if len(ring) > left and realm.settings.get("warlord_ties") != "alphabetical":
            add_pending(
                realm.ctx, {"type": "warlords", "options": ring, "count": left, "rule": rule}
            )
            realm.step(
                f"{plural(left, 'Warlord')} left for {len(ring)} locations at the same "
                f"distance from "
                f"Monarch City: the table picks which (Enter: Place warlords).",
                R_TIES,
            )
            return
        for loc in ring[:left]:
            _put(realm, loc, rule)
        left -= min(left, len(ring))
    realm.step("Warlords are not Minions and cannot be attacked.", R_BONUS)


@command(
    "place_warlords",
    args={"locations": Arg("list[str]", required=True, max_items=10, offers=board_choices)},
    systems=DOTR,
)
def place_warlords_command(ctx: Context, args: dict[str, Any]) -> None:
    """The table picks which locations at the same distance get the last Warlords."""
    require_playing(ctx.state)
    entry = find_pending(ctx.state, "warlords", "no_warlords_waiting", "Warlord choice")
    picked = [resolve_location(ctx.state, raw) for raw in args["locations"]]
    if len(set(picked)) != len(picked) or len(picked) != entry["count"]:
        raise RuleViolation(
            f"Pick {entry['count']} different locations among {', '.join(entry['options'])}.",
            code="wrong_warlord_pick",
        )
    stray = [loc for loc in picked if loc not in entry["options"]]
    if stray:
        raise RuleViolation(
            f"{', '.join(stray)} is not among the locations tied for the last Warlords.",
            code="wrong_warlord_pick",
        )
    remove_pending(ctx, entry)
    realm = Realm(ctx)
    for loc in picked:
        _put(realm, loc, entry["rule"])
    ctx.emit(
        "warlords_placed",
        f"Warlords placed on {', '.join(realm.name(loc) for loc in picked)}.",
        data={"locations": picked},
        steps=realm.take_steps(),
    )


def clear_warlords(ctx: Context, loc: str) -> list[Step]:
    """The Warlords of ``loc`` leave when no Minion is left there."""
    space = ctx.state["board"][loc]
    warlords = int(space.get("warlords", 0))
    if not warlords or Realm(ctx).count_at(loc):
        return []
    ctx.set("board", loc, "warlords", 0)
    ctx.set("supply", "warlords", int(ctx.state["supply"].get("warlords", 0)) + warlords)
    return [Step(f"No Minion is left on {loc}: remove its Warlord.", R_REMOVE)]


def warlord_bonus(state: State, location: str, colour: str) -> int:
    """+1 to hit every Minion on a location where a Warlord stands (not per Warlord)."""
    space = (state.get("board") or {}).get(location) or {}
    return 1 if int(space.get("warlords", 0)) else 0


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    """The locations holding a Warlord before any command (whatever removes their Minions)."""
    if not has_expansion(state, EXPANSION):
        return None
    board = state.get("board") or {}
    return [loc for loc, space in board.items() if space.get("warlords")] or None


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    for loc in memo:
        steps = clear_warlords(ctx, loc)
        if steps:
            ctx.emit(
                "warlord_removed",
                f"The Warlord of {loc} leaves.",
                data={"location": loc},
                steps=steps,
            )


# Registered last (by the package, once every rule is loaded): a Minion removed by another
# observer (a Slayer entering) leaves the location empty before the Warlord is checked.
OBSERVER = Observer(before=_before, after=_after)
