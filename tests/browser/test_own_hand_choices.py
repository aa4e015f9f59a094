"""A hand limit owed by one hero is chosen on that hero's phone: a phone shared by two players
switches to the seat that owes it and asks no "Whose"; any other phone says whose choice it is."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import Game

from .live_api import call
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PANEL = "[data-testid=table-panel]"


def owes_a_discard(game_id: str, seat: str) -> None:
    """A test position: the hero of ``seat`` holds one Hero Card over the limit."""
    game = Game.objects.get(pk=game_id)
    game.state["pending"] = [{"type": "hand_limit", "seat": seat, "discard": 1}]
    game.save()


def test_a_hand_limit_is_chosen_on_the_phone_of_the_hero_who_owes_it(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    shared, other = phones
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    code = game["join_code"]
    bea = call(base, "games/join/", {"join_code": code, "name": "Bea", "hero": "Rogue"})
    cy = call(base, "games/join/", {"join_code": code, "name": "Cy", "hero": "Paladin"})
    owes_a_discard(game["id"], "2")
    # Anna and Bea share one phone (Anna's seat active); Cy has his own.
    sit_at(shared, base, game["id"], code, {
        "1": {"token": game["token"], "name": "Anna", "hero": "Wizard"},
        "2": {"token": bea["token"], "name": "Bea", "hero": "Rogue"},
    })  # fmt: skip
    sit_at(other, base, game["id"], code,
           {"3": {"token": cy["token"], "name": "Cy", "hero": "Paladin"}})  # fmt: skip

    row = other.locator(PANEL).locator("[data-pending=hand_limit]")
    row.get_by_text("Bea (Rogue) chooses on their own phone").wait_for()
    assert row.get_by_test_id("settle-choice").count() == 0

    switch = shared.locator(PANEL).get_by_test_id("settle-switch")
    switch.wait_for()
    assert switch.inner_text() == "Switch to Bea (Rogue)"
    shot(shared, "own-hand-01-switch-to-the-seat-that-owes")
    switch.click()
    choose = shared.locator(PANEL).get_by_test_id("settle-choice")
    choose.wait_for()
    choose.click()
    form = shared.locator("form[data-action=discard_to_limit]")
    form.wait_for()
    assert form.locator("select[name=seat]").count() == 0
    assert "Whose" not in form.inner_text()
    assert not shared.errors and not other.errors  # type: ignore[attr-defined]
