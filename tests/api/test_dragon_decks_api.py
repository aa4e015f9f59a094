"""The Dragon expansion's own decks hold their true number of cards, known or not, through the
API: the Winds of War deck (counted once by the table) and the Global Effects. A game with
nothing entered starts, plays until a card the app does not know comes up, the table reads it
through the API and the game goes on; the group's next game does not ask again; the prompt
shows every seat only the card that came up."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game
from tests.conftest import client_for
from tests.helpers import a_face

from .test_content_owners import group_of
from .test_reading_cards_api import act, create, read_setup, view

pytestmark = pytest.mark.django_db

COUNT = "decks/winds_of_war_board/wow-board/data.deck_size"
SIEGE = "wow-siege-of-the-capital"
SPECIALS = ("special-magic-gate", "special-hammer-of-valor", "special-spell-of-purity")
# The table holds the Hero deck: it names the Specials it draws in the evening.
WINDS = {"expansions": ["dragon"], "options": {"winds_of_war": True}, "table_decks": ["hero"]}
RAID = {
    "title": "Raiders at Wolf Pass",
    "prevention": "Made up: each hero goes to Wolf Pass.",
    "action": "Made up: add 2 Dragonkin to Wolf Pass.",
    "action_minions": [{"location": "wolf-pass", "colour": "blue", "count": 2}],
    "prevention_move_to": "wolf-pass",
}


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.content
    return dict(response.json())


def three_specials(game: dict[str, Any]) -> dict[str, Any]:
    """Three Specials played for their action: the 3rd turns a Winds of War card."""
    ok(act(game, "end_turn", {"cards": list(SPECIALS[:2])}))
    for card in SPECIALS[:2]:
        ok(act(game, "play_special", {"card": card}))
    ok(act(game, "night"))
    read_setup(game)  # a Global Effect the night drew is read on the way
    ok(act(game, "end_turn", {"cards": [SPECIALS[2], "hero-unicorn-forest-1"]}))
    return ok(act(game, "play_special", {"card": SPECIALS[2]}))


def test_winds_of_war_a_game_with_nothing_entered_counts_the_deck_and_reads_the_card() -> None:
    """DX: "When 3 Cards appear on the board, a Winds of War card is triggered. Turn over the top
    Winds of War Card and either perform the Prevention required or activate the card's
    Action." Nobody counted the deck at setup: the table counts it when the first card is
    turned, reads the card if the app does not know it, and the choice goes on."""
    alice, _, ada = group_of("alice", "Thursday table", "Ada")
    for attempt in range(6):  # Siege of the Capital (known) may come first: another game
        game = create(WINDS, alice, ada)
        read_setup(game)
        body = three_specials(game)
        names = [p["name"] for p in body["state"]["reading"]]
        if attempt > 0:  # the group's next games know the count
            assert "The Winds of War deck" not in names
        else:
            assert names == ["The Winds of War deck"]
            assert body["events"][-1]["type"] == "card_to_read"
            refused = act(game, "winds_of_war", {"choice": "action"})
            assert refused.status_code == 400 and refused.json()["code"] == "card_unread"
            body = ok(act(game, "read_card", {"face": {"deck_size": 5}}))
        if body["state"]["reading"]:
            break
    prompt = body["state"]["reading"][0]
    assert prompt["kind"] == "winds_of_war" and prompt["title"] == "Read the card you drew"
    assert "resume" not in prompt
    read = ok(act(game, "read_card", {"face": RAID}))
    assert [e["type"] for e in read["events"]] == ["card_read", "winds_of_war_turned"]
    chosen = ok(act(game, "winds_of_war", {"choice": "action"}))
    assert chosen["events"][0]["type"] == "winds_of_war"
    assert chosen["state"]["board"]["wolf-pass"]["minions"]["blue"] >= 2
    # Kept for the group: the count and the card, listed in its Cards we know.
    listed = client_for(game["token"]).get(f"/api/v1/games/{game['id']}/content/").json()
    paths = {e["path"] for p in listed["packs"] for e in p["entries"]}
    assert {f"values.{COUNT}", f"cards.winds_of_war.{prompt['card']}"} <= paths
    # The group's next game knows both: the deck holds 5 cards, that one by its title.
    second = create(WINDS, alice, ada)
    state = Game.objects.get(pk=second["id"]).state
    deck = state["decks"]["winds_of_war"]
    assert len(deck["draw"]) == 5
    assert game_cards(state)[prompt["card"]].name == "Raiders at Wolf Pass"
    read_setup(second)
    after = three_specials(second)
    assert "The Winds of War deck" not in {p["name"] for p in after["state"]["reading"]}
    turned = after["state"]["pending"][0]["card"]
    assert turned is not None
    if turned in (SIEGE, prompt["card"]):
        assert after["state"]["reading"] == []  # a card the group knows is never asked again


def test_winds_of_war_the_count_read_at_setup_is_used_and_kept() -> None:
    alice, _, ada = group_of("bea", "Friday table", "Bea")
    listed = {s["id"]: s for s in APIClient().get("/api/v1/scenarios/").json()}
    ask = listed["standard"]["option_entries"]["winds_of_war"]
    assert ask["card"] == "The Winds of War deck"
    assert [f["label"] for f in ask["fields"]] == ["cards in the deck"]
    game = create({**WINDS, "entries": {COUNT: 7}}, alice, ada)
    assert len(Game.objects.get(pk=game["id"]).state["decks"]["winds_of_war"]["draw"]) == 7
    again = create(WINDS, alice, ada)  # not entered again: the group's count
    assert len(Game.objects.get(pk=again["id"]).state["decks"]["winds_of_war"]["draw"]) == 7
    stranger = create(WINDS)  # another table has not counted its deck
    assert len(Game.objects.get(pk=stranger["id"]).state["decks"]["winds_of_war"]["draw"]) == 1


def test_a_global_effect_nobody_entered_is_read_through_the_api_and_the_night_goes_on() -> None:
    """DX: "When a Global Effect is drawn, it is activated by placing it on the board ...
    Immediately draw another Darkness Spreads Card." """
    alice, _, ada = group_of("cy", "Sunday table", "Cy")
    prompt = None
    for _ in range(8):
        game = create({"expansions": ["dragon"]}, alice, ada)
        read_setup(game)
        for _ in range(30):
            if view(game)["outcome"]:
                break
            body = ok(act(game, "night", {"skip_evening": True}))
            if body["state"]["reading"]:
                prompt = body["state"]["reading"][0]
                break
        if prompt is not None:
            break
    assert prompt is not None and prompt["kind"] in ("good", "bad")
    assert "turn_passed" not in [e["type"] for e in body["events"]]
    # Another seat sees the card that came up, and nothing of the deck or of anyone's hand.
    joined = client_for().post(
        "/api/v1/games/join/", {"join_code": game["join_code"], "name": "Bea"}, format="json"
    )
    assert joined.status_code == 201, joined.content
    seen = joined.json()["state"]["reading"]
    assert [p["card"] for p in seen] == [prompt["card"]]
    hidden = Game.objects.get(pk=game["id"]).state["decks"]["darkness_spreads"]["draw"]
    host_hand = view(game)["decks"]["hero"]["hand"]
    assert not any(card in str(seen) for card in [*hidden, *host_hand])
    read = ok(act(game, "read_card", {"face": a_face(prompt)}))
    types = [e["type"] for e in read["events"]]
    assert types[:2] == ["card_read", "global_effect_drawn"]
    assert types[-1] in ("turn_passed", "game_lost", "card_to_read")
    # The group's next game knows it.
    second = Game.objects.get(pk=create({"expansions": ["dragon"]}, alice, ada)["id"]).state
    assert game_cards(second)[prompt["card"]].data["title"] == "A made-up Global Effect"


def test_a_dragons_hero_cards_with_nothing_entered_are_counted_by_colour() -> None:
    """DX: "Replace Black General Varkolak's Darkness Spreads Cards with Black Dragon General
    Onyx's. Replace the Hero Cards, too." With nothing entered the game starts and its Hero
    deck holds as many black cards as Varkolak's, each Onyx's; none of Varkolak's stands in."""
    game = create({"expansions": ["dragon"], "generals": {"black": "onyx"}})
    state = Game.objects.get(pk=game["id"]).state
    cards = game_cards(state)
    deck = state["decks"]["hero"]
    held = [cards[c] for c in [*deck["draw"], *deck["box"], *deck["hands"]["1"]]]
    black = [card for card in held if card.data.get("colour") == "black"]
    assert len(black) == 20 and {card.name for card in black} == {"Onyx's Hero Card"}
    shown = {e["type"]: e for e in game["events"]}["dragon_setup"]
    assert any("shuffle Onyx's in" in step["text"] for step in shown["steps"])
