"""The expansions played from a phone alone (390 px wide), through taps only: no id is ever
typed, only the words a player reads off a card (an ability card's name and text).

* The Hero's Calling: the table enters its ability cards (their names and texts are not
  published), builds a hero from one Combat, one Control and one Movement card, and the Board
  shows the War Status card (once scrolled down to) and the abilities;
* Companions & Catacombs: a Dungeon run, its Treasure Room read from the card drawn, its rooms,
  Minions escaping to the places tapped, and the Treasure Room's Relic chosen by name;
* the Dragon expansion: a Special played onto the Winds of War board up to the third card, and
  the table's choice of the Winds of War card turned; Sterling landing where the table says, a
  hero searching for her with the dice rolled at the table, and the bonus taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from deck_tracker.models import Game

from .live_api import call
from .test_grand_ball import act
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    """One phone 390 px wide, its page errors collected."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="dark"
    )
    context.set_default_timeout(20_000)  # a bound for a loaded machine, not a measure
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("response", lambda r: r.status >= 500 and print(f"{r.status} {r.url}"))
    try:
        yield page
    finally:
        context.close()


def sheet_of(page: Any) -> Any:
    sheet = page.locator("dialog.sheet")
    sheet.wait_for()
    return sheet


def tap_choice(sheet: Any, name: str, title: str) -> None:
    """Tap the offered choice titled ``title`` of the argument ``name`` (a radio or a select)."""
    radios = sheet.locator(f"input[name={name}] + label", has_text=title)
    if radios.count():
        radios.first.click()
    else:
        sheet.locator(f"select[name={name}]").select_option(label=title)


def submit(sheet: Any) -> None:
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")


def test_building_a_heros_calling_hero(phone: Any, live_server: Any, shot: Any) -> None:
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Aria"},
                                 "expansions": ["heros_calling"]})  # fmt: skip
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    sit_at(
        phone, base, game["id"], game["join_code"], {"1": {"token": game["token"], "name": "Ada"}}
    )

    # The Board shows The Hero's Calling's War Status card, not the base track. It lies below
    # the map, out of the first screen: it comes when the player scrolls down to it.
    waiting = phone.get_by_test_id("hc-pending")
    waiting.wait_for()
    assert not [url for url in asked if "/tabs/heros-calling" in url]
    assert phone.get_by_test_id("hc-war-status").count() == 0
    waiting.scroll_into_view_if_needed()
    card = phone.get_by_test_id("hc-war-status")
    card.wait_for()
    assert "Early War · Level I" in card.inner_text()
    assert "The heroes are at Level I." in card.inner_text()

    phone.click("[data-tab=me]")
    build = phone.get_by_test_id("hc-build")
    build.wait_for()
    # Nothing to choose from yet: the table enters its cards first.
    assert phone.get_by_test_id("hc-choose").is_disabled()
    for card_name, kind, text in (("Fury", "Combat", "Roll 1 extra die."),
                                  ("Ice Wall", "Control", "Freeze a General.")):  # fmt: skip
        phone.get_by_test_id("hc-read").click()
        sheet = sheet_of(phone)
        tap_choice(sheet, "read_ability-card", "A card we have not entered yet")
        sheet.locator("input[name=name]").fill(card_name)
        tap_choice(sheet, "read_ability-type", kind)
        sheet.locator("input[name=level_1]").fill(text)
        submit(sheet)
    # The Raven is known by name (with its pet): the table reads its type from the card.
    phone.get_by_test_id("hc-read").click()
    sheet = sheet_of(phone)
    tap_choice(sheet, "read_ability-card", "Raven (pet)")
    tap_choice(sheet, "read_ability-type", "Movement")
    sheet.locator("input[name=level_1]").fill("Fly over 2 spaces.")
    shot(phone, "70-hc-enter-an-ability-card")
    submit(sheet)

    choose = phone.get_by_test_id("hc-choose")
    phone.wait_for_function("() => !document.querySelector('[data-testid=hc-choose]').disabled")
    choose.click()
    sheet = sheet_of(phone)
    # Each slot offers only the cards of its type, by name: the Raven is no Combat ability.
    combat = sheet.locator("input[name=choose_abilities-combat] + label").all_inner_texts()
    movement = sheet.locator("input[name=choose_abilities-movement] + label").all_inner_texts()
    assert combat == ["Fury"] and movement == ["Raven (pet)"]
    assert sheet.locator("input[type=text]").count() == 0
    tap_choice(sheet, "choose_abilities-combat", "Fury")
    tap_choice(sheet, "choose_abilities-control", "Ice Wall")
    tap_choice(sheet, "choose_abilities-movement", "Raven (pet)")
    shot(phone, "71-hc-choose-abilities")
    submit(sheet)

    mine = phone.get_by_test_id("hc-my-abilities")
    mine.wait_for()
    text = mine.inner_text()
    assert "Fury" in text and "Level 1: Roll 1 extra die." in text and "Raven" in text
    phone.click("[data-tab=board]")
    heroes = phone.get_by_test_id("hc-heroes")
    heroes.wait_for()
    assert "Ice Wall" in heroes.inner_text() and "Freeze a General." in heroes.inner_text()
    shot(phone, "72-hc-board", full_page=True)
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    chosen = state["heroes"]["1"]["abilities"]
    assert [chosen[s]["name"] for s in ("combat", "control", "movement")] == [
        "Fury", "Ice Wall", "Raven"
    ]  # fmt: skip
    assert state["heroes"]["1"]["pet"] == "raven"
    assert phone.errors == []


