"""The night: the Darkness Spreads cards of the War Status, resolved one by one.

Rules decisions:

* Cards per night (content-facts "War Status"): Early 1, Mid 2, Late 3; which extra cards only
  move their General is the setting ``extra_cards_general_only``. A General-only card places no
  minions and has no Orc or Monarch City effect; its General still advances with the minions
  shown for it.
* Cards are drawn one at a time, each resolved, then discarded: when the deck runs out the
  discard (including this night's cards already resolved) is shuffled into a new deck.
* A standard card (content-facts "Darkness Spreads card"; UBG Example 1): the minions shown,
  in the printed order, then the named General advances only if the named location is the next
  space of its path ("next" cards always advance it one space) and brings the minions shown for
  it to its new space; a General that does not move brings nothing. Entering Monarch City loses
  the game. Defeated Generals do not move.
* Orc Patrols: 1 Orc on every empty green location (no minion of any colour; Generals and heroes
  do not count), in alphabetical order; then its General advances (UBG Example 2).
* Orc War Party (J and JM; card wording unverified): 1 Orc on every location holding exactly one
  Orc and no other minion; then its General advances (its card names Monarch City, so only a
  General on the last space before the City moves, which loses the game).
* All is Quiet: nothing happens. Monarch City card (UBG): 1 minion of each colour present on the
  locations next to Monarch City is added to the City.
* Each card is one ``darkness_spreads_card`` event. Once the game is lost nothing more resolves.
* The turn sequence (base/turn.py): the night follows the active hero's evening. It is refused
  before that hero has drawn the evening's Hero Cards (``evening_not_drawn``) unless the table
  says it skips the draw (``skip_evening``); a night that names the turn it follows (``seat``,
  ``round``: what the phone showed) is refused once that turn's night has run
  (``night_already_run``), so a second tap never runs the next hero's night.
* After the night the turn passes to the next seat (by number) that has a hero; ``turn.number``
  counts rounds and grows by one when the turn wraps past the last such seat (or at every night
  while no seat has a hero).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from deck_tracker.engine.commands import Arg, Choice, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, LazyStep, State, Step, snapshot
from deck_tracker.engine.decks import (
    all_cards,
    get_deck,
    take_from_draw,
    take_named_from_draw,
)
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Text, msg, render_text
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.reading import READING, carry_on, last_read_id
from deck_tracker.engine.rules.dotr.base.board import BoardData, GameOver, Realm, card_ref
from deck_tracker.engine.rules.dotr.base.offers import card_title
from deck_tracker.engine.rules.dotr.base.packs import game_cards, game_pack, unread
from deck_tracker.engine.rules.dotr.base.pending import night_waits
from deck_tracker.engine.rules.dotr.base.reading import ask_to_read
from deck_tracker.engine.rules.dotr.base.settings import general_only_plan
from deck_tracker.engine.rules.dotr.base.table import seat_choices
from deck_tracker.engine.rules.dotr.base.turn import ACTIONS, evening_drawn, player_name
from deck_tracker.engine.rules.dotr.registry import UNCOUNTED

__all__ = [
    "CARDS_PER_NIGHT",
    "city_card_colours",
    "continue_night",
    "next_turn",
    "next_turn_of",
    "night",
    "patrol_targets",
    "recorded_turn",
    "resolve_card",
    "turn_after_night",
    "war_party_targets",
    "war_status",
]

DS = "darkness_spreads"
CARDS_PER_NIGHT = {"early": 1, "mid": 2, "late": 3}
WAR_STATUS = ("early", "mid", "mid", "late")

# The War Status as the table reads it ("Early War").
WAR_WORDS = {
    "early": msg("dotr.war.early"),
    "mid": msg("dotr.war.mid"),
    "late": msg("dotr.war.late"),
}

R_NIGHT = msg("dotr.rule.night")
R_GENERAL_ONLY = msg("dotr.rule.general_only")
R_PATROLS = msg("dotr.rule.orc_patrols")
R_WAR_PARTY = msg("dotr.rule.orc_war_party")
R_QUIET = msg("dotr.rule.all_is_quiet")
R_SPECIAL = msg("dotr.rule.special")
R_CITY_CARD = msg("dotr.rule.city_card")
R_DISCARD = msg("dotr.rule.discard")
R_TURN = msg("dotr.rule.turn_order")
R_SEQUENCE = msg("dotr.rule.turn_sequence")

# Cards that do not count as Darkness Spreads cards (UNCOUNTED) and rules that keep a resolved
# card (CARD_RESOLVED) are declared, in order, in hooks.py.


def war_status(state: dict[str, Any]) -> str:
    level = int(state.get("war_level") or 0)
    return WAR_STATUS[max(0, min(level, len(WAR_STATUS) - 1))]


def resolve_card(realm: Realm, card: Card, *, general_only: bool = False) -> None:
    """Resolve one Darkness Spreads card on the board (raises GameOver when the Realm falls)."""
    data = card.data
    if general_only:
        named = (
            msg("dotr.night.general_only.moves")
            if data.get("general")
            else msg("dotr.night.general_only.none")
        )
        realm.step(msg("dotr.night.general_only", card=card_ref(card), what=named), R_GENERAL_ONLY)
    elif card.kind == "all_is_quiet":
        realm.step(msg("dotr.night.all_is_quiet"), R_QUIET)
    elif card.kind == "orc_patrols":
        _orc_patrols(realm)
    elif card.kind == "orc_war_party":
        _orc_war_party(realm)
    elif card.kind == "monarch_city":
        _monarch_city(realm)
    elif card.kind == "special":
        _special(realm, card)
    else:
        for placement in data["placements"]:
            realm.place(placement["colour"], placement["count"], placement["location"])
    general = data.get("general")
    if general is not None:
        realm.advance_general(general, data["general_to"], int(data["general_minions"]))


def _special(realm: Realm, card: Card) -> None:
    """A Dragon expansion 'Special' card (in place of the Orc cards): the table carries it out."""
    text = card.data.get("text")
    if text:
        title = card.data.get("title")
        realm.step(msg("dotr.night.special", card=title or card_ref(card), text=text), R_SPECIAL)
        return
    realm.step(msg("dotr.night.special.unknown", card=card_ref(card)), R_SPECIAL)


# ---- the cards' decisions, shared with the night on arrays (``array_night.py``) -------------
# Each takes the board through two readers (a location's minions by colour, its minion count),
# so the command path (dicts in the state) and a simulation (arrays) ask the same question.


def patrol_targets(data: BoardData, count_at: Callable[[str], int]) -> list[str]:
    """Orc Patrols: the empty green locations, in alphabetical order."""
    return [loc for loc in data.green if not count_at(loc)]


def war_party_targets(
    data: BoardData, green_at: Callable[[str], int], count_at: Callable[[str], int]
) -> list[str]:
    """Orc War Party: the locations (not Inns) holding exactly one Orc and no other minion,
    in alphabetical order."""
    return sorted(
        loc
        for loc, kind in data.kinds.items()
        if kind != "inn" and green_at(loc) == 1 and count_at(loc) == 1
    )


def city_card_colours(data: BoardData, present_at: Callable[[str], Iterable[str]]) -> list[str]:
    """The Monarch City card: each colour present on a location next to Monarch City, in the
    order of the colours."""
    present: set[str] = set()
    for loc in data.adjacency[data.city]:
        present.update(present_at(loc))
    return [c for c in data.plural if c in present]


def _orc_patrols(realm: Realm) -> None:
    empty = patrol_targets(realm.data, realm.count_at)
    if not empty:
        realm.step(msg("dotr.night.orc_patrols.none"), R_PATROLS)
        return
    realm.require_minions("green", len(empty), msg("dotr.night.where.empty_green"))
    realm.step(msg("dotr.night.orc_patrols", count=len(empty)), R_PATROLS)
    for loc in empty:
        realm.place("green", 1, loc, rule=R_PATROLS)


def _orc_war_party(realm: Realm) -> None:
    lone = war_party_targets(realm.data, lambda loc: realm.minions_at(loc)["green"], realm.count_at)
    if not lone:
        realm.step(msg("dotr.night.orc_war_party.none"), R_WAR_PARTY)
        return
    realm.require_minions("green", len(lone), msg("dotr.night.where.lone_orc"))
    for loc in lone:
        realm.place("green", 1, loc, rule=R_WAR_PARTY)


def _monarch_city(realm: Realm) -> None:
    data = realm.data
    colours = city_card_colours(
        data, lambda loc: [c for c, n in realm.minions_at(loc).items() if n]
    )
    if not colours:
        realm.step(msg("dotr.night.city_card.none"), R_CITY_CARD)
        return
    for colour in colours:
        realm.place(colour, 1, data.city, rule=R_CITY_CARD)


def next_turn(ctx: Context) -> tuple[str | None, int]:
    """The seat of the next hero's turn and the round number it is in."""
    return next_turn_of(ctx.state)


