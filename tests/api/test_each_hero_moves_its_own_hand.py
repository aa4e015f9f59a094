"""Defenders of the Realm: a hero's hand moves only from that hero's own phone.

Ada (the host, seat 1, the Wizard) has the first turn; Bea (seat 2, the Rogue) plays from her own
phone and tries to move Ada's cards, or to learn them from a refusal. A phone shared by two
players holds a token for each seat and acts for each with its own token.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game, GameEvent
from tests.conftest import Table, client_for, create_table

pytestmark = pytest.mark.django_db

SETUP = {
    "host": {"name": "Ada", "hero": "Wizard"},
    "expansions": ["dragon", "companions_catacombs"],
    "options": {"sterling": True},
}


@pytest.fixture
def realm(db: None) -> Table:
    table = create_table(SETUP)
    # The cards of the expansion the app does not know yet are left unread: no hand waits on them.
    arrange(table, ("reading", []))
    return table


def stored(table: Table) -> dict[str, Any]:
    return dict(Game.objects.get(pk=table.game_id).state)


def arrange(table: Table, *changes: tuple[Any, ...]) -> None:
    """A test position in the stored game (what is owed, where a fire burns)."""
    game = Game.objects.get(pk=table.game_id)
    for *path, value in changes:
        node = game.state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    game.save()


def hero_hand(table: Table, seat: str) -> list[str]:
    return list(stored(table)["decks"]["hero"]["hands"][seat])


def every_hero_card(table: Table) -> list[str]:
    deck = stored(table)["decks"]["hero"]
    held = [card for hand in deck["hands"].values() for card in hand]
    return sorted({*deck["draw"], *deck["discard"], *held})


def event_count(table: Table) -> int:
    return GameEvent.objects.filter(game_id=table.game_id).count()


def refused_for_ada(table: Table, client: Any, action: str, args: dict[str, Any]) -> Any:
    """Bea's phone names Ada's hero: refused, nothing logged, nothing of Ada's hand told."""
    hand, version, events = hero_hand(table, "1"), table.version(), event_count(table)
    response = table.act(client, action, {"seat": "1", **args})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "not_your_seat", response.content
    assert not [card for card in hand if card in response.content.decode()]
    assert hero_hand(table, "1") == hand
    assert table.version() == version and event_count(table) == events
    return response.json()


def test_a_hero_discards_down_to_the_hand_limit_from_their_own_phone_only(realm: Table):
    """FAQ (Dragon expansion): a hero over the limit discards down at the end of the active
    player's turn; which cards go is that hero's choice."""
    hand = hero_hand(realm, "1")
    arrange(realm, ("pending", [{"type": "hand_limit", "seat": "1", "discard": 1}]))
    refused_for_ada(realm, realm.player, "discard_to_limit", {"cards": hand[:1]})
    named = [*hand, *[card for card in every_hero_card(realm) if card not in hand]][:60]
    refused_for_ada(realm, realm.player, "discard_to_limit", {"cards": named})
    done = realm.act(realm.host, "discard_to_limit", {"cards": hand[:1]})
    assert done.status_code == 200, done.content
    assert hero_hand(realm, "1") == hand[1:]


@pytest.mark.parametrize(
    "action,args",
    [
        ("draw_quest", {}),
        ("complete_quest", {"quest": "any"}),
        ("discard_quest", {"quest": "any"}),
        ("rumors", {"colour": "red"}),
        ("put_out_fire", {"card": "any"}),
        ("play_special", {"card": "any"}),
        ("search_sterling", {}),
        ("recruit", {"count": 2}),
        ("dismiss_companion", {"companion": "any"}),
        ("attack_agent", {"slain": True}),
        ("enter_dungeon", {}),
    ],
)
def test_no_other_phone_draws_into_plays_from_or_discards_from_a_heros_hand(
    realm: Table, action: str, args: dict[str, Any]
):
    refused_for_ada(realm, realm.player, action, args)


def test_the_quest_a_hero_keeps_at_the_start_is_chosen_by_that_hero_only(realm: Table):
    """Onslaught: each hero is dealt 2 Quests and keeps 1."""
    quest = stored(realm)["heroes"]["1"]["quests"][0]
    arrange(realm, ("scenario", {"id": "onslaught", "quest_choice": {"1": 1}}))
    refused_for_ada(realm, realm.player, "keep_quest", {"quest": quest})


