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
from deck_tracker.engine.i18n import Text, msg, render_text
from deck_tracker.engine.i18n import count as count_of
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

__all__ = [
    "clear_warlords",
    "distances_from_city",
    "place_warlords",
    "warlord_bonus",
]

R_EARLY = msg("dotr.cc.rule.early")
R_LATER = msg("dotr.cc.rule.later")
R_BONUS = msg("dotr.cc.rule.bonus")
R_TIES = msg("dotr.cc.rule.ties")
R_REMOVE = msg("dotr.cc.rule.remove")


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


def _put(realm: Realm, loc: str, rule: Text) -> None:
    ctx = realm.ctx
    ctx.set("board", loc, "warlords", int(ctx.state["board"][loc].get("warlords", 0)) + 1)
    ctx.set("supply", "warlords", int(ctx.state["supply"].get("warlords", 0)) - 1)
    realm.step(
        msg("dotr.cc.warlords.place_warlord_minions_are_hit", location=realm.data.place_ref(loc)),
        rule,
    )


def place_warlords(realm: Realm) -> None:
    """The Warlords Event: tokens on the qualifying locations, nearest Monarch City first."""
    late = (realm.ctx.state.get("war_status") or "early") != "early"
    rule = R_LATER if late else R_EARLY
    rings = _candidates(realm)
    left = int(realm.ctx.state["supply"].get("warlords", 0))
    if not rings:
        realm.step(msg("dotr.cc.warlords.none_placed", count="2 or 3" if late else "3"), rule)
        return
    for ring in rings:
        if left <= 0:
            realm.step(msg("dotr.cc.warlords.no_warlord_token_left"), rule)
            return
        if len(ring) > left and realm.settings.get("warlord_ties") != "alphabetical":
            add_pending(
                realm.ctx,
                {"type": "warlords", "options": ring, "count": left, "rule": render_text(rule)},
            )
            realm.step(
                msg(
                    "dotr.cc.warlords.left_locations_same_distance_from",
                    count=count_of(left, "word:warlord", "Warlord", "Warlords"),
                    count2=len(ring),
                ),
                R_TIES,
            )
            return
        for loc in ring[:left]:
            _put(realm, loc, rule)
        left -= min(left, len(ring))
    realm.step(msg("dotr.cc.warlords.warlords_are_not_minions_cannot"), R_BONUS)


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
            msg(
                "error.dotr.cc.warlords.pick_different_locations_among",
                number=entry["count"],
                items=", ".join(entry["options"]),
            ),
            code="wrong_warlord_pick",
        )
    stray = [loc for loc in picked if loc not in entry["options"]]
    if stray:
        raise RuleViolation(
            msg("error.dotr.cc.warlords.not_among_locations_tied_last", items=", ".join(stray)),
            code="wrong_warlord_pick",
        )
    remove_pending(ctx, entry)
    realm = Realm(ctx)
    for loc in picked:
        _put(realm, loc, entry["rule"])
    ctx.emit(
        "warlords_placed",
        msg("dotr.cc.warlords.warlords_placed", items=", ".join(realm.name(loc) for loc in picked)),
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
    return [Step(msg("dotr.cc.warlords.no_minion_left_remove_warlord", location=loc), R_REMOVE)]


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
                msg("dotr.cc.warlords.warlord_leaves", location=loc),
                data={"location": loc},
                steps=steps,
            )


# Registered last (by the package, once every rule is loaded): a Minion removed by another
# observer (a Slayer entering) leaves the location empty before the Warlord is checked.
OBSERVER = Observer(before=_before, after=_after)
