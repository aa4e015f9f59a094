"""Dice for the table-entry commands: the app rolls (``ctx.rng``, recorded in the event) unless
the player enters the physical roll (``rolls``)."""

from __future__ import annotations

from deck_tracker.engine.commands import Arg
from deck_tracker.engine.core import Context
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import msg

__all__ = ["DICE", "roll"]

DICE = Arg(
    "list[int]",
    minimum=1,
    maximum=6,
    max_items=20,
    description="The physical roll, one value per die; omitted, the app rolls.",
)


def roll(ctx: Context, given: list[int] | None, count: int) -> tuple[list[int], bool]:
    """``count`` dice: the ones given (checked), or rolled by the app. (dice, physical)."""
    if given:
        if len(given) != count:
            raise InvalidArguments(
                {"rolls": [msg("error.dotr.base.dice.give_dice_one_value_each", count=count)]}
            )
        return list(given), True
    return [ctx.rng.randint(1, 6) for _ in range(count)], False
