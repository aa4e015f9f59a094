"""Companions & Catacombs: recruiting Companions at an Inn.

State: ``recruitment`` (one at a time) holds the cards revealed (on the Companion deck's table
pile), the next to resolve, the Events' modifiers and a choice still owed; a ``recruitment``
entry in ``pending`` keeps the night waiting. ``companion_costs`` remembers, per card whose cost
is not entered, the colour it was recruited as (stated once, then fixed for the game).

Rules (CC 'Recruit Action'):

* 1 action at an Inn. The player names 1-6; that many cards are drawn and revealed in order;
  Events resolve as they come (``companion_events.py``); then one revealed Companion may be
  recruited by paying its cost: N Hero Cards of its colour; yellow: any colour, all of one
  colour; purple: Special cards, which go to the box. The rest, and the Events, go to the
  Companion discard pile, never reshuffled unless a card says 'Shuffle the Companion Cards'
  (setting ``companion_shuffle_timing``). Once per visit (setting ``recruit_limit_per_visit``).
* Companion costs are not legible in the source ("The cost icon on each Companion card is not
  legible in the images and is not transcribed"): entered once in the pack's overlay, or read
  at the table the first time the Companion is revealed (setting ``companion_cost_unknown``,
  ``read_when_revealed``: the recruitment waits for the card to be read, then goes on, and the
  table's later games know the cost), or given with ``hire`` (``cost_colour``, ``cost_cards``)
  and kept with the hero (``stated_when_recruited``). The Companions' names and abilities are
  transcribed in the rulebook, so only the cost is asked.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import COLOURS, COMPANION_COLOURS, Card
from deck_tracker.engine.core import Context, State, Step, snapshot
from deck_tracker.engine.decks import draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.offers import (
    card_choices,
    colour_choices,
    hand_of,
    table_deck,
)
from deck_tracker.engine.rules.dotr.base.pending import (
    add_pending,
    find_pending,
    on_board,
    remove_pending,
)
from deck_tracker.engine.rules.dotr.base.reading import ask_fields
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    board_choices,
    hero_name,
    location_kind,
    own_hero_seat,
    refuse_other_hero,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.companion_events import EVENTS
from deck_tracker.engine.rules.dotr.companions_catacombs.companions import (
    card_of,
    companion_limit,
    require_cc,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import COMPANION

__all__ = ["companion_read", "hire", "recruit", "recruit_choose"]

R_RECRUIT = msg("dotr.cc.rule.recruit")
R_COST = msg("dotr.cc.rule.cost")
R_LIMIT = msg("dotr.cc.rule.limit")
R_DISCARD = msg("dotr.cc.rule.discard")
R_SHUFFLE = msg("dotr.cc.rule.shuffle")
R_INSIDE = msg("dotr.cc.rule.inside")

# The cost colours said in words of their own (``error.dotr.cc.recruit.cost_colour.*``).
COST_COLOUR_WORDS = ("green", "black", "red", "blue", "yellow", "purple")


@command(
    "recruit",
    args={
        "count": Arg("int", required=True, minimum=1, maximum=6, description="Cards to reveal."),
        "cards": Arg(
            "list[str]",
            max_items=6,
            description="Table-owned deck: the cards revealed.",
            offers=table_deck("companion"),
        ),
        "rolls": Arg("list[int]", minimum=1, maximum=6, max_items=12, description="Physical dice."),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def recruit(ctx: Context, args: dict[str, Any]) -> None:
    """Recruit at an Inn (1 action): reveal 1-6 Companion cards; Events resolve as they come."""
    require_cc(ctx.state)
    active = (ctx.state.get("turn") or {}).get("active_seat")
    seat = own_hero_seat(ctx, args["seat"] or active)
    if active is not None and seat != active:
        raise RuleViolation(
            msg("error.dotr.cc.recruit.recruiting_action_only_active_hero"), code="not_your_turn"
        )
    if ctx.state.get("recruitment"):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.recruitment_under_way"), code="recruitment_under_way"
        )
    hero = ctx.state["heroes"][seat]
    name = hero_name(ctx.state, seat)
    if location_kind(ctx.state, hero["location"]) != "inn":
        raise RuleViolation(msg("error.dotr.cc.recruit.not_inn", name=name), code="not_at_inn")
    visit = hero.get("recruit_visit") or {}
    per_action = (ctx.state.get("settings") or {}).get(
        "recruit_limit_per_visit"
    ) == "one_recruit_action"
    if visit.get("actions" if per_action else "recruited"):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.has_already_recruited_during_this", name=name),
            code="recruited_this_visit",
        )
    count: int = args["count"]
    cards = list(args["cards"] or [])
    if get_deck(ctx.state, COMPANION)["owner"] == "table" and len(cards) != count:
        raise InvalidArguments(
            {
                "cards": [
                    msg("error.dotr.cc.recruit.name_companion_cards_revealed_order", count=count)
                ]
            }
        )
    drawn = draw_cards(ctx, COMPANION, count=count, cards=cards or None, rule=R_RECRUIT)
    ctx.put("decks", COMPANION, "table", drawn)
    ctx.set(
        "heroes",
        seat,
        "recruit_visit",
        {**visit, "location": hero["location"], "actions": int(visit.get("actions", 0)) + 1},
    )
    record = {
        "seat": seat,
        "cards": drawn,
        "next": 0,
        "rolls": list(args["rolls"] or []),
        "wild": False,
        "extra": 0,
        "discount": 0,
        "empty_inn": False,
        "inside_information": False,
        "shuffle": False,
        "waiting": None,
    }
    add_pending(ctx, {"type": "recruitment", "seat": seat})
    ctx.emit(
        "recruit_began",
        msg(
            "dotr.cc.recruit.recruits_inn_revealed",
            name=name,
            count=count_of(count, "word:card", "card", "cards"),
        ),
        data={"seat": seat, "count": count, "cards": drawn},
        steps=[
            Step(
                msg(
                    "dotr.cc.recruit.reveal_order",
                    items=", ".join(card_of(ctx.state, c).name for c in drawn),
                ),
                R_RECRUIT,
            )
        ],
    )
    _advance(ctx, record, None)


def _advance(ctx: Context, rec: dict[str, Any], choice: dict[str, Any] | None) -> None:
    """Resolve the revealed Events in order until a choice is owed, or all are done."""
    realm = Realm(ctx)
    while rec["next"] < len(rec["cards"]):
        card = card_of(ctx.state, rec["cards"][rec["next"]])
        if card.kind != "event":
            rec["next"] += 1
            continue
        result: list[Any] = []

        def resolve(r: Realm, c: Card = card, given: Any = choice, out: list[Any] = result) -> None:
            out.append(EVENTS[c.data["effect"]](r, rec, c, given))

        lost = on_board(
            ctx,
            resolve,
            type="companion_event",
            summary=f"Event: {card.name}.",
            data={"card": card.id, "effect": card.data["effect"]},
            realm=realm,
        )
        choice = None
        if lost:
            ctx.delete("recruitment")
            return
        if result and result[0] is not None:
            rec["waiting"] = {**result[0], "card": card.id}
            ctx.set("recruitment", rec)
            ctx.emit(
                "recruit_choice",
                msg("dotr.cc.recruit.text", name=card.name, text=result[0]["text"]),
                data={"waiting": rec["waiting"]},
                steps=[
                    Step(
                        msg("dotr.cc.recruit.enter_recruit_choose", text=result[0]["text"]),
                        msg("dotr.cc.recruit.cc_event", name=card.name),
                    )
                ],
            )
            return
        rec["next"] += 1
        if card.data.get("shuffle"):
            _shuffle_flag(ctx, rec, card)
    rec["waiting"] = None
    ctx.set("recruitment", rec)
    hireable = _hireable(ctx.state, rec)
    if _ask_cost(ctx, hireable):
        return
    if not hireable:
        _finish(ctx, rec, hired=None)
        return
    names = ", ".join(card_of(ctx.state, c).name for c in hireable)
    ctx.emit(
        "recruit_ready",
        msg("dotr.cc.recruit.companions_recruit", names=names),
        data={"companions": hireable},
        steps=[Step(msg("dotr.cc.recruit.recruit_one_by_paying_cost", names=names), R_COST)],
    )


COST_FIELDS = {"colour": "data.cost.colour", "cards": "data.cost.cards"}
COST_LABELS = {
    "colour": {
        "green": msg("reading.choice.green"),
        "black": msg("reading.choice.black"),
        "red": msg("reading.choice.red"),
        "blue": msg("reading.choice.blue"),
        "yellow": msg("reading.choice.yellow"),
        "purple": msg("reading.choice.purple"),
    }
}


def _cost_unknown(card: Card) -> bool:
    cost = card.data.get("cost") or {}
    return card.kind == "companion" and (cost.get("colour") is None or cost.get("cards") is None)


def _ask_cost(ctx: Context, hireable: list[str]) -> bool:
    """A Companion revealed whose cost nobody has entered: the table reads it, once (setting
    companion_cost_unknown). True when the recruitment waits for it."""
    setting = (ctx.state.get("settings") or {}).get("companion_cost_unknown", "read_when_revealed")
    if setting != "read_when_revealed":
        return False
    for card_id in hireable:
        card = card_of(ctx.state, card_id)
        if _cost_unknown(card):
            ask_fields(
                ctx,
                card,
                COMPANION,
                COST_FIELDS,
                name=card.name,
                printed=True,
                form_title=msg("reading.form.cost", card=i18n.name(f"card:{card.id}", card.name)),
                resume={"rule": "companion"},
                labels=COST_LABELS,
                detail=msg("reading.detail.companion_cost"),
            )
            return True
    return False


def companion_read(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    """A Companion's cost is read: the recruitment goes on (the next unknown one, or the
    choice of whom to recruit)."""
    rec: dict[str, Any] = snapshot(ctx.state.get("recruitment") or {})
    if rec:
        _advance(ctx, rec, None)


def _shuffle_flag(ctx: Context, rec: dict[str, Any], card: Card) -> None:
    if (ctx.state.get("settings") or {}).get("companion_shuffle_timing") != "when_revealed":
        rec["shuffle"] = True
        return
    move_cards(ctx, COMPANION, [card.id], source="table", target="discard", seat=rec["seat"])
    rec["cards"] = [c for c in rec["cards"] if c != card.id]
    rec["next"] -= 1
    _shuffle(ctx)


def _shuffle(ctx: Context) -> None:
    deck = get_deck(ctx.state, COMPANION)
    pile = [*deck["draw"], *deck["discard"]]
    if deck["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", COMPANION, "draw", pile)
    ctx.set("decks", COMPANION, "discard", [])
    ctx.emit(
        "companion_deck_shuffled",
        msg("dotr.cc.recruit.companion_discard_pile_shuffled_into"),
        data={"count": len(pile)},
        steps=[Step(msg("dotr.cc.recruit.shuffle_companion_discard_pile_into"), R_SHUFFLE)],
    )


def _hireable(state: State, rec: dict[str, Any]) -> list[str]:
    if rec["empty_inn"]:
        return []
    return [c for c in rec["cards"] if card_of(state, c).kind == "companion"]


def _hire_offer(state: State) -> list[Choice]:
    """The Companions revealed this time, with their cost when known."""
    rec = state.get("recruitment") or {}
    if not rec or rec.get("waiting"):
        return []
    known = state.get("companion_costs") or {}
    offered = []
    for card_id in _hireable(state, rec):
        card = card_of(state, card_id)
        cost = card.data.get("cost") or {}
        colour, number = cost.get("colour") or known.get(card_id), cost.get("cards")
        if colour and number is not None:
            plural = "card" if number == 1 else "cards"
            offered.append(Choice(card_id, f"{card.name} ({number} {colour} {plural})"))
        else:
            offered.append(Choice(card_id, card.name))
    return offered


def _payment_offer(state: State, actor: str | None) -> list[Choice]:
    """The recruiting hero's hand, offered to that hero's phone only."""
    rec = state.get("recruitment") or {}
    if not rec or (actor is not None and actor != rec.get("seat")):
        return []
    return card_choices(state, hand_of(state, rec.get("seat")))


@command(
    "recruit_choose",
    args={
        "minions": Arg(
            "dict[str,int]",
            description="Infiltrating Spies: 2 Minions by colour.",
            offers=colour_choices(maximum=2),
        ),
        "locations": Arg(
            "list[str]",
            max_items=4,
            description="Enemy Scouts: Orc, Undead, Demon, Dragonkin.",
            offers=board_choices,
        ),
        "cards": Arg(
            "list[str]",
            max_items=60,
            description="Table-owned deck: the cards revealed.",
            offers=table_deck("companion"),
        ),
    },
    systems=DOTR,
)
def recruit_choose(ctx: Context, args: dict[str, Any]) -> None:
    """Give what the Event being resolved asks for, then go on revealing."""
    require_cc(ctx.state)
    # A copy all the way down: the Events change it (dice used) before it is written back.
    rec: dict[str, Any] = snapshot(ctx.state.get("recruitment") or {})
    if not rec.get("waiting"):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.no_event_waiting_choice"), code="no_choice_waiting"
        )
    ctx.emit(
        "recruit_chosen",
        msg("dotr.cc.recruit.table_chose"),
        data={k: v for k, v in args.items() if v is not None},
    )
    _advance(ctx, rec, args)


def _colour_of(state: State, card_id: str) -> str:
    card = card_of(state, card_id)
    return "special" if card.kind == "special" else str(card.data.get("colour"))


def _split_payment(
    state: State, paid: list[str], colour: str, wild: bool, need: int
) -> tuple[list[str], list[str]]:
    """(the cards paying the cost, the extra ones), or refused."""
    colours = {card: _colour_of(state, card) for card in paid}
    options = (
        list(COLOURS)
        if wild or colour == "yellow"
        else ["special" if colour == "purple" else colour]
    )
    for option in options:
        matching = [card for card in paid if colours[card] == option]
        if len(matching) >= need:
            cost = matching[:need]
            return cost, [card for card in paid if card not in cost]
    kind = "yellow" if wild else colour
    # "2 Hero Cards green": a colour said as the cost's (German: "in Grün").
    what = (
        msg(f"error.dotr.cc.recruit.cost_colour.{kind}")
        if kind in COST_COLOUR_WORDS
        else i18n.name(f"colour:{colour}", colour)
    )
    raise RuleViolation(
        msg(
            "error.dotr.cc.recruit.cost",
            count=count_of(need, "word:hero-card", "Hero Card", "Hero Cards"),
            value=what,
        ),
        code="wrong_payment",
    )


@command(
    "hire",
    args={
        "companion": Arg(
            "str",
            description="The Companion recruited; omit to recruit none.",
            offers=lambda state, actor: _hire_offer(state),
        ),
        "cards": Arg(
            "list[str]",
            max_items=12,
            description="The Hero Cards paid.",
            offers=lambda state, actor: _payment_offer(state, actor),
            unique=True,
        ),
        "cost_colour": Arg(
            "str",
            choices=COMPANION_COLOURS,
            description="As printed, if not entered.",
            offers=lambda state, actor: [
                Choice(colour, COST_LABELS["colour"][colour]) for colour in COMPANION_COLOURS
            ],
        ),
        "cost_cards": Arg("int", minimum=0, maximum=6, description="As printed, if not entered."),
    },
    systems=DOTR,
)
def hire(ctx: Context, args: dict[str, Any]) -> None:
    """Recruit one revealed Companion by paying its cost, or none; the rest are discarded."""
    require_cc(ctx.state)
    # A copy all the way down: the Events change it (dice used) before it is written back.
    rec: dict[str, Any] = snapshot(ctx.state.get("recruitment") or {})
    if not rec or rec.get("waiting") or rec["next"] < len(rec["cards"]):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.no_companion_ready_recruit"), code="no_recruitment"
        )
    # The hero pays with their own hand (or hires no one): their choice, from their phone.
    refuse_other_hero(ctx, rec["seat"])
    companion = args["companion"]
    if companion is None:
        _finish(ctx, rec, hired=None)
        return
    seat = rec["seat"]
    if companion not in _hireable(ctx.state, rec):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.not_companion_revealed_this_time", companion=companion),
            code="not_revealed",
        )
    printed = card_of(ctx.state, companion).data.get("cost") or {}
    # A cost not entered is stated by the player, then remembered for the card (game-wide): the
    # same card cannot come back later as a Companion of another colour.
    known = dict(ctx.state.get("companion_costs") or {})
    remembered = known.get(companion)
    stated = args["cost_colour"]
    if not printed.get("colour") and remembered and stated and stated != remembered:
        raise RuleViolation(
            msg(
                "error.dotr.cc.recruit.was_paid_as_companion_before",
                name=card_of(ctx.state, companion).name,
                remembered=remembered,
            ),
            code="companion_colour_known",
        )
    colour = printed.get("colour") or remembered or stated
    number = printed.get("cards") if printed.get("cards") is not None else args["cost_cards"]
    if colour is None or number is None:
        raise InvalidArguments(
            {"cost_colour": [msg("error.dotr.cc.recruit.this_companion_s_cost_not")]}
        )
    hero = ctx.state["heroes"][seat]
    held = list(hero.get("companions") or [])
    colours = dict(hero.get("companion_colours") or {})
    if len(held) >= companion_limit(ctx.state, seat):
        raise RuleViolation(
            msg(
                "error.dotr.cc.recruit.may_have_1_1_per",
                hero=hero_name(ctx.state, seat),
                count=count_of(
                    companion_limit(ctx.state, seat), "word:companion", "Companion", "Companions"
                ),
            ),
            code="companion_limit",
        )
    if colour in colours.values():
        raise RuleViolation(
            msg(
                "error.dotr.cc.recruit.already_has_companion",
                hero=hero_name(ctx.state, seat),
                colour=colour,
            ),
            code="companion_colour",
        )
    paid = list(args["cards"] or [])
    need = max(0, int(number) - int(rec["discount"]))
    if len(paid) != need + int(rec["extra"]):
        raise RuleViolation(
            msg(
                "error.dotr.cc.recruit.pay_exactly",
                count=count_of(
                    need + int(rec["extra"]), "word:hero-card", "Hero Card", "Hero Cards"
                ),
            ),
            code="wrong_payment",
        )
    hand = get_deck(ctx.state, "hero")["hands"].get(seat, [])
    if any(card not in hand for card in paid) or len(set(paid)) != len(paid):
        raise RuleViolation(
            msg("error.dotr.cc.recruit.pay_with_hero_cards_from"), code="wrong_payment"
        )
    cost, extra = _split_payment(ctx.state, paid, colour, rec["wild"], need)
    boxed = cost if colour == "purple" and not rec["wild"] else []
    if boxed:
        move_cards(ctx, "hero", boxed, source="hand", target="box", seat=seat)
    discarded = [card for card in paid if card not in boxed]
    if discarded:
        move_cards(ctx, "hero", discarded, source="hand", target="discard", seat=seat)
    move_cards(ctx, COMPANION, [companion], source="table", target="hand", seat=seat)
    ctx.set("heroes", seat, "companions", [*held, companion])
    ctx.set("heroes", seat, "companion_colours", {**colours, companion: colour})
    if not printed.get("colour") and remembered != colour:
        ctx.set("companion_costs", {**known, companion: colour})
    visit = dict(ctx.state["heroes"][seat].get("recruit_visit") or {})
    ctx.set(
        "heroes", seat, "recruit_visit", {**visit, "recruited": int(visit.get("recruited", 0)) + 1}
    )
    rec["cards"] = [c for c in rec["cards"] if c != companion]
    name = card_of(ctx.state, companion).name
    to_box = f" ({len(boxed)} Special to the box)" if boxed else ""
    steps = [
        Step(
            msg(
                "dotr.cc.recruit.recruits_paying",
                hero=hero_name(ctx.state, seat),
                name=name,
                count=count_of(len(paid), "word:hero-card", "Hero Card", "Hero Cards"),
                to_box=to_box,
            ),
            R_COST,
        ),
        Step(
            msg(
                "dotr.cc.recruit.companions",
                number=len(held) + 1,
                companion_limit=companion_limit(ctx.state, seat),
            ),
            R_LIMIT,
        ),
    ]
    ctx.emit(
        "companion_recruited",
        msg("dotr.cc.recruit.recruited", hero=hero_name(ctx.state, seat), name=name),
        data={
            "seat": seat,
            "companion": companion,
            "colour": colour,
            "paid": paid,
            "boxed": boxed,
            "extra": extra,
        },
        steps=steps,
    )
    _finish(ctx, rec, hired=companion)


def _finish(ctx: Context, rec: dict[str, Any], *, hired: str | None) -> None:
    seat = rec["seat"]
    rest = [c for c in rec["cards"] if c in get_deck(ctx.state, COMPANION)["table"]]
    if rest:
        move_cards(ctx, COMPANION, rest, source="table", target="discard", seat=seat)
    steps = (
        [Step(msg("dotr.cc.recruit.put_other_revealed_cards_companion"), R_DISCARD)] if rest else []
    )
    if hired is None and rec["inside_information"]:
        if get_deck(ctx.state, "hero")["owner"] == "app":
            drawn = draw_cards(ctx, "hero", count=3, cards=None, rule=R_INSIDE)
            ctx.put("decks", "hero", "hands", seat, drawn)
            steps.append(
                Step(
                    msg("dotr.cc.recruit.draws_3_hero_cards_no", hero=hero_name(ctx.state, seat)),
                    R_INSIDE,
                )
            )
        else:
            steps.append(Step(msg("dotr.cc.recruit.draw_3_hero_cards_record"), R_INSIDE))
    pending = find_pending(ctx.state, "recruitment", "no_recruitment", "recruitment")
    remove_pending(ctx, pending)
    ctx.delete("recruitment")
    ctx.emit(
        "recruit_ended",
        msg(
            "dotr.cc.recruit.recruitment_over",
            value=(
                msg("dotr.cc.recruit.one_companion_joined")
                if hired
                else msg("dotr.cc.recruit.no_companion")
            ),
        ),
        data={"seat": seat, "hired": hired, "discarded": rest},
        steps=steps,
    )
    if rec["shuffle"]:
        _shuffle(ctx)
