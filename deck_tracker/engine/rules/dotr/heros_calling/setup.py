"""The Hero's Calling: its setup switches.

Rules (HC = shared/rules/dotr-heros-calling.txt): the purple (Special) Hero Cards go to the box
unless Companions & Catacombs is in play; the All is Quiet cards go to the box (setting
``all_is_quiet`` fixed off); the War Status card replaces the placard (setting
``extra_cards_general_only`` fixed to ``war_status_card``, war_status.py); no Slayer is assigned
when a General falls; heroes start with 3 Hero Cards; Rumors draw 3 Hero Cards per action; every
hero is built (heroes.py) unless ``hc_base_heroes`` allows a base one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.content import Hero, default_packs
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.rules.dotr.base.expansions import (
    Expansion,
    has_expansion,
    keep_entered_content,
)
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.heros_calling.heroes import HERO_LIFE
from deck_tracker.engine.rules.dotr.heros_calling.war_status import EXPANSION, PACK_ID, level_entry
from deck_tracker.engine.slugs import slugify

START_HERO_CARDS = 3
RUMORS_PER_ACTION = 3
R_SETUP = msg("dotr.hc.rule.setup")
R_PURPLE = msg("dotr.hc.rule.purple")
R_QUIET = msg("dotr.hc.rule.quiet")
R_CARD = msg("dotr.hc.rule.card")
R_THREE = msg("dotr.hc.rule.three")
R_RUMORS = msg("dotr.hc.rule.rumors")
R_BUILD = msg("dotr.hc.rule.build")
R_RETAINED = msg("dotr.hc.rule.retained")


# ------------------------------------------------------------------------------------------
# Setup
# ------------------------------------------------------------------------------------------


def _adjust_settings(
    settings: dict[str, Any], given: Mapping[str, Any], expansions: list[str]
) -> dict[str, Any]:
    fixed = {"all_is_quiet": False, "extra_cards_general_only": "war_status_card"}
    clash = sorted(name for name, value in fixed.items() if name in given and given[name] != value)
    if clash:
        raise InvalidArguments(
            {
                f"options.{name}": [msg("error.dotr.hc.fixes_setting", value=repr(fixed[name]))]
                for name in clash
            }
        )
    return {**settings, **fixed}


def _settings_not_used(setup: Mapping[str, Any]) -> dict[str, Message]:
    return {
        "all_is_quiet": msg("error.dotr.hc.not_used.all_is_quiet"),
        "extra_cards_general_only": msg("error.dotr.hc.not_used.war_status"),
    }


def _setup(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    steps = [
        Step(msg("dotr.hc.setup.put_war_status_token_early"), R_CARD),
        Step(msg("dotr.hc.setup.put_all_quiet_cards_back"), R_QUIET),
        Step(msg("dotr.hc.setup.deal_each_player_3_hero"), R_THREE),
        Step(msg("dotr.hc.setup.each_player_builds_hero_from"), R_BUILD),
        Step(msg("dotr.hc.setup.rumors_inn_draw_3_hero"), R_RUMORS),
        Step(msg("dotr.hc.setup.hero_levels_once_unlocked_stay"), R_RETAINED),
    ]
    boxed: list[str] = []
    if not has_expansion(ctx.state, "companions_catacombs"):
        deck = get_deck(ctx.state, "hero")
        # Every purple card of the game's Hero deck: the base game's and the Dragon
        # expansion's (HC Setup: "Remove all Purple Hero cards from the Hero deck").
        cards = game_cards(ctx.state)
        specials = {
            card for card in deck["draw"] if card in cards and cards[card].kind == "special"
        }
        boxed = [card for card in deck["draw"] if card in specials]
        ctx.set("decks", "hero", "draw", [card for card in deck["draw"] if card not in specials])
        ctx.set("decks", "hero", "box", [*deck["box"], *boxed])
        steps.insert(0, Step(msg("dotr.hc.setup.put_purple_special_hero_cards"), R_PURPLE))
    ctx.set(EXPANSION, {"highest_war_level": 0, **level_entry(0)})
    ctx.emit(
        "heros_calling_setup",
        msg("dotr.hc.setup.hero_s_calling_war_status"),
        data={"specials_boxed": len(boxed), **level_entry(0)},
        steps=steps,
    )


def _hero(ctx: Context, name: str) -> Hero | None:
    """Every hero of a Hero's Calling game is built, unless ``hc_base_heroes`` allows a base one."""
    if (ctx.get("settings") or {}).get("hc_base_heroes"):
        key = slugify(name)
        for base in default_packs()["dotr-base"].heroes.values():
            if key in (base.id, slugify(base.name)):
                return None
    key = slugify(name)
    if not key:
        raise RuleViolation(msg("error.dotr.hc.setup.give_your_hero_name"), code="unknown_hero")
    return Hero(
        id=f"hc-{key}",
        name=name.strip(),
        life=HERO_LIFE,
        abilities=(),
        provenance=("HC",),
        confidence="high",
    )


def _card_count(state: State, purpose: str, count: int) -> int:
    # One more than the base game's 2 (so that other rules may still add theirs).
    if purpose == "start:hero":
        return count + START_HERO_CARDS - 2
    if purpose == "rumors":
        return count + RUMORS_PER_ACTION - 2
    return count


# What the expansion adds to the base setup (collected in hooks.py ``EXPANSIONS``).
EXPANSION_RULES = Expansion(
    EXPANSION,
    "Defenders of the Realm: The Hero's Calling",
    pack=PACK_ID,
    adjust_settings=_adjust_settings,
    settings_not_used=_settings_not_used,
    prepare=keep_entered_content,
    setup=_setup,
    hero=_hero,
    card_count=_card_count,
)