def open_action(page: Any, label: str) -> Any:
    """Enter tab, "Every action": the action by its label."""
    page.click("[data-tab=enter]")
    button = page.locator(".list-button", has_text=label).first
    button.wait_for()
    button.click()
    return sheet_of(page)


def test_a_dungeon_run_with_escaping_minions_and_a_treasure_room_relic(
    phone: Any, live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "s0")
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"},
                                 "expansions": ["companions_catacombs"],
                                 "table_decks": ["dungeon_room"],  # the table draws the rooms
                                 "starting_dungeon_roll": 2})  # fmt: skip
    token = game["token"]
    assert list(game["state"]["dungeons"]) == ["serpent-swamp"]
    # The app holds the Treasure Room deck; here it is down to a card nobody has entered.
    row = Game.objects.get(pk=game["id"])
    treasures = row.state["decks"]["treasure_room"]
    treasures["box"] = [c for c in treasures["draw"] if c != "treasure-room-02"]
    treasures["draw"] = ["treasure-room-02"]
    row.save(update_fields=["state"])
    act(base, game["id"], token, "move_hero", {"location": "serpent-swamp"})
    sit_at(phone, base, game["id"], game["join_code"], {"1": {"token": token, "name": "Ada"}})

    # Entering draws the Treasure Room; the phone asks to read it: its name as printed and its
    # Exploration Goal (2) on a stepper.
    sheet = open_action(phone, "Enter dungeon")
    assert sheet.locator("input[type=text]").count() == 0
    sheet.locator("button[type=submit]").click()  # the read-the-card sheet takes its place
    sheet = phone.locator("dialog[data-testid=read-card]")
    sheet.wait_for()
    assert "Treasure Room card" in sheet.inner_text()
    sheet.locator("[name=title]").fill("Crypt of the Bone King")
    sheet.get_by_label("more Exploration goal").click()  # from empty: the smallest, 1
    sheet.get_by_label("more Exploration goal").click()
    sheet.get_by_test_id("read-card-submit").click()
    sheet.wait_for(state="detached")
    # A Dungeon Room revealed, Exploration 2.
    sheet = open_action(phone, "Reveal dungeon room")
    tap_choice(sheet, "reveal_dungeon_room-card", "Dungeon Room 10")
    sheet.get_by_label("more Exploration").click()
    sheet.get_by_label("more Exploration").click()
    submit(sheet)
    # Completed, but an Orc and a Demon escape: counted on steppers, sent to places by name.
    sheet = open_action(phone, "Resolve dungeon room")
    assert sheet.locator("input[type=text]").count() == 0
    sheet.get_by_label("more Orcs").click()
    sheet.get_by_label("more Demons").click()
    places = sheet.locator("select[name=resolve_dungeon_room-escape_to]")
    for place in ("Blood Flats (Demons)", "Raven Forest (Orcs)"):
        places.select_option(label=place)
        sheet.get_by_role("button", name="Add", exact=True).click()
    shot(phone, "73-dungeon-escaping-minions")
    submit(sheet)
    # The Treasure Room defeated: the Relic chosen by its name.
    sheet = open_action(phone, "Fight treasure room")
    assert sheet.locator("input[type=text]").count() == 0
    tap_choice(sheet, "fight_treasure_room-defeated", "Yes")
    tap_choice(sheet, "fight_treasure_room-relic", "Harp of the Gods")
    shot(phone, "74-treasure-room-relic")
    submit(sheet)

    state = call(base, f"games/{game['id']}/", token=token)["state"]
    assert "relic-harp-of-the-gods" in state["decks"]["relic"]["hand"]
    assert state["decks"]["treasure_room"]["hand"] == ["treasure-room-02"]
    assert "serpent-swamp" not in state["dungeons"]
    assert state["board"]["raven-forest"]["minions"]["green"] >= 1
    assert state["board"]["blood-flats"]["minions"]["red"] >= 1
    # The Log tells it in names: the Relic taken, never its id.
    phone.click("[data-tab=log]")
    phone.locator("main", has_text="conquered").wait_for()
    log = phone.locator("main").inner_text()
    assert "Dungeon Room 10: Exploration 2 of 2." in log and "relic-" not in log
    assert "(goal 2)" in log  # the Exploration Goal read from the card
    assert phone.errors == []


