"""Companions & Catacombs: Hero Death in a Dungeon.

When the hero of a Dungeon run falls (``fallen.hero_falls``), a ``dungeon_death`` entry is owed
and ``dungeon_death`` settles it (CC 'Hero Death in a Dungeon'):

1. The hero's Quest items (its completed Quests) become part of that Dungeon (kept on the Quest
   deck's table pile, listed in ``dungeons[loc].quest_items``), for whoever defeats its Treasure
   Room. Every other card is discarded; Companions too, or back into their deck (setting
   ``dungeon_death_companions``). The Treasure Room card takes the Dungeon's marker: it stays with
   that Dungeon, or goes back to its deck (setting ``dungeon_death_treasure_room``).
2. The player starts a new hero in Monarch City with 2 new Hero Cards and a new Quest.
3. The new hero may take back 1 used Special card (from the Hero discard pile or the box).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.decks import get_deck, move_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.offers import boxed_specials, free_heroes
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.pending import find_pending, remove_pending
from deck_tracker.engine.rules.dotr.base.setup import enter_hero
from deck_tracker.engine.rules.dotr.base.table import DOTR, hero_name, require_playing
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeons import (
    RELICS,
    TREASURES,
    dungeon_ref,
    end_run,
    return_run_cards,
)
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import COMPANION, return_companions

R_DEATH = msg("dotr.cc.rule.death")
R_ITEMS = msg("dotr.cc.rule.items")
R_NEW = msg("dotr.cc.rule.new")
R_RECLAIM = msg("dotr.cc.rule.reclaim")


def _discard_hand(ctx: Context, deck: str, seat: str) -> list[str]:
    if deck not in ctx.state.get("decks", {}):
        return []
    hand = list(get_deck(ctx.state, deck)["hands"].get(seat, []))
    if hand:
        move_cards(ctx, deck, hand, source="hand", target="discard", seat=seat)
    return hand


@command(
    "dungeon_death",
    args={
        "hero": Arg(
            "str", description="The new hero; the same hero by default.", offers=free_heroes
        ),
        "special": Arg(
            "str",
            description="A used Special card the new hero takes back.",
            offers=boxed_specials,
        ),
    },
    systems=DOTR,
)
def dungeon_death(ctx: Context, args: dict[str, Any]) -> None:
    """Settle a hero's death in a Dungeon and start the player's new hero in Monarch City."""
    require_playing(ctx.state)
    entry = find_pending(ctx.state, "dungeon_death", "no_dungeon_death", "death in a Dungeon")
    seat = entry["seat"]
    run = dict(ctx.state["dungeon_run"])
    location = run["location"]
    hero = ctx.state["heroes"][seat]
    name = hero_name(ctx.state, seat)
    settings = ctx.state.get("settings") or {}
    special = args["special"]
    cards = game_cards(ctx.state)
    if special is not None:
        hero_deck = get_deck(ctx.state, "hero")
        if special not in cards or cards[special].kind != "special":
            raise RuleViolation(
                msg("error.dotr.cc.dungeon_death.not_special_card", special=special),
                code="not_a_special",
            )
        if special not in hero_deck["discard"] and special not in hero_deck["box"]:
            raise RuleViolation(
                msg("error.dotr.cc.dungeon_death.has_not_been_used", name=cards[special].name),
                code="special_not_used",
            )
    items = list(hero.get("completed_quests") or [])
    if items:
        move_cards(ctx, "quest", items, source="hand", target="table", seat=seat)
    dungeon = dict(ctx.state["dungeons"][location])
    dungeon["quest_items"] = [*dungeon.get("quest_items", []), *items]
    keep = settings.get("dungeon_death_treasure_room", "stays_with_dungeon") == "stays_with_dungeon"
    if keep:
        dungeon["treasure_room"] = run["treasure"]
    ctx.set("dungeons", location, dungeon)
    steps = [
        Step(
            msg("dotr.cc.dungeon_death.dies", name=name, dungeon=dungeon_ref(ctx.state, location)),
            R_DEATH,
        )
    ]
    if items:
        steps.append(
            Step(
                msg(
                    "dotr.cc.dungeon_death.leave_s_quest_items_dungeon",
                    name=name,
                    items=", ".join(items),
                ),
                R_ITEMS,
            )
        )
    steps.append(
        Step(
            msg("dotr.cc.dungeon_death.marker_stays")
            if keep
            else msg("dotr.cc.dungeon_death.marker_shuffled"),
            msg("dotr.cc.dungeon_death.setting_dungeon_death_treasure_room"),
        )
    )
    steps += return_run_cards(ctx, run, leaving=False, keep_treasure=keep)
    steps.append(Step(msg("dotr.cc.dungeon_death.player_starts_new_hero_monarch"), R_NEW))
    if settings.get("dungeon_death_companions") == "returned_to_deck":
        steps += return_companions(ctx, seat)
    elif hero.get("companions"):
        move_cards(
            ctx, COMPANION, list(hero["companions"]), source="hand", target="discard", seat=seat
        )
        steps.append(
            Step(
                msg("dotr.cc.dungeon_death.discard_s_companions", name=name),
                msg("dotr.cc.dungeon_death.setting_dungeon_death_companions"),
            )
        )
    lost = {deck: _discard_hand(ctx, deck, seat) for deck in ("hero", "quest", RELICS, TREASURES)}
    if any(lost.values()):
        steps.append(Step(msg("dotr.cc.dungeon_death.discard_s_other_cards", name=name), R_ITEMS))
    remove_pending(ctx, entry)
    end_run(ctx)
    new_hero = args["hero"] or ctx.state["seats"][seat].get("hero") or name
    ctx.delete("heroes", seat)
    ctx.emit(
        "hero_died_in_dungeon",
        msg("dotr.cc.dungeon_death.died", name=name, dungeon=dungeon_ref(ctx.state, location)),
        data={
            "seat": seat,
            "location": location,
            "quest_items": items,
            "discarded": {k: v for k, v in lost.items() if v},
        },
        steps=steps,
    )
    enter_hero(ctx, seat, new_hero, deal={"hero": 2, "quest": 1})
    if special is not None:
        source = "discard" if special in get_deck(ctx.state, "hero")["discard"] else "box"
        move_cards(ctx, "hero", [special], source=source, target="hand", seat=seat)
        ctx.emit(
            "special_reclaimed",
            msg("dotr.cc.dungeon_death.new_hero_takes_back", name=cards[special].name),
            data={"seat": seat, "card": special},
            steps=[
                Step(
                    msg("dotr.cc.dungeon_death.add_new_hero_s_hand", name=cards[special].name),
                    R_RECLAIM,
                )
            ],
        )
