"""The heroes' cards: the evening's Hero Cards, the hand limit, Rumors at an Inn and Quests.

Hero Cards live in the ``hero`` deck (a seat's hand is ``decks.hero.hands[seat]``), Quests in the
``quest`` deck; the Quests a hero holds are also listed in ``heroes[seat].quests`` and, once
completed, in ``heroes[seat].completed_quests``.

The hand limit is owed, not enforced at once: at the end of the active player's turn every seat
over 10 Hero Cards gets an entry ``{"type": "hand_limit", "seat": s, "discard": n}`` in
``state.pending``, which the Night waits on, and ``discard_to_limit`` settles it.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.content import COLOURS
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg, render_text
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.expansions import card_count
from deck_tracker.engine.rules.dotr.base.offers import held_by_hero, own_hand, table_deck
from deck_tracker.engine.rules.dotr.base.packs import unentered_steps
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    colour_ref,
    hero_name,
    hero_ref,
    location_kind,
    location_name,
    location_ref,
    own_hero_seat,
    own_seat_choice,
    packs_of,
    require_playing,
)
from deck_tracker.engine.rules.dotr.base.turn import NIGHT, turn_of

HERO_DECK = "hero"
QUEST_DECK = "quest"
EVENING_CARDS = 2
HAND_LIMIT = 10
RUMORS_CARDS_PER_ACTION = 2
RUMORS_MAX_ACTIONS = 2
EVENING_RULE = msg("dotr.rule.evening")
LIMIT_RULE = msg("dotr.rule.hand_limit")
RUMORS_RULE = msg("dotr.rule.rumors")
R_QUEST_DRAW = msg("dotr.rule.quest_draw")
R_QUEST_KEPT = msg("dotr.rule.quest_kept")
R_QUEST_DISCARD = msg("dotr.rule.quest_discard")


def drawn_from(deck: str) -> Arg:
    """The cards drawn from a table-owned ``deck``, offered by name (nothing when the app
    draws)."""
    return Arg(
        "list[str]",
        max_items=20,
        description="Table-owned deck only: the cards drawn.",
        offers=table_deck(deck),
        unique=True,  # each card drawn once: ticked on the phone, never picked twice
    )


CARDS = drawn_from("hero")


def _turn(state: State) -> tuple[int, str | None]:
    turn = state.get("turn") or {}
    return int(turn.get("number") or 0), turn.get("active_seat")


def _card_keeps(state: State, card_id: str, colour: str) -> bool:
    """Rumors keep the declared colour's cards and every Special (purple) card."""
    for pack in packs_of(state):
        for card in pack.decks[HERO_DECK].cards if HERO_DECK in pack.decks else ():
            if card.id == card_id:
                return card.kind == "special" or card.data.get("colour") == colour
    return False


def _draw(ctx: Context, deck: str, count: int, cards: list[str] | None, rule: Text) -> list[str]:
    if get_deck(ctx.state, deck)["owner"] == "table" and cards and len(cards) != count:
        raise InvalidArguments(
            {
                "cards": [
                    msg(
                        "error.dotr.base.heroes.name_exactly_drawn",
                        count=count_of(count, "word:card", "card", "cards"),
                    )
                ]
            }
        )
    return draw_cards(ctx, deck, count=count, cards=cards, rule=render_text(rule))


# ------------------------------------------------------------------------------------------
# The evening and the hand limit
# ------------------------------------------------------------------------------------------