def hand_of(base: str, game: dict[str, Any]) -> list[str]:
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    return list(state["decks"]["hero"]["hand"])


def specials_held(base: str, game: dict[str, Any]) -> list[str]:
    """The Special Hero Cards the server offers Ada to play (her own hand's)."""
    listed = call(base, f"games/{game['id']}/actions/", token=game["token"])["actions"]
    play = next(a for a in listed if a["type"] == "play_special")
    return [c["const"] for c in play["args"]["properties"]["card"].get("oneOf", [])]


def test_a_special_played_for_winds_of_war_up_to_the_trigger_and_its_choice(
    phone: Any, live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "w0")
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"},
                                 "expansions": ["dragon"],
                                 "options": {"winds_of_war": True}})  # fmt: skip
    token = game["token"]
    # Ada draws Hero Cards (discarding the others) until she holds 3 Specials, and plays 2 of
    # them: the board holds 2 cards.
    for _ in range(60):
        held = specials_held(base, game)
        if len(held) >= 3:
            break
        act(base, game["id"], token, "draw", {"deck": "hero", "count": 1})
        drawn = hand_of(base, game)[-1]
        if drawn not in specials_held(base, game):
            act(base, game["id"], token, "discard", {"deck": "hero", "cards": [drawn]})
    assert len(held) >= 3
    for card in held[:2]:
        act(base, game["id"], token, "play_special", {"card": card})
    sit_at(phone, base, game["id"], game["join_code"], {"1": {"token": token, "name": "Ada"}})
    board = phone.get_by_test_id("winds-of-war")
    board.wait_for()
    assert "2 cards on the board" in board.inner_text()

    # The third, played on the phone by its name, turns the Winds of War card.
    sheet = open_action(phone, "Play special")
    titles = sheet.locator("input[name=play_special-card] + label").all_inner_texts() or [
        o for o in sheet.locator("select[name=play_special-card] option").all_inner_texts()
        if o != "Choose…"
    ]  # fmt: skip
    assert titles and all(t.endswith("(Special)") and "-" not in t for t in titles)
    tap_choice(sheet, "play_special-card", titles[0])
    sheet.locator("button[type=submit]").click()
    phone.locator("dialog.sheet[aria-label='Play special']").wait_for(state="detached")
    # Nobody has counted the Winds of War deck yet: the table counts it once, on the phone.
    read = phone.locator("dialog[data-testid=read-card]")
    read.wait_for()
    assert "Count the Winds of War cards" in read.inner_text()
    for _ in range(10):  # from empty: 1, then up to 10
        read.get_by_label("more Cards in the Winds of War deck").click()
    read.get_by_test_id("read-card-submit").click()
    # The card turned is one nobody has entered: read at the table (made-up words).
    phone.get_by_role("button", name="Read it").click()
    read.locator("[name=title]").wait_for()
    read.locator("[name=title]").fill("Gathering Storm")
    read.locator("[name=prevention]").fill("Discard 1 Hero Card (made up).")
    read.locator("[name=action]").fill("Place 1 Orc in Monarch City (made up).")
    read.get_by_test_id("read-card-submit").click()
    read.wait_for(state="detached")
    # The table chooses: its Prevention or its Action, in words.
    sheet = open_action(phone, "Winds of war")
    labels = sheet.locator("input[name=winds_of_war-choice] + label").all_inner_texts()
    assert labels == ["Its Prevention", "Its Action"]
    assert sheet.locator("input[type=text]").count() == 0
    tap_choice(sheet, "winds_of_war-choice", "Its Action")
    shot(phone, "75-winds-of-war-choice")
    submit(sheet)
    state = call(base, f"games/{game['id']}/", token=token)["state"]
    assert state["winds_of_war"]["board"] == [] and not state.get("pending")
    # The card turned (the one just read) is discarded, alone.
    assert len(state["decks"]["winds_of_war"]["discard"]) == 1
    phone.click("[data-tab=board]")
    phone.get_by_text("No card on the board yet.").wait_for()
    assert phone.errors == []


