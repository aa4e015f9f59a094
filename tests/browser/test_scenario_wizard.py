"""The setup wizard with the rulebook's scenarios, the expansions and the Generals.

A scenario whose dragon Generals nobody has entered yet asks for their numbers; skipped, the
game is created and its first card to read comes up by itself. Onslaught!, with an easier
variant, is then created and opens on its setup checklist; the server's state shows what the
wizard sent. A custom game with the Dragon and Companions & Catacombs expansions offers a
General per colour and is accepted too.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_phone_shell import small_targets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def game_seen_by(page: Any, base: str) -> dict:
    """The game as the phone's own seat token sees it, straight from the API."""
    game_id = page.url.split("/game/")[1].split("?")[0].split("#")[0]
    saved = page.evaluate("id => JSON.parse(localStorage['dotr.games'])[id]", game_id)
    token = saved["seats"][saved["active"]]["token"]
    request = urllib.request.Request(
        f"{base}/api/v1/games/{game_id}/", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def next_step(page: Any, step: str) -> None:
    page.get_by_role("button", name="Next").click()
    page.locator(f"[data-step={step}]").wait_for()


def test_a_rulebook_scenario_through_the_wizard(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    labels = page.locator("[data-step=expansions] label").all_inner_texts()
    assert any("Dragon" in text for text in labels)
    assert any("Companions" in text for text in labels)
    next_step(page, "scenario")

    # Rampaging Dragons: its four dragons' numbers are printed only on their cards, which
    # nobody has entered on this server. The wizard asks for them; skipped, the game is
    # created all the same and the table reads each card when it first matters.
    page.locator("input[name=scenario][value=rampaging-dragons]").check()
    page.locator("[data-scenario=rampaging-dragons] input[name=easier]").first.wait_for()
    shot(page, "40-wizard-scenarios", full_page=True)
    assert small_targets(page) == []
    next_step(page, "generals")
    generals = page.get_by_test_id("scenario-generals")
    expect(generals).to_contain_text("Brimstone")
    expect(generals).to_contain_text("Hemlock")
    next_step(page, "options")
    next_step(page, "cards")
    cards = page.locator("[data-step=cards]")
    expect(cards).to_contain_text("Read from your cards")
    expect(cards).to_contain_text("Brimstone")
    page.get_by_test_id("skip-cards").click()
    page.locator("[data-step=players]").wait_for()
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")
    page.get_by_role("button", name="Create the game").click()
    # The game opens; the first card to read comes up by itself, by its printed name.
    sheet = page.locator("dialog[data-testid=read-card]")
    sheet.wait_for()
    assert "/game/" in page.url
    reading = game_seen_by(page, base)["state"]["reading"]
    assert reading and reading[0]["name"] in sheet.inner_text()
    assert any(name in sheet.inner_text() for name in ("Brimstone", "Hemlock", "Sapphire", "Onyx"))
    shot(page, "41-wizard-scenario-read-later")
    state = game_seen_by(page, base)["state"]
    assert "scenario" in state["expansions"] and page.errors == []  # type: ignore[attr-defined]

    # Onslaught! (the table chooses the Generals: the base ones here), made easier.
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    next_step(page, "scenario")
    page.locator("input[name=scenario][value=onslaught]").check()
    page.locator("[data-scenario=onslaught] input[name=easier][value=royal_blessings]").check()
    assert page.locator("input[name=scenario][value=rampaging-dragons]").count() == 1
    next_step(page, "generals")
    assert page.is_checked("input[name=general-green][value=gorgutt]")
    shot(page, "42-wizard-scenario-generals")
    next_step(page, "options")
    next_step(page, "players")
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    # The scenario's own setup steps, each with its rule (folded under "Why").
    checklist = page.text_content("[data-testid=checklist]")
    assert "Onslaught" in checklist
    shot(page, "43-scenario-setup-checklist")

    state = game_seen_by(page, base)["state"]
    assert "dragon" in state["expansions"] and "scenario" in state["expansions"]
    assert state["settings"]["royal_blessings"] == 1  # the easier variant took
    assert state["settings"]["harder_setup"] is True  # Onslaught: overruns during the setup
    assert page.errors == []  # type: ignore[attr-defined]


def test_custom_game_with_expansions_and_generals(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    page.check("input[name=expansion][value=dragon]")
    page.check("input[name=expansion][value=companions_catacombs]")
    next_step(page, "scenario")
    page.locator("input[name=scenario][value=custom]").check()
    next_step(page, "generals")
    # One General per colour: the base one or a dragon, which still needs its numbers.
    expect(page.locator("label[for=general-red-brimstone]")).to_contain_text("numbers missing")
    expect(page.locator("input[name=general-red][value=balazarg]")).to_be_checked()
    shot(page, "44-wizard-custom-generals", full_page=True)
    assert small_targets(page) == []
    next_step(page, "options")
    # Settings of the expansions in play are offered (once the server named them); those of
    # others are not.
    expect(page.locator("select[name=agent]")).to_have_count(1)
    expect(page.locator("select[name=recruit_limit_per_visit]")).to_have_count(1)
    expect(page.locator("select[name=hc_base_heroes]")).to_have_count(0)
    page.select_option("select[name=agent]", '"el-fuego"')
    next_step(page, "players")
    page.fill("input[name=host-name]", "Cid")
    page.click("label[for=host-hero-dwarf]")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    state = game_seen_by(page, base)["state"]
    assert {"dragon", "companions_catacombs"} <= set(state["expansions"])
    assert state["settings"]["agent"] == "el-fuego"
    assert state["dragon"]["generals"]["red"] == "balazarg"
    assert page.errors == []  # type: ignore[attr-defined]
