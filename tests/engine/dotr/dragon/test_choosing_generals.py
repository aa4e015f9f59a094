"""1. Choosing Generals; the Darkness Spreads and Hero decks rebuilt for them (DX)."""

from __future__ import annotations

import copy
from collections import Counter

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import render
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.dragon.content import general_of
from tests.helpers import ENTERED, check_conservation, minions, on_top, read_all

from . import DS, dragon_table, empty

PACK = default_packs()["dotr-base"]


def _generals_of(state: dict, deck: str) -> Counter[str]:
    cards = game_cards(state)
    piles = state["decks"][deck]
    ids = [*piles["draw"], *piles["discard"], *piles["box"], *piles["table"]]
    return Counter(str(cards[c].data.get("general")) for c in ids)


def test_choosing_generals_per_colour_the_base_or_the_dragon_general() -> None:
    """DX: "Players can now choose between multiple Generals for the colors Green, Red, Black,
    and Blue"; "for the Red Dragon Brimstone, that General starts on a new location, Fire River";
    the other dragons follow the base path of their colour."""
    log = dragon_table({"red": "brimstone", "green": "hemlock"})
    state = log.state
    assert set(state["generals"]) == {"brimstone", "hemlock", "varkolak", "sapphire"}
    assert state["generals"]["brimstone"]["location"] == "fire-river"
    assert state["generals"]["hemlock"]["location"] == "thorny-woods"  # Gorgutt's path
    # Each General starts with the troops its card shows (entered: 3 each).
    assert minions(state, "fire-river")["red"] >= 3
    assert minions(state, "thorny-woods")["green"] >= 3
    check_conservation(state)
    assert log.replay() == state


def test_the_darkness_spreads_and_hero_decks_follow_the_chosen_generals() -> None:
    """DX: "taking out the cards of the General(s) not being used in the game and shuffling all
    cards with Icons of the Generals being used" into their decks; "If the Orcs are not being
    used, remove the Orc Patrols and Orc War Party"."""
    log = dragon_table(
        {"red": "brimstone", "green": "hemlock"}, dragon_darkness_spreads="one_for_one"
    )
    read_all(log)
    state = log.state
    generals = _generals_of(state, DS)
    standard = Counter(
        str(c.data.get("general")) for c in PACK.deck(DS).cards if c.kind == "standard"
    )
    assert generals["balazarg"] == 0 and generals["gorgutt"] == 0
    # One for one: as many as the base General had in this deck (without the Orcs, his Orc
    # cards give way to the Specials), the 3 entered for Brimstone among them; the others are
    # read at the table when they come up.
    assert generals["brimstone"] == standard["balazarg"] == 12
    assert generals["hemlock"] == standard["gorgutt"] == 12
    cards = game_cards(state)
    assert sum(1 for c in state["decks"][DS]["draw"] if cards[c].data.get("unread")) > 0
    kinds = Counter(game_cards(state)[c].kind for c in state["decks"][DS]["draw"])
    assert kinds["orc_patrols"] == kinds["orc_war_party"] == 0
    # DX: "Replace the Hero Cards, too." Nobody entered the dragons' Hero Cards: as many of
    # their colours as the base Generals had, counted by colour; no base card stands in.
    hero = state["decks"]["hero"]
    held = [game_cards(state)[c] for c in [*hero["draw"], *hero["box"], *hero["hands"]["1"]]]
    colours = Counter(card.data.get("colour") for card in held)
    base = Counter(c.data.get("colour") for c in PACK.deck("hero").cards)
    assert colours["red"] == base["red"] and colours["green"] == base["green"]
    dragons = Counter(card.data.get("general") for card in held if card.kind == "location")
    assert dragons["brimstone"] == base["red"] and dragons["hemlock"] == base["green"]
    base_ids = {c.id for c in PACK.deck("hero").cards if c.data.get("colour") in ("red", "green")}
    assert not base_ids & {card.id for card in held}
    names = {card.name for card in held if card.data.get("general") == "hemlock"}
    assert names == {"Hemlock's Hero Card"}
    assert "hero_stand_in" not in state["dragon"]
    # Only the cards entered (none here): a smaller Hero deck, without a red or green card.
    smaller = dragon_table(
        {"red": "brimstone", "green": "hemlock"}, dragon_hero_cards="entered_only"
    )
    deck = smaller.state["decks"]["hero"]
    ids = [*deck["draw"], *deck["box"], *deck["hands"]["1"]]
    left = Counter(game_cards(smaller.state)[c].data.get("colour") for c in ids)
    assert left["red"] == left["green"] == 0 and left["blue"] == base["blue"]


def test_the_generals_cards_are_in_before_global_effects_and_sterling_are_shuffled_in() -> None:
    """DX: "Generals should be chosen and the appropriate General Darkness Spreads Cards
    identified and used to create the Darkness Spreads Deck prior to shuffling the 5 Global
    Effect Cards into the deck"."""
    log = dragon_table({"red": "brimstone"}, sterling=True)
    types = [event.type for event in log.events]
    assert (
        types.index("deck_prepared") < types.index("setup_cards_done") < types.index("dragon_setup")
    )
    draw = log.state["decks"][DS]["draw"]
    kinds = Counter(game_cards(log.state)[c].kind for c in draw)
    assert kinds["good"] + kinds["bad"] == 5  # 2 Bad + 3 Good, their text entered or not
    assert kinds["sterling"] == 3


