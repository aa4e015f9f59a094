"""Joining on a 390 x 844 phone with a code typed the way people type it: lower case, a dash,
spaces, O for 0 and l for 1. The heroes already taken show as taken, with their players' names,
and a hero taken meanwhile by another phone is refused naming that player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from deck_tracker.models import Game
from tests.browser.live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CODE = "ABC102XY"


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


def a_table_with_ada_as_the_wizard(base: str) -> dict[str, Any]:
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}})
    # A code with the digits 0 and 1, which people type as O and l.
    Game.objects.filter(pk=game["id"]).update(join_code=CODE)
    return game


def test_a_messy_code_joins_and_taken_heroes_name_their_players(
    phone: Any, live_server: Any, shot: Any
) -> None:
    base = live_server.url
    game = a_table_with_ada_as_the_wizard(base)

    phone.goto(base + "/")
    phone.fill("input[name=code]", "ab-c lO2 xy")
    phone.get_by_role("button", name="Join", exact=True).click()
    phone.get_by_role("heading", name=f"Join table {CODE}").wait_for()
    wizard = phone.locator("label[for=hero-wizard]")
    wizard.get_by_text("Taken by Ada").wait_for()
    assert phone.locator("#hero-wizard").is_disabled()
    assert phone.locator("#hero-rogue").is_enabled()
    phone.get_by_text("At this table: Ada.").wait_for()
    shot(phone, "join-taken-heroes")

    # Meanwhile another phone takes the Rogue; this phone, choosing it, is told by whom.
    call(base, "games/join/", {"join_code": CODE, "name": "Bea", "hero": "Rogue"})
    phone.fill("input[name=name]", "Cy")
    phone.click("label[for=hero-rogue]")
    phone.get_by_role("button", name="Take a seat").click()
    alert = phone.get_by_role("alert")
    alert.get_by_text("Rogue is already played at this table, by Bea.").wait_for()
    assert "seat" not in alert.inner_text()
    phone.locator("label[for=hero-rogue]").get_by_text("Taken by Bea").wait_for()

    phone.click("label[for=hero-cleric]")
    phone.get_by_role("button", name="Take a seat").click()
    phone.locator("[data-testid=map]").wait_for()
    assert game["id"] in phone.url
    assert phone.errors == []


def test_a_link_with_a_messy_code_opens_the_join_screen(phone: Any, live_server: Any) -> None:
    base = live_server.url
    a_table_with_ada_as_the_wizard(base)
    # Spaces, a dash and a stray mark in the address: the join screen, never "Nothing here".
    phone.goto(f"{base}/join/abc-1o2%20xy.")
    phone.get_by_role("heading", name=f"Join table {CODE}").wait_for()
    phone.locator("label[for=hero-wizard]").get_by_text("Taken by Ada").wait_for()
    assert phone.locator("text=Nothing here").count() == 0
    assert phone.errors == []
