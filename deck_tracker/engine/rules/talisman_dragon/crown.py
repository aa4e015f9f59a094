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

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import RuleViolation

from .combat import bonus_of
from .common import SYSTEMS, acting_seat, character_label, check_lord, in_play, lord_name, on_crown
from .content import CROWN
from .memory import lives_values

R_ATTACK = (
    "Confronting the Dragon King: each defeat of the King removes one of his lives and the "
    "character attacks again (p14)"
)
R_STOP = (
    "Confronting the Dragon King: a stand-off or a defeat ends the turn; attack again at the "
    "start of the next (p14)"
)
R_DEFEAT = "Confronting the Dragon King: defeated, lose a life and suffer his Dragon Rage (p14)"
R_HEAL = (
    "Confronting the Dragon King: a character killed with nobody else on the Crown heals all his "
    "lives (p14)"
)
R_WIN = "Confronting the Dragon King: who removes his last life wins the game (p14)"


def _on_crown_now(state: State, actor: str | None) -> str | None:
    reason = in_play(state, actor)
    if reason:
        return reason
    if state["turn"]["seat"] not in on_crown(state):
        return "The character is not on the Crown of Command."
    if state["turn"].get("confronted"):
        return "The confrontation ended this turn."
    return None


@command(
    "set_lord_lives",
    args={
        "lord": Arg("str", required=True),
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
        f"{lord_name(lord)} has {args['lives']} lives.",
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
        raise RuleViolation("Nobody is Dragon King yet.", code="no_king")
    lives = ctx.get("lords", king, "lives")
    if lives is None:
        raise RuleViolation(
            f"Enter the lives printed on the {lord_name(king)} card first.", code="lives_unknown"
        )
    who = character_label(ctx.state, seat)
    bonus = bonus_of(ctx.state, seat)
    if args["result"] == "won":
        _wound(ctx, seat, king, int(lives), bonus)
        return
    ctx.set("turn", "confronted", True)
    steps = [Step(f"{who}'s turn ends; he attacks again at the start of his next turn.", R_STOP)]
    if args["result"] == "defeated":
        steps.insert(
            0, Step(f"{who} loses a life and suffers {lord_name(king)}'s Dragon Rage.", R_DEFEAT)
        )
    ctx.emit(
        "king_attacked",
        f"{who} attacks {lord_name(king)} with {args['with']}: "
        + ("a stand-off." if args["result"] == "stand_off" else "defeated."),
        data={"seat": seat, "lord": king, "result": args["result"], "bonus": bonus},
        steps=steps,
    )
    if args["killed"]:
        _killed(ctx, seat, king)


def _wound(ctx: Context, seat: str, king: str, lives: int, bonus: int) -> None:
    wounds = int(ctx.get("lords", king, "wounds", default=0)) + 1
    ctx.set("lords", king, "wounds", wounds)
    who = character_label(ctx.state, seat)
    if wounds >= lives:
        outcome = {
            "result": "won",
            "reason": f"{who} removed the last life of {lord_name(king)}.",
            "rule": R_WIN,
            "winner": seat,
        }
        ctx.set("outcome", outcome)
        ctx.emit(
            "king_slain",
            f"{who} removes {lord_name(king)}'s last life and wins the game!",
            data={"seat": seat, "lord": king, "outcome": outcome},
            steps=[Step(f"{who} wins the game.", R_WIN)],
        )
        return
    ctx.emit(
        "king_wounded",
        f"{who} defeats {lord_name(king)}: {lives - wounds} of {lives} lives left.",
        data={"seat": seat, "lord": king, "wounds": wounds, "lives": lives, "bonus": bonus},
        steps=[Step(f"Remove one of {lord_name(king)}'s lives; attack him again.", R_ATTACK)],
    )


def _killed(ctx: Context, seat: str, king: str) -> None:
    who = character_label(ctx.state, seat)
    ctx.set("characters", seat, "inner", None)
    ctx.set("characters", seat, "space", None)
    alone = not on_crown(ctx.state)
    if alone:
        ctx.set("lords", king, "wounds", 0)
    ctx.emit(
        "killed_on_crown",
        f"{who} is killed on the Crown of Command"
        + (f"; {lord_name(king)} heals all his lives." if alone else "."),
        data={"seat": seat, "lord": king, "healed": alone},
        steps=[Step(f"{lord_name(king)} heals all his lives.", R_HEAL)] if alone else [],
    )


__all__ = ["CROWN", "attack_king", "set_lord_lives"]
