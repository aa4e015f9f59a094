"""Every flow finishes by tapping, on a phone of 390 x 844: no dead end (a Companion not hired,
the dangers and the cards named where the turn ends, a wizard that offers only the seats the
boxes allow) and no text box for something the game can list."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from deck_tracker.awards.models import PlayerGroup as Group
from deck_tracker.models import Game

from .live_api import call, read_every_card
from .test_awards import sign_up
from .test_grand_ball import act
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _seated(page: Any, base: str, game: dict[str, Any]) -> None:
    page.set_viewport_size(PHONE)
    sit_at(
        page, base, game["id"], game["join_code"], {"1": {"token": game["token"], "name": "Ada"}}
    )


def test_a_hero_at_the_inn_hires_none_of_the_companions_revealed(
    phones: tuple[Any, Any], live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    """C&C 'Recruiting Companions': the hero 'may recruit 1 of the revealed Companions' (or
    none): the form chooses nobody for her, and 'Hire none' ends the recruitment."""
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "s0")
    page, _ = phones
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Ada", "hero": "Wizard"},
            "expansions": ["companions_catacombs"],
            "options": {"companion_cost_unknown": "stated_when_recruited"},
        },
    )
    act(base, game["id"], game["token"], "move_hero", {"location": "chimera-inn"})
    act(base, game["id"], game["token"], "recruit", {"count": 3})
    _seated(page, base, game)

    page.click("[data-tab=enter]")
    page.locator(".list-button", has_text="Hire").click()
    sheet = page.locator("dialog.sheet")
    sheet.locator("input[name=hire-companion]").first.wait_for()
    # Nobody is chosen for her; the colour of a cost is a choice too, titled in words.
    assert sheet.locator("input[name=hire-companion]:checked").count() == 0
    assert sheet.locator("input[type=text]").count() == 0
    # Sent untouched, the form asks rather than deciding.
    sheet.locator("button[type=submit]").click()
    assert "Companion" in sheet.locator(".form-error").inner_text()
    sheet.locator("input[name=hire-companion] + label", has_text="Hire none").click()
    shot(page, "flows-hire-none")
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")
    state = Game.objects.get(pk=game["id"]).state
    assert "recruitment" not in state
    assert not state["heroes"]["1"].get("companions")
    assert page.errors == []


def test_the_danger_where_the_turn_ends_is_asked_where_the_turn_ends(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """DX: 'any Hero ending their turn in a location On Fire suffers 1 wound due to fire
    damage': 'End my turn' asks for it there, then the turn ends, without the Enter tab."""
    page, _ = phones
    base = live_server.url
    game = call(
        base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}, "expansions": ["dragon"]}
    )
    read_every_card(base, game)
    row = Game.objects.get(pk=game["id"])
    where = row.state["heroes"]["1"]["location"]
    # A dragon General's fire reached the hero's space (a Fire token from the supply).
    row.state["board"][where]["fire"] = 1
    row.state["supply"]["fire"] = 11
    row.save(update_fields=["state"])
    life = row.state["heroes"]["1"]["life"]
    _seated(page, base, game)
    page.click("[data-tab=me]")
    page.get_by_test_id("end-turn").click()
    sheet = page.locator("dialog.sheet")
    sheet.get_by_test_id("form-intro").wait_for()
    assert "Before the turn ends" in sheet.inner_text()
    assert "Enter" not in sheet.get_by_test_id("form-intro").inner_text()
    shot(page, "flows-turn-end-danger")
    sheet.locator("button[type=submit]").click()
    page.get_by_test_id("go-to-night").wait_for()
    state = Game.objects.get(pk=game["id"]).state
    assert state["heroes"]["1"]["life"] == life - 1
    assert state["turn"]["phase"] == "night"
    assert page.errors == []


