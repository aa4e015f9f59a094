"""No seat reads another seat's hand, or a face-down pile, through the deck commands.

A hostile player at the table (``table.player``, seat 2) tries to learn the host's hand (seat 1)
or what lies in the draw pile and the box, by naming cards and reading the refusal.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game, GameEvent
from tests.conftest import GENERIC_SETUP, TEST_CARDS, Table, client_for, create_table

pytestmark = pytest.mark.django_db


def hidden_from_the_player(table: Table) -> list[str]:
    """The cards seat 2 may not see: seat 1's hand and the box (the draw pile is face down)."""
    deck = Game.objects.get(pk=table.game_id).state["decks"]["test"]
    return [*deck["hands"]["1"], *deck["box"]]


def event_count(table: Table) -> int:
    return GameEvent.objects.filter(game_id=table.game_id).count()


def with_a_hidden_hand(table: Table) -> list[str]:
    """The host draws three cards into a hand and puts one of them in the box."""
    table.act(table.host, "draw", {"deck": "test", "count": 3})
    hand = table.state(table.host)["hands"]["1"]
    boxed = table.act(table.host, "box", {"deck": "test", "cards": [hand[0]]})
    assert boxed.status_code == 200, boxed.content
    return hand


@pytest.mark.parametrize(
    "command,args",
    [
        ("discard", {"from": "hand"}),
        ("put_back", {"from": "hand"}),
        ("box", {"from": "hand"}),
        ("take", {"from": "discard"}),
    ],
)
def test_a_seat_cannot_move_another_seats_hand_nor_read_it_in_the_refusal(
    table: Table, command: str, args: dict[str, Any]
):
    with_a_hidden_hand(table)
    before = event_count(table)
    version = table.version()
    refused = table.act(
        table.player, command, {"deck": "test", "cards": TEST_CARDS, "seat": "1", **args}
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "not_your_seat"
    assert not [card for card in hidden_from_the_player(table) if card in refused.content.decode()]
    assert table.version() == version and event_count(table) == before


def test_a_seat_cannot_draw_into_another_seats_hand(table: Table):
    refused = table.act(table.player, "draw", {"deck": "test", "count": 2, "seat": "1"})
    assert refused.status_code == 400
    assert refused.json()["code"] == "not_your_seat"
    assert table.state(table.host)["hands"]["1"] == []


@pytest.mark.parametrize("command", ["take", "box"])
def test_naming_cards_in_the_draw_pile_tells_nothing_of_the_hands_or_the_box(
    table: Table, command: str
):
    with_a_hidden_hand(table)
    refused = table.act(
        table.player, command, {"deck": "test", "cards": TEST_CARDS, "from": "draw"}
    )
    assert refused.status_code == 400
    assert not [card for card in hidden_from_the_player(table) if card in refused.content.decode()]
    # One card or all twenty: the same answer, whichever pile the card is really in.
    hidden = hidden_from_the_player(table)
    answers = {
        table.act(
            table.player, command, {"deck": "test", "cards": [card], "from": "draw"}
        ).content.decode()
        for card in [hidden[0], hidden[-1], TEST_CARDS[-1]]
    }
    assert len(answers) == 1


def test_taking_from_the_box_tells_nothing_of_what_is_in_it(table: Table):
    hand = with_a_hidden_hand(table)
    answers = {
        table.act(
            table.player, "take", {"deck": "test", "cards": [card], "from": "box"}
        ).content.decode()
        for card in [hand[0], hand[1], TEST_CARDS[-1]]
    }
    assert len(answers) == 1
    assert hand[0] not in answers.pop()


def test_a_table_held_deck_refusing_a_draw_names_no_card_in_anothers_hand(db):
    setup = {**GENERIC_SETUP, "decks": {"test": {"cards": TEST_CARDS, "owner": "table"}}}
    table = create_table(setup)
    drawn = table.act(table.host, "draw", {"deck": "test", "count": 2, "cards": ["c01", "c02"]})
    assert drawn.status_code == 200, drawn.content
    refused = table.act(
        table.player, "draw", {"deck": "test", "count": 4, "cards": ["c01", "c02", "c03", "c04"]}
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "card_not_in_pile"
    assert "c01" not in refused.content.decode() and "c02" not in refused.content.decode()


def test_a_refusal_names_the_cards_missing_from_the_callers_own_hand_in_their_language(
    table: Table,
):
    table.act(table.player, "draw", {"deck": "test", "count": 2})
    own = table.state(table.player)["hands"]["2"]
    elsewhere = next(card for card in TEST_CARDS if card not in own)
    refused = table.act(
        table.player,
        "discard",
        {"deck": "test", "cards": [own[0], elsewhere]},
        HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9",
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "card_not_in_pile"
    assert refused.json()["detail"] == f"'{elsewhere}' ist nicht in deiner Hand (Stapel Test)."


def test_peek_is_not_offered_where_no_rule_grants_it(table: Table):
    actions = {a["type"]: a for a in table.player.get(table.url("actions/")).json()["actions"]}
    assert actions["peek"]["available"] is False
    before = event_count(table)
    refused = table.act(table.player, "peek", {"deck": "test", "count": 3})
    assert refused.status_code == 400
    assert refused.json()["code"] == "peek_not_granted"
    assert event_count(table) == before


def test_no_rulebook_of_defenders_of_the_realm_grants_a_peek(db):
    created = client_for().post("/api/v1/games/", {}, format="json").json()
    host = client_for(created["token"])
    refused = host.post(
        f"/api/v1/games/{created['id']}/actions/",
        {"type": "peek", "args": {"deck": "hero", "count": 1}, "expected_version": 0},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "peek_not_granted"


def test_peek_is_offered_only_on_a_deck_the_tables_rules_grant_and_logged_for_all(db):
    setup = {
        **GENERIC_SETUP,
        "decks": {"test": {"cards": TEST_CARDS}, "scouting": {"cards": ["s1", "s2"], "peek": True}},
    }
    table = create_table(setup)
    actions = {a["type"]: a for a in table.player.get(table.url("actions/")).json()["actions"]}
    offered = actions["peek"]["args"]["properties"]["deck"]["oneOf"]
    assert offered == [{"const": "scouting", "title": "Scouting"}]
    refused = table.act(table.player, "peek", {"deck": "test", "count": 2})
    assert refused.status_code == 400 and refused.json()["code"] == "peek_not_granted"
    assert table.act(table.player, "peek", {"deck": "scouting", "count": 2}).status_code == 200
    events = table.host.get(table.url("events/")).json()["events"]
    peeked = next(e for e in events if e["type"] == "cards_peeked")
    assert peeked["actor"] == "2" and "cards" not in peeked["data"]
    assert "Bea" in peeked["summary"]
