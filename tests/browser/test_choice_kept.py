"""What a player is choosing, and a tap under way, survive another phone's change.

A phone redraws its tab whole when the game changes. Ann, at a Talisman: The Dragon table, has
picked the Chapel to land on and has not tapped Land yet when Bea ticks a step of the shared
checklist on her phone: Ann's screen redraws, and still shows the Chapel; her tap on Land lands
there. Once she has acted, the screen shows what the game says. And a tap whose finger went
down on Land just before the redraw (the button under it replaced) still lands.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST_STEP = "[data-testid=checklist] input[type=checkbox] >> nth=0"


def table_of_two(phones: tuple[Any, Any], base: str) -> tuple[Any, Any]:
    """Ann's Conjurer (her turn, on her Board tab) and Bea's Dragon Hunter, each on a phone."""
    ann, bea = phones
    ann.goto(base + "/")
    ann.get_by_role("link", name="Start Talisman: The Dragon").click()
    ann.fill("input[name=host-name]", "Ann")
    ann.select_option("select[name=host-character]", "Conjurer")
    ann.get_by_role("button", name="Create the game").click()
    ann.locator("[data-testid=checklist] li").first.wait_for()
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


def test_a_choice_not_yet_acted_on_survives_a_redraw_from_another_phone(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ann, bea = table_of_two(phones, live_server.url)
    ann.select_option("select[name=space]", "chapel")
    # The list Ann chose in, marked: a redraw replaces it with a new one.
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")

    bea.click("[data-tab=setup]")
    bea.locator(FIRST_STEP).check()
    redrawn(ann)
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == "chapel"

    ann.get_by_role("button", name="Land").click()
    ann.get_by_text("on the Chapel").wait_for()
    # Acted on: the next redraw shows the list as the game gives it, not the old choice.
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")
    bea.locator("[data-testid=checklist] input[type=checkbox] >> nth=1").check()
    redrawn(ann)
    first = ann.eval_on_selector("select[name=space]", "el => el.options[0].value")
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == first != "chapel"
    assert ann.errors == [] and bea.errors == []


def redrawn(page: Any) -> None:
    """Waits until the list of spaces on ``page`` is a new one (marked before the change)."""
    page.wait_for_function(
        "() => { const el = document.querySelector('select[name=space]');"
        " return el && !el.dataset.before; }"
    )


def test_a_tap_begun_before_another_phones_change_still_lands(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ann, bea = table_of_two(phones, live_server.url)
    ann.select_option("select[name=space]", "chapel")
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")
    land = ann.get_by_role("button", name="Land").bounding_box()
    assert land is not None
    ann.mouse.move(land["x"] + land["width"] / 2, land["y"] + land["height"] / 2)
    ann.mouse.down()  # the finger is on Land ...
    bea.click("[data-tab=setup]")
    bea.locator(FIRST_STEP).check()
    redrawn(ann)  # ... when Bea's tick redraws Ann's Board: Land under the finger is a new button
    ann.mouse.up()
    ann.get_by_text("on the Chapel").wait_for()
    assert ann.errors == [] and bea.errors == []