@command(
    "end_turn",
    args={
        "count": Arg(
            "int",
            minimum=0,
            maximum=6,
            description="Hero Cards drawn: 2 unless a card, an ability or a scenario says so.",
        ),
        "cards": CARDS,
    },
    systems=DOTR,
)
def end_turn(ctx: Context, args: dict[str, Any]) -> None:
    """The evening: the active hero draws 2 Hero Cards, then the hand limit is checked."""
    require_playing(ctx.state)
    number, seat = _turn(ctx.state)
    if seat is None or seat not in ctx.state.get("heroes", {}):
        raise RuleViolation(
            msg("error.dotr.base.heroes.no_hero_taking_turn_now"), code="no_active_seat"
        )
    evening = ctx.state.get("evening") or {}
    if evening.get("turn") == number and evening.get("seat") == seat:
        raise RuleViolation(
            msg("error.dotr.base.heroes.evening_this_turn_over_resolve"), code="evening_done"
        )
    # A scenario may deny them (The Burning Land: a hero ending the turn On Fire).
    count: int = (
        args["count"]
        if args["count"] is not None
        else card_count(ctx.state, "evening", EVENING_CARDS)
    )
    drawn = _draw(ctx, HERO_DECK, count, args["cards"], EVENING_RULE) if count else []
    ctx.put("decks", HERO_DECK, "hands", seat, drawn)
    ctx.set("evening", {"turn": number, "seat": seat})
    ctx.set("turn", {**turn_of(ctx.state), "phase": NIGHT})
    name = hero_ref(ctx.state, seat)
    ctx.emit(
        "evening",
        msg("dotr.hero.evening", hero=name, count=len(drawn)),
        data={"seat": seat, "turn": number, "count": len(drawn)},
        private={seat: {"cards": drawn}},
        steps=[
            Step(msg("dotr.hero.draws", hero=name, count=len(drawn)), EVENING_RULE),
            *unentered_steps(ctx.state, drawn, EVENING_RULE),
        ],
    )
    _check_hand_limits(ctx)


def _check_hand_limits(ctx: Context) -> None:
    """Every seat over the limit owes a discard (the active one and any other, per the FAQ)."""
    limit = card_count(ctx.state, "hand_limit", HAND_LIMIT)  # 8 or 7 with 5 or 6 players (DX)
    owed = {
        seat: len(hand) - limit
        for seat, hand in sorted(get_deck(ctx.state, HERO_DECK)["hands"].items())
        if len(hand) > limit and seat in ctx.state.get("heroes", {})
    }
    others = [p for p in ctx.state.get("pending") or [] if p.get("type") != "hand_limit"]
    entries = [{"type": "hand_limit", "seat": seat, "discard": n} for seat, n in owed.items()]
    if not entries and len(others) == len(ctx.state.get("pending") or []):
        return
    ctx.set("pending", others + entries)
    if not entries:
        return
    ctx.emit(
        "hand_limit",
        msg(
            "dotr.hero.over_limit",
            owed=listing(
                [
                    msg("dotr.hero.over_limit.one", hero=hero_ref(ctx.state, s), count=n)
                    for s, n in owed.items()
                ],
                conjunction=False,
            ),
        ),
        data={"limit": limit, "discard": owed},
        steps=[
            Step(
                msg("dotr.hero.limit_choose", hero=hero_ref(ctx.state, s), count=n, limit=limit),
                LIMIT_RULE,
            )
            for s, n in owed.items()
        ],
    )


