"""The Dragon expansion's hooks into the base setup: the 5 and 6 player rules, and its settings.

Rules for 5 or 6 players (DX): "Shuffle Heroes and deal 1 to each player"; "Players start with 1
Hero Card rather than 2" (5) or "zero" (6); "Maximum Hand Size for Hero Cards is now 8" (5) or
"7" (6). The All is Quiet cards are removed unless the setup keeps them; a custom mix of Global
Effects is refused beyond 6 in all or 4 of one kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.content import Hero, default_packs
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import msg
from deck_tracker.engine.rules.dotr.base.packs import BASE_PACK

__all__ = ["adjust_settings", "card_count", "random_hero"]

HAND_LIMITS = {5: 8, 6: 7}
FIRST_HERO_CARDS = {5: 1, 6: 0}


def _players(state: State) -> int:
    return int((state.get("settings") or {}).get("player_count", 4))


def card_count(state: State, purpose: str, count: int) -> int:
    players = _players(state)
    if purpose == "start:hero" and players in FIRST_HERO_CARDS:
        return FIRST_HERO_CARDS[players]
    if purpose == "hand_limit" and players in HAND_LIMITS:
        return HAND_LIMITS[players]
    if purpose == "heroes":
        return players
    return count


def random_hero(ctx: Context, hero: str) -> Hero | None:
    """5 or 6 players: 'Shuffle Heroes and deal 1 to each player', whatever the seat asked."""
    if _players(ctx.state) < 5:
        return None
    taken = {entry["hero"] for entry in (ctx.get("heroes") or {}).values()}
    pool = [h for h in default_packs()[BASE_PACK].heroes.values() if h.id not in taken]
    return pool[ctx.rng.randrange(len(pool))] if pool else None


def adjust_settings(
    settings: dict[str, Any], given: Mapping[str, Any], expansions: list[str]
) -> dict[str, Any]:
    settings = dict(settings)
    if "all_is_quiet" not in given:
        settings["all_is_quiet"] = False
    good, bad = settings["global_effects_good"], settings["global_effects_bad"]
    if good + bad > 6 or max(good, bad) > 4:
        raise InvalidArguments(
            {
                "options.global_effects_good": [
                    msg("error.dotr.dragon.players.good_bad_most_6_all", good=good, bad=bad)
                ]
            },
            msg("error.dotr.dragon.players.no_more_than_6_global"),
        )
    return settings
