"""Companions & Catacombs: the 15 Event cards of the Companion deck, resolved as printed.

Each handler resolves one Event revealed during a recruitment (``companions.py``) on a
:class:`~.board.Realm`, writing the table's steps; it returns what it still needs from the
table (a choice) or None when done. ``recruitment`` is the recruitment's state (a dict the
handler may change: modifiers, physical dice left). Rules decisions:

* Revealed Hero and Darkness Spreads cards come from the app's decks, or, when a deck is kept
  at the table, the table names them (``recruit_choose`` with ``cards``).
* Troll Renegades: the revealed Hero card is then discarded (setting
  ``troll_renegades_hero_card``). Betrayal without Companions: setting
  ``betrayal_without_companions``. Land Ablaze is in the deck only with the Dragon expansion.
* Giant Spiders: a card 'with 2 locations' is a Darkness Spreads card naming 2 different
  locations; the cards revealed are discarded. Darkness Spreads: the card resolves in full
  (minions and General), then is discarded, as at night.
* Patriotism's second line (Nightfeather's flight, as transcribed) is shown, not automated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deck_tracker.engine.content import COLOURS, Card
from deck_tracker.engine.core import Step
from deck_tracker.engine.decks import get_deck, take_from_draw, take_named_from_draw
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.rules.dotr.base.board import Realm
from deck_tracker.engine.rules.dotr.base.expansions import has_expansion
from deck_tracker.engine.rules.dotr.base.night import resolve_card
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.base.pending import roll_die
from deck_tracker.engine.rules.dotr.base.table import resolve_location
from deck_tracker.engine.rules.dotr.companions_catacombs.dungeons import place_dungeon
from deck_tracker.engine.rules.dotr.companions_catacombs.fallen import COMPANION, wound
from deck_tracker.engine.rules.dotr.companions_catacombs.trolls_and_spiders import place_token
from deck_tracker.engine.rules.dotr.companions_catacombs.warlords import place_warlords
from deck_tracker.engine.rules.dotr.dragon.fire import (
    set_on_fire,  # the Dragon expansion's fire rules
)

__all__ = ["EVENTS", "Waiting"]

Waiting = dict[str, Any] | None
Handler = Callable[[Realm, dict[str, Any], Card, dict[str, Any] | None], Waiting]

HERO, DS = "hero", "darkness_spreads"


def _rule(card: Card) -> str:
    return f"CC Event: {card.name}"


def _reveal_until(
    realm: Realm,
    deck: str,
    wanted: Callable[[Card], bool],
    choice: dict[str, Any] | None,
    card: Card,
    what: str,
) -> list[Card] | dict[str, Any]:
    """Cards revealed from ``deck`` until one is ``wanted`` (the last); or what to ask for."""
    ctx = realm.ctx
    cards = game_cards(ctx.state)
    if get_deck(ctx.state, deck)["owner"] == "table":
        named = list((choice or {}).get("cards") or [])
        if not named:
            return {
                "asks": "cards",
                "deck": deck,
                "text": f"Name the {deck} cards revealed, in order, up to and including {what}.",
            }
        found = [cards[c] for c in named if c in cards]
        if len(found) != len(named) or not wanted(found[-1]) or any(map(wanted, found[:-1])):
            raise InvalidArguments(
                {
                    "cards": [
                        msg(
                            "error.dotr.cc.companion_events.name_cards_revealed_until_order",
                            what=what,
                        )
                    ]
                }
            )
        take_named_from_draw(ctx, deck, named)
        return found
    revealed: list[Card] = []
    while not revealed or not wanted(revealed[-1]):
        revealed.append(cards[take_from_draw(ctx, deck, 1, rule=_rule(card))[0]])
    return revealed


def _discard(realm: Realm, deck: str, revealed: list[Card], rule: Text) -> None:
    realm.ctx.put("decks", deck, "discard", [c.id for c in revealed])
    realm.step(
        msg("dotr.cc.companion_events.discard", items=", ".join(c.name for c in revealed)), rule
    )


def warlords(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    place_warlords(realm)
    return None


def betrayal(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    ctx, seat = realm.ctx, rec["seat"]
    value, _ = roll_die(ctx.rng, rec["rolls"])
    realm.step(msg("dotr.cc.companion_events.betrayal_die_shows", value=value), _rule(card))
    if value >= 4:
        realm.step(msg("dotr.cc.companion_events.4_every_companion_stays_loyal"), _rule(card))
        return None
    held = list(ctx.state["heroes"][seat].get("companions") or [])
    if not held:
        if (ctx.state.get("settings") or {}).get("betrayal_without_companions") == "wound":
            realm.steps.extend(wound(ctx, seat, 1, "Setting betrayal_without_companions: wound"))
        else:
            realm.step(
                msg("dotr.cc.companion_events.1_3_but_no_companion"),
                msg("dotr.cc.companion_events.setting_betrayal_without_companions"),
            )
        return None
    traitor = held[ctx.rng.randrange(len(held))]
    deck = get_deck(ctx.state, COMPANION)
    ctx.set("decks", COMPANION, "hands", seat, [c for c in deck["hands"][seat] if c != traitor])
    ctx.put("decks", COMPANION, "discard", [traitor])
    ctx.set("heroes", seat, "companions", [c for c in held if c != traitor])
    realm.steps.extend(wound(ctx, seat, 1, _rule(card)))
    realm.step(
        msg(
            "dotr.cc.companion_events.1_3_betrays_hero_discard",
            name=game_cards(ctx.state)[traitor].name,
        ),
        _rule(card),
    )
    return None


def troll_renegades(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    ctx = realm.ctx
    revealed = _reveal_until(realm, HERO, lambda c: True, choice, card, "1 Hero card")
    if isinstance(revealed, dict):
        return revealed
    hero_card = revealed[0]
    where = realm.data.city if hero_card.kind == "special" else hero_card.data.get("location")
    if where is None:  # a dragon's Hero Card the app counts by colour only
        realm.step(
            msg("dotr.cc.companion_events.hero_card_revealed_troll_unknown", name=hero_card.name),
            _rule(card),
        )
    else:
        realm.step(
            msg(
                "dotr.cc.companion_events.hero_card_revealed_troll",
                name=hero_card.name,
                location=realm.data.place_ref(str(where)),
            ),
            _rule(card),
        )
    # The card leaves the deck before any Troll lands (a Troll may end the game).
    if (ctx.state.get("settings") or {}).get("troll_renegades_hero_card") == "back_on_top":
        ctx.put("decks", HERO, "draw", [hero_card.id])
        realm.step(
            msg("dotr.cc.companion_events.put_back_top_hero_deck", name=hero_card.name),
            msg("dotr.cc.companion_events.setting_troll_renegades_hero_card"),
        )
    else:
        _discard(realm, HERO, revealed, "Setting troll_renegades_hero_card")
    place_token(realm, "trolls", str(card.data["location"]), _rule(card))
    if where is not None:
        place_token(realm, "trolls", str(where), _rule(card))
    return None


def thieves(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    ctx, seat = realm.ctx, rec["seat"]
    hand = list(get_deck(ctx.state, HERO)["hands"].get(seat, []))
    if not hand:
        realm.step(msg("dotr.cc.companion_events.hero_holds_no_hero_card"), _rule(card))
        return None
    stolen = hand.pop(ctx.rng.randrange(len(hand)))
    ctx.set("decks", HERO, "hands", seat, hand)
    ctx.put("decks", HERO, "discard", [stolen])
    realm.step(
        msg(
            "dotr.cc.companion_events.thieves_take_random_discard",
            name=game_cards(ctx.state)[stolen].name,
        ),
        _rule(card),
    )
    return None


def land_ablaze(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    ctx = realm.ctx
    if not has_expansion(ctx.state, "dragon"):
        realm.step(
            msg("dotr.cc.companion_events.land_ablaze_used_only_with"),
            msg("dotr.cc.companion_events.cc_setup_note"),
        )
        return None
    revealed = _reveal_until(
        realm, HERO, lambda c: c.kind != "special", choice, card, "a card with a location"
    )
    if isinstance(revealed, dict):
        return revealed

    where = revealed[-1].data.get("location")
    if where is None:  # a dragon's Hero Card the app counts by colour only
        realm.step(
            msg("dotr.cc.companion_events.ablaze_location_unknown", name=revealed[-1].name),
            _rule(card),
        )
    else:
        set_on_fire(ctx, str(where), _rule(card), realm.steps)
    _discard(realm, HERO, revealed, _rule(card))
    return None


def inside_information(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    rec["inside_information"] = True
    realm.step(msg("dotr.cc.companion_events.if_no_companion_recruited_this"), _rule(card))
    return None


def patriotism(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    rec["wild"] = True
    realm.step(msg("dotr.cc.companion_events.every_companion_revealed_this_time"), _rule(card))
    realm.step(
        msg("dotr.cc.companion_events.as_transcribed_card_also_reads"),
        msg("dotr.cc.companion_events.cc_event_patriotism_second_line"),
    )
    return None


def infiltrating_spies(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    minions = {c: n for c, n in ((choice or {}).get("minions") or {}).items() if n}
    if not minions:
        return {"asks": "minions", "text": "Choose 2 Minions to put in Monarch City."}
    if (
        set(minions) - set(COLOURS)
        or any(n < 0 for n in minions.values())
        or sum(minions.values()) != 2
    ):
        raise InvalidArguments(
            {"minions": [msg("error.dotr.cc.companion_events.choose_exactly_2_minions_e")]}
        )
    for colour in COLOURS:
        realm.place(colour, minions.get(colour, 0), realm.data.city, rule=_rule(card))
    return None


def heavy_casualties(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    rec["extra"] = int(rec.get("extra", 0)) + 1
    realm.step(msg("dotr.cc.companion_events.each_companion_revealed_this_time"), _rule(card))
    return None


def _two_locations(candidate: Card) -> bool:
    places = {p["location"] for p in candidate.data.get("placements") or ()}
    return candidate.kind == "standard" and len(places) == 2


def giant_spiders(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    revealed = _reveal_until(realm, DS, _two_locations, choice, card, "a card with 2 locations")
    if isinstance(revealed, dict):
        return revealed
    last = revealed[-1]
    realm.step(
        msg("dotr.cc.companion_events.names_2_locations_giant_spider", name=last.name), _rule(card)
    )
    _discard(realm, DS, revealed, _rule(card))
    for loc in dict.fromkeys(p["location"] for p in last.data["placements"]):
        place_token(realm, "spiders", str(loc), _rule(card))
    return None


def empty_inn(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    rec["empty_inn"] = True
    realm.step(msg("dotr.cc.companion_events.every_companion_drawn_this_time"), _rule(card))
    return None


def dungeon(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    place_dungeon(realm, rec["rolls"], _rule(card))
    return None


def enemy_scouts(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:

    raw = list((choice or {}).get("locations") or [])
    if not raw:
        return {
            "asks": "locations",
            "text": "Choose 4 different locations, for 1 Orc, 1 Undead, "
            "1 Demon and 1 Dragonkin (in that order).",
        }
    places = [resolve_location(realm.ctx.state, loc) for loc in raw]
    if len(places) != 4 or len(set(places)) != 4:
        raise InvalidArguments(
            {"locations": [msg("error.dotr.cc.companion_events.4_different_locations_orc_undead")]}
        )
    for colour, loc in zip(COLOURS, places, strict=True):
        realm.place(colour, 1, loc, rule=_rule(card))
    return None


def bar_fight(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    realm.steps.extend(wound(realm.ctx, rec["seat"], 1, _rule(card)))
    rec["discount"] = int(rec.get("discount", 0)) + 1
    realm.step(msg("dotr.cc.companion_events.recruiting_companion_costs_1_hero"), _rule(card))
    return None


def darkness_spreads(realm: Realm, rec: dict[str, Any], card: Card, choice: Any) -> Waiting:
    revealed = _reveal_until(realm, DS, lambda c: True, choice, card, "1 Darkness Spreads card")
    if isinstance(revealed, dict):
        return revealed
    realm.step(
        msg("dotr.cc.companion_events.resolve_full_night_still_comes", name=revealed[0].name),
        _rule(card),
    )
    realm.ctx.put("decks", DS, "discard", [revealed[0].id])
    resolve_card(realm, revealed[0])
    realm.steps.append(
        Step(msg("dotr.cc.companion_events.discard_2", name=revealed[0].name), _rule(card))
    )
    return None


EVENTS: dict[str, Handler] = {
    "warlords": warlords,
    "betrayal": betrayal,
    "troll_renegades": troll_renegades,
    "thieves": thieves,
    "land_ablaze": land_ablaze,
    "inside_information": inside_information,
    "patriotism": patriotism,
    "infiltrating_spies": infiltrating_spies,
    "heavy_casualties": heavy_casualties,
    "giant_spiders": giant_spiders,
    "empty_inn": empty_inn,
    "dungeon": dungeon,
    "enemy_scouts": enemy_scouts,
    "bar_fight": bar_fight,
    "darkness_spreads": darkness_spreads,
}