def test_a_fire_of_the_burning_land_is_doused_with_a_card_of_the_heros_own_hand(realm: Table):
    """The Burning Land: a fire in Monarch City is put out with a Special card."""
    arrange(
        realm, ("scenario", {"id": "the-burning-land", "rules": ["city_fires_need_special_cards"]})
    )
    args = {"card": "any", "location": "monarch-city"}
    refused_for_ada(realm, realm.player, "douse_fire", args)


def test_the_hero_recruiting_pays_for_a_companion_from_their_own_hand(realm: Table):
    """Companions & Catacombs: recruit a Companion by paying its cost in Hero Cards."""
    arrange(realm, ("recruitment", {"seat": "1", "cards": [], "next": 0}))
    hand = hero_hand(realm, "1")
    response = realm.act(realm.player, "hire", {"companion": None, "cards": hand})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "not_your_seat"
    assert hero_hand(realm, "1") == hand


def test_the_treasure_of_a_dungeon_goes_to_the_hero_who_fought_for_it_only(realm: Table):
    """Companions & Catacombs: victory over the Treasure Room takes one of its Treasures."""
    location = stored(realm)["heroes"]["1"]["location"]
    run = {"seat": "1", "location": location, "current": None, "total": 6, "goal": 6}
    arrange(realm, ("dungeon_run", run))
    version = realm.version()
    response = realm.act(realm.player, "fight_treasure_room", {"defeated": True})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "not_your_seat"
    assert realm.version() == version


def test_the_bonus_sterling_grants_is_chosen_by_her_hero_only(realm: Table):
    arrange(realm, ("pending", [{"type": "sterling_bonus", "seat": "1", "max": 3, "card": None}]))
    version = realm.version()
    response = realm.act(realm.player, "sterling_bonus", {"bonus": 1})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "not_your_seat"
    assert realm.version() == version and hero_hand(realm, "1")


def test_a_phone_shared_by_two_players_acts_for_each_with_that_seats_token(realm: Table):
    """ "Players sharing this phone": each joins with a token of their own, kept by that phone."""
    joined = client_for().post(
        "/api/v1/games/join/",
        {"join_code": realm.join_code, "name": "Cy", "hero": "Paladin"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    cy = client_for(joined.json()["token"])
    owed = [{"type": "hand_limit", "seat": "3", "discard": 1}]
    arrange(realm, ("reading", []), ("pending", owed))
    card = hero_hand(realm, "3")[0]
    wrong = realm.act(realm.host, "discard_to_limit", {"cards": [card], "seat": "3"})
    assert wrong.status_code == 400 and wrong.json()["code"] == "not_your_seat"
    done = realm.act(cy, "discard_to_limit", {"cards": [card], "seat": "3"})
    assert done.status_code == 200, done.content
    assert card not in hero_hand(realm, "3")


def test_the_phone_offers_only_its_own_hero_where_a_hand_moves(realm: Table):
    actions = {a["type"]: a for a in realm.player.get(realm.url("actions/")).json()["actions"]}
    for action in ("discard_to_limit", "draw_quest", "discard_quest", "play_special"):
        seat = actions[action]["args"]["properties"]["seat"]
        assert [choice["const"] for choice in seat["oneOf"]] == ["2"], action


def burning_under_ada(table: Table) -> str:
    """Ada's location is On Fire at the end of her turn."""
    location = stored(table)["heroes"]["1"]["location"]
    arrange(
        table,
        ("board", location, "fire", 1),
        ("supply", "fire", int(stored(table)["supply"]["fire"]) - 1),
    )
    return location


def test_the_dangers_of_the_turns_end_hit_only_the_hero_ending_the_turn(realm: Table):
    burning_under_ada(realm)
    location = stored(realm)["heroes"]["1"]["location"]
    arrange(realm, ("heroes", "2", "location", location))
    version = realm.version()
    response = realm.act(realm.player, "turn_end_dangers", {"seat": "2"})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "not_your_turn"
    assert realm.version() == version
    assert stored(realm)["heroes"]["2"]["life"] == stored(realm)["heroes"]["2"]["max_life"]


def test_another_phone_may_enter_the_dangers_nobody_chooses_and_the_log_says_who(realm: Table):
    burning_under_ada(realm)
    life = stored(realm)["heroes"]["1"]["life"]
    entered = realm.act(realm.player, "turn_end_dangers")
    assert entered.status_code == 200, entered.content
    event = entered.json()["events"][-1]
    assert event["data"]["seat"] == "1" and event["data"]["entered_by"] == "2"
    assert any("Bea" in step["text"] and "entered" in step["text"] for step in event["steps"])
    assert stored(realm)["heroes"]["1"]["life"] == life - 1