def next_turn_of(state: State) -> tuple[str | None, int]:
    """:func:`next_turn` read from a state: the seat after the active one in seat order (the
    seats' numbers), else the first seat in a new round."""
    turn = state.get("turn") or _NO_TURN  # read, not written
    return _turn_after(turn.get("active_seat"), int(turn.get("number") or 1), state.get("heroes"))


def _turn_after(active: Any, number: int, heroes: Any) -> tuple[str | None, int]:
    """:func:`next_turn_of` from the active seat, the round ``number`` and the heroes. One pass
    over the heroes, no list: of seats with the same number the first one listed, as a stable
    sort of them would give."""
    if not heroes:
        return None, number + 1
    numbers = _SEAT_NUMBERS
    after: int | None = None
    if active is not None:
        after = numbers.get(active) if type(active) is str else None
        if after is None:
            try:
                after = _seat_number(active)
            except (TypeError, ValueError):
                for seat in heroes:  # a seat that is no number is the error, as sorting them said
                    int(seat)
                raise
    first: Any = None
    first_at: int | None = None
    following: Any = None
    following_at: int | None = None
    for seat in heroes:
        at = numbers.get(seat)
        if at is None:
            at = _seat_number(seat)
        if first_at is None or at < first_at:
            first, first_at = seat, at
        if after is not None and at > after and (following_at is None or at < following_at):
            following, following_at = seat, at
    if following_at is not None:
        return following, number
    return first, number + 1