@command(
    "discard_to_limit",
    args={
        "cards": Arg(
            "list[str]",
            required=True,
            max_items=60,
            description="The Hero Cards discarded.",
            offers=own_hand("hero"),
            unique=True,
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def discard_to_limit(ctx: Context, args: dict[str, Any]) -> None:
    """Discard the Hero Cards the hand limit asks for (exactly as many as are owed)."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    pending = list(ctx.state.get("pending") or [])
    entry = next(
        (p for p in pending if p.get("type") == "hand_limit" and p.get("seat") == seat), None
    )
    name = hero_name(ctx.state, seat)
    if entry is None:
        raise RuleViolation(
            msg("error.dotr.base.heroes.owes_no_discard_hand_limit", name=name),
            code="no_hand_limit",
        )
    cards: list[str] = args["cards"]
    if len(cards) != entry["discard"]:
        raise RuleViolation(
            msg(
                "error.dotr.base.heroes.must_discard_exactly_named",
                name=name,
                count=count_of(entry["discard"], "word:hero-card", "Hero Card", "Hero Cards"),
                count2=len(cards),
            ),
            code="wrong_discard_count",
        )
    move_cards(ctx, HERO_DECK, cards, source="hand", target="discard", seat=seat)
    ctx.set("pending", [p for p in pending if p is not entry])
    ctx.emit(
        "hand_limit_discarded",
        msg(
            "dotr.hero.limit_discarded",
            hero=hero_ref(ctx.state, seat),
            cards=listing(cards, conjunction=False),
        ),
        data={"seat": seat, "cards": list(cards)},
        steps=[
            Step(
                msg("dotr.hero.discards", hero=hero_ref(ctx.state, seat), count=len(cards)),
                LIMIT_RULE,
            )
        ],
    )


# ------------------------------------------------------------------------------------------
# Rumors at the Inn
# ------------------------------------------------------------------------------------------


@command(
    "rumors",
    args={
        "colour": Arg("str", required=True, choices=COLOURS, description="The declared colour."),
        "actions": Arg("int", default=1, minimum=1, maximum=RUMORS_MAX_ACTIONS),
        "cards": CARDS,
        "seat": Arg(
            "str",
            description="The hero listening: the caller's own, whose turn it is.",
            offers=own_seat_choice,
        ),
    },
    systems=DOTR,
)
def rumors(ctx: Context, args: dict[str, Any]) -> None:
    """Rumors at the Inn: 2 Hero Cards per action; keep the declared colour and Specials."""
    require_playing(ctx.state)
    number, active = _turn(ctx.state)
    seat = own_hero_seat(ctx, args["seat"] or active)
    if active is not None and seat != active:
        raise RuleViolation(
            msg("error.dotr.base.heroes.rumors_are_action_only_active"), code="not_your_turn"
        )
    location = ctx.state["heroes"][seat]["location"]
    name, where = hero_name(ctx.state, seat), location_name(ctx.state, location)
    kind = location_kind(ctx.state, location)
    if kind == "city":
        raise RuleViolation(
            msg("error.dotr.base.heroes.rumors_not_monarch_city_players"),
            code="no_rumors_in_monarch_city",
        )
    if kind != "inn":
        raise RuleViolation(
            msg("error.dotr.base.heroes.not_inn", name=name, where=where), code="not_at_inn"
        )
    if ctx.state.get("board", {}).get(location, {}).get("fire"):
        raise RuleViolation(
            msg("error.dotr.base.heroes.fire_no_rumors_there", where=where), code="inn_on_fire"
        )
    taken = ctx.state.get("rumors_taken") or {}
    spent = (
        int(taken.get("actions", 0))
        if taken.get("turn") == number and taken.get("seat") == seat
        else 0
    )
    actions: int = args["actions"]
    if spent + actions > RUMORS_MAX_ACTIONS:
        raise RuleViolation(
            msg(
                "error.dotr.base.heroes.hero_may_spend_up_actions",
                rumors_max_actions=RUMORS_MAX_ACTIONS,
                spent=spent,
            ),
            code="rumors_limit",
        )
    colour: str = args["colour"]
    # The Hero's Calling draws 3 per action.
    per_action = card_count(ctx.state, "rumors", RUMORS_CARDS_PER_ACTION)
    drawn = _draw(ctx, HERO_DECK, per_action * actions, args["cards"], RUMORS_RULE)
    kept = [card for card in drawn if _card_keeps(ctx.state, card, colour)]
    dropped = [card for card in drawn if card not in kept]
    ctx.put("decks", HERO_DECK, "hands", seat, kept)
    ctx.put("decks", HERO_DECK, "discard", dropped)
    ctx.set("rumors_taken", {"turn": number, "seat": seat, "actions": spent + actions})
    ctx.emit(
        "rumors",
        msg(
            "dotr.hero.rumors",
            hero=hero_ref(ctx.state, seat),
            colour=colour_ref(colour),
            location=location_ref(ctx.state, location),
            kept=len(kept),
            drawn=len(drawn),
        ),
        data={
            "seat": seat,
            "location": location,
            "colour": colour,
            "actions": actions,
            "kept": len(kept),
            "discarded": dropped,
        },
        private={seat: {"cards": kept}},
        steps=[
            Step(
                msg(
                    "dotr.hero.rumors.step",
                    hero=hero_ref(ctx.state, seat),
                    drawn=len(drawn),
                    kept=len(kept),
                    colour=colour_ref(colour),
                    dropped=len(dropped),
                ),
                RUMORS_RULE,
            )
        ],
    )


# ------------------------------------------------------------------------------------------
# Quests
# ------------------------------------------------------------------------------------------


@command("draw_quest", args={"seat": OWN_SEAT, "cards": drawn_from("quest")}, systems=DOTR)
def draw_quest(ctx: Context, args: dict[str, Any]) -> None:
    """A hero draws a new Quest card."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    drawn = _draw(ctx, QUEST_DECK, 1, args["cards"], R_QUEST_DRAW)
    ctx.put("decks", QUEST_DECK, "hands", seat, drawn)
    ctx.put("heroes", seat, "quests", drawn)
    name = hero_ref(ctx.state, seat)
    ctx.emit(
        "quest_drawn",
        msg("dotr.hero.quest_drawn_unseen", hero=name),
        data={"seat": seat, "cards": drawn},
        steps=[Step(msg("dotr.hero.quest_takes", hero=name), R_QUEST_DRAW)],
    )


QUEST = Arg(
    "str",
    required=True,
    description="The Quest card.",
    offers=held_by_hero("quests"),
    unoffered=msg("error.dotr.base.heroes.no_open_quest"),
)


def _held_quest(ctx: Context, seat: str, quest: str, key: str) -> list[str]:
    held = list(ctx.state["heroes"][seat].get(key, []))
    if quest not in held:
        what = "completed" if key == "completed_quests" else "held"
        raise RuleViolation(
            msg(
                "error.dotr.base.heroes.has_no_quest",
                hero=hero_name(ctx.state, seat),
                what=what,
                quest=quest,
            ),
            code="no_such_quest",
        )
    return held


@command("complete_quest", args={"quest": QUEST, "seat": OWN_SEAT}, systems=DOTR)
def complete_quest(ctx: Context, args: dict[str, Any]) -> None:
    """A Quest completed: the hero keeps it as a reward (and for the King's Champion)."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    quest: str = args["quest"]
    held = _held_quest(ctx, seat, quest, "quests")
    ctx.set("heroes", seat, "quests", [q for q in held if q != quest])
    ctx.put("heroes", seat, "completed_quests", [quest])
    name = hero_ref(ctx.state, seat)
    ctx.emit(
        "quest_completed",
        msg("dotr.hero.quest_completed", hero=name, quest=quest),
        data={"seat": seat, "quest": quest},
        steps=[Step(msg("dotr.hero.quest_keeps", hero=name, quest=quest), R_QUEST_KEPT)],
    )


@command(
    "discard_quest",
    args={
        "quest": QUEST,
        "seat": OWN_SEAT,
        "completed": Arg(
            "bool",
            default=False,
            description="A completed Quest's reward used up (discard to use).",
        ),
    },
    systems=DOTR,
)
def discard_quest(ctx: Context, args: dict[str, Any]) -> None:
    """A Quest failed (or a used-up reward) goes to the Quest discard pile."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    quest: str = args["quest"]
    key = "completed_quests" if args["completed"] else "quests"
    held = _held_quest(ctx, seat, quest, key)
    move_cards(ctx, QUEST_DECK, [quest], source="hand", target="discard", seat=seat)
    ctx.set("heroes", seat, key, [q for q in held if q != quest])
    name = hero_ref(ctx.state, seat)
    ctx.emit(
        "quest_discarded",
        msg("dotr.hero.quest_discarded", hero=name, quest=quest),
        data={"seat": seat, "quest": quest, "completed": args["completed"]},
        steps=[Step(msg("dotr.hero.quest_discard", hero=name, quest=quest), R_QUEST_DISCARD)],
    )
