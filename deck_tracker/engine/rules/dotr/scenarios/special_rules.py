"""The scenarios' special rules in play (named in ``state["scenario"]["rules"]``).

* ``hemlock_taints`` (The Land is Dying): each time Hemlock moves, a Tainted Crystal goes on the
  space he moves into (from the supply; the usual "one crystal per location per turn" and the
  loss when the last one is placed apply).
* The Burning Land: ``fire_denies_hero_cards`` (the evening deals 0 Hero Cards to a hero ending
  the turn On Fire, ``scenario_hands.card_count``; a step says why); ``fire_denies_rumors``
  (Rumors are refused at a burning Inn, ``base/heroes.py``); ``city_fires_need_special_cards``
  (``douse_fire``: a Special card puts out the fire of Monarch City or an Inn and goes to the
  Hero discard pile, not out of the game); ``brimstone_returns`` (the first General defeated
  while a starting fire still burns brings Brimstone in, without minions: his cards are shuffled
  into the Hero and Darkness Spreads decks); ``monarch_city_fire_loses``.

Setting ``burning_land_fires`` says which fires keep Brimstone away ("The Fire Tokens in the
Inns and Cities must be extinguished before a General is killed").
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Arg, Observer, Reason, command
from deck_tracker.engine.core import Context, State, Step
from deck_tracker.engine.decks import get_deck, move_cards
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import listing, msg
from deck_tracker.engine.rules.dotr.base.board import FIRE, Realm, card_ref
from deck_tracker.engine.rules.dotr.base.offers import own_hand
from deck_tracker.engine.rules.dotr.base.packs import effective_pack, game_cards, game_pack
from deck_tracker.engine.rules.dotr.base.table import (
    DOTR,
    OWN_SEAT,
    board_choices,
    hero_name,
    hero_ref,
    location_kind,
    location_name,
    location_ref,
    own_hero_seat,
    record,
    require_playing,
    resolve_location,
)
from deck_tracker.engine.rules.dotr.dragon.content import DRAGON_PACK
from deck_tracker.engine.rules.dotr.dragon.fire import on_fire
from deck_tracker.engine.rules.dotr.scenarios.catalogue import RULES, rule_cite

__all__ = ["rule_on"]

BRIMSTONE, DS, HERO = "brimstone", "darkness_spreads", "hero"


def rule_on(state: State, rule: str) -> bool:
    return rule in ((state.get("scenario") or {}).get("rules") or ())


def hemlock_taints(realm: Realm, general: str) -> None:
    if general != "hemlock" or not rule_on(realm.ctx.state, "hemlock_taints"):
        return
    where = realm.ctx.state["generals"][general]["location"]
    if where == realm.data.city:
        return  # Hemlock in Monarch City: the Realm has fallen already
    realm.step(
        msg("dotr.scenario.hemlock_decays", location=realm.data.place_ref(where)),
        rule_cite("hemlock_taints"),
    )
    realm.taint(where, f"The Land is Dying: {RULES['hemlock_taints'][0]}")


def city_fire_loses(realm: Realm, general: str, target: str | None, minions: int) -> bool:
    state = realm.ctx.state
    if general != BRIMSTONE or not rule_on(state, "monarch_city_fire_loses"):
        return False
    city = realm.data.city
    if not on_fire(state, city):
        return False
    here = state["generals"][general]
    realm.ctx.set("generals", general, {**here, "location": city, "previous": here["location"]})
    realm.step(
        msg("dotr.scenario.city_fire_brimstone", location=realm.data.place_ref(city)),
        rule_cite("monarch_city_fire_loses"),
    )
    realm.lose("Brimstone attacked Monarch City while it was On Fire",
               RULES["monarch_city_fire_loses"][1], FIRE)  # fmt: skip
    return True  # pragma: no cover - lose() raises


# --------------------------------------------------------------------------------------------
# The Return of Brimstone
# --------------------------------------------------------------------------------------------


def _guarded_fires(state: State) -> list[str]:
    """The starting fires that keep Brimstone away, still burning."""
    starting = list((state.get("scenario") or {}).get("starting_fires") or [])
    if state.get("settings", {}).get("burning_land_fires", "all_starting") == "inns_and_city":
        starting = [loc for loc in starting if location_kind(state, loc) in ("inn", "city")]
    return [loc for loc in starting if on_fire(state, loc)]


def _brimstone_returns(ctx: Context) -> None:
    dragon = effective_pack(ctx.state, DRAGON_PACK)
    general = dragon.generals[BRIMSTONE]
    burning = _guarded_fires(ctx.state)
    names = listing([location_ref(ctx.state, loc) for loc in burning], conjunction=False)
    heroes = [c.id for c in dragon.deck(HERO).cards if c.data.get("general") == BRIMSTONE]
    ctx.set("dragon", {**(ctx.get("dragon") or {}), "joined": [BRIMSTONE]})
    # His cards as the game now composes them: the entered ones and, one for one with the base
    # red General's, the ones read at the table when they come up.
    ds = [c.id for c in game_pack(ctx.state).deck(DS).cards if c.data.get("general") == BRIMSTONE]
    ctx.set("generals", BRIMSTONE, {"colour": general.colour, "location": general.start,
                                    "path_index": 0, "wounds": 0, "defeated": False,
                                    "no_minions": True})  # fmt: skip
    returns = rule_cite("brimstone_returns")
    steps = [
        Step(
            msg(
                "dotr.scenario.brimstone_enters",
                burning=names,
                location=location_ref(ctx.state, general.start),
            ),
            returns,
        ),
    ]
    for deck_name, added in ((DS, ds), (HERO, heroes)):
        deck = get_deck(ctx.state, deck_name)
        known = set(game_cards(ctx.state))
        added = [card for card in added if card in known]
        pile = [*deck["draw"], *added]
        if deck["owner"] == "app":
            ctx.rng.shuffle(pile)
        ctx.set("decks", deck_name, "draw", pile)
        shuffle = (
            msg("dotr.scenario.brimstone_ds_cards", count=len(added) or "entered")
            if deck_name == DS
            else msg("dotr.scenario.brimstone_hero_cards", count=len(added) or "entered")
        )
        steps.append(Step(shuffle, returns))
    ctx.set("scenario", "brimstone", "returned")
    if "fire" not in ctx.state["supply"]:  # pragma: no cover - The Burning Land sets fires
        ctx.set("supply", "fire", int(ctx.state["settings"].get("fire_tokens", 10)))
    ctx.emit(
        "brimstone_returns",
        msg("dotr.scenario.brimstone_returns"),
        data={"general": BRIMSTONE, "burning": burning, "cards": {DS: len(ds), HERO: len(heroes)}},
        hidden={"darkness_spreads_order": list(get_deck(ctx.state, DS)["draw"])},
        steps=steps,
    )


def _before(state: State, name: str, args: dict[str, Any]) -> Any:
    if state.get("system") != "dotr" or not (state.get("scenario") or {}).get("rules"):
        return None
    return {"evening_default": name == "end_turn" and args.get("count") is None}


def _after(ctx: Context, name: str, args: dict[str, Any], memo: Any) -> None:
    if memo is None:
        return
    state = ctx.state
    defeated = any(e.type == "general_defeated" for e in ctx.events)
    if (
        defeated
        and rule_on(state, "brimstone_returns")
        and (state.get("scenario") or {}).get("brimstone") is None
        and BRIMSTONE not in state.get("generals", {})
    ):
        if _guarded_fires(state):
            _brimstone_returns(ctx)
        else:
            ctx.set("scenario", "brimstone", "prevented")
            record(ctx, "brimstone_prevented", msg("dotr.scenario.brimstone_prevented"),
                   {"general": BRIMSTONE},
                   (msg("dotr.scenario.brimstone_prevented.step"),
                    msg("dotr.rule.scenario.preventing_brimstone")))  # fmt: skip
    evening = next((e for e in ctx.events if e.type == "evening"), None)
    if evening is not None and memo["evening_default"] and rule_on(state, "fire_denies_hero_cards"):
        seat = evening.data["seat"]
        where = state["heroes"][seat]["location"]
        if on_fire(state, where):
            hero, place = hero_ref(state, seat), location_ref(state, where)
            record(
                ctx,
                "no_hero_cards_on_fire",
                msg("dotr.scenario.on_fire_no_cards", hero=hero),
                {"seat": seat, "location": where},
                (msg("dotr.scenario.on_fire_no_cards.step", hero=hero, location=place),
                 rule_cite("fire_denies_hero_cards")),
            )  # fmt: skip


OBSERVER = Observer(before=_before, after=_after)


# --------------------------------------------------------------------------------------------
# Dousing the fires of Monarch City and the Inns
# --------------------------------------------------------------------------------------------


def _douse_unavailable(state: State, actor: str | None) -> Reason | None:
    if rule_on(state, "city_fires_need_special_cards"):
        return None
    return msg("error.dotr.scenario.special_rules.only_burning_land")


@command(
    "douse_fire",
    args={
        "card": Arg(
            "str",
            required=True,
            description="The Special (purple) card used.",
            offers=own_hand("hero", kind="special"),
            unoffered=msg("error.dotr.no_special_card_in_hand"),
        ),
        "location": Arg(
            "str",
            required=True,
            description="Monarch City or an Inn, On Fire.",
            offers=board_choices,
        ),
        "seat": OWN_SEAT,
    },
    systems=DOTR,
    unavailable=_douse_unavailable,
)
def douse_fire(ctx: Context, args: dict[str, Any]) -> None:
    """The Burning Land: a Special card puts out the fire of Monarch City or an Inn."""

    require_playing(ctx.state)
    seat = own_hero_seat(ctx, args["seat"])
    location = resolve_location(ctx.state, args["location"])
    where, name = location_name(ctx.state, location), hero_name(ctx.state, seat)
    if location_kind(ctx.state, location) not in ("inn", "city"):
        raise RuleViolation(
            msg("error.dotr.scenario.special_rules.neither_monarch_city_nor_inn", where=where),
            code="not_a_city_fire",
        )
    if not on_fire(ctx.state, location):
        raise RuleViolation(
            msg("error.dotr.scenario.special_rules.not_fire", where=where), code="not_on_fire"
        )
    card = game_cards(ctx.state).get(args["card"])
    if card is None or card.kind != "special":
        raise RuleViolation(
            msg("error.dotr.scenario.special_rules.douse_flames_with_special_purple"),
            code="wrong_card",
        )
    if args["card"] not in get_deck(ctx.state, HERO)["hands"].get(seat, []):
        raise RuleViolation(
            msg("error.dotr.scenario.special_rules.not_s_hand", card=args["card"], name=name),
            code="card_not_in_hand",
        )
    move_cards(ctx, HERO, [args["card"]], source="hand", target="discard", seat=seat)
    ctx.set("board", location, "fire", 0)
    ctx.set("supply", "fire", int(ctx.state["supply"]["fire"]) + 1)
    rule = rule_cite("city_fires_need_special_cards")
    hero, place, used = hero_ref(ctx.state, seat), location_ref(ctx.state, location), card_ref(card)
    record(
        ctx, "fire_put_out",
        msg("dotr.scenario.fire_put_out", hero=hero, location=place, card=used),
        {"seat": seat, "location": location, "card": args["card"], "success": True},
        (msg("dotr.scenario.fire_put_out.step", location=place), rule),
        (msg("dotr.scenario.fire_card_discarded", card=used), rule),
    )  # fmt: skip