# Each seat's number as read (``int(seat)``), kept for the next night: a simulated night passes
# the turn every time. Seats are written as text; a handful per table.
_SEAT_NUMBERS: dict[str, int] = {}


def _seat_number(seat: Any) -> int:
    """``int(seat)``, kept in :data:`_SEAT_NUMBERS` for a seat written as text."""
    number = int(seat)
    if type(seat) is str and len(_SEAT_NUMBERS) < 256:
        _SEAT_NUMBERS[seat] = number
    return number


def _unread_title(state: State, card: Card) -> str:
    general = str(card.data.get("general") or "")
    name = game_pack(state).generals.get(general)
    return f"{name.name if name else 'A dragon'}: a card we have not entered yet"


def drawable_cards(state: State, actor: str | None) -> list[Choice]:
    """A table-owned Darkness Spreads deck: the cards that may come up, by name (sorted: never
    an order). A dragon General's cards nobody has entered are one choice per General, "a card
    we have not entered yet", which may be named as often as such cards come up; the table then
    reads it."""
    deck = (state.get("decks") or {}).get(DS) or {}
    if deck.get("owner") != "table":
        return []
    cards = game_cards(state)
    choices: dict[str, Choice] = {}
    for card_id in dict.fromkeys(deck.get("draw") or []):
        card = cards.get(card_id)
        if card is not None and card.data.get("unread"):
            key = f"unread:{card.data.get('general')}"
            if key not in choices:
                choices[key] = Choice(card_id, _unread_title(state, card))
        else:
            choices[card_id] = Choice(card_id, card_title(state, card_id))
    return sorted(choices.values(), key=lambda choice: render_text(choice.title))


def _distinct_unread(state: State, named: list[str]) -> list[str]:
    """A card we have not entered yet, named more than once in a night: each time another of
    that General's unread cards (they are all alike until read)."""
    cards = game_cards(state)
    draw = list(get_deck(state, DS)["draw"])
    out: list[str] = []
    for card_id in named:
        card = cards.get(card_id)
        if card_id in out and card is not None and card.data.get("unread"):
            general = card.data.get("general")
            card_id = next(
                (
                    other
                    for other in draw
                    if other not in out
                    and other not in named
                    and cards[other].data.get("unread")
                    and cards[other].data.get("general") == general
                ),
                card_id,
            )
        out.append(card_id)
    return out


