"""What the table reads from the box, entered once and remembered.

A Dragon Card's name and kind are printed only on the card: when an unknown card is drawn the
phone asks for them and every later mention shows the name. The game keeps them
(``state["taught"]``) and the event carries them as ``overlay_values`` for the pack's content
overlay, so later games know the card from setup (memory.py, docs/talisman-dragon.md).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.decks import all_cards, get_deck
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg

from .common import SYSTEMS
from .content import default_pack
from .memory import card_values

CARD_KINDS = ("enemy", "event", "object", "follower", "stranger", "place", "spell")


def _unread_on_table(state: State) -> list[Choice]:
    """The Dragon Cards on the table that nobody has named yet ("An unread Varthrax Card, 2")."""
    taught = state.get("taught") or {}
    offered = []
    for lord in default_pack().lords.values():
        unread = [c for c in state["decks"][lord.deck]["table"] if c not in taught]
        for number, card in enumerate(unread, start=1):
            title = msg("td.teach.unread_card", lord=lord.name, number=number)
            offered.append(Choice(card, title))
    return offered


@command(
    "name_dragon_card",
    args={
        "deck": Arg("str", required=True, choices=tuple(default_pack().lords)),
        "card": Arg(
            "str",
            required=True,
            offers=lambda state, actor: _unread_on_table(state),
            unoffered=msg("td.teach.no_card_to_name"),
        ),
        "name": Arg("str", required=True, description="As printed on the card."),
        "kind": Arg("str", required=True, choices=CARD_KINDS),
    },
    systems=SYSTEMS,
)
def name_dragon_card(ctx: Context, args: dict[str, Any]) -> None:
    """Tell the app a drawn Dragon Card's name and kind, as printed."""
    deck = get_deck(ctx.state, args["deck"])
    if args["card"] not in all_cards(deck):
        raise RuleViolation(
            msg("error.td.teach.deck_has_no_such_card", deck=args["deck"]), code="unknown_card"
        )
    ctx.set("taught", args["card"], {"name": args["name"], "kind": args["kind"]})
    ctx.emit(
        "dragon_card_named",
        msg(
            "td.teach.card",
            title=args["deck"].title(),
            name=args["name"],
            kind=msg(f"td.kind.{args['kind']}"),
        ),
        data={
            **{k: args[k] for k in ("deck", "card", "name", "kind")},
            "overlay_values": card_values(args["deck"], args["card"], args["name"], args["kind"]),
        },
    )
