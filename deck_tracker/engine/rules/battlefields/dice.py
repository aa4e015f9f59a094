"""Battle dice, stuns and removals.

The app rolls (``ctx.rng``, the faces recorded in the event) unless the table enters the
physical roll (``dice``: the faces seen, ``blank``/``single``/``double``).

Rules (Dice combinations): one single hit stuns, unless the target has Armor, Scales or Flying;
two single hits or one double hit stun anyway. A stunned card is attacked only when nothing else
can be; two single hits or one double hit then remove it. A restored card rolls one die: a sword
face lets it attack.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg

from .field import SYSTEM
from .hands import other, position_ref
from .tiles import die_faces
from .turns import between_turns, whose_turn

__all__ = ["DICE", "hits", "roll", "strike"]

FACES = ("blank", "single", "double")
DICE = Arg(
    "list[str]",
    max_items=6,
    description="The physical roll: the face of each die (blank, single, double); omitted, "
    "the app rolls.",
)
R_ROLL = msg("bf.rule.roll")
R_STUN = msg("bf.rule.stun")
R_STUN_ANYWAY = msg("bf.rule.stun_anyway")
R_REMOVE = msg("bf.rule.remove")
R_STUNNED_TARGET = msg("bf.rule.stunned_target")
R_SPECIAL_ATTACK = msg("bf.rule.special_attack")
R_RESTORED_ROLL = msg("bf.rule.restored_roll")


def roll(ctx: Context, given: list[str] | None, count: int) -> tuple[list[str], bool]:
    """(faces, physical): the faces given, checked, or rolled by the app."""
    if given:
        if len(given) != count or any(face not in FACES for face in given):
            raise InvalidArguments(
                {
                    "dice": [
                        msg(
                            "error.bf.dice.give_faces_each_one", count=count, items=", ".join(FACES)
                        )
                    ]
                }
            )
        return list(given), True
    faces = die_faces(ctx.state)
    return [ctx.rng.choice(faces) for _ in range(count)], False


def hits(faces: list[str]) -> tuple[int, int]:
    return faces.count("single"), faces.count("double")


def strike(target: dict[str, Any], singles: int, doubles: int) -> tuple[str, Text | None]:
    """What the hits do to ``target``: (``stunned``/``removed``/``none``, the rule)."""
    strong = doubles >= 1 or singles >= 2
    if target["stunned"]:
        return ("removed", R_REMOVE) if strong else ("none", None)
    if strong:
        return "stunned", R_STUN_ANYWAY
    if singles == 1:
        if target["protection"] != "none":
            return "none", msg("bf.rule.noted", rule=R_STUN, note=target["protection"])
        return "stunned", R_STUN
    return "none", None


def _attack_unavailable(state: State, actor: str | None) -> Reason | None:
    blocked = between_turns(state, actor) or whose_turn(state, actor)
    if blocked:
        return blocked
    if not state["turn"].get("attack"):
        return msg("error.bf.dice.no_card_may_attack")
    return None


@command(
    "attack",
    args={
        "target": Arg("int", required=True, minimum=0, maximum=60, description="The card hit."),
        "dice": DICE,
    },
    systems=SYSTEM,
    unavailable=_attack_unavailable,
)
def attack(ctx: Context, args: dict[str, Any]) -> None:
    """The card just played or restored attacks a card across its battlefield."""
    attacker_at = ctx.state["turn"]["attack"]
    tile, side = attacker_at["battlefield"], attacker_at["side"]
    attacker = ctx.state["battlefields"][tile]["cards"][side][attacker_at["index"]]
    enemy = other(side)
    targets = ctx.state["battlefields"][tile]["cards"][enemy]
    if not 0 <= args["target"] < len(targets):
        raise RuleViolation(msg("error.bf.dice.no_such_card_across_this"), code="unknown_target")
    target = targets[args["target"]]
    if target["stunned"] and any(not card["stunned"] for card in targets):
        raise RuleViolation(
            msg("error.bf.dice.stunned_other_targets_stand", name=target["name"]),
            code="stunned_target",
        )
    steps: list[Step] = []
    if attacker["special_attack"] and not args["dice"]:
        faces: list[str] = []
        physical = False
        strong = ctx.get("settings", "special_attack") == "double_hit"
        singles, doubles = (0, 1) if strong else (1, 0)
        steps.append(
            Step(msg("bf.dice.hits_without_roll", name=attacker["name"]), R_SPECIAL_ATTACK)
        )
    else:
        faces, physical = roll(ctx, args["dice"], max(attacker["swords"], 1))
        singles, doubles = hits(faces)
        steps.append(Step(msg("bf.dice.dice", items=", ".join(faces)), R_ROLL))
    result, rule = strike(target, singles, doubles)
    cards = list(targets)
    if result == "stunned":
        cards[args["target"]] = {**target, "stunned": True}
        steps.append(
            Step(msg("bf.dice.turn_90_degrees_stunned", name=target["name"]), rule or R_STUN)
        )
    elif result == "removed":
        del cards[args["target"]]
        ctx.set("sides", enemy, "discard", ctx.get("sides", enemy, "discard") + 1)
        steps.append(
            Step(msg("bf.dice.removed_discard_pile", name=target["name"]), rule or R_REMOVE)
        )
    elif rule:
        steps.append(Step(msg("bf.dice.resists_single_hit", name=target["name"]), rule))
    ctx.set("battlefields", tile, "cards", enemy, cards)
    ctx.set("turn", "attack", None)
    ctx.set("dice", {"faces": faces, "physical": physical, "result": result})
    who = position_ref(ctx.state, attacker["player"])
    ctx.emit(
        "attacked",
        msg(
            "bf.dice.attacks",
            who=who,
            attacker=attacker["name"],
            target=target["name"],
            result={
                "stunned": msg("bf.dice.result_stunned"),
                "removed": msg("bf.dice.result_removed"),
                "none": msg("bf.dice.result_none"),
            }[result],
        ),
        data={
            "battlefield": tile,
            "attacker": attacker["name"],
            "target": target["name"],
            "dice": faces,
            "physical": physical,
            "result": result,
        },
        steps=steps,
    )
