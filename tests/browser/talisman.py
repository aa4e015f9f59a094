"""A Talisman: The Dragon table as the browser tests open it on two phones."""

from __future__ import annotations

from typing import Any


def start(page: Any, base: str) -> None:
    """Ann starts a game with her Conjurer from the home screen; her phone shows its checklist."""
    page.goto(base + "/")
    page.get_by_role("link", name="Start Talisman: The Dragon").click()
    page.fill("input[name=host-name]", "Ann")
    page.select_option("select[name=host-character]", "Conjurer")
    page.get_by_role("button", name="Create the game").click()
    page.locator("[data-testid=checklist] li").first.wait_for()


def table_of_two(phones: tuple[Any, Any], base: str) -> tuple[Any, Any]:
    """Ann's Conjurer (her turn, on her Board tab) and Bea's Dragon Hunter, each on a phone:
    Ann starts the game, Bea joins by its code and takes her character."""
    ann, bea = phones
    start(ann, base)
    code = ann.inner_text("[data-testid=join-code]").strip()
    bea.goto(f"{base}/join/{code}")
    bea.fill("input[name=name]", "Bea")
    bea.get_by_role("button", name="Take a seat").click()
    bea.locator("[data-testid=choose-character]").wait_for()
    bea.select_option("select[name=character]", "Dragon Hunter")
    bea.get_by_role("button", name="Take this character").click()
    bea.locator('[data-character="Bea\'s Dragon Hunter"]').wait_for()
    ann.click("[data-tab=board]")
    ann.locator('[data-character="Bea\'s Dragon Hunter"]').wait_for()
    return ann, bea
