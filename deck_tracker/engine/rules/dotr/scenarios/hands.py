"""What a scenario changes in the cards dealt: setup cards, first hands, Quests, the evening.

* ``card_count`` (an expansion hook, see ``base/expansions.py``): Onslaught's 4 setup cards of 2
  minions and 5 of 1, its 4 starting Hero Cards and 2 Quests; The Burning Land's evening, when
  the active hero ends the turn On Fire ("may not collect Hero Cards").
* ``deal_on_entry`` (as each hero enters): Darius's Special card (Realm in Flames: "each player
  is dealt 1 card randomly as part of their starting hand", on top of the 2 Hero Cards);
  Onslaught's 2 Special cards; Onslaught's Quest choice, settled by ``keep_quest``.

The Special cards dealt come from those left in the Hero deck once the scenario's cards went to
the box; dealing them before or after the box is filled gives every card the same chance.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, seat_label
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg
from deck_tracker.engine.rules.dotr.base.offers import held_by_hero
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    hero_name,
    hero_ref,
    own_hero_seat,
)

__all__ = ["card_count", "deal_on_entry"]

HERO, QUEST = "hero", "quest"
R_DARIUS = msg("dotr.rule.scenario.hands.darius")
R_SPECIALS = msg("dotr.rule.scenario.hands.specials")
R_QUESTS = msg("dotr.rule.scenario.hands.quests")
R_QUESTS_SHUFFLE = msg("dotr.rule.scenario.hands.quests_shuffle")


def _steps(state: State) -> dict[str, dict[str, Any]]:
    scenario = state.get("scenario") or {}
    return {step["step"]: step for step in scenario.get("setup", [])}


def _rules(state: State) -> list[str]:
    return list((state.get("scenario") or {}).get("rules", []))


def card_count(state: State, purpose: str, count: int) -> int:
    steps = _steps(state)
    if purpose == "start:hero" and "starting_hero_cards" in steps:
        return int(steps["starting_hero_cards"]["count"])
    if purpose == "start:quest" and "quests_choose" in steps:
        return int(steps["quests_choose"]["dealt"])
    if purpose in ("setup:2", "setup:1") and "setup_cards" in steps:
        per_card = int(purpose[-1])
        return sum(1 for n in steps["setup_cards"]["counts"] if n == per_card)
    if purpose == "evening" and "fire_denies_hero_cards" in _rules(state):
        seat = (state.get("turn") or {}).get("active_seat")
        where = (state.get("heroes") or {}).get(seat or "", {}).get("location")
        if where and (state.get("board") or {}).get(where, {}).get("fire"):
            return 0
    return count


def _deal_specials(ctx: Context, seat: str, count: int, rule: Text, steps: list[Step]) -> list[str]:
    deck = get_deck(ctx.state, HERO)
    who = seat_label(ctx.state, seat)
    if deck["owner"] == "table":
        steps.append(Step(msg("dotr.scenario.deal_specials.table", player=who, count=count), rule))
        return []
    cards = game_cards(ctx.state)
    specials = [c for c in deck["draw"] if cards[c].kind == "special"]
    dealt = [
        specials.pop(ctx.rng.randrange(len(specials))) for _ in range(min(count, len(specials)))
    ]
    ctx.set("decks", HERO, "draw", [c for c in deck["draw"] if c not in dealt])
    ctx.put("decks", HERO, "hands", seat, dealt)
    steps.append(Step(msg("dotr.scenario.deal_specials.app", player=who, count=len(dealt)), rule))
    return dealt


def deal_on_entry(ctx: Context, seat: str) -> None:
    steps = _steps(ctx.state)
    if not steps or seat not in (ctx.state.get("heroes") or {}):
        return
    table: list[Step] = []
    dealt: list[str] = []
    if "darius" in steps:
        dealt += _deal_specials(ctx, seat, 1, R_DARIUS, table)
    if "special_cards_per_player" in steps:
        count = int(steps["special_cards_per_player"]["count"])
        dealt += _deal_specials(ctx, seat, count, R_SPECIALS, table)
    choose = steps.get("quests_choose")
    quests = list(ctx.state["heroes"][seat].get("quests", []))
    if choose and len(quests) > int(choose["keep"]):
        ctx.set("scenario", "quest_choice", {
            **(ctx.state["scenario"].get("quest_choice") or {}), seat: int(choose["keep"])
        })  # fmt: skip
        table.append(
            Step(
                msg(
                    "dotr.scenario.quests_review",
                    hero=hero_ref(ctx.state, seat),
                    count=len(quests),
                    keep=choose["keep"],
                ),
                R_QUESTS,
            )
        )
    if not table:
        return
    ctx.emit(
        "scenario_hand",
        msg("dotr.scenario.hand", player=seat_label(ctx.state, seat)),
        data={"seat": seat, "specials": len(dealt)},
        private={seat: {"cards": dealt}},
        steps=table,
    )


def _no_choice(state: State, actor: str | None) -> Reason | None:
    if (state.get("scenario") or {}).get("quest_choice"):
        return None
    return msg("error.dotr.scenario.hands.no_hero_choosing")


@command(
    "keep_quest",
    args={
        "quest": Arg(
            "str", required=True, description="The Quest kept.", offers=held_by_hero("quests")
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
    unavailable=_no_choice,
)
def keep_quest(ctx: Context, args: dict[str, Any]) -> None:
    """Onslaught: keep one of the Quests dealt at the start; the others go back and the Quest
    deck is reshuffled."""
    seat = own_hero_seat(ctx, args["seat"])
    choice = dict(ctx.state["scenario"].get("quest_choice") or {})
    if seat not in choice:
        raise RuleViolation(
            msg("error.dotr.scenario.hands.has_chosen_already", hero=hero_name(ctx.state, seat)),
            code="chosen",
        )
    held = list(ctx.state["heroes"][seat].get("quests", []))
    if args["quest"] not in held:
        raise RuleViolation(
            msg("error.dotr.scenario.hands.not_one_quests_dealt", quest=args["quest"]),
            code="no_such_quest",
        )
    returned = [q for q in held if q != args["quest"]]
    hand = get_deck(ctx.state, QUEST)["hands"].get(seat, [])
    ctx.set("decks", QUEST, "hands", seat, [c for c in hand if c not in returned])
    ctx.set("heroes", seat, "quests", [args["quest"]])
    del choice[seat]
    ctx.set("scenario", "quest_choice", choice)
    steps = [
        Step(
            msg(
                "dotr.scenario.quest_keeps",
                hero=hero_ref(ctx.state, seat),
                quest=args["quest"],
                returned=listing(returned, conjunction=False),
            ),
            R_QUESTS,
        )
    ]
    deck = get_deck(ctx.state, QUEST)
    pile = [*deck["draw"], *returned]
    if not choice:
        pile += deck["discard"]
        ctx.set("decks", QUEST, "discard", [])
        steps.append(Step(msg("dotr.scenario.quests_reshuffle"), R_QUESTS_SHUFFLE))
    if deck["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", QUEST, "draw", pile)
    ctx.emit(
        "quest_kept",
        msg("dotr.scenario.quest_kept", hero=hero_ref(ctx.state, seat)),
        data={"seat": seat, "quest": args["quest"], "returned": len(returned)},
        steps=steps,
    )
