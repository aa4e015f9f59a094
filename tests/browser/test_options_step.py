"""The wizard's options step at phone size, in player words.

Only what the chosen packs and scenario use is offered, grouped under plain headings, each in one
plain sentence with the rulebook's choice preselected; the rest waits behind "Advanced"; no
source code ("J", "JM", "UBG", "DX", "transcription slip", "not verified") is visible, and where a
setting comes from opens on request.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_scenario_wizard import game_seen_by, next_step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOURCE_CODES = re.compile(r"\b(J|JM|UBG|DX|MB|CC|HC)\b|transcription slip|not verified|_")


def visible_text(page: Any) -> str:
    return str(page.locator("[data-step=options]").inner_text())


def test_the_options_step_of_a_base_game_and_of_the_dragon_expansion(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    base = live_server.url
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    next_step(page, "scenario")
    next_step(page, "generals")
    next_step(page, "options")
    page.locator("[data-testid=settings-main]").wait_for()
    text = visible_text(page)
    # A base game: no expansion's or scenario's setting.
    for absent in ("Number of heroes", "Fire Tokens", "Burning Land", "Sterling", "Recruiting"):
        assert absent not in text
    assert "A harder setup" in text and "All is Quiet cards" in text
    # The source disputes wait behind Advanced, hidden until opened.
    advanced = page.locator("[data-testid=settings-advanced]")
    assert not advanced.locator("[data-setting=disputed_roads]").is_visible()
    assert "Three disputed roads" not in text
    assert SOURCE_CODES.search(text) is None, SOURCE_CODES.search(text)
    shot(page, "50-options-base", full_page=True)
    advanced.locator(":scope > summary").click()
    assert advanced.locator("[data-setting=disputed_roads]").is_visible()
    opened = visible_text(page)
    assert "Three disputed roads" in opened
    assert SOURCE_CODES.search(opened) is None, SOURCE_CODES.search(opened)
    # Where it comes from: on request only.
    field = page.locator("[data-setting=disputed_roads]")
    field.locator("summary").click()
    assert "transcription slip" in field.inner_text()

    # With the Dragon expansion: its settings, each with its plain heading and sentence.
    page.get_by_role("button", name="Expansions").click()
    page.check("input[name=expansion][value=dragon]")
    page.get_by_role("button", name="Options").click()
    page.locator("[data-setting=player_count]").wait_for()
    text = visible_text(page)
    assert "Players" in text and "Number of heroes" in text
    assert "Recruiting" not in text  # Companions & Catacombs is not ticked
    assert page.input_value("select[name=player_count]") == "4"  # the rulebook's, preselected
    assert page.locator("[data-setting=six_player_specials]").count() == 0  # only with 6 heroes
    page.select_option("select[name=player_count]", "6")
    page.locator("[data-setting=six_player_specials]").wait_for(state="attached")
    assert SOURCE_CODES.search(visible_text(page)) is None
    shot(page, "51-options-dragon", full_page=True)
    page.select_option("select[name=player_count]", "5")
    next_step(page, "players")
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    state = game_seen_by(page, base)["state"]
    assert state["settings"]["player_count"] == 5
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_cards_step_reads_a_dragon_generals_numbers_with_steppers(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """The Land is Dying plays Hemlock, whose life and Imps at start are printed only on his
    card: one screen asks for them as the card prints them, with steppers, and the game uses
    them."""
    page, _ = phones
    base = live_server.url
    page.goto(base + "/new")
    page.locator("[data-step=expansions]").wait_for()
    next_step(page, "scenario")
    page.locator("input[name=scenario][value=the-land-is-dying]").check()
    next_step(page, "generals")
    next_step(page, "options")
    next_step(page, "cards")
    card = page.locator("[data-card=hemlock]")
    text = card.inner_text()
    assert "Hemlock's General card" in text and "life" in text and "minions at start" in text
    assert "▢" in text  # nothing read yet
    assert page.locator("[data-step=cards] input").count() == 0  # steppers, not text boxes
    assert SOURCE_CODES.search(page.locator("[data-step=cards]").inner_text()) is None
    life = page.get_by_role("button", name="Hemlock's General: life: one more")
    for _ in range(7):
        life.click()
    imps = page.get_by_role("button", name="Hemlock's General: minions at start: one more")
    for _ in range(3):
        imps.click()
    page.get_by_role("button", name="Hemlock's General: minions at start: one less").click()
    row = page.locator("[data-field='generals/hemlock/life'] output")
    assert row.inner_text() == "7"
    assert (
        page.locator("[data-field='generals/hemlock/starting_minions'] output").inner_text() == "1"
    )
    shot(page, "52-wizard-read-from-cards", full_page=True)
    next_step(page, "players")
    page.fill("input[name=host-name]", "Ada")
    page.click("label[for=host-hero-wizard]")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()
    assert "Place 1 Imp on Thorny Woods." in page.inner_text("[data-testid=checklist]")
    assert page.errors == []  # type: ignore[attr-defined]
