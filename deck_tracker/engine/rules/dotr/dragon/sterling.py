"""Sterling, Guardian Dragon of the Realm (DX 'Sterling Rules').

* Her 3 cards are in the Darkness Spreads deck (setting ``sterling``). "When a Sterling Global
  Effect is drawn, place Sterling on the Board at the Location of the Card." They do not count as
  Darkness Spreads cards (another is drawn) and go to the discard pile. A card whose location
  nobody entered asks the table where she lands (``sterling_lands``), and the night waits: she
  is placed when her card is drawn, so she guards the rest of that night; the answer carries the
  night on from the card after hers (a forecast's night, which cannot know, goes on without
  her). Drawn while she is on the board, she moves to the new card's location (the rulebook is
  silent; she is "active until she flies away").
* "While Sterling is on a Location, no minions may be placed on it unless they are part of a
  General's movement": not by a card, an overrun or a Quick Flying.
* Search (``search_sterling``): "Heroes on the same Location as the Silver Dragon may spend 1
  Action per turn to Search for the dragon. Roll 3 dice (this is considered a Quest, so Quest
  bonuses may be used) and each 5 or 6 is a Success. Regardless of the number of Successes
  rolled, draw the top card afterward. The Hero must use one of the bonuses equal or less than
  the successes". The Sorceress's Visions add a die to Quest rolls; ``quest_dice`` adds others.
  The hero then takes a bonus (``sterling_bonus``): 0 she flies away; 1 any 2 Hero Cards from the
  discard pile, or draw 2; 2 draw a Quest; 3 she forces a General back 1 location on its path
  (setting sterling_pushes_brimstone for Brimstone, who has none), then flies away.

State: ``state.sterling`` = ``{"location": id | None, "searched": [[round, seat, hero seat]]}``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import draw_cards, get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, listing, msg, render_text
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.board import Realm, card_ref
from deck_tracker.engine.rules.dotr.base.dice import DICE, roll
from deck_tracker.engine.rules.dotr.base.night import continue_night
from deck_tracker.engine.rules.dotr.base.offers import card_choices, table_deck
from deck_tracker.engine.rules.dotr.base.packs import game_cards, game_pack
from deck_tracker.engine.rules.dotr.base.pending import add_pending, find_pending, remove_pending
from deck_tracker.engine.rules.dotr.base.quests import replace_unachievable_quests
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    board_choices,
    colour_ref,
    general_choices,
    hero_name,
    hero_ref,
    location_name,
    location_ref,
    own_hero_seat,
    refuse_other_hero,
    require_playing,
    resolve_location,
)

__all__ = ["sterling_at"]

R_LANDS = msg("dotr.rule.dx.sterling.lands")
R_GUARDS = msg("dotr.rule.dx.sterling.guards")
R_SEARCH = msg("dotr.rule.dx.sterling.search")
R_BONUS = msg("dotr.rule.dx.sterling.bonus")
R_OUTCOMES = (
    "0: she flies away",
    "1: any 2 Hero Cards from the discard pile, or draw 2",
    "2: draw 1 Quest",
    "3: she forces a General back 1 location, then flies away",
)
R_VISIONS = msg("dotr.rule.dx.sterling.visions")
GUARDED = msg("dotr.dragon.sterling.guarded")
# R_OUTCOMES' words without their number, in the reader's language.
OUTCOMES = (
    msg("dotr.sterling.outcome.0"),
    msg("dotr.sterling.outcome.1"),
    msg("dotr.sterling.outcome.2"),
    msg("dotr.sterling.outcome.3"),
)
SEARCH_DICE = 3
SUCCESS = 5


def sterling_at(state: State) -> str | None:
    found = (state.get("sterling") or {}).get("location")
    return str(found) if found else None


def _land(ctx: Context, location: str, steps: list[Step]) -> None:
    ctx.set("sterling", {**(ctx.state.get("sterling") or {}), "location": location})
    steps.append(
        Step(msg("dotr.sterling.place", location=location_ref(ctx.state, location)), R_LANDS)
    )


def drawn(realm: Realm, card: Card) -> Callable[[dict[str, Any]], None] | None:
    """Sterling lands where her card says; a card whose location nobody entered makes the
    night wait until the table says where she landed (``sterling_lands`` carries it on)."""
    ctx = realm.ctx
    ctx.put("decks", "darkness_spreads", "discard", [card.id])
    location = card.data.get("location")
    waits: Callable[[dict[str, Any]], None] | None = None
    if location:
        _land(ctx, str(location), realm.steps)
    else:
        entry = add_pending(ctx, {"type": "sterling_location", "card": card.id})
        if realm.narrate:  # a simulated night (the forecast) cannot know where she lands
            waits = partial(_hold_night, ctx, entry["id"])
        if get_deck(ctx.state, "darkness_spreads")["owner"] == "table":
            realm.step(msg("dotr.sterling.unentered.table", card=card_ref(card)), R_LANDS)
        else:
            # The app holds her cards (setup: they stay in the box): one not drawn yet is read.
            realm.step(msg("dotr.sterling.unentered.box", card=card_ref(card)), R_LANDS)
    realm.step(msg("dotr.sterling.discard"), R_LANDS)
    if waits is not None:
        realm.step(msg("dotr.sterling.night_waits"), R_LANDS)
    ctx.emit(
        "sterling_arrives",
        msg("dotr.sterling.drawn", card=card_ref(card)),
        data={"card": card.id, "location": location},
        steps=realm.take_steps(),
    )
    return waits


def _hold_night(ctx: Context, entry_id: int, then: dict[str, Any]) -> None:
    """The rest of the night, kept on the pending landing until the table answers."""
    ctx.set(
        "pending",
        [
            {**p, "then": then} if p.get("id") == entry_id else p
            for p in ctx.state.get("pending") or []
        ],
    )


def guards(realm: Realm, loc: str, by_general: bool) -> tuple[Text, Text] | None:
    # Runs before every minion placed: sterling_at, inlined.
    found = None if by_general else (realm.ctx.state.get("sterling") or {}).get("location")
    if not found or str(found) != loc:
        return None
    return R_GUARDS, GUARDED


@command(
    "sterling_lands",
    args={"location": Arg("str", required=True, offers=board_choices)},
    systems=DOTR,
)
def sterling_lands(ctx: Context, args: dict[str, Any]) -> None:
    """Where Sterling landed, when her card's location is not entered."""
    require_playing(ctx.state)
    entry = find_pending(ctx.state, "sterling_location", "no_sterling_card", "Sterling card")
    location = resolve_location(ctx.state, args["location"])
    remove_pending(ctx, entry)
    steps: list[Step] = []
    _land(ctx, location, steps)
    then = entry.get("then")
    if then:
        steps.append(Step(msg("dotr.sterling.night_goes_on"), R_LANDS))
    ctx.emit(
        "sterling_landed",
        msg("dotr.sterling.landed", location=location_ref(ctx.state, location)),
        data={"card": entry["card"], "location": location},
        steps=steps,
    )
    if then and not ctx.state.get("outcome"):
        # The night she interrupted goes on, from the card after hers, with her on the board.
        continue_night(ctx, list(then["plan"]), int(then["index"]), list(then["queue"]))


