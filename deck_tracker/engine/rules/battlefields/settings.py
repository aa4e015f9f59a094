"""The modes of a Battlefields game and the documented choices where the rulebook is silent.

Every choice is a :class:`Setting` with a default, its allowed values and why; a game's settings
are fixed at setup (``setup["options"]``) and kept in ``state["settings"]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.settings import Setting

__all__ = ["MODES", "SETTINGS", "Mode", "describe_settings", "resolve_settings"]

SIDES = ("minions", "heroes")


@dataclass(frozen=True)
class Mode:
    name: str
    battlefields: int  # battlefields won to win the war (the Capital counts 2)
    same_colour: int  # or this many of one colour (never purple)
    generals: int  # Generals per side

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "battlefields": self.battlefields,
            "same_colour": self.same_colour,
            "generals": self.generals,
        }


# Rulebook, Setup 2 and 5, and Winning the Game.
MODES: dict[str, Mode] = {
    "skirmish": Mode("Skirmish", battlefields=3, same_colour=2, generals=2),
    "standard": Mode("Standard", battlefields=4, same_colour=3, generals=3),
    "heroic": Mode("Heroic", battlefields=5, same_colour=3, generals=4),
}


SETTINGS: tuple[Setting, ...] = (
    Setting("mode", "skirmish", tuple(MODES), "The length of the war.", "Rulebook, Setup 2"),
    Setting("players", 2, (2, 3, 4), "Players at the table.", "Rulebook, Setup 1"),
    Setting(
        "host_side",
        "minions",
        SIDES,
        "The side of the player who opens the table; the others take the free seats in the "
        "rulebook's seating order (4 players alternate minion, hero, minion, hero).",
        "Rulebook, Setup 1",
    ),
    Setting(
        "solo_side",
        "minions",
        SIDES,
        "3 players: the side of the solo player. The invaders always begin, so a solo minion "
        "player plays A, B, A, C and a solo hero player B, A, C, A.",
        "Rulebook, Game Play (the example names player A first)",
    ),
    Setting(
        "tile_draws",
        "table",
        ("table", "app"),
        "Battlefield tiles drawn at random (the third objective, the reward's tiles): the table "
        "shuffles its physical tiles and enters those drawn, or the app draws them (seeded).",
        "Not in the rulebook",
    ),
    Setting(
        "second_loop",
        False,
        (False, True),
        "After a side has looped on a descending battlefield, may it loop again (higher than "
        "its last card, still above the first)? The rulebook shows one loop only.",
        "Rulebook, Looping (silent on a second loop)",
    ),
    Setting(
        "chameleons_in_sets",
        True,
        (False, True),
        "A chameleon counts toward a set of identical cards (it pairs with a card of any colour).",
        "Rulebook, Chameleon Cards",
    ),
    Setting(
        "special_attack",
        "stun",
        ("stun", "double_hit"),
        "The special attack symbol (no roll needed): one sure hit, which stuns unless Armor, "
        "Scales or Flying (stun), or a double hit, which stuns anyway and removes a stunned card.",
        "Rulebook, Hero and Minion Cards (silent on its strength)",
    ),
    Setting(
        "deck_size",
        52,
        tuple(range(20, 81)),
        "Cards in each side's deck (40 numbered, 4 chameleons, 8 special cards).",
        "Rulebook, Cards and Their Symbols (inferred)",
    ),
)
_BY_NAME = {setting.name: setting for setting in SETTINGS}


def describe_settings() -> list[dict[str, Any]]:
    return [setting.as_dict() for setting in SETTINGS]


def resolve_settings(options: Any) -> dict[str, Any]:
    """The game's settings: the defaults with the setup's options checked and applied."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidArguments({"options": [msg("error.bf.settings.must_be_object_settings")]})
    problems: dict[str, list[Message]] = {}
    chosen = {setting.name: setting.default for setting in SETTINGS}
    for name, value in options.items():
        if name in ("generals", "library"):
            continue  # read by the setup itself
        setting = _BY_NAME.get(name)
        if setting is None:
            problems[f"options.{name}"] = [msg("error.field.unknown_setting")]
        elif isinstance(value, bool) != isinstance(setting.default, bool) or (
            value not in setting.allowed
        ):
            allowed = ", ".join(str(a) for a in setting.allowed[:8])
            problems[f"options.{name}"] = [msg("error.field.one_of", allowed=allowed)]
        else:
            chosen[name] = value
    if problems:
        raise InvalidArguments(problems)
    return chosen