@command(
    "night",
    args={
        "cards": Arg(
            "list[str]",
            max_items=12,
            description="A table-owned Darkness Spreads deck only: the cards drawn, in order "
            "(with any Global Effect or Sterling card drawn among them); a dragon's card not "
            "entered yet is named as such and read at the table.",
            offers=drawable_cards,
        ),
        "seat": Arg(
            "str",
            description="The seat whose turn this night ends, as the phone showed it; a night "
            "already run for that turn is refused (night_already_run).",
            offers=seat_choices,
        ),
        "round": Arg("int", minimum=1, description="The round of that turn, as shown."),
        "skip_evening": Arg(
            "bool",
            default=False,
            description="The table skips the active hero's evening draw (2 Hero Cards).",
        ),
    },
    systems=frozenset({"dotr"}),
    unavailable=night_waits,
)
def night(ctx: Context, args: dict[str, Any]) -> None:
    """Resolve the night: the Darkness Spreads cards the War Status asks for."""
    state = ctx.state
    if state.get("outcome"):
        raise RuleViolation(msg("error.dotr.base.night.game_over"), code="game_over")
    skipper = _check_turn(ctx, args)
    # The night names whose evening precedes it (the turn read, not copied: nothing writes it).
    turn = state.get("turn") or _NO_TURN
    ending = turn.get("active_seat")
    level = int(state.get("war_level") or 0)
    status = WAR_STATUS[max(0, min(level, len(WAR_STATUS) - 1))]  # war_status(state)
    plan = general_only_plan(state.get("settings") or {}, status, level)
    count = len(plan)
    table_owned = get_deck(state, DS)["owner"] == "table"
    named: list[str] = list(args.get("cards") or [])
    if named or table_owned:
        named = _named_cards(ctx, named, table_owned, status, count)
    war = WAR_WORDS[status]
    ctx.emit(
        "night_began",
        msg(
            "dotr.night.began.after",
            # The player whose evening was skipped is the one whose turn the night ends.
            player=skipper if skipper is not None else player_name(state, ending),
            war=war,
            count=count,
        )
        if ending
        else msg("dotr.night.began", war=war, count=count),
        data={
            "war_status": status,
            "count": count,
            "general_only": list(plan),
            "after_turn_of": ending,
            "round": int(turn.get("number") or 1),
            "evening_skipped": skipper is not None,
        },
        steps=[Step(msg("dotr.night.draw", count=count), R_NIGHT)] if ctx.narrate else (),
    )
    continue_night(ctx, list(plan), 0, named)


_NO_TURN: dict[str, Any] = {"number": 1, "active_seat": None}


def _named_cards(
    ctx: Context, named: list[str], table_owned: bool, status: str, count: int
) -> list[str]:
    """The cards a table-owned deck's night names, checked (none for an app-owned deck)."""
    if table_owned and named:
        named = _distinct_unread(ctx.state, named)
    cards = game_cards(ctx.state) if named else {}
    counted = [c for c in named if c not in cards or cards[c].kind not in UNCOUNTED]
    if table_owned and (len(counted) != count or (named and named[-1] not in counted)):
        raise InvalidArguments(
            {
                "cards": [
                    msg(
                        "error.dotr.base.night.war_draws_name_them_order",
                        title=status.title(),
                        count=count_of(count, "word:card", "card", "cards"),
                    )
                ]
            }
        )
    if not table_owned and named:
        raise InvalidArguments({"cards": [msg("error.dotr.base.night.app_draws_this_deck_omit")]})
    if len(set(named)) != len(named):
        raise InvalidArguments({"cards": [msg("error.dotr.base.night.card_named_twice")]})
    known = set(all_cards(get_deck(ctx.state, DS))) if named else set()
    unknown = [card for card in named if card not in known]
    if unknown:
        raise RuleViolation(
            msg(
                "error.dotr.base.night.darkness_spreads_deck_has_no",
                items=", ".join(map(repr, unknown)),
            ),
            code="unknown_card",
        )
    return named


