"""A seat whose phone was lost: the host gives it a new token and shows it as a QR code and a
link; the link opens the table straight into that seat on another phone, and the lost phone's
token stops working."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.browser.live_api import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_new_token_opens_the_seat_on_another_phone(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    host, new_phone = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "rogue"}
    )
    lost_token = joined["token"]

    host.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Ada", "hero": "wizard"}},
            "updated": 1,
        }
    }
    host.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    host.goto(f"{base}/game/{game['id']}")
    host.locator("[data-testid=map]").wait_for()

    host.get_by_test_id("share").click()
    host.get_by_test_id("move-seat").click()
    reissue = host.locator("[data-testid=reissue][data-seat='2']")
    reissue.click()
    assert "Sure?" in reissue.inner_text()  # a second tap, because the old phone stops working
    reissue.click()
    host.locator("[data-testid=seat-link] .qr svg").wait_for()
    url = host.input_value("[data-testid=seat-url]")
    assert url.startswith(f"{base}/seat/{game['id']}/2#token=")
    host.get_by_test_id("seat-link").scroll_into_view_if_needed()
    shot(host, "60-seat-new-token-qr")

    # The lost phone's token no longer opens the game.
    with pytest.raises(urllib.error.HTTPError) as refused:
        call(base, f"games/{game['id']}/", token=lost_token)
    assert refused.value.code == 404

    # The new phone opens the link: straight into Bea's seat, the token gone from the address.
    new_phone.goto(url)
    new_phone.get_by_test_id("hero-card").wait_for()
    assert new_phone.url == f"{base}/game/{game['id']}#me"
    assert "Bea" in new_phone.inner_text(".seat-tab .section-title")
    assert "Rogue" in new_phone.inner_text("[data-testid=hero-card]")
    new_phone.wait_for_function(
        "() => document.querySelector('[data-testid=live]').classList.contains('live-live')"
    )
    shot(new_phone, "61-seat-opened-on-the-new-phone")
    new_phone.get_by_role("button", name="Lose a life token").click()
    new_phone.locator(".life small", has_text="5 / 6 life").wait_for()
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["heroes"]["2"]["life"] == 5
    assert host.errors == [] and new_phone.errors == []  # type: ignore[attr-defined]
