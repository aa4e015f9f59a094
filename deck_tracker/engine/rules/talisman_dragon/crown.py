"""Confronting the Dragon King on the Crown of Command (TD p14).

Rules decisions:

* The character attacks with Strength or Craft; each win removes one of the King's lives and he
  attacks again at once; a stand-off or a defeat ends his turn and he attacks again at the start
  of the next (p14). A defeat also costs a life and the King's Dragon Rage.
* Killed with nobody else on the Crown of Command, the character's death heals the King (p14).
* The character who removes the King's last life wins the game.
* The King's lives are printed on his card: asked once (``set_lord_lives``) and
  remembered for later games (memory.py).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step, ended
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg

from .combat import bonus_of
from .common import (
    SYSTEMS,
    acting_seat,
    character_ref,
    check_lord,
    in_play,
    lord_choices,
    lord_name,
    on_crown,
)
from .content import CROWN
from .memory import lives_values

R_ATTACK = msg("td.rule.attack")
R_STOP = msg("td.rule.stop")
R_DEFEAT = msg("td.rule.defeat")
R_HEAL = msg("td.rule.heal")
R_WIN = msg("td.rule.win")


def _on_crown_now(state: State, actor: str | None) -> Reason | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    if state["turn"]["seat"] not in on_crown(state):
        return msg("error.td.crown.not_on_crown")
    if state["turn"].get("confronted"):
        return msg("error.td.crown.confrontation_ended")
    return None


@command(
    "set_lord_lives",
    args={
        "lord": Arg("str", required=True, offers=lord_choices),
        "lives": Arg("int", required=True, minimum=1, maximum=30),
    },
    systems=SYSTEMS,
)
def set_lord_lives(ctx: Context, args: dict[str, Any]) -> None:
    """Enter the lives printed on a Draconic Lord's card (remembered for later games)."""
    lord = check_lord(args["lord"])
    ctx.set("lords", lord, "lives", args["lives"])
    ctx.emit(
        "lord_lives_set",
        msg("td.crown.has_lives", lord=lord_name(lord), lives=args["lives"]),
        data={
            "lord": lord,
            "lives": args["lives"],
            "overlay_values": lives_values({lord: args["lives"]}),
        },
    )


@command(
    "attack_king",
    args={
        "result": Arg("str", required=True, choices=("won", "stand_off", "defeated")),
        "with": Arg("str", default="strength", choices=("strength", "craft")),
        "killed": Arg("bool", default=False, description="Defeated and lost his last life."),
    },
    systems=SYSTEMS,
    unavailable=_on_crown_now,
)
def attack_king(ctx: Context, args: dict[str, Any]) -> None:
    """One attack on the Dragon King from the Crown of Command, as the table resolved it."""
    seat = acting_seat(ctx)
    king = ctx.get("king")
    if king is None:
        raise RuleViolation(msg("error.td.crown.nobody_dragon_king_yet"), code="no_king")
    lives = ctx.get("lords", king, "lives")
    if lives is None:
        raise RuleViolation(
            msg("error.td.crown.enter_lives_printed_card_first", lord=lord_name(king)),
            code="lives_unknown",
        )
    who = character_ref(ctx.state, seat)
    bonus = bonus_of(ctx.state, seat)
    if args["result"] == "won":
        _wound(ctx, seat, king, int(lives), bonus)
        return
    ctx.set("turn", "confronted", True)
    steps = [Step(msg("td.crown.s_turn_ends_he_attacks", who=who), R_STOP)]
    if args["result"] == "defeated":
        steps.insert(
            0,
            Step(
                msg("td.crown.loses_life_suffers_s_dragon", who=who, lord=lord_name(king)), R_DEFEAT
            ),
        )
    ctx.emit(
        "king_attacked",
        msg(
            "td.crown.attacks_with",
            who=who,
            lord=lord_name(king),
            with_=args["with"],
            result=msg("td.crown.stand_off")
            if args["result"] == "stand_off"
            else msg("td.crown.defeated"),
        ),
        data={"seat": seat, "lord": king, "result": args["result"], "bonus": bonus},
        steps=steps,
    )
    if args["killed"]:
        _killed(ctx, seat, king)


def _wound(ctx: Context, seat: str, king: str, lives: int, bonus: int) -> None:
    wounds = int(ctx.get("lords", king, "wounds", default=0)) + 1
    ctx.set("lords", king, "wounds", wounds)
    who = character_ref(ctx.state, seat)
    if wounds >= lives:
        reason = msg("td.crown.outcome.won", who=who, lord=lord_name(king))
        outcome = ended("won", reason, R_WIN, winner=seat)
        ctx.set("outcome", outcome)
        ctx.emit(
            "king_slain",
            msg("td.crown.removes_s_last_life_wins", who=who, lord=lord_name(king)),
            data={"seat": seat, "lord": king, "outcome": outcome},
            steps=[Step(msg("td.crown.wins_game", who=who), R_WIN)],
        )
        return
    ctx.emit(
        "king_wounded",
        msg(
            "td.crown.defeats_lives_left",
            who=who,
            lord=lord_name(king),
            number=lives - wounds,
            lives=lives,
        ),
        data={"seat": seat, "lord": king, "wounds": wounds, "lives": lives, "bonus": bonus},
        steps=[Step(msg("td.crown.remove_one_s_lives_attack", lord=lord_name(king)), R_ATTACK)],
    )


def _killed(ctx: Context, seat: str, king: str) -> None:
    who = character_ref(ctx.state, seat)
    ctx.set("characters", seat, "inner", None)
    ctx.set("characters", seat, "space", None)
    alone = not on_crown(ctx.state)
    if alone:
        ctx.set("lords", king, "wounds", 0)
    ctx.emit(
        "killed_on_crown",
        msg("td.crown.killed_king_heals", who=who, lord=lord_name(king))
        if alone
        else msg("td.crown.killed", who=who),
        data={"seat": seat, "lord": king, "healed": alone},
        steps=[Step(msg("td.crown.heals_all_his_lives", lord=lord_name(king)), R_HEAL)]
        if alone
        else [],
    )


__all__ = ["CROWN", "attack_king", "set_lord_lives"]
