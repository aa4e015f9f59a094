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

from tests.browser.talisman import table_of_two

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def bea_ticks_and_ann_redraws(ann: Any, bea: Any, step: int) -> None:
    """Bea ticks checklist step ``step``; returns once Ann's list of spaces is a new one (the
    list is marked first: a redraw replaces it)."""
    ann.eval_on_selector("select[name=space]", "el => { el.dataset.before = 'yes'; }")
    bea.click("[data-tab=setup]")
    bea.locator(f"[data-testid=checklist] input[type=checkbox] >> nth={step}").check()
    ann.wait_for_function(
        "() => { const el = document.querySelector('select[name=space]');"
        " return el && !el.dataset.before; }"
    )


def test_a_choice_not_yet_acted_on_survives_a_redraw_from_another_phone(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ann, bea = table_of_two(phones, live_server.url)
    ann.select_option("select[name=space]", "chapel")
    bea_ticks_and_ann_redraws(ann, bea, 0)
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == "chapel"

    ann.get_by_role("button", name="Land").click()
    ann.get_by_text("on the Chapel").wait_for()
    # Acted on: the next redraw shows the list as the game gives it, not the old choice.
    bea_ticks_and_ann_redraws(ann, bea, 1)
    first = ann.eval_on_selector("select[name=space]", "el => el.options[0].value")
    assert ann.eval_on_selector("select[name=space]", "el => el.value") == first != "chapel"
    assert ann.errors == [] and bea.errors == []


def test_a_tap_begun_before_another_phones_change_still_lands(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    ann, bea = table_of_two(phones, live_server.url)
    ann.select_option("select[name=space]", "chapel")
    land = ann.get_by_role("button", name="Land").bounding_box()
    assert land is not None
    ann.mouse.move(land["x"] + land["width"] / 2, land["y"] + land["height"] / 2)
    ann.mouse.down()  # the finger is on Land ...
    bea_ticks_and_ann_redraws(ann, bea, 0)  # ... when Bea's tick redraws Ann's Board: a new Land
    ann.mouse.up()
    ann.get_by_text("on the Chapel").wait_for()
    assert ann.errors == [] and bea.errors == []
