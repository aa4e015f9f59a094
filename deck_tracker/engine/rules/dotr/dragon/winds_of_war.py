"""Winds of War (DX 'Winds of War'; setting ``winds_of_war``).

"When Special Hero Cards are played for their Special Action (not dice to attack a General) they
are placed on the Winds of War Board as a Played Special Card. Additionally, any Quiet Night
Cards are also added to the board. When 3 Cards appear on the board, a Winds of War card is
triggered. Turn over the top Winds of War Card and either perform the Prevention required or
activate the card's Action. Players collectively must decide what to do. Then discard the 3
Special Cards that triggered the event to the box - they are out of play."

* ``play_special``: a Special played for its action goes on the board (without Winds of War, to
  the Hero discard pile); the Quiet Night (All is Quiet) cards the night draws go there too.
* At the 3rd card the app turns the top Winds of War card (a table-owned deck: the table names
  it, or nothing if its text is not entered) and the table chooses (``winds_of_war``); the 3
  cards go to the box, the Winds of War card to its discard pile.
* Siege of the Capital, the card the rulebook prints, is resolved by the app; any other card is
  read at the table.

State: ``state.winds_of_war`` = ``{"board": [{"deck", "card"}]}``.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.offers import card_title, own_hand, table_deck
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.pending import (
    add_pending,
    find_pending,
    on_board,
    remove_pending,
)
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    SEAT,
    hero_name,
    location_kind,
    require_playing,
    seat_of,
)

__all__ = ["add_to_board"]

WOW = "winds_of_war"
TRIGGER = 3
R_BOARD = (
    "Winds of War: Specials played for their action and Quiet Night cards go on the Winds of "
    "War board"
)
R_TRIGGER = (
    "Winds of War: at 3 cards the top Winds of War card is turned; the table chooses its "
    "Prevention or its Action; the 3 cards go to the box"
)
R_SPECIAL = "Special Hero Cards: played for their special action, then discarded"
R_SIEGE = "Siege of the Capital (the card printed in the rulebook)"


def in_play(state: State) -> bool:
    return isinstance(state.get(WOW), dict)


def add_to_board(ctx: Context, deck: str, card: str, steps: list[Step]) -> None:
    """A card onto the Winds of War board; the 3rd turns a Winds of War card."""
    board = [*ctx.state[WOW]["board"], {"deck": deck, "card": card}]
    ctx.set(WOW, "board", board)
    name = game_cards(ctx.state)[card].name
    steps.append(Step(f"Put {name} on the Winds of War board ({len(board)} of 3).", R_BOARD))
    if len(board) < TRIGGER:
        return
    wow = get_deck(ctx.state, WOW)
    turned = None
    if wow["owner"] == "app" and (wow["draw"] or wow["discard"]):
        turned = draw_cards(ctx, WOW, count=1, cards=None, rule=R_TRIGGER)[0]
    add_pending(ctx, {"type": WOW, "card": turned})
    if turned is None:
        what = "Turn the top Winds of War card and name it (or not, if its text is not entered)"
    else:
        found = game_cards(ctx.state)[turned]
        what = (
            f"The Winds of War turn: {found.name}. Action: {found.data.get('action')} "
            f"Prevention: {found.data.get('prevention')}"
        )
    steps.append(
        Step(f"{what}; choose its Prevention or its Action (Enter: Winds of war).",
             R_TRIGGER)
    )  # fmt: skip


def quiet_night(realm: Realm, card: Card) -> bool:
    if card.kind != "all_is_quiet" or not in_play(realm.ctx.state):
        return False
    add_to_board(realm.ctx, "darkness_spreads", card.id, realm.steps)
    return True


@command(
    "play_special",
    args={
        "card": Arg(
            "str",
            required=True,
            description="The Special Hero Card.",
            offers=own_hand("hero", kind="special"),
            unoffered="No Special Hero Card in your hand.",
        ),
        "seat": SEAT,
    },
    systems=DOTR,
)
def play_special(ctx: Context, args: dict[str, Any]) -> None:
    """A Special Hero Card played for its special action (not for dice against a General)."""
    require_playing(ctx.state)
    seat = seat_of(ctx, args["seat"])
    card = game_cards(ctx.state).get(args["card"])
    if card is None or card.kind != "special":
        raise RuleViolation(f"{args['card']!r} is not a Special Hero Card.", code="not_special")
    name = hero_name(ctx.state, seat)
    steps = [Step(f"{name} plays {card.name}: {card.data.get('summary') or ''}", R_SPECIAL)]
    if in_play(ctx.state):
        hand = list(get_deck(ctx.state, "hero")["hands"].get(seat, []))
        if card.id not in hand:
            raise RuleViolation(f"{card.name} is not in {name}'s hand.", code="card_not_in_hand")
        ctx.set("decks", "hero", "hands", seat, [c for c in hand if c != card.id])
        add_to_board(ctx, "hero", card.id, steps)
    else:
        move_cards(ctx, "hero", [card.id], source="hand", target="discard", seat=seat)
    ctx.emit(
        "special_played",
        f"{name} played {card.name} for its special action.",
        data={"seat": seat, "card": card.id},
        steps=steps,
    )


@command(
    "winds_of_war",
    args={
        "choice": Arg(
            "str",
            required=True,
            choices=("prevention", "action"),
            offers=lambda state, actor: [
                Choice("prevention", "Its Prevention"),
                Choice("action", "Its Action"),
            ],
        ),
        "card": Arg(
            "str",
            description="A table-owned Winds of War deck: the card turned.",
            offers=table_deck("winds_of_war"),
        ),
    },
    systems=DOTR,
)
def winds_of_war(ctx: Context, args: dict[str, Any]) -> None:
    """The table's choice for the Winds of War card turned: its Prevention or its Action."""
    require_playing(ctx.state)
    entry = find_pending(ctx.state, WOW, "no_winds_of_war", "Winds of War card")
    card_id = entry.get("card")
    if card_id is None and args["card"]:
        card_id = draw_cards(ctx, WOW, count=1, cards=[args["card"]], rule=R_TRIGGER)[0]
    remove_pending(ctx, entry)
    board = list(ctx.state[WOW]["board"])
    steps: list[Step] = []
    for placed in board:
        deck = get_deck(ctx.state, placed["deck"])
        ctx.set("decks", placed["deck"], "box", [*deck["box"], placed["card"]])
    ctx.set(WOW, "board", [])
    steps.append(
        Step("Put the 3 cards of the Winds of War board in the box: out of play.", R_TRIGGER)
    )
    card = game_cards(ctx.state).get(card_id or "")
    choice: str = args["choice"]
    if card_id:
        ctx.put("decks", WOW, "discard", [card_id])
    title = card.name if card else "The Winds of War card"
    text = card.data.get(choice) if card else None
    steps.append(
        Step(f"{title}: the table chose its {choice}. {text or 'Read the card.'}", R_TRIGGER)
    )
    summary = f"Winds of War: {title}, {choice}."
    data = {"card": card_id, "choice": choice, "boxed": [p["card"] for p in board]}
    if card is not None and card.id == "wow-siege-of-the-capital":
        if choice == "action":
            on_board(ctx, _siege_action, type="winds_of_war", summary=summary, data=data,
                     steps=steps)  # fmt: skip
            return
        _siege_prevention(ctx, steps)
    ctx.emit("winds_of_war", summary, data=data, steps=steps)


