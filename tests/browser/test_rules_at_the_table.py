"""Rules a phone must honour where a tap hides them: a Special Hero Card played for its action
goes onto the Winds of War board, not to the discard pile; a dragon's life is read from his
card, never preset."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from deck_tracker.models import Game, GameEvent
from tests.browser.live_api import act, call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
GATE = "special-magic-gate"


def arrange(game_id: str, *changes: tuple[Any, ...]) -> None:
    """A test position in the stored game."""
    game = Game.objects.get(pk=game_id)
    for *path, value in changes:
        node = game.state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    game.save()


def stored(game_id: str) -> dict[str, Any]:
    return dict(Game.objects.get(pk=game_id).state)


def dragon_game(page: Any, base: str, options: dict[str, Any]) -> dict[str, Any]:
    game = call(base, "games/", {
        "host": {"name": "Anna", "hero": "Wizard"}, "expansions": ["dragon"], "options": options,
    })  # fmt: skip
    # The cards of the expansion the app does not know yet are left unread.
    arrange(game["id"], ("reading", []))
    return game


def test_a_special_played_for_its_action_goes_onto_the_winds_of_war_board(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """DX Winds of War: "When Special Hero Cards are played for their Special Action (not dice
    to attack a General) they are placed on the Winds of War Board as a Played Special Card." """
    anna, _ = phones
    base = live_server.url
    game = dragon_game(anna, base, {"winds_of_war": True})
    deck = stored(game["id"])["decks"]["hero"]
    arrange(
        game["id"],
        ("decks", "hero", "draw", [c for c in deck["draw"] if c != GATE]),
        ("decks", "hero", "hands", "1", [*deck["hands"]["1"], GATE]),
    )
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    anna.click("[data-tab=me]")
    play = anna.locator("[data-hand=hero] button.primary")
    for attempt in range(5):  # a redraw of the tab (texts loaded) clears the ticks: tick again
        anna.locator(f"[data-hand=hero] input[value={GATE}]").check()
        try:
            play.click(timeout=2000)
            break
        except PlaywrightTimeout:
            assert attempt < 4
    anna.get_by_test_id("special-action").click()
    anna.locator(f"[data-hand=hero] input[value={GATE}]").wait_for(state="detached")
    state = stored(game["id"])
    assert [c["card"] for c in state["winds_of_war"]["board"]] == [GATE]
    assert GATE not in state["decks"]["hero"]["discard"]
    assert anna.errors == []


def test_a_dragons_life_on_the_reading_form_is_empty_until_the_player_reads_it(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """A preset life of 1 let one hasty tap enter a dragon who falls at his first wound: the
    form shows no number the player did not read, and refuses to go on without one."""
    anna, _ = phones
    base = live_server.url
    game = call(base, "games/", {
        "host": {"name": "Anna", "hero": "Wizard"}, "expansions": ["dragon"],
        "generals": {"black": "onyx"},
    })  # fmt: skip
    # His life is read when he is first wounded (the setup's cards are left unread here).
    arrange(game["id"], ("reading", []))
    act(base, game, "wound_general", {"general": "onyx"})
    assert stored(game["id"])["reading"][0]["schema"]["required"] == ["life"]
    seats = {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}}
    sit_at(anna, base, game["id"], game["join_code"], seats, shown="dialog[data-testid=read-card]")
    sheet = anna.locator("dialog[data-testid=read-card]")
    life = sheet.locator("input[name=life]")
    assert life.input_value() == ""
    sheet.get_by_test_id("read-card-submit").click()
    sheet.get_by_text("Fill in every part of the card.").wait_for()
    assert stored(game["id"])["reading"]  # nothing entered
    shot(anna, "rules-01-a-dragons-life-not-preset")
    assert anna.errors == []


def anna_and_bea(phones: tuple[Any, Any], base: str, bea_live: bool = True) -> dict[str, Any]:
    anna, bea = phones
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    if not bea_live:
        # Bea's phone hears nothing live: it still shows the table from before Anna's night.
        bea.route("**/stream/**", lambda route: route.abort())
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    sit_at(bea, base, game["id"], game["join_code"],
           {"2": {"token": joined["token"], "name": "Bea", "hero": "Rogue"}})  # fmt: skip
    return game


def version_of(page: Any) -> int:
    return int(page.get_attribute("[data-testid=live]", "data-version"))


def nights_run(game: dict[str, Any]) -> int:
    return GameEvent.objects.filter(game_id=game["id"], type="night_began").count()


def test_a_double_tap_on_go_to_the_night_stops_at_the_night_screen(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """Bea's turn, after Anna's night: the Night tab lists that night's steps to tick. A double
    tap on "Go to the night" opens the Night tab and nothing else: the second tap does not
    tick the step (or press the button) the new screen puts under the finger."""
    _, bea = phones
    base = live_server.url
    game = anna_and_bea(phones, base)
    act(base, game, "end_turn", {})
    act(base, game, "night", {})
    bea.click("[data-tab=me]")
    bea.get_by_test_id("end-turn").click()
    go = bea.get_by_test_id("go-to-night")
    go.wait_for()
    before = version_of(bea)
    # A double tap: the first click opens the Night tab, the second (a click whose detail is 2,
    # as a browser counts the second tap of a double tap) lands on what is now under the
    # finger; here the button that ticks every step of the last night.
    go.click()
    run = bea.get_by_test_id("run-night")
    run.wait_for()
    bea.get_by_role("button", name="The board matches").evaluate(
        "button => button.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 2}))"
    )
    assert bea.locator("[data-tab=night]").get_attribute("aria-current") == "page"
    assert bea.locator("dialog[open]").count() == 0  # no sheet opened by the carried tap
    # The night runs on a deliberate tap, once: the carried tap changed nothing before it.
    run.click()
    bea.get_by_text("Anna's turn: the evening's 2 Hero Cards are not drawn yet.").wait_for()
    assert version_of(bea) == before + 1
    assert nights_run(game) == 2
    assert not stored(game["id"]).get("table_steps")
    assert bea.get_by_test_id("notice").count() == 0
    assert bea.errors == []


def test_the_phone_that_loses_a_same_moment_night_shows_the_night_that_ran(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    anna, bea = phones
    game = anna_and_bea(phones, live_server.url, bea_live=False)
    anna.click("[data-tab=me]")
    anna.get_by_test_id("end-turn").click()
    anna.get_by_test_id("go-to-night").wait_for()
    bea.reload()  # Bea's phone knows the evening is drawn, then hears nothing more
    bea.locator("[data-testid=map]").wait_for()
    bea.click("[data-tab=night]")
    anna.click("[data-tab=night]")
    anna.get_by_test_id("run-night").click()
    anna.locator(".night-card[data-event=darkness_spreads_card]").first.wait_for()
    bea.get_by_test_id("run-night").click()
    notice = bea.get_by_test_id("notice")
    notice.wait_for()
    assert notice.get_attribute("data-code") == "night_ran"
    assert "banner-error" not in (notice.get_attribute("class") or "")
    bea.locator(".night-card[data-event=darkness_spreads_card]").first.wait_for()
    assert nights_run(game) == 1
    shot(bea, "rules-02-the-night-that-ran")
