"""Player words on every main screen: names, printed card and deck names, correct plurals.

A game with every expansion (dragon Generals, Companions & Catacombs, The Hero's Calling, the
King's Champion's fame) and a base game are opened at phone size; every tab, the setup
checklist and a location's sheet are read as the player sees them (the visible text), and the
test fails naming any id, slug, snake_case key, raw JSON, "(s)" plural, "seat N" or source code
(J, JM, UBG, "not verified") that shows.
"""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
from pathlib import Path
from typing import Any

import pytest

from deck_tracker.content.services import content_overlay_import
from tests.browser.conftest import settle
from tests.browser.live_api import call, game_of_two, open_game, read_every_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PACKS = Path(__file__).resolve().parents[2] / "deck_tracker" / "content" / "packs"
TABS = ("board", "night", "me", "fame", "enter", "log")


def content_ids() -> set[str]:
    """Every id of the shipped content packs that a player could mistake for a word: slugs."""
    ids: set[str] = set()
    for path in PACKS.rglob("*.json"):
        data = json.loads(path.read_text())

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                if isinstance(node.get("id"), str) and "-" in node["id"]:
                    ids.add(node["id"])
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)

        walk(data)
    return ids


IDS = content_ids()
CHECKS = [
    ("a content id", re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(IDS))) + r")\b")),
    ("an id prefix", re.compile(r"\b(?:ge|hc|relic|special|companion|quest|ds)-[a-z0-9]")),
    ("a slug", re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b")),
    ("a snake_case key", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("raw JSON", re.compile(r"[{\[]\s*\"\w+\"\s*:|\"\w+\"\s*:\s*[\[{\"0-9]")),
    ("a (s) plural", re.compile(r"\w\(s\)")),
    ("a seat number", re.compile(r"\bseat \d+\b", re.I)),
    ("a source code", re.compile(r"\b(?:JM?|UBG|DX)\b|not verified|transcription slip")),
    (
        "a singular count in the plural",
        re.compile(r"(?<![\d/.])\b1 (?:[A-Z]\w*[^s\W]s|cards|wounds|tokens|successes)\b"),
    ),
    (
        "a deck nobody draws",
        re.compile(r"\b(?:companion|dungeon token|dungeon_token) \(\d+\)", re.I),
    ),
]


def developer_words(text: str) -> list[str]:
    """What in ``text`` is not a player's word: '<kind>: <the line>' for each finding."""
    found = []
    for line in text.splitlines():
        for kind, pattern in CHECKS:
            match = pattern.search(line)
            if match:
                found.append(f"{kind} {match.group(0)!r} in {line.strip()[:120]!r}")
    return found


def test_the_scanner_catches_what_the_issue_saw() -> None:
    """The scanner itself: the texts players met on screen are caught, plain words are not."""
    seen = [
        "Round 1: seat 3's turn",
        "0 darkness_spreads · 2 hero · 1 quest",
        "Help from the locals (J effect 'local_information'); details not verified.",
        "The app holds the darkness_spreads deck",
        "high-dragon-sapphire",
        "ge-bad-3",
        "hc-ranger",
        "relic-03",
        '{"board": {"cards": 2}}',
        "Draw 2 card(s)",
        "1 Demons",
        "companion (0)",
        "draw a new Quest (draw_quest).",
        "Rogue rolls 5, 6: 1 successes.",
    ]
    for text in seen:
        assert developer_words(text), text
    plain = [
        "Round 1: Anna's turn",
        "0 Darkness Spreads cards · 2 Hero Cards · 1 Quest",
        "High Dragon Sapphire at Fire River",
        "1 Demon, 2 Orcs, 1 Undead",
        "Help from the locals.",
        "Round 1 · Anna (Wizard)",
    ]
    for text in plain:
        assert not developer_words(text), developer_words(text)


def sit_at(page: Any, base: str, game: dict[str, Any], seat: str, token: str, name: str) -> None:
    open_game(page, base, game, seat, token, name)
    page.locator("[data-testid=live]").wait_for()
    page.wait_for_function("() => document.getElementById('table-main').dataset.view")


def read_screens(page: Any, shot: Any, name: str) -> dict[str, str]:
    """The visible text of every main screen of the table, by screen."""
    screens: dict[str, str] = {}
    for tab in TABS:
        button = page.locator(f"[data-tab={tab}]")
        if not button.count():
            continue
        button.click()
        page.wait_for_function(
            f"() => document.getElementById('table-main').dataset.view === '{tab}'"
            " && !document.querySelector('#table-main .boot')"
        )
        settle(page)
        screens[tab] = page.inner_text("body")
        shot(page, f"words-{name}-{tab}")
    # A location's sheet, from the map.
    page.click("[data-tab=board]")
    page.locator("[data-location=monarch-city]").click(force=True)
    page.locator("dialog.sheet[open]").wait_for()
    screens["location"] = page.inner_text("dialog.sheet[open]")
    page.keyboard.press("Escape")
    # The setup checklist.
    page.goto(page.url.split("#")[0].split("?")[0] + "?setup=1")
    page.locator("[data-testid=checklist] li").first.wait_for()
    screens["setup"] = page.inner_text("body")
    shot(page, f"words-{name}-setup")
    return screens


def play_a_little(base: str, game: dict[str, Any], tokens: list[str]) -> None:
    """A turn and a night, so that the log and the night hold the game's own messages."""
    for token in tokens:
        for kind, args in (("end_turn", {}), ("night", {})):
            # A card nobody entered is read before play goes on.
            read_every_card(base, game, {str(n): t for n, t in enumerate(tokens, start=1)})
            version = call(base, f"games/{game['id']}/", token=token)["version"]
            actions = {
                a["type"]
                for a in call(base, f"games/{game['id']}/actions/", token=token)["actions"]
            }
            if kind not in actions:
                continue
            # Refused (not this seat's turn): the screens show that too.
            with contextlib.suppress(urllib.error.HTTPError):
                call(
                    base,
                    f"games/{game['id']}/actions/",
                    {"type": kind, "args": args, "expected_version": version},
                    token=token,
                )


def enter_dragon_numbers() -> None:
    """Hemlock's and Sapphire's life and starting minions, as staff enter them once (the admin)."""
    values = {}
    for general in ("hemlock", "high-dragon-sapphire"):
        values[f"generals/{general}/life"] = 5
        values[f"generals/{general}/starting_minions"] = 3
    content_overlay_import(pack_id="dotr-dragon", data={"values": values}, expected_version=0)


def check_game(page: Any, base: str, shot: Any, setup: dict[str, Any], name: str) -> dict[str, str]:
    if "generals" in setup:
        enter_dragon_numbers()
    game, joined = game_of_two(base, setup)
    # A card nobody entered (a dragon's) is read at the table before the turn goes on, as the
    # players would; its sheet would otherwise cover the screens read below.
    read_every_card(base, game, {"2": joined["token"]})
    play_a_little(base, game, [game["token"], joined["token"]])
    read_every_card(base, game, {"2": joined["token"]})
    sit_at(page, base, game, "1", game["token"], "Anna")
    screens = read_screens(page, shot, name)
    problems = {screen: developer_words(text) for screen, text in screens.items()}
    problems = {screen: found for screen, found in problems.items() if found}
    assert not problems, json.dumps(problems, indent=1)
    return screens


def test_a_game_with_every_expansion_reads_in_player_words(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    screens = check_game(
        page,
        live_server.url,
        shot,
        {
            "host": {"name": "Anna", "hero": "Wizard"},
            "expansions": ["dragon", "companions_catacombs", "heros_calling"],
            "generals": {"green": "hemlock", "blue": "high-dragon-sapphire"},
        },
        "all",
    )
    # The dragon Generals by their printed names; whose turn it is by the player's name.
    assert "Hemlock" in screens["board"] and "High Dragon Sapphire" in screens["board"]
    # Whose turn it is: Anna's again, or still Bea's when a danger of the Dragon expansion holds
    # her night (the deal is random): by name either way, never a seat number.
    assert re.search(r"Round \d+ · (Anna \(Wizard\)|Bea \(Rogue\))", screens["board"]), screens[
        "board"
    ][:200]
    assert "Last night" in screens["night"], screens["night"]
    # The Me tab counts the other players' cards in words, and offers no deck to draw from
    # that a player never draws (Companions come from the Inn, Dungeon tokens from a run).
    assert re.search(r"\d+ Hero Cards?\b", screens["me"]), screens["me"]
    page.click("[data-tab=me]")
    page.locator("[data-hand]").first.wait_for()
    hands = page.eval_on_selector_all("[data-hand]", "els => els.map(e => e.dataset.hand)")
    assert hands == ["hero"], hands  # no Companion, Dungeon or Relic row with a "Draw 1"


def test_a_base_game_reads_in_player_words(
    phones: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    page, _ = phones
    screens = check_game(
        page, live_server.url, shot, {"host": {"name": "Anna", "hero": "Wizard"}}, "base"
    )
    assert "Darkness Spreads" in screens["board"]
    # A night ran: its cards and steps are on the Night tab, in words.
    assert "Last night" in screens["night"], screens["night"]
