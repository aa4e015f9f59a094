"""Winds of War (DX 'Winds of War'; setting ``winds_of_war``).

"When Special Hero Cards are played for their Special Action (not dice to attack a General) they
are placed on the Winds of War Board as a Played Special Card. Additionally, any Quiet Night
Cards are also added to the board. When 3 Cards appear on the board, a Winds of War card is
triggered. Turn over the top Winds of War Card and either perform the Prevention required or
activate the card's Action. Players collectively must decide what to do. Then discard the 3
Special Cards that triggered the event to the box - they are out of play."

* ``play_special``: a Special played for its action goes on the board (without Winds of War, to
  the Hero discard pile); the Quiet Night (All is Quiet) cards the night draws go there too.
* At the 3rd card the top Winds of War card is turned (the app turns it, or the table names the
  one it turned) and the table chooses (``winds_of_war``); the 3 cards go to the box, the Winds
  of War card to its discard pile.
* The deck holds its true number of cards: the table counted them once (asked at setup; if
  nobody did, the first time a card is turned), the cards the app knows and, for the rest,
  cards to read. A card the app does not know yet is read when it is turned (its title, its
  Prevention and its Action as printed, and the parts the app carries out itself: the minions
  the Action adds, where the Prevention moves each hero and how many Hero Cards each discards);
  the same command then goes on as if it had been known, and the card is known from then on.
* Siege of the Capital, the card the rulebook prints, is resolved by the app; so are the parts a
  card read at the table gives in its form; the rest of its text the table carries out.

State: ``state.winds_of_war`` = ``{"board": [{"deck", "card"}]}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import COLOURS, Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import all_cards, draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Message, Text, listing, msg, render_text
from deck_tracker.engine.reading import ask
from deck_tracker.engine.rules.dotr.base.board import Realm, card_ref
from deck_tracker.engine.rules.dotr.base.offers import own_hand, table_deck
from deck_tracker.engine.rules.dotr.base.packs import effective_pack, game_cards, game_pack, unread
from deck_tracker.engine.rules.dotr.base.pending import (
    add_pending,
    find_pending,
    on_board,
    remove_pending,
)
from deck_tracker.engine.rules.dotr.base.reading import R_READ
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    hero_name,
    hero_ref,
    location_kind,
    location_ref,
    own_hero_seat,
    require_playing,
)
from deck_tracker.engine.rules.dotr.dragon.content import DRAGON_PACK, WOW_BOARD, winds_deck_size

__all__ = ["add_to_board", "count_answer", "counted", "named", "read_answer", "turned"]

WOW = "winds_of_war"
TRIGGER = 3
R_BOARD = msg("dotr.rule.dx.winds_of_war.board")
R_TRIGGER = msg("dotr.rule.dx.winds_of_war.trigger")
R_SPECIAL = msg("dotr.rule.dx.winds_of_war.special")
R_SIEGE = msg("dotr.rule.dx.winds_of_war.siege")
R_COUNT = msg("dotr.rule.dx.winds_of_war.count")
R_CARD = msg("dotr.rule.dx.winds_of_war.card")
SIEGE = "wow-siege-of-the-capital"
WOW_SIZE = f"decks/{WOW_BOARD}/wow-board/data.deck_size"
MAX_DECK = 40
# The table's choice, as a word of the reader's language.
CHOICE_WORDS = {
    "prevention": msg("dotr.wow.word.prevention"),
    "action": msg("dotr.wow.word.action"),
}


def in_play(state: State) -> bool:
    return isinstance(state.get(WOW), dict)


def add_to_board(
    ctx: Context, deck: str, card: str, steps: list[Step]
) -> Callable[[], None] | None:
    """A card onto the Winds of War board; the 3rd turns a Winds of War card. Returns what
    asks the table to read it (or to count the deck) when the app does not know it, to be
    called once the command's own event is out."""
    board = [*ctx.state[WOW]["board"], {"deck": deck, "card": card}]
    ctx.set(WOW, "board", board)
    name = card_ref(game_cards(ctx.state)[card])
    steps.append(Step(msg("dotr.wow.put", card=name, count=len(board)), R_BOARD))
    if len(board) < TRIGGER:
        return None
    if winds_deck_size(effective_pack(ctx.state, DRAGON_PACK)) is None:
        add_pending(ctx, {"type": WOW, "card": None})
        steps.append(Step(msg("dotr.wow.count.once"), R_COUNT))
        return lambda: _ask_count(ctx)
    return _turn(ctx, steps)