def _siege_action(realm: Realm) -> None:
    """Add 1 minion of the location's colour to each location around Monarch City holding
    minions, 2 to each that holds none."""
    data = realm.data
    for loc in data.adjacency[data.city]:
        colour = data.colours.get(loc)
        if colour is None or data.kinds[loc] == "inn":
            continue
        count = 1 if realm.count_at(loc) else 2
        realm.place(colour, count, loc, rule=R_SIEGE)


def _siege_prevention(ctx: Context, steps: list[Step]) -> None:
    """Each hero is moved to Monarch City and discards 2 random Hero Cards."""
    city = next(loc for loc in ctx.state["board"] if _is_city(ctx.state, loc))
    for seat in sorted(ctx.state.get("heroes") or {}, key=int):
        ctx.set("heroes", seat, "location", city)
        hand = list(get_deck(ctx.state, "hero")["hands"].get(seat, []))
        lost = ctx.rng.sample(hand, min(2, len(hand)))
        if lost:
            move_cards(ctx, "hero", lost, source="hand", target="discard", seat=seat)
        steps.append(
            Step(f"{hero_name(ctx.state, seat)} goes to Monarch City and discards "
                 f"{' and '.join(card_title(ctx.state, c) for c in lost) or 'nothing'} "
                 "(drawn at random by the app).", R_SIEGE)
        )  # fmt: skip


def _is_city(state: State, loc: str) -> bool:

    return location_kind(state, loc) == "city"
