"""Hero and minion cards as the table enters them, remembered once entered.

A card is entered the first time it is played (number, colour or chameleon, name, swords,
Armor/Scales/Flying, the special attack symbol); ``state["library"]["cards"][side]`` remembers
it by name, so later plays of that card need only its name. A later entry must agree with what
was remembered (``card_differs``): the cards of a deck do not change.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.slugs import slugify

__all__ = ["CARD_ARGS", "card_from_args", "check_known_card"]

COLOURS = ("red", "black", "blue", "green", "chameleon")
PROTECTIONS = ("none", "armor", "scales", "flying")
KNOWN_FIELDS = ("name", "number", "colour", "swords", "protection", "special_attack")

CARD_ARGS = {
    "name": Arg("str", required=True, description="The name on the card."),
    "number": Arg("int", minimum=1, maximum=10, description="Its number (not for chameleons)."),
    "colour": Arg("str", choices=COLOURS),
    "swords": Arg("int", minimum=0, maximum=6, description="Sword symbols: dice it rolls."),
    "protection": Arg("str", choices=PROTECTIONS, description="Armor, Scales or Flying."),
    "special_attack": Arg("bool", description="The special attack symbol: no roll needed."),
}


def check_known_card(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
        raise InvalidArguments({where: [msg("error.bf.cards.card_name_number_colour_swords")]})
    card = {key: raw.get(key) for key in KNOWN_FIELDS}
    problems: dict[str, list[Message]] = {}
    if card["colour"] not in COLOURS:
        problems["colour"] = [msg("error.field.one_of", allowed=", ".join(COLOURS))]
    elif card["colour"] == "chameleon":
        card["number"] = None
    elif not isinstance(card["number"], int) or not 1 <= card["number"] <= 10:
        problems["number"] = [msg("error.bf.cards.number")]
    if not isinstance(card["swords"], int) or not 0 <= card["swords"] <= 6:
        problems["swords"] = [msg("error.bf.cards.swords")]
    card["protection"] = card["protection"] or "none"
    if card["protection"] not in PROTECTIONS:
        problems["protection"] = [msg("error.field.one_of", allowed=", ".join(PROTECTIONS))]
    card["special_attack"] = bool(card["special_attack"])
    if problems:
        raise InvalidArguments({f"{where}.{k}": v for k, v in problems.items()})
    return card


def card_from_args(
    library: dict[str, Any], args: dict[str, Any]
) -> tuple[str, dict[str, Any], bool]:
    """(library key, the card, whether it is new): the args completed by what is remembered."""
    key = slugify(args["name"])
    known = library.get(key)
    if known is None:
        return key, check_known_card(args, "card"), True
    for field in KNOWN_FIELDS[1:]:
        given = args.get(field)
        if given is not None and given != known[field]:
            raise RuleViolation(
                msg(
                    "error.bf.cards.was_entered_with_not",
                    name=known["name"],
                    field=field,
                    known=known[field],
                    given=given,
                ),
                code="card_differs",
            )
    return key, dict(known), False