def _turn(ctx: Context, steps: list[Step]) -> Callable[[], None] | None:
    """The top Winds of War card is turned (the app's deck) or named by the table."""
    wow = get_deck(ctx.state, WOW)
    turned = None
    if wow["owner"] == "app" and (wow["draw"] or wow["discard"]):
        turned = draw_cards(ctx, WOW, count=1, cards=None, rule=render_text(R_TRIGGER))[0]
    add_pending(ctx, {"type": WOW, "card": turned})
    if turned is None:
        steps.append(Step(msg("dotr.wow.turn_top.choose"), R_TRIGGER))
        return None
    found = game_cards(ctx.state)[turned]
    if unread(found):
        steps.append(Step(msg("dotr.wow.turned.read"), R_TRIGGER))
        return lambda: _ask_to_read(ctx, turned, {"rule": "winds_of_war_turned"})
    steps.append(_turned_step(found))
    return None


def _turned_step(card: Card) -> Step:
    action = str(card.data.get("action") or "").rstrip(". ")
    prevention = str(card.data.get("prevention") or "").rstrip(". ")
    return Step(
        msg("dotr.wow.turned.choose", card=card_ref(card), action=action, prevention=prevention),
        R_TRIGGER,
    )


# --------------------------------------------------------------------------------------------
# Read at the table: the deck's count, a card turned
# --------------------------------------------------------------------------------------------


def _ask_count(ctx: Context) -> None:
    prompt = ask(
        ctx,
        {
            "deck": None,
            "card": "wow-board",
            "kind": WOW_BOARD,
            "pack": DRAGON_PACK,
            "schema": {
                "type": "object",
                "title": msg("reading.name.winds_of_war_deck"),
                "properties": {
                    "deck_size": {
                        "type": "integer",
                        "title": msg("reading.field.winds_of_war_deck_size"),
                        "description": msg("reading.about.winds_of_war_count"),
                        "minimum": 1,
                        "maximum": MAX_DECK,
                    }
                },
                "required": ["deck_size"],
                "additionalProperties": False,
            },
            "resume": {"rule": "winds_of_war_counted"},
        },
        name=msg("reading.name.winds_of_war_deck"),
        title=msg("reading.title.count_winds_of_war"),
        detail=msg("reading.detail.cards_in_deck"),
    )
    ctx.emit(
        "card_to_read",
        msg("dotr.wow.count.ask"),
        data={"prompt": prompt["id"], "deck": None, "card": "wow-board", "name": prompt["name"]},
        steps=[Step(msg("dotr.wow.count.step"), R_COUNT)],
    )


def _form(state: State) -> dict[str, Any]:
    """The form of a Winds of War card: as printed, and the parts the app carries out."""
    pack = game_pack(state)
    board = state.get("board") or {}
    locations: list[tuple[str, Text]] = [
        (loc.id, i18n.name(f"location:{loc.id}", loc.name))
        for loc in sorted(pack.locations.values(), key=lambda loc: loc.name)
        if loc.id in board
    ]
    names: dict[str, Text] = {
        m.colour: i18n.name(f"minion-types:{m.id}", m.plural) for m in pack.minion_types.values()
    }
    colours = [(colour, names.get(colour, colour.title())) for colour in COLOURS]
    text = {"type": "string", "minLength": 1, "maxLength": 600}
    return {
        "type": "object",
        "title": msg("reading.form.winds_of_war"),
        "properties": {
            "title": {"type": "string", "title": msg("reading.field.title"), "minLength": 1,
                      "maxLength": 80},
            "prevention": text | {"title": msg("reading.field.prevention")},
            "action": text | {"title": msg("reading.field.action")},
            "action_minions": {
                "type": "array",
                "title": msg("reading.field.action_minions"),
                "minItems": 0,
                "maxItems": 12,
                "items": {
                    "type": "object",
                    "properties": {
                        "location": _choice(locations, msg("reading.field.location")),
                        "colour": _choice(colours, msg("reading.field.minions")),
                        "count": {"type": "integer", "title": msg("reading.field.how_many"),
                                  "minimum": 1, "maximum": 3},
                    },
                    "required": ["location", "colour", "count"],
                    "additionalProperties": False,
                },
            },
            "prevention_move_to": _choice(
                locations, msg("reading.field.prevention_move_to")
            ),
            "prevention_discards": {
                "type": "integer",
                "title": msg("reading.field.prevention_discards"),
                "minimum": 0,
                "maximum": 10,
            },
        },
        "required": ["title", "prevention", "action"],
        "additionalProperties": False,
    }  # fmt: skip


def _choice(items: list[tuple[str, Text]], title: Message) -> dict[str, Any]:
    return {"title": title, "oneOf": [{"const": key, "title": name} for key, name in items]}


def _ask_to_read(ctx: Context, card_id: str, resume: dict[str, Any]) -> None:
    prompt = ask(
        ctx,
        {
            "deck": WOW,
            "card": card_id,
            "kind": WOW,
            "pack": DRAGON_PACK,
            "schema": _form(ctx.state),
            "resume": resume,
        },
        name=msg("reading.name.winds_of_war"),
        title=msg("reading.title.read_card"),
        detail=msg("reading.detail.winds_of_war"),
    )
    ctx.emit(
        "card_to_read",
        msg("dotr.wow.read.ask"),
        data={"prompt": prompt["id"], "deck": WOW, "card": card_id, "name": prompt["name"]},
        steps=[Step(msg("dotr.wow.read.step"), R_READ)],
    )


