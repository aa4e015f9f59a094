"""The Hero's Calling: the War Status card, and the heroes' levels that follow it.

Rules (HC = shared/rules/dotr-heros-calling.txt):

* The War Status card (the pack's ``war_status`` card): Early War 1 card, Early Mid War 2 (the
  2nd moves a General only), Late Mid War 2, Late War 3 (the 3rd moves a General only); it
  advances one level per General defeated (``war_level`` 0-3, as in the base game). The card
  prints Hero Level III for both Late Mid War and Late War: kept as printed, so heroes reach
  level III at the third level and stay there.
* Heroes rise together to the War Status card's Hero Level as Generals fall; a level once
  unlocked is kept even if the War Status moves back (``heros_calling.highest_war_level``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.commands import Observer
from deck_tracker.engine.content import default_packs
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.expansions import (
    has_expansion,
)

EXPANSION = "heros_calling"
PACK_ID = "dotr-heros-calling"
R_NO_SLAYER = msg("dotr.hc.rule.no_slayer")
R_LEVEL = msg("dotr.hc.rule.level")


# ------------------------------------------------------------------------------------------
# The War Status card
# ------------------------------------------------------------------------------------------


@functools.cache
def _war_status_levels() -> tuple[Mapping[str, Any], ...]:
    card = default_packs()[PACK_ID].card("war_status", "war-status-card")
    return tuple(card.data["levels"])


def war_status_card_level(level: int) -> Mapping[str, Any]:
    """The card's level (0 Early War .. 3 Late War): name, hero_level, cards, general_only."""
    levels = _war_status_levels()
    return levels[max(0, min(level, len(levels) - 1))]


def war_status_card_plan(level: int) -> tuple[bool, ...]:
    """For each Darkness Spreads card of the night, whether it only moves its General."""
    entry = war_status_card_level(level)
    return tuple(n in entry["general_only"] for n in range(1, int(entry["cards"]) + 1))


def hero_level(state: State) -> str:
    """The Hero Level all heroes have reached (printed roman numeral), never going back."""
    reached = max(
        int(state.get("war_level") or 0),
        int((state.get(EXPANSION) or {}).get("highest_war_level", 0)),
    )
    return str(war_status_card_level(reached)["hero_level"])


# ------------------------------------------------------------------------------------------
# Hero levels follow the War Status card (an observer of a General's wound)
# ------------------------------------------------------------------------------------------


# A General's wound: dealt by ``wound_general``, or by the card read that gives a General's life
# the app did not know (``read_card`` resumes the wound, base/read_card.py).
_FOLLOWS = frozenset({"wound_general", "read_card"})


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if name not in _FOLLOWS or not has_expansion(state, EXPANSION):
        return None
    return int(state.get("war_level") or 0)


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    level = int(ctx.state.get("war_level") or 0)
    if level <= memo:
        return
    entry = dict(ctx.state.get(EXPANSION) or {})
    reached = int(entry.get("highest_war_level", 0))
    highest = max(level, reached)
    # The level the heroes had before the General fell (the war level has already moved).
    before = str(war_status_card_level(max(int(memo), reached))["hero_level"])
    ctx.set(EXPANSION, {**entry, "highest_war_level": highest, **level_entry(highest)})
    card = war_status_card_level(level)
    steps = [
        Step(
            msg(
                "dotr.hc.war_status.move_war_status_token_hero",
                name=card["name"],
                hero_level=card["hero_level"],
            ),
            R_LEVEL,
        ),
        Step(msg("dotr.hc.war_status.do_not_assign_slayer_this"), R_NO_SLAYER),
    ]
    now = hero_level(ctx.state)
    if now != before:
        steps.append(Step(msg("dotr.hc.war_status.every_hero_slides_hero_s", now=now), R_LEVEL))
    else:
        steps.append(
            Step(msg("dotr.hc.war_status.heroes_stay_level_card_prints", now=now), R_LEVEL)
        )
    ctx.emit(
        "hero_level",
        msg("dotr.hc.war_status.war_status_card_heroes_are", name=card["name"], now=now),
        data={"war_level": level, "war_status_name": card["name"], "hero_level": now},
        steps=steps,
    )


# Hero levels follow the War Status after a General's wound, however it was dealt.
OBSERVER = Observer(before=_before, after=_after, commands=_FOLLOWS)


def level_entry(level: int) -> dict[str, Any]:
    entry = war_status_card_level(level)
    return {"war_status_name": entry["name"], "hero_level": entry["hero_level"]}
