"""Companions & Catacombs: Dungeons.

State: ``dungeons`` maps a location to its Dungeon, ``{"token": id, "quest_items": [quest ids],
"treasure_room": id | None}``; the token lies on the ``dungeon_token`` deck's table pile while
on the board. ``dungeon_run`` is the run under way (one at a time, on the hero's turn).

Rules (CC):

* Placing a Dungeon (the starting one, and the Dungeon Event): a die on the table (1 Ancient
  Ruins .. 6 Dragon's Teeth Range) and a random token. A roll naming a location that already
  has a Dungeon puts a Tainted Crystal there and rolls again; the same location rolled again
  takes no second crystal. With no token left nothing is placed.
* Entering costs 4 actions in one turn. The Treasure Room deck and its discard pile are
  shuffled and 1 card drawn: its Exploration Goal. Dungeon Rooms are revealed one at a time;
  a completed room adds its Exploration (0, 1 or 2). The hero may leave after any room (with
  Chumfoot, even after revealing the next one): the revealed cards are shuffled back, the
  Dungeon stays. Minions not defeated escape to a location of their colour if their race is
  active (setting ``dungeon_escape_races``).
* Once the total reaches the goal the Treasure Room is fought: victory gives one of the
  token's Treasures (a Relic), the Treasure Room card (a completed Quest: it counts for the
  Companion limit and the King's Champion), and any Quest items a fallen hero left there; the
  token leaves the board (setting ``conquered_dungeon_token``). Defeat: the penalty (recorded
  with ``wound_hero``); a hero who lives leaves as above.
* A hero dying in a Dungeon (``dungeon_death``): Quest items stay in that Dungeon, every other
  card is discarded, Companions as ``dungeon_death_companions`` says; a new hero starts in
  Monarch City with 2 Hero Cards, a Quest and one used Special card taken back.
* The cards of these decks are not published: unknown ones carry null values, a table-owned
  deck names the card revealed or just its printed number (``exploration``, ``goal``).
"""

from __future__ import annotations

import functools
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import COLOURS, Card, default_packs
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, move_cards, take_from_draw
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.i18n import count as count_of
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.packs import effective_pack
from deck_tracker.engine.rules.dotr.base.pending import add_pending, roll_die
from deck_tracker.engine.rules.dotr.base.table import location_name, location_ref

__all__ = [
    "PACK_ID",
    "ROOMS",
    "TOKENS",
    "TREASURES",
    "card_of",
    "end_run",
    "place_dungeon",
    "return_run_cards",
    "start_run",
    "title_of",
]

PACK_ID = "dotr-companions-catacombs"
ROOMS, TREASURES, RELICS, TOKENS = "dungeon_room", "treasure_room", "relic", "dungeon_token"

R_TABLE = msg("dotr.cc.rule.table")
R_TAKEN = msg("dotr.cc.rule.taken")
R_NO_TOKEN = msg("dotr.cc.rule.no_token")
R_LEAVE = msg("dotr.cc.rule.leave")
R_AFTER = msg("dotr.cc.rule.after")


@functools.cache
def roll_table() -> tuple[str, ...]:
    deck = default_packs()[PACK_ID].deck("companion")
    card = next(c for c in deck.cards if c.data.get("effect") == "dungeon")
    return tuple(card.data["roll_table"])


def card_of(state: State, deck: str, card_id: str) -> Card:
    """A card of the expansion's decks, with what players entered (the game's overlay)."""
    return effective_pack(state, PACK_ID).card(deck, card_id)


def title_of(state: State, deck: str, card_id: str) -> str:
    """The name printed on a card: entered for a numbered slot, else the card's name."""
    card = card_of(state, deck, card_id)
    return str(card.data.get("title") or card.name)


def title_ref(state: State, deck: str, card_id: str) -> Text:
    """:func:`title_of` as a message parameter: a printed name in the reader's language (the
    ``card:`` names), a title the table entered as entered."""
    card = card_of(state, deck, card_id)
    entered = card.data.get("title")
    return str(entered) if entered else i18n.name(f"card:{card.id}", card.name)


def place_dungeon(realm: Realm, rolls: list[int], rule: Text) -> str | None:
    """A Dungeon token on the location the die names (raises GameOver if a crystal loses)."""
    ctx = realm.ctx
    dungeons: dict[str, Any] = dict(ctx.state.get("dungeons") or {})
    if not get_deck(ctx.state, TOKENS)["draw"]:
        realm.step(msg("dotr.cc.dungeons.every_dungeon_token_use_no"), R_NO_TOKEN)
        return None
    crystals: set[str] = set()
    while True:
        value, physical = roll_die(ctx.rng, rolls)
        loc = roll_table()[value - 1]
        who = msg("dotr.cc.dungeons.die_shows" if physical else "dotr.cc.dungeons.app_rolls")
        realm.step(
            msg("dotr.cc.dungeons.text", who=who, value=value, location=realm.data.place_ref(loc)),
            R_TABLE,
        )
        if loc not in dungeons:
            break
        if loc in crystals:
            realm.step(
                msg(
                    "dotr.cc.dungeons.again_no_second_crystal_roll",
                    location=realm.data.place_ref(loc),
                ),
                R_TAKEN,
            )
            continue
        crystals.add(loc)
        realm.step(
            msg(
                "dotr.cc.dungeons.already_has_dungeon_taint_roll",
                location=realm.data.place_ref(loc),
            ),
            R_TAKEN,
        )
        realm.taint(loc, R_TAKEN)
    token = take_from_draw(ctx, TOKENS, 1, rule=rule)[0]
    ctx.put("decks", TOKENS, "table", [token])
    ctx.set(
        "dungeons", {**dungeons, loc: {"token": token, "quest_items": [], "treasure_room": None}}
    )
    realm.step(
        msg(
            "dotr.cc.dungeons.place_dungeon_token",
            title_of=title_ref(ctx.state, TOKENS, token),
            location=realm.data.place_ref(loc),
        ),
        rule,
    )
    return loc