def test_a_hero_deck_kept_at_the_table_names_the_cards_drawn_where_they_are_drawn(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """Base rules: 'draw 2 Hero Cards' at the end of the turn; with the deck at the table the
    phone asks which, by tapping them, and 'Draw 1' says why it asks."""
    page, _ = phones
    base = live_server.url
    game = call(
        base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}, "table_decks": ["hero"]}
    )
    read_every_card(base, game)
    _seated(page, base, game)
    page.click("[data-tab=me]")
    hand = page.locator("[data-hand=hero]")
    hand.wait_for()
    # Under the player's own hero, no word that they have none.
    assert "No hero on the board" not in page.locator("main").inner_text()
    assert hand.get_by_test_id("draw-1-hero").is_enabled()
    assert "kept at the table" in hand.inner_text()
    hand.get_by_test_id("draw-1-hero").click()
    sheet = page.locator("dialog.sheet")
    sheet.locator("input[name=draw-cards]").first.check()
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")
    before = len(Game.objects.get(pk=game["id"]).state["decks"]["hero"]["hands"]["1"])
    page.get_by_test_id("end-turn").click()
    sheet.get_by_test_id("form-intro").wait_for()
    assert sheet.locator("input[type=text]").count() == 0
    cards = sheet.locator("input[name=end_turn-cards]")
    cards.nth(0).check()
    cards.nth(1).check()
    shot(page, "flows-name-the-cards-drawn")
    sheet.locator("button[type=submit]").click()
    page.get_by_test_id("go-to-night").wait_for()
    state = Game.objects.get(pk=game["id"]).state
    assert len(state["decks"]["hero"]["hands"]["1"]) == before + 2
    assert page.errors == []


def _to_players(page: Any, base: str, expansions: tuple[str, ...] = ()) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    for expansion in expansions:
        page.check(f"input[name=expansion][value={expansion}]")
    while not page.locator("[data-step=players]").count():
        if page.get_by_test_id("skip-cards").count():
            page.get_by_test_id("skip-cards").click()
        else:
            page.get_by_role("button", name="Next").click()
        page.wait_for_timeout(150)
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")


def _seat_everyone(page: Any, heroes: list[str]) -> int:
    """Add players on this phone while the wizard offers it; each named and given a hero."""
    added = 0
    while page.get_by_test_id("add-player").count():
        page.get_by_test_id("add-player").click()
        page.get_by_label(f"Player {added + 2}'s name").fill(f"P{added + 2}")
        page.click(f"label[for=local-{added}-{heroes[added]}]")
        added += 1
    return added


