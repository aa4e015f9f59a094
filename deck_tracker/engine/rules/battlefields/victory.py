"""Winning a battle, its reward, the next battlefield, and winning the war.

Rules decisions:

* Generals sent to a won battlefield leave the game (Player Turn in Detail, D); the rulebook's
  other sentence sends them to the discard pile with the cards: either way they are not played
  again, and the app counts only hero and minion cards in the discard piles.
* The reward is decided at once (``decide_reward``); it must be applied when the tile says so
  (The Curse at the Withered Hills). The app records the decision; the table applies the effect.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step, ended
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import Text, msg, render_text

from .field import SYSTEM, draw_new_battlefields
from .hands import refill_short_hands, side_ref
from .settings import MODES
from .tiles import tile_rules
from .turns import between_turns, refuse, side_refusal

__all__ = ["war_score", "win_battle"]

R_WIN = msg("bf.rule.win")
R_REWARD = msg("bf.rule.reward")
R_WAR = msg("bf.rule.war")
R_CAPITAL = msg("bf.rule.capital")


def war_score(state: State, side: str) -> dict[str, Any]:
    """A side's progress toward victory: battlefields (the Capital counts 2) and per colour."""
    total = 0
    colours: dict[str, int] = {}
    for tile_id in state["sides"][side]["won"]:
        tile = tile_rules(state, tile_id)
        total += tile.counts_as
        if tile.colour != "purple":
            colours[tile.colour] = colours.get(tile.colour, 0) + 1
    return {
        "battlefields": total,
        "colours": colours,
        "best_colour": max(colours.values(), default=0),
    }


def war_won(state: State, side: str) -> bool:
    mode = MODES[state["settings"]["mode"]]
    score = war_score(state, side)
    return bool(
        score["battlefields"] >= mode.battlefields or score["best_colour"] >= mode.same_colour
    )


def win_battle(ctx: Context, tile_id: str, side: str, rule: Text) -> None:
    tile = tile_rules(ctx.state, tile_id)
    battle = ctx.state["battlefields"][tile_id]
    steps = []
    for each in ("minions", "heroes"):
        count = len(battle["cards"][each])
        if count:
            ctx.set("sides", each, "discard", ctx.get("sides", each, "discard") + count)
            steps.append(
                Step(
                    msg(
                        "bf.victory.put_their_cards_there_discard", each=side_ref(each), count=count
                    ),
                    R_WIN,
                )
            )
    ctx.delete("battlefields", tile_id)
    ctx.set("field_order", [t for t in ctx.get("field_order") if t != tile_id])
    ctx.set("tiles", tile_id, "won")
    ctx.set("sides", side, "won", [*ctx.get("sides", side, "won"), tile_id])
    ctx.set("turn", "attack", None)
    steps += refill_short_hands(ctx)
    score = war_score(ctx.state, side)
    if tile.counts_as > 1:
        steps.append(
            Step(
                msg("bf.victory.counts_as_battlefields", name=tile.name, counts_as=tile.counts_as),
                R_CAPITAL,
            )
        )
    ctx.emit(
        "battle_won",
        msg("bf.victory.win", side=side_ref(side), name=tile.name),
        data={
            "tile": tile_id,
            "name": tile.name,
            "side": side,
            "rule": render_text(rule),
            "score": score,
        },
        steps=[
            Step(msg("bf.victory.take_tile", side=side_ref(side), name=tile.name), rule),
            *steps,
        ],
    )
    if war_won(ctx.state, side):
        mode = MODES[ctx.state["settings"]["mode"]]
        won = msg(
            "bf.victory.war_won",
            side=side_ref(side),
            mode=mode.name,
            battlefields=score["battlefields"],
            colour=msg("bf.victory.of_one_colour", count=score["best_colour"])
            if score["best_colour"] > 1
            else "",
        )
        outcome = ended("won", won, R_WAR, side=side)
        ctx.set("outcome", outcome)
        ctx.set("pending", None)
        ctx.emit(
            "war_won",
            won,
            data={"outcome": outcome},
            steps=[Step(won, R_WAR)],
        )
        return
    if tile.reward or tile.must_apply_reward():
        ctx.set(
            "pending",
            {"kind": "reward", "side": side, "tile": tile_id, "must": tile.must_apply_reward()},
        )
        return
    _next_battlefield(ctx, tile_id, side)


def _next_battlefield(ctx: Context, tile_id: str, side: str) -> None:
    count = tile_rules(ctx.state, tile_id).reward_count or 1
    draw_new_battlefields(ctx, count, side=side, purpose="reward")


def _reward_unavailable(state: State, actor: str | None) -> Reason | None:
    pending = state.get("pending") or {}
    if pending.get("kind") != "reward":
        return msg("error.bf.victory.no_reward_waits")
    return side_refusal(state, actor, pending["side"])


@command(
    "decide_reward",
    args={"use": Arg("bool", required=True, description="Apply the battlefield's reward.")},
    systems=SYSTEM,
    unavailable=_reward_unavailable,
)
def decide_reward(ctx: Context, args: dict[str, Any]) -> None:
    """The winner of a battle applies its reward or not, at once."""
    pending = ctx.state["pending"]
    tile = tile_rules(ctx.state, pending["tile"])
    if pending["must"] and not args["use"]:
        raise RuleViolation(
            msg("error.bf.victory.reward_must_be_applied", name=tile.name), code="reward_required"
        )
    ctx.set("pending", None)
    ctx.emit(
        "reward_decided",
        msg("bf.victory.apply_reward", side=side_ref(pending["side"]), name=tile.name)
        if args["use"]
        else msg("bf.victory.decline_reward", side=side_ref(pending["side"]), name=tile.name),
        data={"tile": tile.id, "use": args["use"], "reward": tile.reward},
        steps=[
            Step(
                msg("bf.victory.apply", value=tile.reward or msg("bf.victory.the_reward_on_tile")),
                R_REWARD,
            )
        ]
        if args["use"]
        else [],
    )
    _next_battlefield(ctx, tile.id, pending["side"])


@command(
    "claim_battlefield",
    args={
        "battlefield": Arg("str", required=True),
        "side": Arg("str", required=True, choices=("minions", "heroes")),
        "reason": Arg("str", required=True, description="In the table's words."),
    },
    systems=SYSTEM,
    unavailable=between_turns,
)
def claim_battlefield(ctx: Context, args: dict[str, Any]) -> None:
    """A side declares its own battle won (a card's ability, a condition the app cannot count)."""
    refuse(side_refusal(ctx.state, ctx.actor, args["side"]))
    if args["battlefield"] not in ctx.state["battlefields"]:
        raise RuleViolation(msg("error.bf.victory.that_battlefield_not_play"), code="not_in_play")
    if ctx.state.get("pending"):
        raise RuleViolation(
            msg("error.bf.victory.answer_what_table_asked_first"), code="not_available"
        )
    declared = msg("bf.victory.declared_by_table", reason=args["reason"])
    win_battle(ctx, args["battlefield"], args["side"], declared)
