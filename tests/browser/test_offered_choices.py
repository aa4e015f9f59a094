"""Forms built from the choices the server offers: a Companion hired on the phone by tapping
its name and the Hero Cards paid, never by typing an id (Companions & Catacombs, 'Recruit')."""

from __future__ import annotations

from typing import Any

import pytest

from .live_api import call
from .test_grand_ball import act
from .test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_hire_a_companion_by_tapping_its_name_and_the_cards_paid(
    phones: tuple[Any, Any], live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "s0")
    page, _ = phones
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Ada", "hero": "Wizard"},
            "expansions": ["companions_catacombs"],
            # The cost is stated while hiring here (reading it once is tested elsewhere).
            "options": {"companion_cost_unknown": "stated_when_recruited"},
        },
    )
    token = game["token"]
    act(base, game["id"], token, "move_hero", {"location": "chimera-inn"})
    act(base, game["id"], token, "recruit", {"count": 3})
    state = call(base, f"games/{game['id']}/", token=token)["state"]
    assert not state["recruitment"].get("waiting")
    hand = state["decks"]["hero"]["hand"]
    sit_at(page, base, game["id"], game["join_code"], {"1": {"token": token, "name": "Ada"}})

    page.click("[data-tab=enter]")
    page.locator(".list-button", has_text="Hire").click()
    sheet = page.locator("dialog.sheet")
    # The Companions revealed, by name; no text box anywhere in the form.
    companion = sheet.locator("input[name=hire-companion] + label").first
    companion.wait_for()
    name = companion.inner_text().split(" (")[0]
    assert "-" not in name and name
    assert sheet.locator("input[type=text]").count() == 0
    companion.click()
    # The cost is not printed legibly anywhere public: the table states it once (1 card of
    # the colour of a card in Ada's hand), then ticks the card it pays.
    # A coloured Hero Card of Ada's hand, as the form titles it: "Raven Forest (green)".
    offered = sheet.locator("input[name=hire-cards] + span")
    titles = offered.all_inner_texts()
    assert len(titles) == len(hand) and all("-" not in t.split(" (")[0] for t in titles)
    index, title = next(
        (i, t)
        for i, t in enumerate(titles)
        if t.endswith(("(green)", "(black)", "(red)", "(blue)"))
    )
    colour = title.rsplit("(", 1)[1].rstrip(")")
    paid = sheet.locator("input[name=hire-cards]").nth(index).get_attribute("value")
    cost = sheet.locator("input[name=hire-cost_colour]")
    if cost.count():
        sheet.locator(f"input[name=hire-cost_colour][value={colour}] + label").click()
        sheet.get_by_label("more Cost cards").click()
    shot(page, "61-hire-a-companion")
    sheet.locator(f"input[name=hire-cards][value='{paid}']").check()
    sheet.locator("button[type=submit]").click()
    sheet.wait_for(state="detached")
    state = call(base, f"games/{game['id']}/", token=token)["state"]
    hero = state["heroes"]["1"]
    assert len(hero["companions"]) == 1
    assert paid not in state["decks"]["hero"]["hand"]
    assert page.errors == []