def escape_is_active(state: State, colour: str) -> bool:
    """Whether escaping Minions of ``colour`` go to the board (setting dungeon_escape_races)."""
    if (state.get("settings") or {}).get("dungeon_escape_races") == "general_undefeated":
        generals = (state.get("generals") or {}).values()
        return any(g.get("colour") == colour and not g.get("defeated") for g in generals)
    return any(
        m.colour == colour for pack in default_packs().values() for m in pack.minion_types.values()
    )


def escape(realm: Realm, escaped: dict[str, int], places: list[str], rule: Text) -> None:
    """Undefeated Minions leave the Dungeon for locations of their colour (the table's pick)."""
    state = realm.ctx.state
    active = [
        (c, n) for c in COLOURS for n in [escaped.get(c, 0)] if n and escape_is_active(state, c)
    ]
    for colour in COLOURS:
        if escaped.get(colour) and not escape_is_active(state, colour):
            realm.step(
                msg("dotr.cc.dungeons.are_not_play_they_vanish", plural=realm.data.plural[colour]),
                rule,
            )
    wanted = sum(n for _, n in active)
    if len(places) != wanted:
        raise InvalidArguments(
            {
                "escape_to": [
                    msg(
                        "error.dotr.cc.dungeons.name_one_per_escaping_minion",
                        count=count_of(wanted, "word:location", "location", "locations"),
                        items=", ".join(COLOURS),
                    )
                ]
            }
        )
    # Each place takes a Minion of its own colour, whatever the order the table named them in.
    left = dict(active)
    for loc in places:
        its = realm.data.colours.get(loc)
        if not its or not left.get(its):
            why = msg(
                "error.dotr.cc.dungeons.not_escaping_colour", location=realm.data.place_ref(loc)
            )
            raise InvalidArguments({"escape_to": [why]}, why)
        left[its] -= 1
        realm.place(its, 1, loc, rule=rule)


def _shuffle_back(ctx: Context, deck: str, cards: list[str]) -> None:
    if not cards:
        return
    move_cards(ctx, deck, cards, source="table", target="draw", seat="", position="top")
    if get_deck(ctx.state, deck)["owner"] == "app":
        pile = list(get_deck(ctx.state, deck)["draw"])
        ctx.rng.shuffle(pile)
        ctx.set("decks", deck, "draw", pile)


def return_run_cards(
    ctx: Context, run: dict[str, Any], *, leaving: bool, keep_treasure: bool
) -> list[Step]:
    """The run's revealed rooms (and Treasure Room unless kept) go back or to the discard."""
    current = [run["current"]] if run.get("current") else []
    rooms = [room["card"] for room in [*run["rooms"], *current]]
    rooms = [card for card in rooms if card]
    discard = (
        not leaving
        and (ctx.state.get("settings") or {}).get("dungeon_rooms_after_run") == "discard"
    )
    steps: list[Step] = []
    if discard and rooms:
        move_cards(ctx, ROOMS, rooms, source="table", target="discard", seat="")
        steps.append(Step(msg("dotr.cc.dungeons.put_revealed_dungeon_room_cards"), R_AFTER))
    else:
        _shuffle_back(ctx, ROOMS, rooms)
        if rooms:
            steps.append(
                Step(
                    msg("dotr.cc.dungeons.shuffle_revealed_dungeon_room_cards"),
                    R_LEAVE if leaving else R_AFTER,
                )
            )
    treasure = run.get("treasure")
    if treasure and not keep_treasure:
        _shuffle_back(ctx, TREASURES, [treasure])
        steps.append(Step(msg("dotr.cc.dungeons.shuffle_treasure_room_card_back"), R_LEAVE))
    return steps


def start_run(ctx: Context, run: dict[str, Any]) -> None:
    """A run under way keeps the night waiting (a Dungeon is resolved on one hero turn)."""
    ctx.set("dungeon_run", run)
    add_pending(ctx, {"type": "dungeon_run", "seat": run["seat"]})


def end_run(ctx: Context) -> None:
    ctx.delete("dungeon_run")
    left = [p for p in ctx.state.get("pending") or [] if p.get("type") != "dungeon_run"]
    ctx.set("pending", left)


def anonymous_card(state: State, deck: str, field: str) -> str | None:
    """A card of the draw pile whose ``field`` is not yet entered (a table-owned reveal)."""
    for card_id in get_deck(state, deck)["draw"]:
        if card_of(state, deck, card_id).data.get(field) is None:
            return str(card_id)
    return None


def dungeon_ref(state: State, loc: str) -> Text:
    """:func:`dungeon_name` as a message parameter, in the reader's language."""
    token = (state.get("dungeons") or {}).get(loc, {}).get("token")
    where = location_ref(state, loc)
    if not token:
        return where
    return msg("dotr.cc.dungeon_ref", token=title_ref(state, TOKENS, token), location=where)


def dungeon_name(state: State, loc: str) -> str:
    token = (state.get("dungeons") or {}).get(loc, {}).get("token")
    where = location_name(state, loc)
    return f"{title_of(state, TOKENS, token)} ({where})" if token else where