def _turn(state: State) -> list[Any]:
    turn = state.get("turn") or {}
    return [turn.get("number"), turn.get("active_seat")]


@command(
    "search_sterling",
    args={
        "rolls": DICE,
        "quest_dice": Arg(
            "int", default=0, minimum=0, maximum=3, description="Extra dice from Quest bonuses."
        ),
        "card": Arg(
            "str",
            description="Table-owned encounter deck: the card drawn, if entered.",
            offers=table_deck("sterling"),
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def search_sterling(ctx: Context, args: dict[str, Any]) -> None:
    """Search for Sterling: 3 dice (a Quest roll), 5 or 6 a success; then her encounter card."""
    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    hero = ctx.state["heroes"][seat]
    name = hero_name(ctx.state, seat)
    where = sterling_at(ctx.state)
    if where is None:
        raise RuleViolation(
            msg("error.dotr.dragon.sterling.sterling_not_board"), code="sterling_absent"
        )
    if hero["location"] != where:
        raise RuleViolation(
            msg(
                "error.dotr.dragon.sterling.must_stand_with_sterling",
                name=name,
                location=location_name(ctx.state, where),
            ),
            code="not_with_sterling",
        )
    if find_any(ctx.state, "sterling_bonus"):
        raise RuleViolation(
            msg("error.dotr.dragon.sterling.bonus_sterling_still_be_chosen"), code="pending_choice"
        )
    searched = list((ctx.state.get("sterling") or {}).get("searched") or [])
    mark = [*_turn(ctx.state), seat]
    if mark in searched:
        raise RuleViolation(
            msg("error.dotr.dragon.sterling.already_searched_this_turn", name=name),
            code="searched_this_turn",
        )
    count = SEARCH_DICE + args["quest_dice"] + (1 if hero["hero"] == "sorceress" else 0)
    dice, physical = roll(ctx, args["rolls"], count)
    successes = sum(1 for die in dice if die >= SUCCESS)
    card_id = _encounter_card(ctx, args["card"])
    ctx.set("sterling", {**ctx.state["sterling"], "searched": [*searched, mark]})
    best = min(successes, len(R_OUTCOMES) - 1)
    add_pending(ctx, {"type": "sterling_bonus", "seat": seat, "max": best, "card": card_id})
    shown = ", ".join(map(str, dice))
    hero_word = hero_ref(ctx.state, seat)
    steps = [
        Step(msg("dotr.sterling.rolls", hero=hero_word, dice=shown, count=successes), R_SEARCH)
    ]
    if hero["hero"] == "sorceress":
        steps.insert(0, Step(msg("dotr.sterling.one_more", hero=hero_word), R_VISIONS))
    card = game_cards(ctx.state).get(card_id or "")
    # A printed outcome is a sentence of its own: its last full stop gives way to the step's.
    printed = [str(t).rstrip().rstrip(".") for t in card.data.get("outcomes") or []] if card else []
    outcomes: list[Text] = [*printed] or [*OUTCOMES]
    drawn = card_ref(card) if card else msg("dotr.sterling.top_encounter")
    if best == 0:
        told = msg("dotr.sterling.draw_bonus_none", card=drawn, hero=hero_word, outcome=outcomes[0])
    else:
        offered = [
            msg("dotr.sterling.outcome.line", n=n, outcome=text)
            for n, text in enumerate(outcomes[: best + 1])
        ]
        told = msg(
            "dotr.sterling.draw_bonus",
            card=drawn,
            hero=hero_word,
            best=best,
            outcomes=listing(offered, conjunction=False, separator="; "),
        )
    steps.append(Step(told, R_BONUS))
    ctx.emit(
        "sterling_search",
        msg("dotr.sterling.searched", hero=hero_word, dice=shown, count=successes),
        data={"seat": seat, "rolls": dice, "rolled_by": "table" if physical else "app",
              "successes": successes, "card": card_id, "max_bonus": best},
        steps=steps,
    )  # fmt: skip


def find_any(state: State, kind: str) -> bool:
    return any(p.get("type") == kind for p in state.get("pending") or [])


def _encounter_card(ctx: Context, named: str | None) -> str | None:
    deck = (ctx.state.get("decks") or {}).get("sterling")
    if deck is None:
        return None
    if deck["owner"] == "table":
        if named is None:
            return None
        return draw_cards(ctx, "sterling", count=1, cards=[named], rule=render_text(R_SEARCH))[0]
    if named is not None:
        raise InvalidArguments(
            {"card": [msg("error.dotr.dragon.sterling.app_draws_sterling_s_cards")]}
        )
    return draw_cards(ctx, "sterling", count=1, cards=None, rule=render_text(R_SEARCH))[0]


def _title_ref(state: State, card_id: str) -> Text:
    """A card as printed (``offers.card_title``: a Hero Card with its colour, a Special Card
    marked as one), for a message: a title the table entered is shown as entered."""
    card = game_cards(state).get(card_id)
    if card is None:
        return msg("dotr.dragon.card.not_known")
    title = card.data.get("title")
    name: Text = str(title) if title else card_ref(card)
    if card.kind == "special":
        return msg("dotr.dragon.card.special", card=name)
    colour = card.data.get("colour")
    if colour:
        return msg("dotr.dragon.card.coloured", card=name, colour=colour_ref(str(colour)))
    return name


def _hero_discard(state: State, actor: str | None = None) -> list[Choice]:
    """The Hero Cards of the discard pile, by name (bonus 1 takes 2 of them)."""
    pile = ((state.get("decks") or {}).get("hero") or {}).get("discard") or []
    return card_choices(state, list(dict.fromkeys(pile)))


def _table_drawn(state: State, actor: str | None = None) -> list[Choice]:
    """The Hero Cards and Quests a table-owned deck may have given (none when the app draws)."""
    return [*table_deck("hero")(state, actor), *table_deck("quest")(state, actor)]


@command(
    "sterling_bonus",
    args={
        "bonus": Arg(
            "int",
            required=True,
            minimum=0,
            maximum=3,
            description="At most the successes rolled: 0 she flies away; 1 any 2 Hero Cards "
            "from the discard pile, or draw 2; 2 draw a Quest; 3 she forces a General back 1 "
            "location, then flies away.",
        ),
        "take": Arg(
            "list[str]",
            max_items=2,
            description="Bonus 1: the 2 Hero Cards taken from the discard pile (none: draw 2).",
            offers=_hero_discard,
            unique=True,
        ),
        "drawn": Arg(
            "list[str]",
            max_items=2,
            description="Table-owned Hero or Quest deck: the cards drawn.",
            offers=_table_drawn,
        ),
        "general": Arg(
            "str", description="Bonus 3: the General forced back.", offers=general_choices
        ),
    },
    systems=DOTR,
)
def sterling_bonus(ctx: Context, args: dict[str, Any]) -> None:
    """The bonus the hero takes from Sterling's card (at most the successes rolled)."""
    require_playing(ctx.state)
    entry = find_pending(ctx.state, "sterling_bonus", "no_sterling_bonus", "Sterling bonus")
    bonus: int = args["bonus"]
    if bonus > entry["max"]:
        raise RuleViolation(
            msg(
                "error.dotr.dragon.sterling.choose_bonus_from_0",
                count=count_of(entry["max"], "word:success", "success", "successes"),
                max=entry["max"],
            ),
            code="bonus_too_high",
        )
    seat = entry["seat"]
    # The bonus (cards into the hand among them) is the hero's choice.
    refuse_other_hero(ctx, seat)
    name = hero_ref(ctx.state, seat)
    steps: list[Step] = [
        Step(msg("dotr.sterling.bonus", hero=name, bonus=bonus, outcome=OUTCOMES[bonus]), R_BONUS)
    ]
    remove_pending(ctx, entry)
    if bonus == 1:
        _wisdom(ctx, seat, args["take"] or [], args["drawn"], steps)
    elif bonus == 2:
        drawn = draw_cards(ctx, "quest", count=1, cards=args["drawn"], rule=render_text(R_BONUS))
        ctx.put("decks", "quest", "hands", seat, drawn)
        ctx.put("heroes", seat, "quests", drawn)
        steps.append(Step(msg("dotr.sterling.draws_quest", hero=name), R_BONUS))
    elif bonus == 3:
        _push_back(ctx, args["general"], steps)
    if bonus in (0, 3):
        ctx.set("sterling", {**ctx.state["sterling"], "location": None})
        steps.append(Step(msg("dotr.sterling.flies_away"), R_BONUS))
    if entry.get("card"):
        ctx.put("decks", "sterling", "discard", [entry["card"]])
    ctx.emit(
        "sterling_bonus",
        msg("dotr.sterling.bonus_taken", hero=name, bonus=bonus),
        data={"seat": seat, "bonus": bonus, "card": entry.get("card")},
        steps=steps,
    )
    if bonus == 2:
        replace_unachievable_quests(ctx, seat, list(ctx.state["heroes"][seat]["quests"][-1:]))


def _wisdom(
    ctx: Context, seat: str, take: list[str], drawn: list[str] | None, steps: list[Step]
) -> None:
    name = hero_ref(ctx.state, seat)
    if take:
        discard = get_deck(ctx.state, "hero")["discard"]
        if len(take) != min(2, len(discard)):
            raise InvalidArguments(
                {"take": [msg("error.dotr.dragon.sterling.take_2_hero_cards_from")]}
            )
        move_cards(ctx, "hero", take, source="discard", target="hand", seat=seat)
        taken = listing([_title_ref(ctx.state, card) for card in take])
        steps.append(Step(msg("dotr.sterling.takes", hero=name, cards=taken), R_BONUS))
        return
    cards = draw_cards(ctx, "hero", count=2, cards=drawn, rule=render_text(R_BONUS))
    ctx.put("decks", "hero", "hands", seat, cards)
    steps.append(Step(msg("dotr.sterling.draws_two", hero=name), R_BONUS))


def _push_back(ctx: Context, raw: str | None, steps: list[Step]) -> None:
    generals = ctx.state.get("generals") or {}
    general_id = raw if raw in generals else None
    if general_id is None or generals[general_id].get("defeated"):
        raise InvalidArguments(
            {"general": [msg("error.dotr.dragon.sterling.name_general_play_force_back")]}
        )
    general = generals[general_id]
    known = game_pack(ctx.state).generals[general_id]
    if known.movement == "dragon_flight":
        previous = general.get("previous")
        setting = (ctx.state.get("settings") or {}).get("sterling_pushes_brimstone", "never")
        if setting != "previous" or not previous:
            raise RuleViolation(
                msg("error.dotr.dragon.sterling.has_no_path_be_forced", name=known.name),
                code="no_path",
            )
        ctx.set("generals", general_id, {**general, "location": previous, "previous": None})
        target = previous
    else:
        index = int(general.get("path_index", 0))
        if index == 0:
            raise RuleViolation(
                msg("error.dotr.dragon.sterling.start_path", name=known.name), code="at_start"
            )
        target = known.path[index - 1]
        ctx.set("generals", general_id, {**general, "location": target, "path_index": index - 1})
    steps.append(
        Step(
            msg(
                "dotr.sterling.push_back",
                general=i18n.name(f"general:{general_id}", known.name),
                location=location_ref(ctx.state, target),
            ),
            R_BONUS,
        )
    )
