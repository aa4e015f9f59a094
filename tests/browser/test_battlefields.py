"""Battlefields on two phones, one per side: objectives, a battlefield read to the app, a card
played on one phone showing on the other, what may be played next, an attack with the table's
own dice, the stunned card turned on both screens. Names only, never ids."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def act(base: str, game: dict[str, Any], token: str, action: str, args: dict[str, Any]) -> None:
    version = call(base, f"games/{game['id']}/", token=token)["version"]
    call(
        base,
        f"games/{game['id']}/actions/",
        {"type": action, "args": args, "expected_version": version},
        token,
    )


def test_two_phones_one_per_side(phones: tuple[Any, Any], live_server: Any, shot: Any) -> None:
    minions, heroes = phones
    base = live_server.url
    # Ada starts a Skirmish on the minions' side from the home screen; Bea joins by its code.
    minions.goto(base + "/")
    minions.get_by_test_id("new-battlefields").click()
    minions.fill("input[name=name]", "Ada")
    minions.get_by_role("button", name="Start the war").click()
    minions.get_by_test_id("battlefields").wait_for()
    game_id = minions.url.split("/game/")[1].split("#")[0]
    minions.get_by_test_id("share").click()
    code = minions.inner_text("[data-testid=join-code]").strip()
    minions.keyboard.press("Escape")
    heroes.goto(base + "/")
    heroes.fill("input[name=code]", code)
    heroes.get_by_role("button", name="Join", exact=True).click()
    heroes.fill("input[name=name]", "Bea")
    heroes.get_by_role("button", name="Take a seat").click()
    heroes.get_by_test_id("battlefields").wait_for()
    game = {
        "id": game_id,
        "token": minions.evaluate(
            "id => JSON.parse(localStorage.getItem('dotr.games'))[id].seats['1'].token", game_id
        ),
    }

    # Objectives: each side taps a battlefield of its colour on its own phone.
    minions.locator("[data-testid=objective].bf-red").first.click()
    heroes.locator("[data-testid=pending] h2", has_text="The heroes choose").wait_for()
    heroes.locator("[data-testid=objective].bf-blue").first.click()
    heroes.locator("[data-testid=pending] h2", has_text="Draw 1 battlefield").wait_for()
    heroes.get_by_role("button", name="The Capital").click()
    heroes.get_by_role("button", name="Done").click()
    minions.locator("[data-testid=battlefield]").nth(2).wait_for()

    # The minions' phone reads the red battlefield to the app.
    minions.locator("[data-testid=battlefield]").first.get_by_test_id("teach").click()
    minions.fill("input[name=title]", "Blood Flats")
    minions.fill("input[name=activate]", "3")
    minions.check("input[name=descending]")
    minions.get_by_role("button", name="Save").click()
    minions.locator("[data-tile='Blood Flats']").wait_for()
    for tile, title in (("blue-1", "Sea of Ice"), ("capital", "The Capital")):
        act(
            base,
            game,
            game["token"],
            "teach_tile",
            {"tile": tile, "title": title, "activate": 3, "reward_count": 1},
        )
    heroes.locator("[data-tile='Sea of Ice']").wait_for()
    shot(minions, "bf-01-battlefields")

    # Ada plays Hemlock on her phone; Bea's phone shows it, and what may follow it.
    minions.get_by_test_id("play-card").click()
    minions.select_option("select[name=battlefield]", label="Blood Flats")
    minions.fill("input[name=name]", "Hemlock")
    minions.fill("input[name=number]", "9")
    minions.select_option("select[name=colour]", "black")
    minions.fill("input[name=swords]", "1")
    minions.get_by_role("button", name="Play", exact=True).click()
    minions.get_by_test_id("finish-turn").click()
    flats = heroes.locator("[data-tile='Blood Flats']")
    flats.locator("[data-testid=bf-card]", has_text="Hemlock").wait_for()
    hint = flats.get_by_test_id("next-minions").inner_text()
    assert "8" in hint and "10" in hint and "9," not in hint  # descending, or a loop above 9

    # Bea plays a Dwarf there and attacks Hemlock with the dice the table rolled.
    heroes.get_by_test_id("play-card").click()
    heroes.select_option("select[name=battlefield]", label="Blood Flats")
    heroes.fill("input[name=name]", "Dwarf")
    heroes.fill("input[name=number]", "8")
    heroes.select_option("select[name=colour]", "blue")
    heroes.fill("input[name=swords]", "1")
    heroes.get_by_role("button", name="Play", exact=True).click()
    heroes.get_by_test_id("attack").wait_for()
    heroes.locator("[data-testid=physical-roll] summary").click()
    heroes.select_option("select[name=die-0]", "single")
    heroes.get_by_test_id("target").click()
    heroes.get_by_test_id("dice").wait_for()

    # Ada's phone turns the stunned Hemlock; both screens speak in names only.
    stunned = minions.locator("[data-tile='Blood Flats'] [data-stunned=true]")
    stunned.wait_for()
    assert "Hemlock" in stunned.inner_text()
    shot(minions, "bf-02-stunned")
    shot(heroes, "bf-03-heroes")
    for page in (minions, heroes):
        text = page.inner_text("[data-testid=battlefields]")
        assert "red-1" not in text and "blue-1" not in text
        assert "Bea (heroes)" in text and "Ada (minions)" in text
        assert not page.errors  # type: ignore[attr-defined]
