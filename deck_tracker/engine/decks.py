"""The generic deck engine: piles, draws, discards, shuffles, peeks and the box.

A deck in the state::

    {"owner": "app" | "table", "auto_reshuffle": bool,
     "draw": [...], "discard": [...], "box": [...], "table": [...],
     "hands": {"<seat>": [...]}}

Every pile lists card ids bottom first, so the top of a pile is its last element. ``box`` holds
cards out of the game. For a table-owned deck the physical cards are shuffled and drawn at the
table; the app keeps the same piles (the draw pile as the set of cards not yet seen) and a draw
names the cards that came up.

Every card of a deck is in exactly one pile at all times.

What a seat may learn (docs/hidden-information.md): its own hand and the public piles (discard,
table). A command moves cards in and out of the caller's own hand only; a refusal names a card
only where the caller can see it; a named card is never handed out of the face-down piles (draw,
box) of a deck the app keeps; ``peek`` looks only at a deck the game's rules open to a look
(``"peek": true`` in a deck of the setup, recorded in the state as ``deck["peek"]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.i18n import count as count_of

from .commands import Arg, Choice, Reason, Unavailable, command
from .core import Context, State, Step
from .errors import InvalidArguments, RuleViolation
from .systems import get_system
from .words import deck_name, noun_for

PUBLIC_PILES = ("discard", "table")
PILES = ("draw", "discard", "box", "table")
SOURCE_PILES = ("hand", "table", "discard", "box", "draw")
# The piles nobody sees into: which card is in them is the app's (or the table's) secret.
FACE_DOWN_PILES = ("draw", "box")


def new_deck(
    cards: Iterable[str], *, owner: str = "app", auto_reshuffle: bool = True
) -> dict[str, Any]:
    return {
        "owner": owner,
        "auto_reshuffle": auto_reshuffle,
        "draw": list(cards),
        "discard": [],
        "box": [],
        "table": [],
        "hands": {},
    }


def all_cards(deck: dict[str, Any]) -> list[str]:
    cards = [card for pile in PILES for card in deck[pile]]
    for hand in deck["hands"].values():
        cards.extend(hand)
    return cards


def get_deck(state: State, name: str) -> dict[str, Any]:
    deck: dict[str, Any] | None = state.get("decks", {}).get(name)
    if deck is None:
        raise RuleViolation(
            msg("error.core.decks.this_game_has_no_deck", name=name), code="unknown_deck"
        )
    return deck


def _seat(ctx: Context, seat: str | None) -> str:
    seat = seat or ctx.actor
    if seat is None or seat not in ctx.state.get("seats", {}):
        raise RuleViolation(
            msg("error.core.decks.there_no_seat_this_table", seat=seat), code="unknown_seat"
        )
    return seat


def own_seat(ctx: Context, seat: str | None) -> str:
    """The seat whose hand a command moves cards in or out of: the caller's own.

    No rulebook the app follows lets a player draw into, discard from or take into another
    player's hand, so naming another seat is refused before any card is looked at (the refusal
    cannot tell what that hand holds). A command without a caller (the engine's own) may name any.
    """
    chosen = _seat(ctx, seat)
    if ctx.actor is not None and chosen != ctx.actor:
        raise RuleViolation(
            msg("error.core.decks.not_your_hand", player=player_name(ctx.state, chosen)),
            code="not_your_seat",
        )
    return chosen


def card_names(state: State, cards: Iterable[str]) -> str:
    """Cards as players read them: their printed names when the game system knows them."""
    system = get_system(str(state.get("system", "")))
    namer = system.card_name if system is not None else None
    return ", ".join((namer(state, card) if namer else None) or card for card in cards)


def player_name(state: State, seat: str | None, fallback: str = "core.seat.a_player") -> Text:
    """The name the player sitting at ``seat`` gave (players' words, never a seat number).

    When no name was given, or no seat is named, the message ``fallback`` ("A player", "The
    table": ``core.seat.*``), read in the reader's language.
    """
    info = (state.get("seats") or {}).get(seat or "") or {}
    name = info.get("name")
    return str(name) if name else msg(fallback)


def seat_label(state: State, seat: str | None) -> Text:
    """Who acts, as the table reads it: "Ada (wizard)", "A player", "The table"."""
    if seat is None:
        return msg("core.seat.the_table")
    name = player_name(state, seat)
    hero = ((state.get("seats") or {}).get(seat) or {}).get("hero")
    if not hero:
        return name
    system = get_system(state.get("system", ""))
    if system is not None and system.hero_name is not None:
        hero = system.hero_name(str(hero))
    if isinstance(name, str) and isinstance(hero, str):
        return f"{name} ({hero})"
    return msg("core.seat.with_hero", player=name, hero=hero)


def pile_path(name: str, pile: str, seat: str) -> tuple[str, ...]:
    if pile == "hand":
        return ("decks", name, "hands", seat)
    return ("decks", name, pile)


def pile_cards(state: State, name: str, pile: str, seat: str) -> list[str]:
    deck = get_deck(state, name)
    if pile == "hand":
        return list(deck["hands"].get(seat, []))
    return list(deck[pile])


def _check_known(deck: dict[str, Any], name: str, cards: Sequence[str]) -> None:
    known = set(all_cards(deck))
    unknown = [card for card in cards if card not in known]
    if unknown:
        raise RuleViolation(
            msg(
                "error.core.decks.deck_has_no_card",
                deck=deck_name(name),
                items=", ".join(map(repr, unknown)),
            ),
            code="unknown_card",
        )
    if len(set(cards)) != len(cards):
        raise InvalidArguments({"cards": [msg("error.core.decks.card_named_twice")]})


def move_cards(
    ctx: Context,
    name: str,
    cards: Sequence[str],
    *,
    source: str,
    target: str,
    seat: str,
    position: str = "top",
) -> None:
    """Move named cards between piles; refuses (unchanged) unless all are in ``source``."""
    deck = get_deck(ctx.state, name)
    _check_known(deck, name, cards)
    origin = pile_cards(ctx.state, name, source, seat)
    missing = [card for card in cards if card not in origin]
    if missing:
        raise not_there(ctx, name, missing, source=source, seat=seat)
    remaining = [card for card in origin if card not in set(cards)]
    ctx.set(*pile_path(name, source, seat), remaining)
    if position == "top":
        ctx.put(*pile_path(name, target, seat), list(cards))
        return
    destination = pile_cards(ctx.state, name, target, seat)
    for card in cards:
        if position == "bottom":
            destination.insert(0, card)
        else:
            destination.insert(ctx.rng.randint(0, len(destination)), card)
    ctx.set(*pile_path(name, target, seat), destination)


NOT_THERE = {
    "hand": "error.core.decks.not_in_your_hand",
    "discard": "error.core.decks.not_in_discard",
    "table": "error.core.decks.not_on_table",
}
NOT_ALL_THERE = {
    "draw": "error.core.decks.not_all_in_draw_pile",
    "box": "error.core.decks.not_all_in_box",
}


def not_there(
    ctx: Context, name: str, missing: Sequence[str], *, source: str, seat: str
) -> RuleViolation:
    """The refusal for cards not in ``source``: it names them only where the caller sees them.

    Naming the cards missing from a face-down pile or another seat's hand would tell which of
    them are elsewhere (the hidden hands, the box): there the refusal names none.
    """
    deck = deck_name(name)
    if source in NOT_ALL_THERE:
        return RuleViolation(msg(NOT_ALL_THERE[source], deck=deck), code="card_not_in_pile")
    if source == "hand" and ctx.actor is not None and seat != ctx.actor:
        return RuleViolation(
            msg("error.core.decks.not_all_in_hand", player=player_name(ctx.state, seat), deck=deck),
            code="card_not_in_pile",
        )
    items = ", ".join(map(repr, missing))
    return RuleViolation(msg(NOT_THERE[source], items=items, deck=deck), code="card_not_in_pile")


def refuse_face_down(state: State, name: str, source: str) -> None:
    """A named card is never handed out of a face-down pile the app keeps.

    Nobody at the table can see into the app's draw pile or its box, so taking a named card out
    of them would be choosing a card unseen; and whether the app agreed would tell where that
    card is. The refusal is the same whatever the cards named. A deck the table keeps is the
    table's to search: the app follows, its refusals naming no card (``not_there``).
    """
    deck = get_deck(state, name)
    if source in FACE_DOWN_PILES and deck["owner"] == "app":
        key = (
            "error.core.decks.draw_pile_face_down"
            if source == "draw"
            else "error.core.decks.box_closed"
        )
        raise RuleViolation(msg(key, deck=deck_name(name)), code="hidden_pile")


def reshuffle_discard(ctx: Context, name: str, *, rule: Text) -> None:
    """The discard pile, shuffled, goes under what is left of the draw pile."""
    deck = get_deck(ctx.state, name)
    cards = list(deck["discard"])
    ctx.rng.shuffle(cards)
    ctx.set("decks", name, "discard", [])
    ctx.set("decks", name, "draw", cards + list(deck["draw"]))
    ctx.emit(
        "deck_reshuffled",
        msg("core.decks.discard_pile_cards_was_shuffled", deck=deck_name(name), count=len(cards)),
        data={"deck": name, "count": len(cards)},
        hidden={"order": cards},
        steps=[Step(msg("core.decks.shuffle_discard_pile_form_new", deck=deck_name(name)), rule)],
    )


def take_from_draw(ctx: Context, name: str, count: int, *, rule: Text) -> list[str]:
    """Take ``count`` cards off the top of an app-owned draw pile, reshuffling where allowed.

    Refuses, with nothing changed, when the draw pile (and the discard, where it may be
    reshuffled) holds fewer cards.
    """
    deck = get_deck(ctx.state, name)
    if 0 < count <= len(deck["draw"]):
        # The common case, and the night's hot path: no reshuffle can be needed.
        return ctx.take("decks", name, "draw", count)[::-1]
    available = len(deck["draw"]) + (len(deck["discard"]) if deck["auto_reshuffle"] else 0)
    if count > available:
        raise RuleViolation(
            msg(
                "error.core.decks.deck_has_only_draw_asked",
                deck=deck_name(name),
                count=count_of(available, "word:card", "card", "cards"),
                count2=count,
            ),
            code="not_enough_cards",
        )
    drawn: list[str] = []
    while len(drawn) < count:
        pile = get_deck(ctx.state, name)["draw"]
        if not pile:
            reshuffle_discard(ctx, name, rule=rule)
            continue
        take = min(count - len(drawn), len(pile))
        drawn.extend(reversed(ctx.take("decks", name, "draw", take)))
    return drawn


def take_named_from_draw(ctx: Context, name: str, cards: Sequence[str]) -> list[str]:
    """A table-owned deck: the table drew these cards; check they were still to be drawn."""
    deck = get_deck(ctx.state, name)
    _check_known(deck, name, cards)
    pile = list(deck["draw"])
    if not set(cards) <= set(pile) and deck["auto_reshuffle"] and deck["discard"]:
        unseen = [card for card in cards if card not in pile]
        if set(unseen) <= set(deck["discard"]):
            # The table ran out and reshuffled its discard: the app follows.
            ctx.set("decks", name, "draw", pile + list(deck["discard"]))
            ctx.set("decks", name, "discard", [])
            ctx.emit(
                "deck_reshuffled",
                msg("core.decks.table_shuffled_discard_pile_into", deck=deck_name(name)),
                data={"deck": name, "count": len(deck["discard"])},
                steps=[
                    Step(
                        msg("core.decks.shuffle_discard_pile_form_new", deck=deck_name(name)),
                        msg("core.decks.deck"),
                    )
                ],
            )
            pile = list(get_deck(ctx.state, name)["draw"])
    missing = [card for card in cards if card not in pile]
    if missing:
        raise not_there(ctx, name, missing, source="draw", seat=ctx.actor or "")
    ctx.set("decks", name, "draw", [card for card in pile if card not in set(cards)])
    return list(cards)


def draw_cards(
    ctx: Context, name: str, *, count: int, cards: Sequence[str] | None, rule: Text
) -> list[str]:
    """Draw from a deck whoever owns it: app-owned decks pick, table-owned decks are told."""
    deck = get_deck(ctx.state, name)
    if deck["owner"] == "table":
        if not cards:
            raise InvalidArguments(
                {
                    "cards": [
                        msg("error.core.decks.deck_kept_table_name_cards", deck=deck_name(name))
                    ]
                }
            )
        return take_named_from_draw(ctx, name, cards)
    if cards:
        raise InvalidArguments(
            {"cards": [msg("error.core.decks.deck_shuffled_by_app_omit", deck=deck_name(name))]}
        )
    return take_from_draw(ctx, name, count, rule=rule)


DECK = Arg("str", required=True, description="The deck's name, e.g. `hero`.")
SEAT = Arg("str", description="The caller's own seat (another seat is refused: `not_your_seat`).")


@command(
    "draw",
    args={
        "deck": DECK,
        "count": Arg("int", default=1, minimum=1, maximum=50),
        "to": Arg("str", default="hand", choices=("hand", "table", "discard")),
        "seat": SEAT,
        "cards": Arg("list[str]", description="Table-owned decks only: the cards drawn."),
    },
)
def draw(ctx: Context, args: dict[str, Any]) -> None:
    """Draw cards from a deck to a hand, the table or the discard pile."""
    name, to = args["deck"], args["to"]
    seat = own_seat(ctx, args["seat"])
    drawn = draw_cards(ctx, name, count=args["count"], cards=args["cards"], rule="Deck: draw")
    ctx.put(*pile_path(name, to, seat), drawn)
    who = seat_label(ctx.state, seat)
    if to == "hand":
        ctx.emit(
            "cards_drawn",
            msg(
                "core.decks.drew_from_into_their_hand",
                who=who,
                count=count_of(len(drawn), "word:card", "card", "cards"),
                deck=deck_name(name),
            ),
            data={"deck": name, "to": to, "seat": seat, "count": len(drawn)},
            private={seat: {"cards": drawn}},
        )
    else:
        ctx.emit(
            "cards_drawn",
            msg(
                "core.decks.drew_from",
                who=who,
                card_names=card_names(ctx.state, drawn),
                deck=deck_name(name),
                to=to,
            ),
            data={"deck": name, "to": to, "seat": seat, "count": len(drawn), "cards": drawn},
        )


@command(
    "discard",
    args={
        "deck": DECK,
        "cards": Arg("list[str]", required=True, max_items=60),
        "from": Arg("str", default="hand", choices=("hand", "table")),
        "seat": SEAT,
    },
)
def discard(ctx: Context, args: dict[str, Any]) -> None:
    """Discard cards from a hand or the table."""
    name, cards = args["deck"], args["cards"]
    if not cards:
        raise InvalidArguments({"cards": [msg("error.core.decks.name_least_one_card")]})
    seat = own_seat(ctx, args["seat"])
    move_cards(ctx, name, cards, source=args["from"], target="discard", seat=seat)
    ctx.emit(
        "cards_discarded",
        msg(
            "core.decks.discarded",
            player=seat_label(ctx.state, seat),
            card_names=card_names(ctx.state, cards),
            deck=deck_name(name),
        ),
        data={"deck": name, "cards": list(cards), "from": args["from"], "seat": seat},
    )


@command(
    "shuffle",
    args={"deck": DECK, "include_discard": Arg("bool", default=False)},
)
def shuffle(ctx: Context, args: dict[str, Any]) -> None:
    """Shuffle a draw pile (the discard pile first shuffled into it, when asked)."""
    name = args["deck"]
    deck = get_deck(ctx.state, name)
    if deck["owner"] == "table":
        raise RuleViolation(
            msg("error.core.decks.deck_kept_table_shuffle_cards", deck=deck_name(name)),
            code="table_owned",
        )
    cards = list(deck["draw"])
    if args["include_discard"]:
        cards += list(deck["discard"])
        ctx.set("decks", name, "discard", [])
    ctx.rng.shuffle(cards)
    ctx.set("decks", name, "draw", cards)
    ctx.emit(
        "deck_shuffled",
        msg(
            "core.decks.shuffled_with_discard",
            player=seat_label(ctx.state, ctx.actor),
            deck=deck_name(name),
        )
        if args["include_discard"]
        else msg(
            "core.decks.shuffled", player=seat_label(ctx.state, ctx.actor), deck=deck_name(name)
        ),
        data={"deck": name, "count": len(cards), "include_discard": args["include_discard"]},
        hidden={"order": cards},
    )


def _no_peek_granted(state: State, actor: str | None) -> Reason | None:
    """``peek`` is offered only while some deck of the game is open to a look."""
    if any(deck.get("peek") for deck in (state.get("decks") or {}).values()):
        return None
    return Unavailable(msg("error.core.decks.no_peek_granted"), "peek_not_granted")


def _decks_open_to_a_look(state: State, actor: str | None) -> list[Choice]:
    return [
        Choice(name, deck_name(name))
        for name, deck in (state.get("decks") or {}).items()
        if deck.get("peek") and deck["owner"] == "app"
    ]


@command(
    "peek",
    args={
        "deck": Arg(
            "str",
            required=True,
            description="A deck whose rules let a player look at its draw pile.",
            offers=_decks_open_to_a_look,
        ),
        "count": Arg("int", default=1, minimum=1, maximum=20),
    },
    undoable=False,
    unavailable=_no_peek_granted,
)
def peek(ctx: Context, args: dict[str, Any]) -> None:
    """Look at the top cards of a draw pile whose rules allow it; only the caller sees them,
    and the log tells every seat who looked at how many."""
    name, count = args["deck"], args["count"]
    seat = _seat(ctx, None)
    deck = get_deck(ctx.state, name)
    if not deck.get("peek"):
        raise RuleViolation(
            msg("error.core.decks.peek_not_granted", deck=deck_name(name)), code="peek_not_granted"
        )
    if deck["owner"] == "table":
        raise RuleViolation(
            msg("error.core.decks.deck_kept_table", deck=deck_name(name)), code="table_owned"
        )
    if count > len(deck["draw"]):
        raise RuleViolation(
            msg(
                "error.core.decks.draw_pile_has_only",
                deck=deck_name(name),
                count=count_of(len(deck["draw"]), "word:card", "card", "cards"),
            ),
            code="not_enough_cards",
        )
    top = list(reversed(deck["draw"][-count:]))
    ctx.emit(
        "cards_peeked",
        msg(
            "core.decks.looked_top",
            player=seat_label(ctx.state, seat),
            count=count_of(count, "word:card", "card", "cards"),
            deck=deck_name(name),
        ),
        data={"deck": name, "count": count, "seat": seat},
        private={seat: {"cards": top}},
    )


@command(
    "put_back",
    args={
        "deck": DECK,
        "cards": Arg("list[str]", required=True, max_items=60),
        "from": Arg("str", default="hand", choices=SOURCE_PILES[:-1]),
        "position": Arg("str", default="top", choices=("top", "bottom", "random")),
        "seat": SEAT,
    },
)
def put_back(ctx: Context, args: dict[str, Any]) -> None:
    """Put cards back on the draw pile: on top, at the bottom or at a random place."""
    name, cards = args["deck"], args["cards"]
    if not cards:
        raise InvalidArguments({"cards": [msg("error.core.decks.name_least_one_card")]})
    seat = own_seat(ctx, args["seat"])
    refuse_face_down(ctx.state, name, args["from"])
    move_cards(
        ctx, name, cards, source=args["from"], target="draw", seat=seat, position=args["position"]
    )
    public = args["from"] in PUBLIC_PILES
    ctx.emit(
        "cards_returned",
        msg(
            "core.decks.put_back_draw_pile",
            player=seat_label(ctx.state, seat),
            count=count_of(len(cards), "word:card", "card", "cards"),
            deck=deck_name(name),
            position=args["position"],
        ),
        data={
            "deck": name,
            "from": args["from"],
            "position": args["position"],
            "seat": seat,
            "count": len(cards),
        }
        | ({"cards": list(cards)} if public else {}),
        private={seat: {"cards": list(cards)}},
    )


@command(
    "take",
    args={
        "deck": DECK,
        "cards": Arg("list[str]", required=True, max_items=60),
        "from": Arg("str", default="discard", choices=("discard", "box", "table", "draw")),
        "to": Arg("str", default="hand", choices=("hand", "table")),
        "seat": SEAT,
    },
)
def take(ctx: Context, args: dict[str, Any]) -> None:
    """Take named cards from a pile (the discard, say) into a hand or onto the table."""
    name, cards = args["deck"], args["cards"]
    if not cards:
        raise InvalidArguments({"cards": [msg("error.core.decks.name_least_one_card")]})
    seat = own_seat(ctx, args["seat"])
    refuse_face_down(ctx.state, name, args["from"])
    move_cards(ctx, name, cards, source=args["from"], target=args["to"], seat=seat)
    ctx.emit(
        "cards_taken",
        msg(
            "core.decks.took_from",
            player=seat_label(ctx.state, seat),
            card_names=card_names(ctx.state, cards),
            deck=deck_name(name),
            from_=args["from"],
            to=args["to"],
        ),
        data={
            "deck": name,
            "cards": list(cards),
            "from": args["from"],
            "to": args["to"],
            "seat": seat,
        },
    )


@command(
    "box",
    args={
        "deck": DECK,
        "cards": Arg("list[str]", required=True, max_items=60),
        "from": Arg("str", default="hand", choices=("hand", "table", "discard", "draw")),
        "seat": SEAT,
    },
)
def box(ctx: Context, args: dict[str, Any]) -> None:
    """Put cards in the box: out of the game."""
    name, cards = args["deck"], args["cards"]
    if not cards:
        raise InvalidArguments({"cards": [msg("error.core.decks.name_least_one_card")]})
    seat = own_seat(ctx, args["seat"])
    refuse_face_down(ctx.state, name, args["from"])
    move_cards(ctx, name, cards, source=args["from"], target="box", seat=seat)
    public = args["from"] in PUBLIC_PILES
    ctx.emit(
        "cards_boxed",
        msg(
            "core.decks.put_box",
            player=seat_label(ctx.state, seat),
            count=len(cards),
            deck=deck_name(name),
            noun_for=noun_for(len(cards), "card"),
        ),
        data={"deck": name, "from": args["from"], "seat": seat, "count": len(cards)}
        | ({"cards": list(cards)} if public else {}),
        private={seat: {"cards": list(cards)}},
    )