def test_the_wizard_offers_the_seats_the_boxes_allow_and_never_leaves_a_half_made_game(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """Base rules: 1 to 4 players; DX 'Rules for 5 or 6 Players'. A base game seats 4 at most;
    with the Dragon expansion six sit down and the game is set for six, all in."""
    page, _ = phones
    base = live_server.url
    _to_players(page, base)
    assert _seat_everyone(page, ["rogue", "dwarf", "eagle-rider"]) == 3
    assert "4" in page.get_by_test_id("seats-full").inner_text()
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    assert Game.objects.count() == 1
    assert len(Game.objects.get().state["seats"]) == 4

    _to_players(page, base, ("dragon",))
    heroes = ["rogue", "dwarf", "eagle-rider", "paladin", "sorceress"]
    assert _seat_everyone(page, heroes) == 5
    shot(page, "flows-six-at-one-phone", full_page=True)
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_url("**/game/**")
    page.locator("main").wait_for()
    dragon = Game.objects.exclude(pk=Game.objects.order_by("created_at").first().pk).get()
    assert dragon.state["settings"]["player_count"] == 6
    assert len(dragon.state["seats"]) == 6
    assert page.errors == []


# Each text of the page: how many words, and on how many lines it is laid out.
SPLIT_WORDS = """() => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const words = node.textContent.trim().split(/\\s+/).filter(Boolean);
    if (!words.length) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > words.length) split.push(node.textContent.trim());
  }
  return split;
}"""


def test_the_printable_award_sheet_splits_no_word_on_a_phone(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_up(page, base, "ada")
    page.fill("input[name=group-name]", "Friday table")
    page.get_by_role("button", name="Create", exact=True).click()
    page.get_by_test_id("players").wait_for()
    with page.expect_popup() as popup:
        page.get_by_test_id("sheet").click()
    sheet = popup.value
    sheet.set_viewport_size(PHONE)
    sheet.wait_for_url(lambda url: url.startswith("blob:"))
    sheet.wait_for_load_state()
    sheet.locator("table.tracker").wait_for()
    shot(sheet, "flows-award-sheet-390")
    assert sheet.evaluate(SPLIT_WORDS) == []


def test_each_game_asks_a_joining_player_what_it_needs(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """A Talisman player takes a character (the Dragon's six or the base game's, the Troll
    among them), a Battlefields player only a name: neither is asked for a Defenders hero."""
    page, _ = phones
    base = live_server.url
    page.set_viewport_size(PHONE)
    talisman = call(
        base, "games/", {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}}
    )
    page.goto(f"{base}/join/{talisman['join_code']}")
    select = page.locator("select[name=character]")
    select.wait_for()
    offered = select.locator("option").all_inner_texts()
    assert {"Dragon Hunter", "Minotaur", "Troll", "Prophetess"} <= set(offered)
    assert page.locator("[data-testid=hero-field]").inner_text().count("Eagle Rider") == 0
    page.fill("input[name=name]", "Bea")
    select.select_option("Troll")
    shot(page, "flows-join-talisman")
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url("**/game/**")
    page.locator('[data-character="Bea\'s Troll"]').wait_for()
    # On the board, the Land list tells the four Fields of the Outer Region apart.
    page.click("[data-tab=board]")
    spaces = page.locator("select[name=space] option").all_inner_texts()
    assert "Fields (Outer, 3)" in spaces and len(set(spaces)) == len(spaces)

    field = call(base, "games/", {"system": "battlefields", "host": {"name": "Ann"}})
    page.goto(f"{base}/join/{field['join_code']}")
    page.fill("input[name=name]", "Cid")
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("hero-field")).to_be_hidden()
    assert page.errors == []


def test_leaving_a_group_asks_first(phones: tuple[Any, Any], live_server: Any) -> None:
    ada, bob = phones
    base = live_server.url
    for page in (ada, bob):
        page.set_viewport_size(PHONE)
    sign_up(ada, base, "ada")
    ada.fill("input[name=group-name]", "Friday table")
    ada.get_by_role("button", name="Create", exact=True).click()
    ada.get_by_test_id("players").wait_for()
    sign_up(bob, base, "bob")
    ada.fill("input[name=invite-username]", "bob")
    ada.get_by_role("button", name="Invite", exact=True).click()
    ada.get_by_test_id("invited").wait_for()
    bob.reload()
    bob.get_by_test_id("invitation").get_by_role("button", name="Accept").click()
    bob.get_by_test_id("players").wait_for()
    # A slip of the thumb: the phone asks, and "Stay" keeps him in.
    bob.get_by_test_id("leave-group").click()
    bob.get_by_test_id("stay-in-group").click()
    assert Group.objects.get(name="Friday table").members.filter(username="bob").exists()
    bob.get_by_test_id("leave-group").click()
    assert "Leave Friday table?" in bob.locator("dialog.sheet").inner_text()
    bob.get_by_test_id("confirm-leave").click()
    bob.get_by_test_id("leave-group").wait_for(state="detached")
    assert not Group.objects.get(name="Friday table").members.filter(username="bob").exists()
    assert ada.errors == [] and bob.errors == []


def test_the_owner_links_a_player_to_an_account_and_lets_a_member_record(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ada, bob = phones
    base = live_server.url
    for page in (ada, bob):
        page.set_viewport_size(PHONE)
    sign_up(ada, base, "ada")
    ada.fill("input[name=group-name]", "Friday table")
    ada.get_by_role("button", name="Create", exact=True).click()
    ada.get_by_test_id("players").wait_for()
    ada.fill("input[name=player-name]", "Bea")
    ada.get_by_role("button", name="Add", exact=True).click()
    ada.locator("[data-testid=player-row]", has_text="Bea").wait_for()
    sign_up(bob, base, "bob")
    ada.fill("input[name=invite-username]", "bob")
    ada.get_by_role("button", name="Invite", exact=True).click()
    ada.get_by_test_id("invited").wait_for()
    bob.reload()
    bob.get_by_test_id("invitation").get_by_role("button", name="Accept").click()
    bob.get_by_test_id("players").wait_for()

    ada.reload()
    with ada.expect_response(lambda r: "/members/bob/" in r.url and r.request.method == "PATCH"):
        ada.get_by_test_id("recorders").get_by_text("bob may record games").click()
    group = Group.objects.get(name="Friday table")
    assert group.recorders.filter(username="bob").exists()
    ada.locator("[data-testid=player-row]", has_text="Bea").get_by_test_id("player-open").click()
    with ada.expect_response(lambda r: "/players/" in r.url and r.request.method == "PATCH"):
        ada.get_by_test_id("player-account").select_option("bob")
    assert group.players.get(name="Bea").account.username == "bob"
    assert ada.errors == [] and bob.errors == []
