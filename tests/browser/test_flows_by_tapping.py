"""Every flow finishes by tapping, on a phone of 390 x 844: no dead end (a Companion not hired,
the dangers and the cards named where the turn ends, a wizard that offers only the seats the
boxes allow) and no text box for something the game can list."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game

from .live_api import call
from .test_grand_ball import act
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _seated(page: Any, base: str, game: dict[str, Any]) -> None:
    page.set_viewport_size(PHONE)
    sit_at(page, base, game["id"], game["join_code"], {"1": {"token": game["token"], "name": "Ada"}})


def test_a_hero_at_the_inn_hires_none_of_the_companions_revealed(
    phones: tuple[Any, Any], live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    """C&C 'Recruiting Companions': the hero 'may recruit 1 of the revealed Companions' (or
    none): the form chooses nobody for her, and 'Hire none' ends the recruitment."""
    monkeypatch.setattr("deck_tracker.services.new_seed", lambda: "s0")
    page, _ = phones
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Ada", "hero": "Wizard"},
            "expansions": ["companions_catacombs"],
            "options": {"companion_cost_unknown": "stated_when_recruited"},
        },
    )
    act(base, game["id"], game["token"], "move_hero", {"location": "chimera-inn"})
    act(base, game["id"], game["token"], "recruit", {"count": 3})
    _seated(page, base, game)

    page.click("[data-tab=enter]")
    page.locator(".list-button", has_text="Hire").click()
    sheet = page.locator("dialog.sheet")
    sheet.locator("input[name=hire-companion]").first.wait_for()
    # Nobody is chosen for her; the colour of a cost is a choice too, titled in words.
    assert sheet.locator("input[name=hire-companion]:checked").count() == 0
    assert sheet.locator("input[type=text]").count() == 0
    # Sent untouched, the form asks rather than deciding.
    sheet.locator("button[type=submit]").click()
    assert "Companion" in sheet.locator(".form-error").inner_text()
    sheet.locator("input[name=hire-companion] + label", has_text="Hire none").click()
    shot(page, "flows-hire-none")
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")
    state = Game.objects.get(pk=game["id"]).state
    assert "recruitment" not in state
    assert not state["heroes"]["1"].get("companions")
    assert page.errors == []