def continue_night(
    ctx: Context, plan: list[bool], start: int, queue: list[str], drawn: str | None = None
) -> None:
    """Resolve the night's cards from ``start`` (``drawn``: that card is already drawn, read at
    the table), then pass the turn. A card nobody has entered stops the night: the table is
    asked to read it (``reading.py``) and its answer continues the night here."""
    realm = Realm(ctx)
    state = ctx.state  # written in place by the context: the same dict throughout
    count = len(plan)
    narrate = realm.narrate
    card_resolved = realm.card_resolved
    # The game's cards, read again before each card where an expansion's rule ran since the
    # last read (only the table's reading or an expansion changes what a game's content is).
    hooked = bool(
        realm.placement_blocks
        or realm.after_placed
        or realm.general_movers
        or realm.general_moved_rules
        or card_resolved
    )
    cards = None
    for index in range(start, count):
        general_only = plan[index]
        if cards is None or hooked:
            cards = game_cards(state)
        if drawn is not None:
            card, drawn = cards[drawn], None
        else:
            while True:
                deck = get_deck(state, DS)
                if deck["owner"] != "table" and deck["draw"]:
                    # The common case, without a call: the app's own pile, its top card (no
                    # reshuffle needed).
                    card = cards[ctx.take("decks", DS, "draw", 1)[0]]
                else:
                    card = cards[_draw_one(ctx, deck["owner"] == "table", queue)]
                extra = UNCOUNTED.get(card.kind)
                if extra is None:
                    break
                hooked = True
                since = last_read_id(ctx.state)
                try:
                    waits = extra(realm, card)
                except GameOver:
                    _lost(ctx)
                    return
                # A card it met is to be read first: the night goes on from here once it is.
                if carry_on(ctx, since, _night_from(plan, index, queue)):
                    return
                # The table answers first (where Sterling lands): that answer goes on from here.
                if waits is not None:
                    waits(_night_from(plan, index, queue))
                    return
            if unread(card):
                ask_to_read(
                    ctx,
                    card,
                    DS,
                    resume={"rule": "night", "plan": plan, "index": index, "queue": queue},
                    detail=msg("reading.detail.darkness_spreads", number=index + 1, count=count),
                )
                return
        card_id = card.id
        lost = False
        since = last_read_id(state) if state.get(READING) else 0
        overruns, crystals = realm.overruns, realm.crystals
        try:
            resolve_card(realm, card, general_only=general_only)
        except GameOver:
            lost = True
        kept = False
        if not lost:
            for keep in card_resolved:
                if keep(realm, card):
                    kept = True
                    break
        if not kept:
            ctx.put("decks", DS, "discard", [card_id])
            if narrate:
                realm.steps.append(LazyStep(R_DISCARD, _discard_text, card))
        ctx.emit(
            "darkness_spreads_card",
            msg(
                "dotr.night.card.general_only" if general_only else "dotr.night.card",
                index=index + 1,
                of=count,
                card=card_ref(card),
            ),
            data={
                "card": card_id,
                "name": card.name,
                "kind": card.kind,
                "index": index + 1,
                "of": count,
                "general_only": general_only,
                "overruns": realm.overruns - overruns,
                "crystals": realm.crystals - crystals,
            },
            steps=realm.take_steps(),
        )
        if realm.tally is not None:
            realm.tally.cards += 1
        if lost:
            _lost(ctx)
            return
        # A card the resolved one brought up is to be read first (a Winds of War card turned
        # by a Quiet Night): the night goes on with its next card once it is.
        if state.get(READING) and carry_on(ctx, since, _night_from(plan, index + 1, queue)):
            return
    turn, seat, number = turn_after_night(state)
    ctx.set_copied("turn", turn, recorded_turn(turn))
    name = player_name(state, seat)
    # A simulated night (``ctx.narrate`` False) builds no step for the table.
    steps = (
        [Step(msg("dotr.turn.next", player=name) if seat else msg("dotr.turn.wait"), R_TURN)]
        if narrate
        else []
    )
    ctx.emit(
        "turn_passed",
        msg("dotr.turn.round", number=number, player=name) if seat else msg("dotr.turn.no_hero"),
        data={"active_seat": seat, "number": number},
        steps=steps,
    )


def _discard_text(card: Card) -> Text:
    return msg("dotr.night.discard", card=card_ref(card))


def turn_after_night(state: State) -> tuple[dict[str, Any], str | None, int]:
    """The turn once the night is over: the next hero's (``seat``, round ``number``), with the
    night just run noted (``last_night``)."""
    ended = state.get("turn") or _NO_TURN  # read, not written
    ended_number = ended.get("number") or 1
    if type(ended_number) is not int:  # ``int()`` only for what is no int (a round as text)
        ended_number = int(ended_number)
    ended_seat = ended.get("active_seat")
    seat, number = _turn_after(ended_seat, ended_number, state.get("heroes"))
    last_night = {"number": ended_number, "seat": ended_seat}
    # A copy with its keys set again: the same keys in the same order as ``{**ended, ...}``, at
    # about two thirds of the cost (a simulated night passes the turn every time).
    turn = ended.copy()
    turn["number"] = number
    turn["active_seat"] = seat
    turn["phase"] = ACTIONS
    turn["last_night"] = last_night
    return turn, seat, number