def read_answer(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> dict[str, Any]:
    """A Winds of War card read: a card of the open deck, under the id of its place in it."""
    data: dict[str, Any] = {key: face[key] for key in ("title", "action", "prevention")}
    data["action_minions"] = [dict(m) for m in face.get("action_minions") or ()]
    data["prevention_move_to"] = face.get("prevention_move_to")
    data["prevention_discards"] = int(face.get("prevention_discards") or 0)
    card = {"id": prompt["card"], "name": face["title"], "kind": WOW, "data": data}
    return {"cards": {WOW: [card]}}


def count_answer(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> dict[str, Any]:
    return {"values": {WOW_SIZE: int(face["deck_size"])}}


def counted(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """The deck counted: the cards the app did not hold join it, shuffled; the top is turned."""
    wow = get_deck(ctx.state, WOW)
    held = set(all_cards(wow))
    new = [c for c in game_pack(ctx.state).deck(WOW).card_ids() if c not in held]
    pile = [*wow["draw"], *new]
    if wow["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", WOW, "draw", pile)
    entry = find_pending(ctx.state, WOW, "no_winds_of_war", "Winds of War card")
    remove_pending(ctx, entry)
    size = int(face["deck_size"])
    cards = i18n.count(size, "word:card", "card", "cards")
    steps = [Step(msg("dotr.wow.deck_holds", count=cards), R_COUNT)]
    then = _turn(ctx, steps)
    ctx.emit("winds_of_war_turned", msg("dotr.wow.turned.summary"), data={}, steps=steps)
    if then is not None:
        then()


def turned(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """The card turned is read: the table chooses, as if it had been known."""
    card = game_cards(ctx.state)[prompt["card"]]
    ctx.emit(
        "winds_of_war_turned",
        msg("dotr.wow.turn", card=card_ref(card)),
        data={"card": card.id, "name": card.name},
        steps=[_turned_step(card)],
    )


def named(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """The card the table named is read: its choice goes on as if it had been known."""
    winds_of_war(ctx, dict(prompt["resume"]["args"]))


def quiet_night(realm: Realm, card: Card) -> bool:
    if card.kind != "all_is_quiet" or not in_play(realm.ctx.state):
        return False
    then = add_to_board(realm.ctx, "darkness_spreads", card.id, realm.steps)
    if then is not None:
        then()  # the night waits for it (base/night.py)
    return True


@command(
    "play_special",
    args={
        "card": Arg(
            "str",
            required=True,
            description="The Special Hero Card.",
            offers=own_hand("hero", kind="special"),
            unoffered=msg("error.dotr.no_special_card_in_hand"),
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def play_special(ctx: Context, args: dict[str, Any]) -> None:
    """A Special Hero Card played for its special action (not for dice against a General)."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    card = game_cards(ctx.state).get(args["card"])
    if card is None or card.kind != "special":
        raise RuleViolation(
            msg("error.dotr.dragon.winds_of_war.not_special_hero_card", card=args["card"]),
            code="not_special",
        )
    name = hero_name(ctx.state, seat)
    hero_word = hero_ref(ctx.state, seat)
    steps = [
        Step(
            msg(
                "dotr.wow.plays",
                hero=hero_word,
                card=card_ref(card),
                summary=card.data.get("summary") or "",
            ),
            R_SPECIAL,
        )
    ]
    if in_play(ctx.state):
        hand = list(get_deck(ctx.state, "hero")["hands"].get(seat, []))
        if card.id not in hand:
            raise RuleViolation(
                msg("error.dotr.dragon.winds_of_war.not_s_hand", name=card.name, name2=name),
                code="card_not_in_hand",
            )
        ctx.set("decks", "hero", "hands", seat, [c for c in hand if c != card.id])
        then = add_to_board(ctx, "hero", card.id, steps)
    else:
        then = None
        move_cards(ctx, "hero", [card.id], source="hand", target="discard", seat=seat)
    ctx.emit(
        "special_played",
        msg("dotr.wow.played", hero=hero_word, card=card_ref(card)),
        data={"seat": seat, "card": card.id},
        steps=steps,
    )
    if then is not None:
        then()


@command(
    "winds_of_war",
    args={
        "choice": Arg(
            "str",
            required=True,
            choices=("prevention", "action"),
            offers=lambda state, actor: [
                Choice("prevention", msg("dotr.wow.choice.prevention")),
                Choice("action", msg("dotr.wow.choice.action")),
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
        card_id = draw_cards(ctx, WOW, count=1, cards=[args["card"]], rule=render_text(R_TRIGGER))[
            0
        ]
        if unread(game_cards(ctx.state)[card_id]):
            # The table turned a card the app does not know yet: it is read, then the choice
            # goes on with it.
            remove_pending(ctx, entry)
            add_pending(ctx, {**entry, "card": card_id})
            _ask_to_read(ctx, card_id, {"rule": "winds_of_war_named", "args": dict(args)})
            return
    if card_id is None:
        raise InvalidArguments(
            {"card": [msg("error.dotr.dragon.winds_of_war.name_card_turned")]},
            msg("error.dotr.dragon.winds_of_war.name_card_turned"),
        )
    remove_pending(ctx, entry)
    board = list(ctx.state[WOW]["board"])
    steps: list[Step] = []
    for placed in board:
        deck = get_deck(ctx.state, placed["deck"])
        ctx.set("decks", placed["deck"], "box", [*deck["box"], placed["card"]])
    ctx.set(WOW, "board", [])
    steps.append(Step(msg("dotr.dragon.winds_of_war.board_to_box"), R_TRIGGER))
    card = game_cards(ctx.state)[card_id]
    choice: str = args["choice"]
    ctx.put("decks", WOW, "discard", [card_id])
    chosen = CHOICE_WORDS[choice]
    steps.append(
        Step(
            msg(
                "dotr.wow.chose",
                card=card_ref(card),
                choice=chosen,
                text=str(card.data.get(choice)),
            ),
            R_TRIGGER,
        )
    )
    summary = msg("dotr.wow.chosen", card=card_ref(card), choice=chosen)
    data = {"card": card_id, "choice": choice, "boxed": [p["card"] for p in board]}
    if card.id == SIEGE:
        if choice == "action":
            on_board(ctx, _siege_action, type="winds_of_war", summary=summary, data=data,
                     steps=steps)  # fmt: skip
            return
        _prevention(ctx, steps, _city(ctx.state), 2, R_SIEGE)
    elif choice == "action" and card.data.get("action_minions"):
        minions = [dict(m) for m in card.data["action_minions"]]

        def add_minions(realm: Realm) -> None:
            for m in minions:
                realm.place(m["colour"], int(m["count"]), m["location"], rule=R_CARD)

        steps.append(Step(msg("dotr.wow.rest"), R_CARD))
        on_board(ctx, add_minions, type="winds_of_war", summary=summary, data=data, steps=steps)
        return
    elif choice == "prevention":
        _prevention(
            ctx,
            steps,
            card.data.get("prevention_move_to"),
            int(card.data.get("prevention_discards") or 0),
            R_CARD,
        )
    if choice == "action" or not _carried_out(card):
        steps.append(Step(msg("dotr.wow.rest"), R_CARD))
    ctx.emit("winds_of_war", summary, data=data, steps=steps)


def _carried_out(card: Card) -> bool:
    """Whether the app carries out the card's whole Prevention (Siege of the Capital)."""
    return card.id == SIEGE


def _siege_action(realm: Realm) -> None:
    """Add 1 minion of the location's colour to each location around Monarch City holding
    minions, 2 to each that holds none."""
    data = realm.data
    for loc in data.adjacency[data.city]:
        colour = data.colours.get(loc)
        if colour is None or data.kinds[loc] == "inn":
            continue
        count = 1 if realm.count_at(loc) else 2
        realm.place(colour, count, loc, rule=render_text(R_SIEGE))


def _prevention(
    ctx: Context, steps: list[Step], move_to: str | None, discards: int, rule: Text
) -> None:
    """Each hero is moved (if the card says where) and discards Hero Cards drawn at random."""
    cards = game_cards(ctx.state)
    for seat in sorted(ctx.state.get("heroes") or {}, key=int):
        name = hero_ref(ctx.state, seat)
        if move_to is not None:
            ctx.set("heroes", seat, "location", move_to)
            steps.append(
                Step(
                    msg("dotr.wow.goes_to", hero=name, location=location_ref(ctx.state, move_to)),
                    rule,
                )
            )
        if discards <= 0:
            continue
        hand = list(get_deck(ctx.state, "hero")["hands"].get(seat, []))
        lost = ctx.rng.sample(hand, min(discards, len(hand)))
        if lost:
            move_cards(ctx, "hero", lost, source="hand", target="discard", seat=seat)
        shown = [card_ref(cards[c]) if c in cards else msg("dotr.wow.a_hero_card") for c in lost]
        steps.append(
            Step(
                msg("dotr.wow.discards", hero=name, cards=listing(shown, conjunction=False))
                if shown
                else msg("dotr.wow.discards_nothing", hero=name),
                rule,
            )
        )


def _city(state: State) -> str:
    return next(str(loc) for loc in state["board"] if location_kind(state, loc) == "city")