def test_sterling_lands_a_hero_searches_with_the_table_dice_and_takes_a_bonus(
    phone: Any, live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    # Seed st14: the first night draws Sterling's third card, whose location nobody entered.
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "st14")
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"},
                                 "expansions": ["dragon"],
                                 "options": {"sterling": True}})  # fmt: skip
    token = game["token"]
    act(base, game["id"], token, "end_turn", {})
    act(base, game["id"], token, "night", {})
    state = call(base, f"games/{game['id']}/", token=token)["state"]
    assert [p["type"] for p in state["pending"]] == ["sterling_location"]
    where = state["heroes"]["1"]["location"]
    sit_at(phone, base, game["id"], game["join_code"], {"1": {"token": token, "name": "Ada"}})

    # Where she landed, picked by name.
    sheet = open_action(phone, "Sterling lands")
    assert sheet.locator("input[type=text]").count() == 0
    sheet.locator("select[name=location]").select_option(label="Monarch City")
    submit(sheet)
    assert where == "monarch-city"
    # Ada searches: the dice rolled at the table tapped one by one (5, 6, 2: 2 successes).
    sheet = open_action(phone, "Search sterling")
    assert sheet.locator("input[type=text]").count() == 0
    for value in (5, 6, 2):
        sheet.get_by_label(f"A die showing {value}").click()
    assert sheet.get_by_test_id("search_sterling-rolls-rolled").inner_text() == "Rolled: 5, 6, 2"
    shot(phone, "76-sterling-search-dice")
    submit(sheet)
    # The bonus: 1, draw 2 Hero Cards (the discard pile is empty).
    before = len(hand_of(base, game))
    sheet = open_action(phone, "Sterling bonus")
    assert sheet.locator("input[type=text]").count() == 0
    assert "1 any 2 Hero Cards from the discard pile, or draw 2" in sheet.inner_text()
    sheet.get_by_label("more Bonus").click()
    shot(phone, "77-sterling-bonus")
    submit(sheet)
    state = call(base, f"games/{game['id']}/", token=token)["state"]
    assert not state.get("pending")
    assert state["sterling"]["location"] == "monarch-city"
    assert len(state["decks"]["hero"]["hand"]) == before + 2
    assert phone.errors == []
