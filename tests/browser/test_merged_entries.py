"""Two phones each wounding their own hero: the phone that had not seen the other's wound is not
refused, and both wounds are kept."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live_api import call
from tests.browser.test_guarded_turn import anna_and_bea, version_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_phone_wounds_its_own_hero_without_refusing_the_other(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    base = live_server.url
    anna, bea, game = anna_and_bea(phones, base)
    for phone in (anna, bea):
        phone.click("[data-tab=me]")
        phone.locator("[data-testid=hero-card]").wait_for()
    # Bea's phone stops hearing the table: it will act on the version it last saw.
    bea.route("**/stream/**", lambda route: route.abort())
    bea.evaluate("() => window.dispatchEvent(new Event('online'))")
    bea.wait_for_function(
        "() => !document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    seen = version_of(bea)
    anna.get_by_role("button", name="Lose a life token").click()
    anna.get_by_text("4 / 5 life").wait_for()
    assert version_of(bea) == seen  # Bea has not seen Anna's wound
    bea.get_by_role("button", name="Lose a life token").click()
    bea.get_by_text("5 / 6 life").wait_for()
    assert bea.get_by_test_id("notice").count() == 0  # not refused
    assert version_of(bea) == seen + 2  # merged after Anna's wound
    bea.unroute("**/stream/**")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["heroes"]["1"]["life"] == 4 and state["heroes"]["2"]["life"] == 5
    shot(bea, "merge-01-own-wound-not-refused")
    assert anna.errors == [] and bea.errors == []
