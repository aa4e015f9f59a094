"""Companions & Catacombs: its setup, the Companion limits, and dismissing a Companion.

``heroes[seat].companions`` lists a hero's Companions (in the Companion deck's hand of that
seat), ``companion_colours`` their colours, ``recruit_visit`` what the hero did at the Inn it
stands in (recruiting: ``recruit.py``).

Rules (CC 'Setup' and 'Companion Rules'):

* Setup: the starting Dungeon (``dungeons.py``); the Companion, Treasure Room and Dungeon Room
  decks shuffled, held by the app with all their cards whether or not their faces are entered
  (a Dungeon Room not entered is read when turned, a Treasure Room when drawn: ``dungeon_runs``)
  unless the table keeps a deck (``table_decks``); the tokens beside the board; Land Ablaze only
  with the Dragon expansion.
* Limits: 1 Companion + 1 per completed Quest (Treasure Room cards count), never two of one
  colour.
* A Companion is discarded only when its card says so (``dismiss_companion``); a visit to an
  Inn ends when the hero moves.
* Companions that change how many Hero Cards a rule deals do so (Giddeon IV and Captain Xeva
  in the Evening, April Raven at Rumors); their other abilities are the players' to apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.commands import Arg, Observer, command
from deck_tracker.engine.content import Card
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, move_cards
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import place_decks
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.expansions import (
    Expansion,
    has_expansion,
    keep_entered_content,
)
from deck_tracker.engine.rules.dotr.base.offers import boxed_specials, held_by_hero
from deck_tracker.engine.rules.dotr.base.packs import effective_pack, game_cards
from deck_tracker.engine.rules.dotr.base.pending import on_board
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    content_item,
    hero_name,
    own_hero_seat,
    require_playing,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeons import (
    PACK_ID,
    RELICS,
    ROOMS,
    TOKENS,
    TREASURES,
    place_dungeon,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import COMPANION, EXPANSION

__all__ = ["EXPANSION", "card_of", "companion_limit", "require_cc"]

DECKS = (COMPANION, ROOMS, TREASURES, RELICS)
R_SETUP = msg("dotr.cc.rule.setup")
R_DISMISS = msg("dotr.cc.rule.dismiss")


# ------------------------------------------------------------------------------------------
# Setup
# ------------------------------------------------------------------------------------------


def _goals_entered(state: State) -> bool:
    """Whether every Treasure Room card's Exploration Goal is entered."""
    cards = effective_pack(state, PACK_ID).deck(TREASURES).cards
    return all(card.data.get("exploration_goal") is not None for card in cards)