def test_onslaught_random_generals_the_first_dealt_of_each_colour_plays() -> None:
    """DX Onslaught: "Shuffle all General cards and then deal them one at a time. The first of
    each color to be dealt is active in the War."""
    seen: set[str] = set()
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        log = dragon_table("random", seed=seed)
        dealt = log.state["dragon"]["dealt"]
        first: dict[str, str] = {}
        for general in dealt:
            found = general_of(log.state, general)
            assert found is not None
            first.setdefault(found.colour, general)
        assert log.state["dragon"]["generals"] == first
        assert set(log.state["generals"]) == set(first.values())
        seen |= set(first.values())
    assert seen & {"brimstone", "onyx", "hemlock", "high-dragon-sapphire"}
    assert seen & {"gorgutt", "balazarg", "varkolak", "sapphire"}


def test_a_dragon_general_plays_with_nothing_entered_and_is_read_when_it_matters() -> None:
    """Nothing entered: the game starts; Onyx's General card is read at the setup (his minions
    at the start), his Darkness Spreads cards when they come up; nobody stands in for them."""
    nothing = {"values": {}, "cards": {}}
    log = dragon_table({"black": "onyx"}, entered=nothing, dragon_darkness_spreads="one_for_one")
    state = log.state
    first = in_language(state["reading"][0], "en")  # its words are kept as message ids
    assert (first["name"], first["kind"]) == ("Onyx's General card", "general")
    assert list(first["schema"]["properties"]) == ["starting_minions"]
    assert minions(state, "dark-woods")["black"] == 0 or any(
        p["resume"]["rule"] == "setup_card" for p in state["reading"]
    )
    before = minions(state, "dark-woods")["black"]
    placed = log.execute("read_card", {"face": {"starting_minions": 3}}).events[-1]
    assert minions(state, "dark-woods")["black"] == before + 3
    assert render(placed.summary_msg, "en") == "Onyx takes position with 3 minions."
    assert render(placed.summary_msg, "de") == "Onyx bezieht Stellung mit 3 Schergen."
    generals = _generals_of(state, DS)
    assert generals["onyx"] == 13 and generals["varkolak"] == 0  # Varkolak's 13, Orcs in play
    cards = game_cards(state)
    onyx = [cards[c] for c in state["decks"][DS]["draw"] if cards[c].data.get("general") == "onyx"]
    assert onyx and all(card.data.get("unread") for card in onyx)
    assert "stand_in" not in state["dragon"]
    # entered_only: the deck holds only what was entered (none here).
    smaller = dragon_table({"black": "onyx"}, entered=nothing)
    assert _generals_of(smaller.state, DS)["onyx"] == 0


def test_a_game_keeps_the_content_entered_when_it_was_set_up() -> None:
    """The game is self-contained: what players had entered is kept in its state, so a later
    edit of the shared overlay changes nothing in it (the service passes the overlay)."""
    entered = copy.deepcopy(ENTERED)
    log = dragon_table({"red": "brimstone"}, entered=entered)
    assert log.state["overlays"]["dotr-dragon"]["data"] == ENTERED
    entered["values"]["generals/brimstone/life"] = 12  # edited afterwards: not the game's
    assert log.state["overlays"]["dotr-dragon"]["data"]["values"]["generals/brimstone/life"] == 6
    log.execute("wound_general", {"general": "brimstone", "wounds": 6})
    assert log.state["generals"]["brimstone"]["defeated"] is True
    assert log.replay() == log.state


def test_without_the_orcs_six_special_cards_replace_the_orc_cards_entered_or_not() -> None:
    """DX: "If the Orcs are not being used, remove the Orc Patrols and Orc War Party and replace
    those cards with the new 'Special' Darkness Spreads Cards": the table owns them, so the
    slots are in the deck even unentered, and the deck keeps its size. Drawn, an unentered one
    is read from the physical card."""

    def ds_in_play(log: GameLog) -> Counter[str]:
        state = log.state
        deck = state["decks"][DS]
        cards = game_cards(state)
        return Counter(cards[c].kind for c in [*deck["draw"], *deck["discard"]])

    with_orcs = ds_in_play(dragon_table())
    log = dragon_table({"green": "hemlock"}, dragon_darkness_spreads="one_for_one")
    read_all(log)
    without = ds_in_play(log)
    assert (with_orcs["orc_patrols"], with_orcs["orc_war_party"], with_orcs["special"]) == (4, 2, 0)
    assert (without["orc_patrols"], without["orc_war_party"], without["special"]) == (0, 0, 6)
    assert sum(without.values()) == sum(with_orcs.values())
    card = game_cards(log.state)["dx-ds-special-1"]
    assert card.name.endswith("(not yet entered: read the physical card)")
    empty(log)
    on_top(log.state, "dx-ds-special-1")
    log.execute("night", {"skip_evening": True})
    prompt = log.state["reading"][0]
    assert prompt["name"] == "Special Darkness Spreads card 1 (to enter)"
    assert set(prompt["schema"]["required"]) == {"title", "text"}
    outcome = log.execute(
        "read_card", {"face": {"title": "Dark Rain", "text": "Each hero loses 1 card."}}
    )
    steps = [s["text"] for e in outcome.events for s in e.steps]
    assert "Dark Rain: Each hero loses 1 card." in steps
    assert outcome.events[-1].type == "turn_passed"
