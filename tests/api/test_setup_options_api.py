"""The setup's options through the API: only what the chosen packs and scenario use is listed
and accepted; every other option is a 400 ``option_not_used`` naming what it needs. The rules for
5 or 6 players, the 4 All is Quiet cards and Quests whose General is slain, seen from a phone."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.content import services as content_services
from tests.conftest import client_for
from tests.engine.dotr.dragon import ENTERED
from tests.helpers import a_face

pytestmark = pytest.mark.django_db

HOST = {"name": "Ada", "hero": "Wizard"}


def create(setup: dict[str, Any]) -> Any:
    return APIClient().post("/api/v1/games/", {"host": HOST, **setup}, format="json")


def enter_dragon_content() -> None:
    """The Dragon pack's values entered for every table (staff, the admin's path)."""
    content_services.content_overlay_import(pack_id="dotr-dragon", data=ENTERED, expected_version=0)


def test_a_base_game_refuses_five_players_naming_the_dragon_expansion() -> None:
    """Before: a base game accepted player_count 5 and played it as 4 (2 starting cards)."""
    response = create({"options": {"player_count": 5}})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "option_not_used"
    assert body["fields"] == {
        "options.player_count": ['Only with the Dragon expansion ("dragon" in expansions).']
    }
    assert "player_count" in body["detail"]


def test_every_option_a_setup_would_ignore_is_refused_each_with_what_it_needs() -> None:
    response = create(
        {"scenario": "realm-in-flames", "options": {"burning_land_fires": "inns_and_city",
                                                    "dungeon_rooms_after_run": "discard"}}
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["code"] == "option_not_used"
    assert response.json()["fields"] == {
        "options.burning_land_fires": ["Only in The Burning Land."],
        "options.dungeon_rooms_after_run": [
            'Only with Companions and Catacombs ("companions_catacombs" in expansions).'
        ],
    }


def test_setup_options_lists_what_these_packs_and_scenario_use() -> None:
    client = APIClient()
    base = client.get("/api/v1/setup-options/").json()
    names = {o["name"] for o in base["options"]}
    assert "harder_setup" in names and "player_count" not in names
    assert base["not_used"]["player_count"].startswith("Only with the Dragon expansion")
    dragon = client.get("/api/v1/setup-options/?expansions=dragon").json()
    count = next(o for o in dragon["options"] if o["name"] == "player_count")
    assert count["title"] == "Number of heroes" and count["group"] == "Players"
    assert count["default"] == 4 and count["advanced"] is False
    dying = client.get("/api/v1/setup-options/?scenario=the-land-is-dying").json()
    assert "all_is_quiet" not in {o["name"] for o in dying["options"]}
    assert dying["not_used"]["all_is_quiet"] == "The Land is Dying sets the All is Quiet cards."
    both = client.get(
        "/api/v1/setup-options/?expansions=dragon&expansions=companions_catacombs"
    ).json()
    assert {"player_count", "warlord_ties"} <= {o["name"] for o in both["options"]}
    bad = client.get("/api/v1/setup-options/?expansions=atlantis")
    assert bad.status_code == 400 and "expansions" in bad.json()["fields"]


def test_the_scenario_list_offers_only_the_options_each_uses() -> None:
    listed = {s["id"]: s for s in APIClient().get("/api/v1/scenarios/").json()}
    standard = {o["name"] for o in listed["standard"]["options"]}
    assert "player_count" not in standard and "burning_land_fires" not in standard
    burning = {o["name"] for o in listed["scenario-the-burning-land"]["options"]}
    assert "burning_land_fires" in burning and "agent" not in burning
    flames = {o["name"] for o in listed["scenario-realm-in-flames"]["options"]}
    assert "burning_land_fires" not in flames


def test_a_fifth_hero_cannot_join_a_base_game() -> None:
    game = create({}).json()
    for name, hero in (("Bea", "Rogue"), ("Cy", "Cleric"), ("Di", "Paladin")):
        joined = APIClient().post(
            "/api/v1/games/join/",
            {"join_code": game["join_code"], "name": name, "hero": hero},
            format="json",
        )
        assert joined.status_code == 201, joined.content
    fifth = APIClient().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Ed", "hero": "Dwarf"},
        format="json",
    )
    assert fifth.status_code == 400
    assert fifth.json()["code"] == "too_many_heroes"
    assert "Rules for 5 or 6 Players" in fifth.json()["detail"]


def test_five_players_with_the_dragon_expansion_start_with_one_hero_card() -> None:
    """'Players start with 1 Hero Card rather than 2.'"""
    enter_dragon_content()
    created = create({"expansions": ["dragon"], "options": {"player_count": 5}})
    assert created.status_code == 201, created.content
    state = created.json()["state"]
    assert len(state["hands"]["1"]) == 2  # 1 Hero Card and 1 Quest
    assert state["settings"]["player_count"] == 5 and state["settings"]["all_is_quiet"] is False


def test_the_burning_land_takes_all_four_all_is_quiet_cards() -> None:
    """'All 4 All is Quiet Cards should be added to the Darkness Spreads Deck.'"""
    enter_dragon_content()
    created = create({"scenario": "the-burning-land"})
    assert created.status_code == 201, created.content
    steps = [s["text"] for e in created.json()["events"] for s in e["steps"]]
    assert "All 4 All is Quiet cards are in the deck." in steps


def test_a_quest_whose_general_is_slain_leaves_the_heros_hand() -> None:
    """'When a Quest cannot be achieved, the Quest Card is immediately discarded and a new Quest
    is drawn' (the base game's rule 'after Generals identified on an open Quest Card have been
    slain'): the table's own Quest deck, so the phone asks the table to discard and draw."""
    game = create({"table_decks": ["quest"]}).json()
    host = client_for(game["token"])
    url = f"/api/v1/games/{game['id']}/actions/"
    scout = "quest-scout-the-general-balazarg"

    def act(kind: str, args: dict[str, Any]) -> Any:
        version = host.get(f"/api/v1/games/{game['id']}/").json()["version"]
        body = {"type": kind, "args": args, "expected_version": version}
        response = host.post(url, body, format="json")
        assert response.status_code == 200, response.content
        return response.json()

    drawn = act("draw_quest", {"cards": [scout]})
    assert drawn["state"]["heroes"]["1"]["quests"] == [scout]
    slain = act("wound_general", {"general": "Balazarg", "wounds": 20})
    assert slain["state"]["heroes"]["1"]["quests"] == []
    replaced = [e for e in slain["events"] if e["type"] == "quests_replaced"]
    assert [s["text"] for s in replaced[0]["steps"]] == [
        "Discard Scout the General (Balazarg) and draw another Quest (Enter: Draw a Quest)."
    ]


# ------------------------------------------------------------------------------------------
# Values the setup needs, read from the cards up front (``entries``)
# ------------------------------------------------------------------------------------------


def test_the_scenarios_list_what_the_setup_reads_from_the_cards() -> None:
    listed = {s["id"]: s for s in APIClient().get("/api/v1/scenarios/").json()}
    dying = listed["scenario-the-land-is-dying"]
    assert [(e["card"], [f["label"] for f in e["fields"]]) for e in dying["entries"]] == [
        ("Hemlock's General card", ["life", "minions at start"])
    ]
    life = dying["entries"][0]["fields"][0]
    assert life["id"] == "generals/hemlock/life" and (life["minimum"], life["maximum"]) == (1, 20)
    assert life["known"] is None  # nobody has entered it on this server
    burning = listed["scenario-the-burning-land"]["entries"]
    assert [(e["card"], e["when"]) for e in burning] == [("Brimstone's General card", "if_returns")]
    rampaging = listed["scenario-rampaging-dragons"]["entries"]
    assert {e["item"] for e in rampaging} == {
        "brimstone", "onyx", "hemlock", "high-dragon-sapphire"
    }  # fmt: skip
    # Per General choice (the standard game with the Dragon expansion, Onslaught, custom).
    choice = listed["standard"]["general_entries"]
    assert choice["onyx"]["card"] == "Onyx's General card"
    assert listed["scenario-onslaught"]["general_entries"]["hemlock"]["fields"][1]["label"] == (
        "minions at start"
    )
    assert listed["scenario-the-land-is-dying"]["general_entries"] == {}


def test_a_scenario_created_with_the_values_read_from_its_card() -> None:
    """Hemlock's numbers are printed only on his card: with `entries` the table reads them up
    front, and Hemlock has the life and Imps the table read (his other cards are read as they
    come up)."""
    request = {"scenario": "the-land-is-dying"}
    entries = {"generals/hemlock/life": 7, "generals/hemlock/starting_minions": 2}
    created = create({**request, "entries": entries})
    assert created.status_code == 201, created.content
    game = created.json()
    placed = [s["text"] for e in game["events"] if e["type"] == "generals_placed"
              for s in e["steps"]]  # fmt: skip
    assert "Place 2 Imps on Thorny Woods." in placed
    host = client_for(game["token"])
    url = f"/api/v1/games/{game['id']}/actions/"
    state, version = game["state"], game["version"]
    # Nothing asks for Hemlock's General card; a setup card nobody entered is read first.
    assert "Hemlock's General card" not in {p["name"] for p in state["reading"]}
    while state["reading"]:
        body = {"type": "read_card", "args": {"face": a_face(state["reading"][0])},
                "expected_version": version}  # fmt: skip
        read = host.post(url, body, format="json")
        assert read.status_code == 200, read.content
        state, version = read.json()["state"], read.json()["version"]
    slain = host.post(
        url,
        {"type": "wound_general", "args": {"general": "Hemlock", "wounds": 7},
         "expected_version": version},
        format="json",
    )  # fmt: skip
    assert slain.status_code == 200, slain.content
    assert slain.json()["events"][0]["type"] == "general_defeated"  # life 7
    # Only this game: the server's content is unchanged, so the list still asks.
    listed = {s["id"]: s for s in APIClient().get("/api/v1/scenarios/").json()}
    assert listed["scenario-the-land-is-dying"]["entries"][0]["fields"][0]["known"] is None


def test_entries_are_checked_field_by_field() -> None:
    response = create(
        {
            "scenario": "the-land-is-dying",
            "entries": {"generals/hemlock/life": 99, "generals/onyx/life": 5,
                        "generals/hemlock/starting_minions": "two"},
        }
    )  # fmt: skip
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert fields["entries.generals/hemlock/life"] == [
        "Hemlock's General card, life: a number from 1 to 20."
    ]
    assert fields["entries.generals/hemlock/starting_minions"] == [
        "Hemlock's General card, minions at start: a number from 0 to 6."
    ]
    assert fields["entries.generals/onyx/life"][0].startswith("This setup does not ask for it.")
    base = create({"entries": {"generals/onyx/life": 5}})
    assert base.status_code == 400
    assert "entries.generals/onyx/life" in base.json()["fields"]


def test_setup_options_follow_the_generals_and_the_agent_chosen() -> None:
    client = APIClient()
    plain = client.get("/api/v1/setup-options/?expansions=dragon").json()
    assert "fire_tokens" not in {o["name"] for o in plain["options"]}
    assert plain["not_used"]["fire_tokens"].startswith("Only with fire in the game")
    brimstone = client.get("/api/v1/setup-options/?expansions=dragon&generals=red:brimstone")
    assert "fire_tokens" in {o["name"] for o in brimstone.json()["options"]}
    fuego = client.get("/api/v1/setup-options/?expansions=dragon&agent=el-fuego").json()
    assert "fire_tokens" in {o["name"] for o in fuego["options"]}
    dealt = client.get("/api/v1/setup-options/?scenario=onslaught&generals=random").json()
    assert {"fire_tokens", "imp_quick_flying"} <= {o["name"] for o in dealt["options"]}


def test_the_setup_options_name_every_setting_in_the_readers_language() -> None:
    """The Setup tab names a game's settings with these words, one an expansion fixes included
    (The Hero's Calling's extra cards of Mid and Late War, which the setup does not offer)."""
    response = APIClient().get("/api/v1/setup-options/", HTTP_ACCEPT_LANGUAGE="de")
    words = response.json()["words"]
    assert words["extra_cards_general_only"] == {
        "title": "Zusätzliche Karten im Mittleren und Späten Krieg",
        "labels": {
            "j": "Mittlerer Krieg: die 2., Später Krieg: die 3. bewegt nur ihren General",
            "jm": "Später Krieg: die 2. und 3. bewegen nur ihren General",
            "all_full": "Jede Karte legt ihre Schergen",
            "war_status_card": "Wie die Kriegsstand-Karte zeigt",
        },
    }
    trolls = words["troll_renegades"]["labels"]
    assert trolls == {"false": "Ohne", "true": "Mit abtrünnigen Trollen"}
    english = APIClient().get("/api/v1/setup-options/").json()["words"]
    assert english["setup_crowding"]["labels"]["place_all"] == "Place it anyway"
