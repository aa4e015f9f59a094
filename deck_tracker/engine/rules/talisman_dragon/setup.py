"""Setting up a Talisman: The Dragon table, and characters taking their seats.

Rules decisions:

* Each Draconic Lord starts with no scale and nobody is Dragon King until a Lord's third scale
  (TD p8). The Crown token waits beside the Lords.
* What the table read out in earlier games (the pack's overlay, kept at setup: memory.py) is
  known from the start: the bag's mix, the Lords' lives, the stairways' numbers, the named Dragon
  Cards. Options given at setup win over it.
* The three Dragon decks are the app's (shuffled, with unknown cards that players name when
  drawn) or the table's (``dragon_decks``); the token bag is the table's unless its mix is known
  (``token_draw``, settings.py).
* A character starts off the board: the first move the table records places it. The host's
  seat has the first turn; turns then follow the seats in order.
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.game import place_decks
from deck_tracker.engine.i18n import msg

from .common import lord_name, side_ref
from .content import default_pack
from .memory import PACK_ID, bag_values, kept_overlay, lives_values, remembered
from .settings import resolve_settings
from .tokens import BAG, bag_cards

R_SETUP = msg("td.rule.setup")
R_OVERLAY = msg("td.rule.overlay")


def setup_talisman(ctx: Context, setup: dict[str, Any]) -> None:
    kept = kept_overlay(setup)
    if kept:
        ctx.set("overlays", {PACK_ID: kept})
    known = remembered(kept)
    options = setup.get("options")
    settings = resolve_settings(options, remembered_mix=known.bag_mix)
    ctx.set("settings", settings)
    pack = default_pack()
    lives = {**known.lord_lives, **(settings["lord_lives"] or {})}
    ctx.set(
        "lords",
        {
            lord.id: {"scales": 0, "lives": lives.get(lord.id, lord.lives), "wounds": 0}
            for lord in pack.lords.values()
        },
    )
    ctx.set("king", None)
    ctx.set("board_scales", {})
    ctx.set("discarded_scales", {lord: 0 for lord in pack.lords})
    ctx.set("characters", {})
    ctx.set("turn", {"seat": "1", "number": 1, "tokens_owed": 1, "kills": 0})
    ctx.set("encounter", None)
    ctx.set("tower_cards", [])
    ctx.set("tower_draws", dict(known.tower_draws))
    ctx.set("taught", dict(known.taught))
    told = options if isinstance(options, dict) else {}
    side = pack.sides[settings["inner_region"]]
    ctx.emit(
        "talisman_prepared",
        msg("td.setup.talisman_dragon_with_as_inner", name=side_ref(side)),
        data={
            "inner_region": side.id,
            "settings": settings,
            "overlay_values": {
                **(bag_values(settings["bag_mix"]) if told.get("bag_mix") else {}),
                **lives_values(settings["lord_lives"] or {}),
            },
        },
        steps=[
            Step(
                msg("td.setup.place_varthrax_cadorus_grilipus_beside"),
                R_SETUP,
            ),
            Step(msg("td.setup.lay_board_overlay_inner_region", name=side_ref(side)), R_OVERLAY),
        ],
    )
    decks = {
        lord.deck: {
            "cards": [f"{lord.id}-{n:02d}" for n in range(1, lord.deck_size + 1)],
            "owner": settings["dragon_decks"],
            "auto_reshuffle": True,
        }
        for lord in pack.lords.values()
    }
    if settings["token_draw"] == "app":
        decks[BAG] = {
            "cards": bag_cards(settings["bag_mix"]),
            "owner": "app",
            "auto_reshuffle": bool(settings["bag_refill"]),
        }
    place_decks(ctx, decks, rule=R_SETUP)
    for seat, info in ctx.get("seats").items():
        character_enters(ctx, seat, info.get("hero"))
    if settings["token_draw"] == "table":
        ctx.emit(
            "bag_at_table",
            msg("td.setup.dragon_token_bag_stays_table"),
            data={},
            steps=[
                Step(
                    msg("td.setup.put_every_dragon_token_bag"),
                    R_SETUP,
                )
            ],
        )
    ctx.emit(
        "lords_ready",
        msg("td.setup.lords_wait", items=", ".join(lord_name(lord) for lord in pack.lords)),
        data={"lords": list(pack.lords)},
    )


def character_enters(ctx: Context, seat: str, name: str | None) -> None:
    ctx.set(
        "characters",
        seat,
        {"name": name, "space": None, "scales": {}, "inner": None, "opponents": []},
    )


def seat_joined(ctx: Context, seat: str) -> None:
    character_enters(ctx, seat, ctx.get("seats", seat, "hero"))
    ctx.attach_pending_to_last_event()
