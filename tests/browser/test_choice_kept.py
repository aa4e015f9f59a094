"""What a player is choosing survives another phone's change.

A phone redraws its tab whole when the game changes. Ann, at a Talisman: The Dragon table, has
picked the Chapel to land on and has not tapped Land yet when Bea ticks a step of the shared
checklist on her phone: Ann's screen redraws, and still shows the Chapel; her tap on Land lands
there. Once she has acted, the screen shows what the game says.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST_STEP = "[data-testid=checklist] input[type=checkbox] >> nth=0"


def test_a_choice_not_yet_acted_on_survives_a_redraw_from_another_phone(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ann, bea = phones
    base = live_server.url
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
    ann.select_option("select[name=space]", "chapel")
    # The list Ann chose in, marked: a redraw replaces it with a new one.
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")

    bea.click("[data-tab=setup]")
    bea.locator(FIRST_STEP).check()
    ann.wait_for_function(
        "() => { const el = document.querySelector('select[name=space]');"
        " return el && !el.dataset.before; }"
    )
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == "chapel"

    ann.get_by_role("button", name="Land").click()
    ann.get_by_text("on the Chapel").wait_for()
    # Acted on: the next redraw shows the list as the game gives it, not the old choice.
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")
    bea.locator("[data-testid=checklist] input[type=checkbox] >> nth=1").check()
    ann.wait_for_function(
        "() => { const el = document.querySelector('select[name=space]');"
        " return el && !el.dataset.before; }"
    )
    first = ann.eval_on_selector("select[name=space]", "el => el.options[0].value")
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == first != "chapel"
    assert ann.errors == [] and bea.errors == []