def recorded_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """``snapshot(turn)`` of a turn made by :func:`turn_after_night`, for the change that
    records it: when it holds only the four keys that function sets (the round, the seat and
    the phase plain values, ``last_night`` a flat dict of two), two plain copies, without
    walking it; any other turn is walked by ``snapshot``."""
    last = turn["last_night"]
    if len(turn) == 4 and len(last) == 2 and type(last["seat"]) not in _CONTAINERS:
        copy = turn.copy()
        copy["last_night"] = last.copy()
        return copy
    return snapshot(turn)  # type: ignore[no-any-return]


_CONTAINERS = (dict, list)


def _night_from(plan: list[bool], index: int, queue: list[str]) -> dict[str, Any]:
    """What carries the night on from card ``index`` once a card met on the way is read."""
    return {"rule": "night", "plan": list(plan), "index": index, "queue": list(queue)}


def _check_turn(ctx: Context, args: dict[str, Any]) -> Text | None:
    """The night follows the active hero's evening; when the table skips that evening, the name
    of its player (``player_name``), else None."""
    state = ctx.state
    turn = state.get("turn") or _NO_TURN  # read, not written
    active = turn.get("active_seat")
    number = int(turn.get("number") or 1)
    named, shown_round = args.get("seat"), args.get("round")
    if named is not None and named not in (state.get("seats") or {}):
        raise RuleViolation(
            msg("error.dotr.base.night.there_no_seat_this_table", named=named), code="unknown_seat"
        )
    if (named is not None and named != active) or (
        shown_round is not None and shown_round != number
    ):
        last = turn.get("last_night") or {}
        ran = bool(last) and (
            (named is None or last.get("seat") == named)
            and (shown_round is None or last.get("number") == shown_round)
        )
        who = player_name(state, named if named is not None else active)
        now = player_name(state, active)
        if ran:
            raise RuleViolation(
                msg("error.dotr.base.night.night_after_s_turn_has", who=who, now=now),
                code="night_already_run",
            )
        raise RuleViolation(
            msg("error.dotr.base.night.s_turn_round_not_turn", now=now, number=number),
            code="not_this_turn",
        )
    if active is None or active not in (state.get("heroes") or {}) or evening_drawn(state):
        return None
    if args.get("skip_evening"):
        player = player_name(state, active)
        ctx.emit(
            "evening_skipped",
            msg("dotr.turn.evening_skipped", player=player),
            data={"seat": active, "turn": number},
            steps=[Step(msg("dotr.turn.no_evening", player=player), R_SEQUENCE)]
            if ctx.narrate
            else [],
        )
        return player
    raise RuleViolation(
        msg("error.dotr.base.night.has_not_drawn_evening_s", player=player_name(state, active)),
        code="evening_not_drawn",
    )


def _draw_one(ctx: Context, table_owned: bool, queue: list[str]) -> str:
    """A card drawn other than from the top of the app's own pile (``continue_night`` takes
    that itself): the app's pile run out (reshuffled), or the card the table names."""
    if not table_owned:
        return take_from_draw(ctx, DS, 1, rule="Darkness Spreads: reshuffle when empty")[0]
    card_id = queue.pop(0)
    pile = get_deck(ctx.state, DS)["draw"]
    if pile and card_id not in pile:
        # The table reshuffles only when its deck has run out.
        raise RuleViolation(
            msg("error.dotr.base.night.not_darkness_spreads_draw_pile", card_id=card_id),
            code="card_not_in_pile",
        )
    return take_named_from_draw(ctx, DS, [card_id])[0]


def _lost(ctx: Context) -> None:
    outcome = ctx.get("outcome")
    ctx.emit(
        "game_lost",
        msg("dotr.board.realm_fallen", reason=outcome.get("reason_msg") or outcome["reason"]),
        data={"outcome": outcome},
        steps=[
            Step(
                msg(
                    "dotr.night.heroes_lose", reason=outcome.get("reason_msg") or outcome["reason"]
                ),
                outcome.get("rule_msg") or outcome["rule"],
            )
        ],
    )
