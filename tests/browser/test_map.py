"""The map read on a 390 x 844 phone: names that never overlap and are at least 11 CSS px on
screen, every token the rules put on the board drawn with its own mark, and a tap on a space
opening what stands there by name, with what the rules say happens there."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from deck_tracker.models import Game
from tests.browser.live_api import call, read_every_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_390 = {"width": 390, "height": 844}

# Every name's box on screen, its font size on screen (the computed size times the drawing's
# scale) and its text.
LABELS = """() => [...document.querySelectorAll('[data-testid=map] .loc-name')].map(el => {
  const box = el.getBoundingClientRect();
  const scale = el.getScreenCTM().a;
  const text = [...el.querySelectorAll('tspan')].map(t => t.textContent).join(' ');
  const title = el.querySelector('title');
  return {id: el.dataset.label, text, full: title ? title.textContent : text,
          left: box.left, right: box.right,
          top: box.top, bottom: box.bottom,
          px: parseFloat(getComputedStyle(el).fontSize) * scale};
})"""
TOKEN_TEXT = """() => [...document.querySelectorAll('[data-testid=map] .token-text')].map(el =>
  parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a)"""


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport=PHONE_390, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


def open_board(page: Any, base: str, game: dict[str, Any]) -> None:
    page.goto(base + "/")
    saved = {
        game["id"]: {
            "joinCode": game["join_code"],
            "active": "1",
            "seats": {"1": {"token": game["token"], "name": "Ada", "hero": None}},
            "updated": 1,
        }
    }
    page.evaluate("value => localStorage.setItem('dotr.games', value)", json.dumps(saved))
    page.goto(f"{base}/game/{game['id']}")
    page.locator("[data-testid=map] .loc-name").first.wait_for()


def overlaps(labels: list[dict[str, Any]]) -> list[tuple[str, str]]:
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            if min(a["right"], b["right"]) > max(a["left"], b["left"]) and min(
                a["bottom"], b["bottom"]
            ) > max(a["top"], b["top"]):
                found.append((a["text"], b["text"]))
    return found


def check_labels(page: Any) -> list[dict[str, Any]]:
    labels = page.evaluate(LABELS)
    assert len(labels) == 45  # one name for every space of the board
    assert overlaps(labels) == []
    # Every name inside the drawing (none cut off at its edge).
    # The drawing's box read in one go in the page (the map may be drawn again meanwhile).
    frame = page.evaluate(
        """() => { const box = document.querySelector('[data-testid=map] svg')
            .getBoundingClientRect(); return {x: box.x, width: box.width}; }"""
    )
    outside = [
        label["text"]
        for label in labels
        if label["left"] < frame["x"] - 1 or label["right"] > frame["x"] + frame["width"] + 1
    ]
    assert outside == []
    # No name covers a token (a badge, a hero, a General...): each reads on its own.
    tokens = page.eval_on_selector_all(
        "[data-testid=map] [data-token]",
        """els => els.map(e => { const b = e.getBoundingClientRect();
            return {text: e.textContent, left: b.left, right: b.right, top: b.top,
                    bottom: b.bottom}; })""",
    )
    covered = [
        (label["text"], token["text"])
        for label in labels
        for token in tokens
        if min(label["right"], token["right"]) > max(label["left"], token["left"])
        and min(label["bottom"], token["bottom"]) > max(label["top"], token["top"])
    ]
    assert covered == []
    small = [(label["text"], round(label["px"], 1)) for label in labels if label["px"] < 11]
    assert small == []
    assert all(label["bottom"] - label["top"] >= 11 for label in labels)
    assert min(page.evaluate(TOKEN_TEXT) or [11]) >= 11
    return labels


def test_a_base_game_map_reads_at_390_px(phone: Any, live_server: Any, shot: Any) -> None:
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Ada", "hero": "Wizard"}})
    open_board(phone, base, game)
    labels = check_labels(phone)
    # A name shortened to fit keeps its full name (shown on a long press, read by a screen
    # reader, and in the space's details).
    names = phone.eval_on_selector_all(
        "[data-testid=map] .loc", "els => els.map(e => e.getAttribute('aria-label').split('. ')[0])"
    )
    assert sorted(label["full"] for label in labels) == sorted(names)
    shortened = [label for label in labels if label["text"] != label["full"]]
    assert all(label["text"].split(" ")[0].rstrip(".") in label["full"] for label in shortened)
    # The setup's minions (one badge per colour and space) and the Wizard are drawn.
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    badges = sum(1 for place in state["board"].values() for n in place["minions"].values() if n)
    assert badges > 0
    assert phone.locator("[data-testid=map] [data-token=minions]").count() == badges
    assert phone.locator("[data-testid=map] [data-token=general]").count() == 4
    assert phone.locator("[data-testid=map] [data-token=hero]").count() == 1
    shot(phone, "map-390-base")
    assert phone.errors == []


def put_every_token_on_the_board(game_id: str) -> dict[str, Any]:
    """Trolls, Giant Spiders, Warlords, fire, Dungeons, Sterling and an Agent, written straight
    into the saved state (the rules that put them there have their own tests): on the crowded
    middle of the board, where names used to collide."""
    row = Game.objects.get(pk=game_id)
    state = row.state
    board = state["board"]
    board["ancient-ruins"].update(trolls=1, spiders=1, taint=2)
    board["ancient-ruins"]["minions"].update(green=2, red=1)
    board["whispering-woods"].update(warlords=1, fire=1, trolls=2)
    board["whispering-woods"]["minions"].update(black=3)
    board["father-oak-forest"].update(spiders=1, warlords=1, gate=True)
    board["father-oak-forest"]["minions"].update(blue=2, green=1)
    board["seagull-lagoon"].update(fire=1, taint=1)
    board["mountains-of-mist"].update(trolls=1)
    state["dungeons"] = {
        "serpent-swamp": {"token": "dungeon-token-2", "quest_items": [], "treasure_room": None},
        "greenleaf-village": {"token": "dungeon-token-4", "quest_items": [], "treasure_room": None},
    }
    state["sterling"] = {"location": "seagull-lagoon", "searched": []}
    state["agent"] = {"id": "agent-el-fuego", "location": "dancing-stone", "wounds": 0,
                      "defeated": False}  # fmt: skip
    heroes = state["heroes"]
    spots = ["whispering-woods", "seagull-lagoon", "ancient-ruins", "father-oak-forest"]
    for (_seat, hero), spot in zip(sorted(heroes.items())[1:], spots, strict=False):
        hero["location"] = spot
    row.state = state
    row.save(update_fields=["state"])
    return state


def test_every_token_of_every_expansion_is_drawn_and_named(
    phone: Any, live_server: Any, shot: Any
) -> None:
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Ada", "hero": "Ranger"},
            "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        },
    )
    # The Hero's Calling's Ranger (its own hero, not the base pack's) among base heroes: each
    # hero gets its own mark, from its printed name. Four heroes, the game's own count: with 5
    # or 6 players the Dragon's rules deal the heroes at random, whatever a seat asks for.
    seats: dict[str, str] = {}
    for seat, (name, hero) in enumerate(
        [("Bea", "Rogue"), ("Cy", "Eagle Rider"), ("Dee", "Dwarf")], start=2
    ):
        joined = call(
            base, "games/join/", {"join_code": game["join_code"], "name": name, "hero": hero}
        )
        seats[str(seat)] = joined["token"]
    read_every_card(base, game, seats)  # a new Quest dealt is read by its holder first
    put_every_token_on_the_board(game["id"])
    open_board(phone, base, game)
    # The panel of a game under way, above the map, comes with its own module and words and
    # may arrive after the map: positions are read once it is there.
    phone.locator("[data-testid=table-panel]").wait_for()
    check_labels(phone)
    drawn = set(
        phone.eval_on_selector_all(
            "[data-testid=map] [data-token]", "els => els.map(e => e.dataset.token)"
        )
    )
    assert {
        "minions", "taint", "troll", "spider", "warlord", "dungeon", "fire", "general", "agent",
        "sterling", "hero",
    } <= drawn  # fmt: skip
    # Each hero has its own mark, none shared with another hero or with Sterling.
    marks = phone.eval_on_selector_all(
        "[data-testid=map] [data-token=hero] text, [data-testid=map] [data-token=sterling] text",
        "els => els.map(e => e.textContent)",
    )
    assert len(marks) == 5 and len(set(marks)) == 5
    # The Generals by their names (never their ids).
    titles = phone.eval_on_selector_all(
        "[data-testid=map] [data-token=general] title", "els => els.map(e => e.textContent)"
    )
    assert "Gorgutt (General)" in titles
    shot(phone, "map-390-all-tokens", full_page=True)

    # The key names every hero's mark.
    phone.get_by_role("button", name="Key").click()
    shot(phone, "map-key")
    assert phone.errors == []
    legend = phone.locator("[data-testid=legend-marks]").inner_text()
    for name in ["Ranger (Ada)", "Rogue (Bea)", "Eagle Rider (Cy)", "Dwarf (Dee)", "Sterling",
                 "Gorgutt"]:  # fmt: skip
        assert name in legend
    assert phone.errors == []


def test_a_tap_on_a_space_shows_what_stands_there(phone: Any, live_server: Any) -> None:
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Ada", "hero": "Ranger"},
            "expansions": ["dragon", "companions_catacombs"],
        },
    )
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    read_every_card(base, game, {"2": joined["token"]})  # a new Quest dealt, read first
    put_every_token_on_the_board(game["id"])
    open_board(phone, base, game)
    # The panel of a game under way, above the map, comes with its own module and words and
    # may arrive after the map: positions are read once it is there.
    phone.locator("[data-testid=table-panel]").wait_for()

    # Serpent Swamp: its Dungeon, and what the rulebook says a hero may do there.
    phone.locator("[data-location=serpent-swamp]").tap()
    sheet = phone.get_by_role("dialog")
    sheet.get_by_role("heading", name="Serpent Swamp").wait_for()
    tokens = sheet.locator("[data-testid=location-tokens]")
    assert "A Dungeon" in tokens.inner_text()
    assert "enter the Dungeon by spending 4 actions" in tokens.inner_text()
    phone.keyboard.press("Escape")
    sheet.wait_for(state="hidden")

    # Whispering Woods, tapped on its name: minions, fire, Trolls, Warlord and a hero, by name.
    phone.locator("[data-label=whispering-woods]").tap()
    sheet.get_by_role("heading", name="Whispering Woods").wait_for()
    text = sheet.inner_text()
    for words in ["3 Undead", "On fire", "2 Trolls", "1 Warlord", "Rogue (Bea)"]:
        assert words in text
    assert "a hero ending the turn here suffers 1 wound" in text
    assert "+1 to the number needed to hit every minion here" in text
    phone.keyboard.press("Escape")
    sheet.wait_for(state="hidden")

    # Dancing Stone: the Agent of the Dark Lord, and the rulebook's "Agents never invade
    # Monarch City".
    phone.locator("[data-location=dancing-stone]").tap()
    sheet.get_by_role("heading", name="Dancing Stone").wait_for()
    text = sheet.locator("[data-testid=location-tokens]").inner_text()
    assert "Agent of the Dark Lord" in text and "never invades Monarch City" in text
    assert phone.errors == []
