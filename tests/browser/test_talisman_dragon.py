"""Two phones at a Talisman: The Dragon table, through the web client.

Phone 1 starts the game and lands its Conjurer on the Chapel; phone 2 joins by code and takes
the Dragon Hunter. The dragon tokens tapped on both phones crown Varthrax on phone 1's turn: the
crown and the scale on the Chapel show on phone 2; an undo on phone 2 takes the crowning back
on phone 1. Both phones show names, never ids. A Dragon Card read out on a phone is kept with
what the table entered, and listed by its card's name in Cards we know.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.talisman import start, table_of_two

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 4000


def tap_token(page: Any, name: str) -> None:
    page.locator("[data-testid=token-draw]").get_by_role("button", name=name).click()
    page.locator("[data-testid=token-draw]").wait_for(state="detached")


def end_turn(page: Any) -> None:
    page.get_by_role("button", name="End the turn").click()


def test_two_phones_crown_a_dragon_king_and_undo_it(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    host, guest = table_of_two(phones, live_server.url)
    host.select_option("select[name=space]", "chapel")
    host.get_by_role("button", name="Land").click()
    host.get_by_text("on the Chapel").wait_for()
    tap_token(host, "Varthrax dragon scale")
    end_turn(host)

    # What the other phone sees arrives by the live stream: waited for within the phones'
    # generous bound (conftest), never a short one of its own.
    guest.get_by_text("Bea's Dragon Hunter's turn").wait_for()
    tap_token(guest, "Varthrax dragon scale")
    end_turn(guest)

    host.get_by_text("Ann's Conjurer's turn").wait_for()
    tap_token(host, "Varthrax dragon scale")
    host.get_by_role("heading", name="Dragon King: Varthrax").wait_for()

    guest.get_by_role("heading", name="Dragon King: Varthrax").wait_for()
    guest.locator("[data-testid=board-scales]").get_by_text("Chapel: Varthrax").wait_for()
    shot(guest, "talisman-crowned")
    for page in (host, guest):
        text = page.inner_text("[data-testid=talisman]")
        assert "varthrax" not in text and "chapel" not in text  # names, never ids
        assert "talisman-dragon" not in page.inner_text("header")

    guest.click("[data-tab=log]")
    # The undo button names what it takes back: Ann's crowning draw, not Bea's end of turn.
    undo = guest.get_by_test_id("undo")
    expect(undo).to_contain_text("by Ann")
    undo.click()
    host.get_by_role("heading", name="No Dragon King yet").wait_for()
    # Varthrax is back to the 2 scales he had before the crowning one.
    expect(host.locator("[data-testid=scales-Varthrax] .pip.hit")).to_have_count(2)
    assert host.errors == [] and guest.errors == []


def test_a_dragon_card_read_out_on_the_phone_is_listed_in_cards_we_know(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    host, _ = phones
    start(host, live_server.url)
    host.click("[data-tab=board]")
    host.locator("[data-testid=talisman]").wait_for()
    host.select_option("select[name=space]", "village")
    host.get_by_role("button", name="Land").click()
    host.get_by_text("on the Village").wait_for()
    # Three Cadorus scales crown him; his scale lands on the Conjurer's Village.
    for _ in range(3):
        tap_token(host, "Cadorus dragon scale")
        end_turn(host)
    host.get_by_role("heading", name="Dragon King: Cadorus").wait_for()
    tap_token(host, "Dragon Slumber")
    cards = host.locator("[data-testid=dragon-cards]")
    for attempt in range(3):  # a live update may redraw the form between the choice and the tap
        host.select_option("select[name=space]", "village")
        host.select_option("select[name=encounter]", "scale")
        host.get_by_role("button", name="Land").click()
        try:
            cards.wait_for(timeout=LIVE_MS)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise

    host.locator("[data-testid=dragon-cards]").get_by_role("button", name="Read it out").click()
    host.fill("input[name=card-name]", "Cave Wyrm")
    host.select_option("select[name=card-kind]", "enemy")
    host.get_by_role("button", name="Save").click()
    host.locator("[data-testid=dragon-cards]").get_by_text("Cave Wyrm (enemy)").wait_for()

    host.get_by_test_id("known-link").click()
    name = host.locator("[data-testid=known-entry][data-field=name]")
    name.get_by_test_id("known-value").get_by_text("Cave Wyrm").wait_for()
    assert name.get_attribute("data-item").startswith("Cadorus Card ")
    kind = host.locator("[data-testid=known-entry][data-field=kind]")
    assert kind.get_by_test_id("known-value").inner_text() == "Enemy"  # the kind in words
    assert "cadorus-" not in host.inner_text("[data-testid=known]")  # card names, never ids
    assert host.errors == []
