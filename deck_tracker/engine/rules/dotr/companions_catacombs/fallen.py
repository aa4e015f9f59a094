"""Wounds the expansions deal, and what Companions & Catacombs does when a hero falls.

* Companion Rules 2: 'In the event that a Hero is slain, all their Companions are returned to
  the Companion deck and the deck shuffled.' The app does it when a hero's life reaches 0, from
  an Event, a Troll, or ``wound_hero`` (an observer of that command).
* A hero who falls in a Dungeon follows 'Hero Death in a Dungeon' instead: a ``dungeon_death``
  entry is owed (``dungeons.py`` settles it).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Observer
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.pending import add_pending
from deck_tracker.engine.rules.dotr.base.table import hero_name

__all__ = ["COMPANION", "EXPANSION", "hero_falls", "wound"]

EXPANSION = "companions_catacombs"
COMPANION = "companion"
R_WOUND = msg("dotr.cc.rule.wound")
R_RETURN = msg("dotr.cc.rule.return")
R_DUNGEON_DEATH = msg("dotr.cc.rule.dungeon_death")


def wound(ctx: Context, seat: str, count: int, rule: Text) -> list[Step]:
    """``count`` wounds to the hero of ``seat`` (never below 0 life); the steps to follow."""
    hero = ctx.state["heroes"][seat]
    life = int(hero["life"])
    lost = min(life, count)
    name = hero_name(ctx.state, seat)
    if lost <= 0:
        return [Step(msg("dotr.cc.fallen.has_no_life_left_lose", name=name), rule)]
    ctx.set("heroes", seat, "life", life - lost)
    steps = [
        Step(
            msg(
                "dotr.cc.fallen.suffers_life_left",
                name=name,
                count=count_of(lost, "word:wound", "wound", "wounds"),
                number=life - lost,
            ),
            rule,
        )
    ]
    if life - lost == 0:
        steps += hero_falls(ctx, seat)
    return steps


def hero_falls(ctx: Context, seat: str) -> list[Step]:
    """A hero's life reached 0: in a Dungeon, a death is owed; elsewhere its Companions return."""
    name = hero_name(ctx.state, seat)
    run = ctx.state.get("dungeon_run") or {}
    if run.get("seat") == seat:
        add_pending(ctx, {"type": "dungeon_death", "seat": seat})
        return [
            Step(
                msg("dotr.cc.fallen.dies_dungeon_settle_with_dungeon", name=name),
                R_DUNGEON_DEATH,
            )
        ]
    return return_companions(ctx, seat)


def return_companions(ctx: Context, seat: str) -> list[Step]:
    companions = list(ctx.state["heroes"][seat].get("companions") or [])
    if not companions or COMPANION not in ctx.state.get("decks", {}):
        return []
    deck = get_deck(ctx.state, COMPANION)
    hand = [card for card in deck["hands"].get(seat, []) if card not in companions]
    pile = [*deck["draw"], *companions]
    if deck["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", COMPANION, "hands", seat, hand)
    ctx.set("decks", COMPANION, "draw", pile)
    ctx.set("heroes", seat, "companions", [])
    return [
        Step(
            msg(
                "dotr.cc.fallen.slain_shuffle_back_into_companion",
                hero=hero_name(ctx.state, seat),
                items=", ".join(companions),
            ),
            R_RETURN,
        )
    ]


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if not has_expansion(state, EXPANSION):
        return None
    return {seat: int(hero.get("life", 0)) for seat, hero in (state.get("heroes") or {}).items()}


def _fall_owed(state: State, seat: str) -> bool:
    """A hero at 0 life whose fall is not settled yet (``hero_falls`` is idempotent through it)."""
    run = state.get("dungeon_run") or {}
    if run.get("seat") == seat:
        return not any(
            p.get("type") == "dungeon_death" and p.get("seat") == seat
            for p in state.get("pending") or []
        )
    return bool(state["heroes"][seat].get("companions"))


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    for seat, life in memo.items():
        hero = (ctx.state.get("heroes") or {}).get(seat)
        if hero is None or life == 0 or int(hero.get("life", 0)) != 0:
            continue
        if not _fall_owed(ctx.state, seat):
            continue
        steps = hero_falls(ctx, seat)
        if steps:
            ctx.emit(
                "hero_fell",
                msg("dotr.cc.fallen.slain", hero=hero_name(ctx.state, seat)),
                data={"seat": seat},
                steps=steps,
            )


OBSERVER = Observer(before=_before, after=_after)