def _setup(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    pack = effective_pack(ctx.state, PACK_ID)
    steps = [
        Step(
            msg("dotr.cc.companions.shuffle_companion_deck_events_companions"),
            R_SETUP,
        )
    ]
    decks: dict[str, dict[str, Any]] = {}
    for name in (*DECKS, TOKENS):
        decks[name] = {
            "cards": list(pack.deck(name).card_ids()),
            "owner": "table" if name in table_decks else "app",
            "auto_reshuffle": pack.deck(name).auto_reshuffle,
        }
    if not _goals_entered(ctx.state):
        # Every Dungeon entered shuffles the Treasure Room deck before its card is drawn (CC
        # 'Treasure Rooms'), so a deck with cards still to be read is placed as it lies: the
        # shuffles of the other decks stay those the table had before the app held it.
        decks[TREASURES]["shuffle"] = False
    place_decks(ctx, decks, rule=R_SETUP)
    if not has_expansion(ctx.state, "dragon"):
        ablaze = [c.id for c in pack.deck(COMPANION).cards if c.data.get("effect") == "land_ablaze"]
        deck = get_deck(ctx.state, COMPANION)
        ctx.set("decks", COMPANION, "draw", [c for c in deck["draw"] if c not in ablaze])
        ctx.set("decks", COMPANION, "box", [*deck["box"], *ablaze])
        steps.append(
            Step(
                msg("dotr.cc.companions.put_land_ablaze_event_back"),
                msg("dotr.cc.companions.cc_setup_note_land_ablaze"),
            )
        )
    board = ctx.state["board"]
    for loc in board:
        ctx.set("board", loc, {**board[loc], "trolls": 0, "spiders": 0, "warlords": 0})
    supply = dict(ctx.state["supply"])
    counts = pack.components
    for token, key in (
        ("trolls", "trolls"),
        ("spiders", "giant_spiders"),
        ("warlords", "warlords"),
    ):
        supply[token] = int(supply.get(token, 0)) + int(counts.get(key, 0))
    if has_expansion(ctx.state, "dragon") and "fire" not in supply:
        # Land Ablaze places a Fire token even when no fire-setting Dragon is in the game.
        supply["fire"] = int((ctx.get("settings") or {}).get("fire_tokens", 10))
        for loc in board:
            ctx.set("board", loc, "fire", 0)
        steps.append(
            Step(
                msg("dotr.cc.companions.put_fire_tokens_beside_board", fire=supply["fire"]),
                msg("dotr.cc.companions.cc_event_land_ablaze"),
            )
        )
    ctx.set("supply", supply)
    ctx.set("dungeons", {})
    rolls = (
        [setup["starting_dungeon_roll"]]
        if isinstance(setup.get("starting_dungeon_roll"), int)
        else []
    )
    if rolls and not 1 <= rolls[0] <= 6:
        raise InvalidArguments(
            {"starting_dungeon_roll": [msg("error.dotr.cc.companions.die_roll_1_6")]}
        )
    on_board(
        ctx,
        lambda realm: place_dungeon(realm, rolls, msg("dotr.cc.rule.setup_dungeon")),
        type="companions_catacombs_setup",
        summary=msg("dotr.cc.companions.setup_summary"),
        data={"supply": {k: supply[k] for k in ("trolls", "spiders", "warlords")}},
        steps=steps,
        realm=Realm(ctx, setup=True),
    )


def _card_count(state: State, purpose: str, count: int) -> int:
    """Companions that deal more Hero Cards to the active hero (the table may still say less)."""
    seat = (state.get("turn") or {}).get("active_seat")
    hero = (state.get("heroes") or {}).get(seat or "")
    if hero is None:
        return count
    held = set(hero.get("companions") or [])
    if purpose == "evening":
        # Giddeon IV: 1 more in each Evening; Captain Xeva: 1 more ending on a Treasure Chest.
        count += "companion-giddeon-iv" in held
        location = content_item(state, "locations", str(hero.get("location")))
        count += "companion-captain-xeva" in held and bool(location and location.treasure_chest)
    if purpose == "rumors":
        count += 2 * ("companion-april-raven" in held)  # April Raven: 2 more per Rumors action
    return count


# What the expansion adds to the base setup (collected in hooks.py ``EXPANSIONS``).
EXPANSION_RULES = Expansion(
    EXPANSION,
    "Defenders of the Realm: Companions and Catacombs",
    pack=PACK_ID,
    decks=DECKS,
    prepare=keep_entered_content,
    setup=_setup,
    card_count=_card_count,
)


# ------------------------------------------------------------------------------------------
# Recruiting
# ------------------------------------------------------------------------------------------


def companion_limit(state: State, seat: str) -> int:
    hero = state["heroes"][seat]
    return 1 + len(hero.get("completed_quests") or []) + len(hero.get("treasure_rooms") or [])


def card_of(state: State, card_id: str) -> Card:
    return game_cards(state)[card_id]


def require_cc(state: State) -> None:
    require_playing(state)
    if not has_expansion(state, EXPANSION):
        raise RuleViolation(
            msg("error.dotr.cc.companions.this_game_does_not_use"), code="no_expansion"
        )


@command(
    "dismiss_companion",
    args={
        "companion": Arg(
            "str",
            required=True,
            offers=held_by_hero("companions"),
            unoffered=msg("dotr.cc.companions.hero_has_none"),
        ),
        "special": Arg(
            "str",
            description="The Special card taken back from the box, if the card says so.",
            offers=boxed_specials,
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
)
def dismiss_companion(ctx: Context, args: dict[str, Any]) -> None:
    """Discard a Companion whose card says it may be discarded (some take a Special back)."""
    require_cc(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    companion: str = args["companion"]
    held = list(ctx.state["heroes"][seat].get("companions") or [])
    if companion not in held:
        raise RuleViolation(
            msg(
                "error.dotr.cc.companions.has_no_companion",
                hero=hero_name(ctx.state, seat),
                companion=companion,
            ),
            code="no_such_companion",
        )
    card = card_of(ctx.state, companion)
    if not card.data.get("discard_to_use"):
        raise RuleViolation(
            msg("error.dotr.cc.companions.may_not_be_discarded", name=card.name),
            code="companion_stays",
        )
    move_cards(ctx, COMPANION, [companion], source="hand", target="discard", seat=seat)
    ctx.set("heroes", seat, "companions", [c for c in held if c != companion])
    colours = dict(ctx.state["heroes"][seat].get("companion_colours") or {})
    colours.pop(companion, None)
    ctx.set("heroes", seat, "companion_colours", colours)
    steps = [Step(msg("dotr.cc.companions.discard_use_ability", name=card.name), R_DISMISS)]
    special = args["special"]
    if special is not None:
        if not card.data.get("retrieves_special") or card_of(ctx.state, special).kind != "special":
            raise RuleViolation(
                msg("error.dotr.cc.companions.takes_no_card_from_box", name=card.name),
                code="no_retrieve",
            )
        move_cards(ctx, "hero", [special], source="box", target="hand", seat=seat)
        steps.append(
            Step(
                msg("dotr.cc.companions.take_back_from_box", name=card_of(ctx.state, special).name),
                R_DISMISS,
            )
        )
    ctx.emit(
        "companion_dismissed",
        msg("dotr.cc.companions.discarded", hero=hero_name(ctx.state, seat), name=card.name),
        data={"seat": seat, "companion": companion, "special": special},
        steps=steps,
    )


# A visit to an Inn ends when the hero moves (an observer of move_hero).
def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    return (name == "move_hero" and has_expansion(state, EXPANSION)) or None


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    seat = args.get("seat") or ctx.actor
    hero = (ctx.state.get("heroes") or {}).get(seat or "")
    if memo and hero is not None and hero.get("recruit_visit"):
        ctx.delete("heroes", str(seat), "recruit_visit")


# A recruit visit ends when the hero moves on: it follows a move only.
OBSERVER = Observer(before=_before, after=_after, commands=frozenset({"move_hero"}))
