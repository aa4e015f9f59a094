"""A card the app does not know, read at the table: Ada's phone runs the night, one of Onyx's
Darkness Spreads cards comes up, Bea's phone shows "Read the card you drew" by itself, Bea
enters it, and both phones see the night finish."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live_api import LIVE_SECONDS, a_night_draws_an_unread_card, call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_one_phone_draws_an_unknown_card_the_other_reads_it_both_see_the_night_finish(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    ada, bea = phones
    base = live_server.url
    setup = {
        "host": {"name": "Ada", "hero": "wizard"},
        "expansions": ["dragon"],
        "generals": {"black": "onyx"},
    }
    # One of Onyx's cards that nobody has entered comes up.
    game, _ = a_night_draws_an_unread_card(
        ada, bea, base, setup, lambda card: bool(card.data.get("unread"))
    )
    # Bea's phone shows the card to read without a reload; so does Ada's.
    sheet = bea.locator("dialog[data-testid=read-card]")
    ada.locator("dialog[data-testid=read-card]").wait_for(timeout=LIVE_SECONDS * 1000)
    assert "Onyx Darkness Spreads card" in sheet.inner_text()
    assert "Read the card you drew" in sheet.inner_text()
    # Pickers and steppers, never a box to type an id into.
    assert sheet.locator("input[type=text], textarea").count() == 0
    shot(bea, "70-read-the-card-you-drew")

    sheet.locator("select[name='placements-0-location']").select_option(label="Dark Woods")
    sheet.locator("input[name='placements-0-count']").fill("1")  # no count preset
    sheet.locator("label.seg", has_text="Zealots").click()
    sheet.locator("select[name=general_to]").select_option(value="next")
    sheet.get_by_role("button", name="more Minions with the General").click()
    shot(bea, "71-read-the-card-filled")
    sheet.get_by_test_id("read-card-submit").click()

    # Both phones see the night finish: the card resolved, the turn passed.
    for page in (ada, bea):
        page.locator(".night-card[data-event=turn_passed]").wait_for(timeout=LIVE_SECONDS * 1000)
        page.locator("dialog[data-testid=read-card]").wait_for(state="detached")
        assert page.locator(".night-card[data-event=card_read]").count() == 1
    shot(ada, "72-the-night-finished")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["reading"] == []
    assert ada.errors == [] and bea.errors == []  # type: ignore[attr-defined]
