"""No dead end and no wrong word on a phone of 390 x 844: the wizard makes the whole table in
one request, a Hero's Calling table names its heroes, the Night tab shows the last night whole
(Sterling's landing and what followed, behind a long log), and a Treasure Room goes by its name.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.models import Game, GameEvent, Seat

from .live_api import act, call
from .test_flows_by_tapping import PHONE, _to_players
from .test_languages import two_languages  # noqa: F401 - a fixture
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_wizard_seats_three_players_with_one_request(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    writes: list[str] = []
    page.on(
        "request",
        lambda request: (
            writes.append(request.url.split("/api/v1/")[-1])
            if request.method == "POST" and "/api/v1/games/" in request.url
            else None
        ),
    )
    _to_players(page, base)
    page.get_by_test_id("add-player").click()
    page.get_by_label("Player 2's name").fill("Bea")
    page.click("label[for=local-0-rogue]")
    page.get_by_test_id("add-player").click()
    page.get_by_label("Player 3's name").fill("Cy")
    page.click("label[for=local-1-dwarf]")
    shot(page, "dead-ends-wizard-three-seats", full_page=True)
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_url("**/game/**")
    page.locator("main").wait_for()
    assert writes == ["games/"]
    game = Game.objects.get()
    assert [(s.number, s.name) for s in Seat.objects.filter(game=game).order_by("number")] == [
        (1, "Ada"),
        (2, "Bea"),
        (3, "Cy"),
    ]
    heroes = {seat: hero["hero"] for seat, hero in game.state["heroes"].items()}
    assert heroes == {"1": "wizard", "2": "rogue", "3": "dwarf"}
    # This phone holds the three seats, each with its own token.
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('dotr.games'))")[str(game.pk)]
    assert sorted(saved["seats"]) == ["1", "2", "3"]
    assert len({seat["token"] for seat in saved["seats"].values()}) == 3
    assert page.errors == []


def test_a_refused_table_leaves_no_game_and_says_why(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """HC 'Constructing a Hero': each player builds a hero and names it. Two players sharing the
    phone give theirs the same name: the server refuses the one hero played twice, the wizard
    says why, and no half-made game is left behind."""
    page, _ = phones
    base = live_server.url
    page.set_viewport_size(PHONE)
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    page.check("input[name=expansion][value=heros_calling]")
    while not page.locator("[data-step=players]").count():
        if page.get_by_test_id("skip-cards").count():
            page.get_by_test_id("skip-cards").click()
        else:
            page.get_by_role("button", name="Next").click()
        page.wait_for_timeout(150)
    page.fill("input[name=host-name]", "Ada")
    # No base hero to pick (every hero is built): the hero's name instead.
    expect(page.locator("label[for=host-hero-dwarf]")).to_have_count(0)
    page.fill("input[name=host-hero-built]", "Aria")
    page.get_by_test_id("add-player").click()
    page.get_by_label("Player 2's name").fill("Bea")
    page.fill("input[name=local-0-built]", "Aria")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_test_id("create-error")).to_contain_text("Aria")
    shot(page, "dead-ends-wizard-refused", full_page=True)
    assert "/new" in page.url
    assert Game.objects.count() == 0 and Seat.objects.count() == 0
    assert GameEvent.objects.count() == 0
    # Bea names her own hero: the whole table sits down at once.
    page.fill("input[name=local-0-built]", "Brannoc")
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_url("**/game/**")
    game = Game.objects.get()
    names = {seat: info["hero"] for seat, info in game.state["seats"].items()}
    assert names == {"1": "Aria", "2": "Brannoc"}
    assert page.errors == []


def test_a_heros_calling_table_asks_a_joining_player_to_name_the_hero_built(
    two_languages: tuple[Any, Any],  # noqa: F811
    live_server: Any,
    shot: Any,
) -> None:
    """HC 'Constructing a Hero': "Heroes in The Hero's Calling are constructed by combining 3
    ability cards". The join screen asks for the hero's name, and offers a base hero (by its
    name in the phone's language) only where the table's setting allows one."""
    german, english = two_languages
    base = live_server.url
    built = call(base, "games/", {"host": {"name": "Ann", "hero": "Aria"},
                                  "expansions": ["heros_calling"]})  # fmt: skip
    english.goto(f"{base}/join/{built['join_code']}")
    english.get_by_test_id("hero-built").wait_for()
    expect(english.get_by_test_id("hero-field")).not_to_contain_text("Dwarf")
    english.fill("input[name=name]", "Bea")
    english.get_by_label("Your hero's name").fill("Brannoc the Bold")
    shot(english, "dead-ends-join-heros-calling")
    english.get_by_role("button", name="Take a seat").click()
    english.wait_for_url("**/game/**")
    state = Game.objects.get(pk=built["id"]).state
    assert state["seats"]["2"]["hero"] == "Brannoc the Bold"

    either = call(base, "games/", {"host": {"name": "Ann", "hero": "Aria"},
                                   "expansions": ["heros_calling"],
                                   "options": {"hc_base_heroes": True}})  # fmt: skip
    german.goto(f"{base}/join/{either['join_code']}")
    german.get_by_test_id("hero-built").wait_for()
    field = german.get_by_test_id("hero-field")
    expect(field).to_contain_text("Zwerg")
    assert "dwarf" not in field.inner_text()
    german.fill("input[name=name]", "Cid")
    german.click("label[for=hero-dwarf]")
    shot(german, "dead-ends-join-heros-calling-de")
    german.get_by_role("button", name="Platz nehmen").click()
    german.wait_for_url("**/game/**")
    state = Game.objects.get(pk=either["id"]).state
    assert state["heroes"]["2"]["hero"] == "dwarf"
    assert german.errors == [] and english.errors == []


def test_the_night_tab_shows_the_night_sterling_held_behind_a_long_log(
    phones: tuple[Any, Any], live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    """DX: "When a Sterling Global Effect is drawn, place Sterling on the Board at the Location
    of the Card." Her card's location not entered, the night waits for the table; its answer
    carries the night on. 160 ticks later the phone opens: the Night tab lists it all."""
    page, _ = phones
    page.set_viewport_size(PHONE)
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "st14")
    base = live_server.url
    setup = {"expansions": ["dragon"], "options": {"sterling": True}}
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}, **setup})
    act(base, game, "end_turn", {})
    act(base, game, "night", {})
    act(base, game, "sterling_lands", {"location": "monarch-city"})
    for index in range(160):
        act(base, game, "tick_table_step", {"steps": [f"{index + 1}.0"], "done": True,
                                            "label": "done"})  # fmt: skip
    sit_at(
        page, base, game["id"], game["join_code"], {"1": {"token": game["token"], "name": "Ada"}}
    )
    page.click("[data-tab=night]")
    tab = page.locator(".night-tab")
    tab.locator("[data-event=night_began]").wait_for()
    expect(tab.get_by_test_id("night-none")).to_have_count(0)
    kinds = tab.locator("article[data-event]").evaluate_all(
        "cards => cards.map((card) => card.dataset.event)"
    )
    assert kinds[0] == "night_began" and kinds[-1] == "turn_passed"
    assert kinds.index("sterling_arrives") < kinds.index("sterling_landed")
    assert kinds.index("sterling_landed") < kinds.index("darkness_spreads_card")
    assert "table_step_ticked" not in kinds
    expect(tab.locator("[data-event=sterling_landed]")).to_contain_text("Monarch City")
    shot(page, "dead-ends-night-after-sterling", full_page=True)
    assert page.errors == []


def test_a_treasure_room_won_is_held_by_the_name_on_its_card(
    two_languages: tuple[Any, Any],  # noqa: F811
    live_server: Any,
    shot: Any,
) -> None:
    """CC 'Dungeon Rules' 5: "If the Hero succeeds in defeating the Treasure Room Encounter and
    gains the Reward, they also take the Treasure Room card to be counted as a Quest completed".
    The card drawn was one the source does not print; the table read it as the Crypt of the Bone
    King. The hero's hand shows that name on an English and a German phone, never the pack's
    "Treasure Room 9"."""
    german, english = two_languages
    base = live_server.url
    setup = {"expansions": ["companions_catacombs"], "table_decks": ["treasure_room"]}
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Dwarf"}, **setup})
    row = Game.objects.get(pk=game["id"])
    state = row.state
    dungeon = next(iter(state["dungeons"]))
    state["heroes"]["1"]["location"] = dungeon
    Game.objects.filter(pk=row.pk).update(state=state)
    act(base, game, "enter_dungeon", {"card": "treasure-room-09"})
    face = {"title": "Crypt of the Bone King", "exploration_goal": 4}
    act(base, game, "read_card", {"face": face})
    # The rooms explored up to the goal (arranged): the hero faces the Treasure Room and wins.
    row = Game.objects.get(pk=game["id"])
    state = row.state
    state["dungeon_run"]["total"] = state["dungeon_run"]["goal"]
    Game.objects.filter(pk=row.pk).update(state=state)
    token = state["dungeons"][dungeon]["token"]
    # The token's Treasures, or (not entered) any Relic card still in its deck.
    relics = [r for r in game_cards(state)[token].data["relics"] if r]
    relics = relics or state["decks"]["relic"]["draw"]
    act(base, game, "fight_treasure_room", {"defeated": True, "relic": relics[0]})
    seats = {"1": {"token": game["token"], "name": "Ada"}}
    for page, language in ((english, "en"), (german, "de")):
        sit_at(page, base, game["id"], game["join_code"], seats)
        page.click("[data-tab=me]")
        hand = page.locator("[data-hand=treasure_room]")
        expect(hand).to_contain_text("Crypt of the Bone King")
        assert "Treasure Room 9" not in hand.inner_text()
        shot(page, f"dead-ends-treasure-room-{language}", full_page=True)
        assert page.errors == []
