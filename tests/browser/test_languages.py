"""Two phones at one table, one German and one English: each reads the table in its own language.

The German phone is a phone whose browser speaks German (its language is taken from
navigator.language); the English one switches to German and back with the picker of the Me tab.
A night is run on the German phone; the English phone sees it live. Each phone sends its
language with every request (Accept-Language, and ``?lang=`` on the live stream).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deck_tracker.engine.i18n import catalogue
from deck_tracker.engine.rules.dotr.base.settings import SETTINGS
from deck_tracker.models import Game
from tests.english import english_left as find_english
from tests.english import english_names, english_sentences

from .conftest import CHROMIUM, settle, track_requests
from .live_api import (
    LIVE_SECONDS,
    a_night_draws_an_unread_card,
    act,
    call,
    game_of_two,
    open_game,
    read_every_card,
)
from .test_player_words import enter_dragon_numbers, play_a_little
from .test_table_flows import open_action, submit, tap_choice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TABS = {
    "de": ["Spielplan", "Nacht", "Ich", "Ruhm", "Eintragen", "Verlauf"],
    "en": ["Board", "Night", "Me", "Fame", "Enter", "Log"],
}
# A step of the night as the rulebook's Darkness Spreads card has it read: the minions placed,
# the special cards Orc Patrols and All is Quiet, a General's move, or the card discarded (every
# card ends so, whichever card the night drew).
NIGHT_STEP = {
    "en": re.compile(
        r"^(Place \d+ (Orcs?|Undead|Demons?|Dragonkin) on .+\.|Orc Patrols: .+|All is Quiet: .+"
        r"|.+ is an Inn: place nothing there\.|Move .+ from .+ to .+\.|Discard .+\.)$"
    ),
    "de": re.compile(
        r"^(Lege \d+ (Orks?|Untoten?|Dämon(en)?|Drachlinge?) auf .+\.|Ork-Patrouillen: .+"
        r"|Alles ist ruhig: .+|.+ ist ein Gasthaus: lege dort nichts hin\."
        r"|Ziehe .+ von .+ nach .+\.|Lege .+ ab\.)$"
    ),
}


@pytest.fixture
def two_languages(browser: Any, live_server: Any) -> Iterator[tuple[Any, Any]]:
    """A phone whose browser speaks German and one whose browser speaks English."""
    if browser is None:  # pragma: no cover - the browser fixture skips without Chromium
        pytest.skip(f"browser tests need {CHROMIUM}")
    contexts = [
        browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            color_scheme="dark",
            locale=locale,
        )
        for locale in ("de-DE", "en-GB")
    ]
    for context in contexts:
        track_requests(context)
    pages = []
    for context in contexts:
        context.set_default_timeout(20_000)  # a generous bound for a loaded machine
        page = context.new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        pages.append(page)
    try:
        yield pages[0], pages[1]
    finally:
        for context in contexts:
            context.close()


def sit_at(page: Any, base: str, game: dict[str, Any], seat: str, token: str, name: str) -> None:
    open_game(page, base, game, seat, token, name)
    page.locator("[data-testid=map]").wait_for()


def tab_names(page: Any) -> list[str]:
    return page.locator("nav.tabbar .tab span:not(.tab-icon)").all_inner_texts()[:6]


def night_steps(page: Any) -> list[str]:
    page.click("[data-tab=night]")
    page.locator("article.night-card .step-text").first.wait_for()
    return page.locator("article.night-card .step-text").all_inner_texts()


def play_a_night(german: Any, english: Any, live_server: Any) -> tuple[list[str], list[str]]:
    base = live_server.url
    game, joined = game_of_two(base, {"host": {"name": "Anna", "hero": "Wizard"}}, name="Ben")
    sit_at(german, base, game, "1", game["token"], "Anna")
    sit_at(english, base, game, joined["seat_id"], joined["token"], "Ben")
    english.click("[data-tab=night]")
    english.get_by_text("No night yet this game.", exact=False).wait_for()

    german.click("[data-tab=night]")
    german.get_by_role("button", name="☾ Nacht ausführen").click()
    skip = german.locator("[data-testid=skip-evening]")
    skip.wait_for()
    assert skip.inner_text() == "Ziehen überspringen, Nacht ausführen"
    skip.click()
    german.get_by_role("button", name="✓ Der Spielplan stimmt").wait_for()
    # The English phone sees the same night without a reload, in its own words.
    english.get_by_role("button", name="✓ The board matches").wait_for()
    return night_steps(german), night_steps(english)


def test_each_phone_reads_the_table_in_its_own_language(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    german, english = two_languages
    sent: list[tuple[str, str]] = []
    german.on(
        "request",
        lambda r: "/api/v1/" in r.url and sent.append((r.url, r.headers.get("accept-language"))),
    )
    _, english_steps = play_a_night(german, english, live_server)
    shot(german, "60-night-de")
    shot(english, "60-night-en")

    assert german.evaluate("document.documentElement.lang") == "de"
    assert english.evaluate("document.documentElement.lang") == "en"
    assert tab_names(german) == TABS["de"]
    assert tab_names(english) == TABS["en"]
    german.get_by_role("heading", name="Die Nacht").wait_for()
    english.get_by_role("heading", name="The night").wait_for()
    assert german.get_by_text("Letzte Nacht · von Anna").count() == 1
    assert english.get_by_text("Last night · by Anna").count() == 1
    # The night's steps, its messages rendered for an English reader: the minions placed.
    assert any(NIGHT_STEP["en"].match(step) for step in english_steps), english_steps

    # Every request of the German phone says so; the stream, which a browser's EventSource
    # could not give a header, carries it in its address too.
    assert sent and all(language == "de" for _, language in sent)
    assert any("/stream/" in url and "lang=de" in url for url, _ in sent)

    # The Board in German: its panels and the minions beside the board.
    german.click("[data-tab=board]")
    german.get_by_role("heading", name="Kriegsstand").wait_for()
    german.get_by_role("heading", name="Neben dem Spielplan").wait_for()
    assert german.locator(".supply small").first.inner_text() == "Orks"

    # The picker on the Me tab: the English phone reads German, then English again.
    english.click("[data-tab=me]")
    english.select_option("[data-testid=language]", "de")
    english.wait_for_function("() => document.documentElement.lang === 'de'")
    english.get_by_role("heading", name="Dieses Handy").wait_for()
    assert tab_names(english) == TABS["de"]
    english.click("[data-tab=me]")
    english.select_option("[data-testid=language]", "en")
    english.wait_for_function("() => document.documentElement.lang === 'en'")
    english.get_by_role("heading", name="This phone").wait_for()
    assert tab_names(english) == TABS["en"]
    assert german.errors == [] and english.errors == []  # type: ignore[attr-defined]


def test_the_german_phone_reads_the_night_in_german(
    two_languages: tuple[Any, Any], live_server: Any
) -> None:
    german, english = two_languages
    german_steps, english_steps = play_a_night(german, english, live_server)
    assert len(german_steps) == len(english_steps)
    # Each step written as a message (the minions placed, Orc Patrols, All is Quiet) in German.
    placed = [i for i, step in enumerate(english_steps) if NIGHT_STEP["en"].match(step)]
    assert placed, english_steps
    assert all(NIGHT_STEP["de"].match(german_steps[i]) for i in placed), german_steps


# A catalogue key shown instead of its words ("night.title", "pending.hand_limit").
KEY_SHOWN = """() => {
  const labels = [...document.querySelectorAll("[aria-label],[title]")]
    .map((el) => `${el.getAttribute("aria-label") || ""} ${el.getAttribute("title") || ""}`);
  const text = `${document.body.innerText} ${labels.join(" ")}`;
  return [...new Set(text.match(/(?<![\\w.])[a-z]+(?:\\.[a-z_?]+)+(?![\\w.])/g) || [])];
}"""


def test_every_tab_of_a_german_phone_shows_words_not_keys(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    german, _ = two_languages
    base = live_server.url
    game = call(
        base,
        "games/",
        {
            "host": {"name": "Anna", "hero": "Wizard"},
            "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        },
    )
    sit_at(german, base, game, "1", game["token"], "Anna")
    seen: dict[str, list[str]] = {}
    for tab in ("board", "night", "me", "fame", "enter", "log", "setup"):
        german.goto(f"{base}/game/{game['id']}#{tab}")
        german.wait_for_function(
            f"() => document.getElementById('table-main')?.dataset.view === '{tab}'"
        )
        read_to_the_end(german)
        seen[tab] = german.evaluate(KEY_SHOWN)
        shot(german, f"61-de-{tab}", full_page=True)
    german.goto(f"{base}/game/{game['id']}#board")
    german.get_by_role("button", name="Legende").click()
    german.locator("dialog.sheet[open]").wait_for()
    seen["legend"] = german.evaluate(KEY_SHOWN)
    german.goto(f"{base}/")
    german.get_by_role("link", name="Neues Spiel beginnen").click()
    german.locator("[data-step=expansions]").wait_for()
    seen["wizard"] = german.evaluate(KEY_SHOWN)
    assert all(not keys for keys in seen.values()), seen
    assert german.errors == []  # type: ignore[attr-defined]


def test_a_german_phone_reads_the_card_to_read_in_german_and_the_night_goes_on(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    german, english = two_languages
    base = live_server.url
    setup = {
        "host": {"name": "Ada", "hero": "wizard"},
        "expansions": ["dragon"],
        "generals": {"black": "onyx"},
    }
    # The English phone runs the night; one of Onyx's cards nobody has entered comes up.
    game, _ = a_night_draws_an_unread_card(
        english, german, base, setup, lambda card: bool(card.data.get("unread"))
    )
    sheet = german.locator("dialog[data-testid=read-card]")
    seen = sheet.inner_text()
    assert "Lies die gezogene Karte vor" in seen
    assert "Karte „Die Dunkelheit breitet sich aus“ von Onyx" in seen
    assert "Wohin der General zieht" in seen and "Platzierte Schergen" in seen
    for words in ("Read the card you drew", "Darkness Spreads", "Where the General moves"):
        assert words not in seen, words
    # The English phone reads the same card in English.
    shown = english.locator("dialog[data-testid=read-card]")
    shown.wait_for(timeout=LIVE_SECONDS * 1000)
    assert "Onyx Darkness Spreads card" in shown.inner_text()
    shot(german, "73-read-the-card-de")

    # Answered by the words on the card: a place, the minions, where the General goes.
    sheet.locator("select[name='placements-0-location']").select_option(label="Dunkelwald")
    sheet.locator("input[name='placements-0-count']").fill("1")  # no count preset
    sheet.locator("label.seg", has_text="Eiferer").click()
    sheet.locator("select[name=general_to]").select_option(label="Der nächste Ort auf seinem Weg")
    sheet.get_by_role("button", name="mehr Schergen beim General").click()
    sheet.get_by_test_id("read-card-submit").click()

    # The night goes on, on both phones.
    for page in (german, english):
        page.locator(".night-card[data-event=turn_passed]").wait_for(timeout=LIVE_SECONDS * 1000)
        page.locator("dialog[data-testid=read-card]").wait_for(state="detached")
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert state["reading"] == []
    assert german.errors == [] and english.errors == []  # type: ignore[attr-defined]


ROOT = Path(__file__).resolve().parents[2]


PACKS = ROOT / "deck_tracker" / "content" / "packs"
# The texts printed on the cards (a Quest's test and reward, a Hero Card's special action, an
# event's effect): no German edition of the game was published, so the app shows them as
# printed, in English, in every language, as a player reads them off the physical card.
PRINTED_KEYS = {"test", "reward", "summary", "skill_summary", "ongoing", "immediate", "action"}
PRINTED_KEYS |= {"prevention", "text", "levels"}
# A hero's abilities, as its hero sheet prints them (summarised in the rulebook's English).
PRINTED_KEYS |= {"abilities"}


def printed_texts() -> list[str]:
    """Every printed card text of the Defenders of the Realm packs, longest first."""
    found: set[str] = set()

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, str) and key in PRINTED_KEYS and len(node.split()) >= 3:
            found.add(node)
        elif isinstance(node, dict):
            for sub, child in node.items():
                walk(child, sub)
        elif isinstance(node, list):
            for child in node:
                walk(child, key)

    for path in PACKS.glob("dotr-*/**/*.json"):
        walk(json.loads(path.read_text()))
    # A Companion's name, as printed (a person's name: "Reyella the Bold"). Every other card's
    # name has its German name (names_*.json): a Hero Card, a Quest, an Event, a Relic.
    german_names = catalogue("de")["names"]
    for path in PACKS.glob("dotr-*/decks/*.json"):
        for card in json.loads(path.read_text()).get("cards", []):
            if f"card:{card['id']}" not in german_names and card.get("kind") == "companion":
                found.add(card["name"])
    return sorted(found, key=len, reverse=True)


PRINTED = printed_texts()


def assert_no_english(seen: dict[str, str], names: Iterable[str] = ()) -> None:
    """No screen of ``seen`` (a name -> its text, as a German reader saw it) shows English
    (nor one of ``names``, English names German names otherwise)."""
    sentences = english_sentences()
    problems = {screen: english_left(text, sentences, names) for screen, text in seen.items()}
    problems = {screen: found for screen, found in problems.items() if found}
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


def english_left(text: str, sentences: set[str], names: Iterable[str] = ()) -> list[str]:
    """The English sentences and words in ``text``, a German reader's screen, the printed card
    texts aside (``tests/english.py``): one finding a line."""
    return find_english(text, sentences, PRINTED, names)


def test_the_english_finder_catches_english_and_spares_german() -> None:
    sentences = english_sentences()
    assert "No night yet this game" in sentences
    for text in ("Noch keine Nacht. No night yet this game.", "Ziehe 2 cards", "Place Orcs"):
        assert english_left(text, sentences), text
    spared = (
        "Die Nacht",
        "Zug 2 · Anna (Zauberer)",
        "Erweiterung: The Hero's Calling",
        "1 Würfel · Re-roll the missed dice of one attack.",  # as printed on the Hero Card
    )
    for text in spared:
        assert not english_left(text, sentences), english_left(text, sentences)


def read_to_the_end(page: Any) -> None:
    """Scroll the tab down to its end, as a reader does (the Board's Hero's Calling panel comes
    when the Board is scrolled), and wait until it has drawn what that brought."""
    settle(page)
    page.evaluate("() => { const main = document.getElementById('table-main');"
                  " main.scrollTop = main.scrollHeight; }")  # fmt: skip
    page.wait_for_function("() => !document.querySelector('[data-testid=hc-pending]')")
    settle(page)


OPEN_ALL = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"


def test_a_german_phone_at_a_game_with_every_expansion_shows_no_english(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """A German phone at a game with every expansion (the dragon Generals, Companions &
    Catacombs, The Hero's Calling), after a turn and a night: every tab (Board with its map,
    Night, Me, Fame, Enter, Log), the At the table panel (opened), and a location's sheet on
    the map show no English sentence of the catalogues and none of the common English words.

    The Setup tab of such a game, the new game wizard (every expansion, up to its last step)
    and a Dungeon run have tests of their own below.

    Not covered: the texts printed on the cards and a hero's abilities (kept in English, see
    ``PRINTED_KEYS``), and a card's printed name no German name replaces (a Relic); a seat's
    hero as the game was created with it (the turn line's "Anna (Wizard)"); a setting's record
    in the wizard (its description and source, quoting the rulebooks in English); English of
    fewer than 3 words that is not one of ``ENGLISH_WORDS`` (a lone "Quest" or "base game");
    and the screens a game reaches only later (the Grand Ball, a scenario game), whose words
    this game never shows."""
    german, _ = two_languages
    base = live_server.url
    enter_dragon_numbers()
    setup = {
        "host": {"name": "Anna", "hero": "Wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        "generals": {"green": "hemlock", "blue": "high-dragon-sapphire"},
    }
    game, joined = game_of_two(base, setup, name="Bea")
    seats = {"2": joined["token"]}
    read_every_card(base, game, seats)
    play_a_little(base, game, [game["token"], joined["token"]])
    read_every_card(base, game, seats)
    sit_at(german, base, game, "1", game["token"], "Anna")
    seen: dict[str, str] = {}
    for tab in ("board", "night", "me", "fame", "enter", "log"):
        german.click(f"[data-tab={tab}]")
        german.wait_for_function(
            f"() => document.getElementById('table-main').dataset.view === '{tab}'"
            " && !document.querySelector('#table-main .boot')"
        )
        read_to_the_end(german)
        german.evaluate(OPEN_ALL)
        seen[tab] = german.inner_text("body")
        shot(german, f"62-de-all-{tab}", full_page=True)
    assert german.get_by_test_id("table-panel").count() == 1  # the panel was on the screens read
    german.click("[data-tab=board]")
    german.locator("[data-location=monarch-city]").click(force=True)
    german.locator("dialog.sheet[open]").wait_for()
    seen["location"] = german.inner_text("dialog.sheet[open]")
    assert_no_english(seen)
    assert german.errors == []  # type: ignore[attr-defined]


def test_a_german_phone_shows_no_english_on_the_setup_tab_of_a_game_with_every_expansion(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """The Setup tab (its sections opened) of a German phone at a game with every expansion."""
    german, _ = two_languages
    base = live_server.url
    setup = {
        "host": {"name": "Anna", "hero": "wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        "generals": {"green": "hemlock", "blue": "high-dragon-sapphire"},
    }
    game, joined = game_of_two(base, setup, name="Bea")
    read_every_card(base, game, {"2": joined["token"]})
    open_game(german, base, game, "1", game["token"], "Anna", tab="setup")
    german.wait_for_function(
        "() => document.getElementById('table-main')?.dataset.view === 'setup'"
        " && !document.querySelector('#table-main .boot')"
    )
    # The settings are named in German, one The Hero's Calling fixes among them.
    german.wait_for_function(
        "() => document.querySelector('.settings-facts')?.textContent.includes("
        "'Zusätzliche Karten im Mittleren und Späten KriegWie die Kriegsstand-Karte zeigt')"
    )
    german.evaluate(OPEN_ALL)
    shot(german, "63-de-all-setup", full_page=True)
    assert_no_english({"setup": german.inner_text("body")})
    assert german.errors == []  # type: ignore[attr-defined]


def test_a_german_phone_runs_a_dungeon_without_english(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any, monkeypatch: Any
) -> None:
    """A Dungeon run of Companions & Catacombs on a German phone, through taps: each command's
    sheet (enter, reveal a room, resolve it with Minions escaping, fight the Treasure Room), the
    Treasure Room card to read, and the Board, Me and Log tabs after it show no English."""
    monkeypatch.setattr("deck_tracker.games.services.new_seed", lambda: "s0")
    german, _ = two_languages
    base = live_server.url
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "wizard"},
                                 "expansions": ["companions_catacombs"],
                                 "table_decks": ["dungeon_room"],
                                 "starting_dungeon_roll": 2})  # fmt: skip
    # The app holds the Treasure Room deck; here it is down to a card nobody has entered.
    row = Game.objects.get(pk=game["id"])
    treasures = row.state["decks"]["treasure_room"]
    treasures["box"] = [c for c in treasures["draw"] if c != "treasure-room-02"]
    treasures["draw"] = ["treasure-room-02"]
    row.save(update_fields=["state"])
    act(base, game, "move_hero", {"location": "serpent-swamp"})
    sit_at(german, base, game, "1", game["token"], "Anna")
    seen: dict[str, str] = {}

    sheet = open_action(german, "Verlies betreten")
    seen["enter"] = sheet.inner_text()
    sheet.locator("button[type=submit]").click()
    sheet = german.locator("dialog[data-testid=read-card]")
    sheet.wait_for()
    seen["treasure-room-card"] = sheet.inner_text()
    sheet.locator("[name=title]").fill("Gruft des Knochenkönigs")
    sheet.get_by_label("mehr Erkundungsziel").click()  # from empty: the smallest, 1
    sheet.get_by_label("mehr Erkundungsziel").click()
    sheet.get_by_test_id("read-card-submit").click()
    sheet.wait_for(state="detached")
    sheet = open_action(german, "Verliesraum aufdecken")
    seen["reveal"] = sheet.inner_text()
    tap_choice(sheet, "reveal_dungeon_room-card", "Dungeon Room 10")
    sheet.get_by_label("mehr Erkundung").click()
    sheet.get_by_label("mehr Erkundung").click()
    submit(sheet)
    # Completed, but an Orc and a Demon escape, each to a place named as the German map names it.
    sheet = open_action(german, "Verliesraum abhandeln")
    sheet.get_by_label("mehr Orks").click()
    sheet.get_by_label("mehr Dämonen").click()
    places = sheet.locator("select[name=resolve_dungeon_room-escape_to]")
    for place in ("Blutebene (Dämonen)", "Rabenwald (Orks)"):
        places.select_option(label=place)
        sheet.get_by_role("button", name="Hinzufügen", exact=True).click()
    seen["resolve"] = sheet.inner_text()
    shot(german, "75-de-dungeon-escaping-minions")
    submit(sheet)
    sheet = open_action(german, "Schatzkammer bekämpfen")
    tap_choice(sheet, "fight_treasure_room-defeated", "Ja")
    tap_choice(sheet, "fight_treasure_room-relic", "Harfe der Götter")
    seen["fight"] = sheet.inner_text()
    submit(sheet)
    state = call(base, f"games/{game['id']}/", token=game["token"])["state"]
    assert "serpent-swamp" not in state["dungeons"]
    assert state["board"]["blood-flats"]["minions"]["red"] >= 1
    for tab in ("board", "me", "log"):
        german.click(f"[data-tab={tab}]")
        german.wait_for_function(
            f"() => document.getElementById('table-main').dataset.view === '{tab}'"
            " && !document.querySelector('#table-main .boot')"
        )
        read_to_the_end(german)
        german.evaluate(OPEN_ALL)
        seen[tab] = german.inner_text("body")
    assert "Erkundung 2 von 2" in seen["log"]
    assert "Zauberer hat Schlangensumpf bezwungen!" in seen["log"]  # hero and place in German
    assert_no_english(seen)
    assert german.errors == []  # type: ignore[attr-defined]


def test_a_german_phone_walks_the_new_game_wizard_without_english(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any
) -> None:
    """The new game wizard on a German phone, every expansion chosen, a custom game, up to its
    last step (the players): each step (its folded parts opened) shows no English."""
    german, _ = two_languages
    base = live_server.url
    german.goto(base + "/new")
    german.locator("[data-step=expansions]").wait_for()
    for expansion in ("dragon", "companions_catacombs", "heros_calling"):
        german.check(f"input[name=expansion][value={expansion}]")
    seen: dict[str, str] = {}
    for step, then in (("expansions", "scenario"), ("scenario", "generals"),
                       ("generals", "options"), ("options", "players")):  # fmt: skip
        if step == "scenario":
            german.locator("input[name=scenario][value=custom]").check()
        settle(german)
        german.evaluate(OPEN_ALL)
        seen[step] = german.inner_text("body")
        shot(german, f"64-de-wizard-{step}", full_page=True)
        german.get_by_role("button", name="Weiter", exact=True).click()
        german.locator(f"[data-step={then}]").wait_for()
    settle(german)
    german.evaluate(OPEN_ALL)
    seen["players"] = german.inner_text("body")
    shot(german, "64-de-wizard-players", full_page=True)
    # A setting's record for the curious (what it does, in the rulebooks' and FAQs' words, and
    # where they say so) stays in English, as it quotes them (docs/languages.md).
    record = {
        text for setting in SETTINGS.values() for text in (setting.description, setting.source)
    }
    for step, text in seen.items():
        for quoted in sorted(filter(None, record), key=len, reverse=True):
            text = text.replace(quoted, "")
        seen[step] = text
    assert_no_english(seen)
    assert german.errors == []  # type: ignore[attr-defined]


def walk_every_tab(page: Any, name: str, shot: Any) -> dict[str, str]:
    """Every tab the phone offers for its game (and a sheet opened on none), its folds opened."""
    seen: dict[str, str] = {}
    tabs = page.locator("nav.tabbar [data-tab]").evaluate_all(
        "tabs => tabs.map((t) => t.dataset.tab)"
    )
    for tab in tabs:
        page.click(f"nav.tabbar [data-tab={tab}]")
        page.wait_for_function(
            f"() => document.getElementById('table-main').dataset.view === '{tab}'"
            " && !document.querySelector('#table-main .boot')"
        )
        page.wait_for_timeout(300)
        page.evaluate(OPEN_ALL)
        seen[f"{name}-{tab}"] = page.inner_text("body")
        shot(page, f"65-de-{name}-{tab}", full_page=True)
    return seen


# Every game system's tabs: the Defenders of the Realm games above, the others here. Talisman:
# The Dragon's names (its spaces, Regions, tokens and characters) have German names: one left in
# English is found too.
OTHER_SYSTEMS = [
    ("battlefields", {"system": "battlefields", "host": {"name": "Anna"},
                      "options": {"mode": "skirmish"}}),
    ("talisman-dragon", {"system": "talisman-dragon",
                         "host": {"name": "Anna", "hero": "Conjurer"},
                         "options": {"inner_region": "dragon-tower",
                                     "lord_lives": {"varthrax": 3}}}),
]  # fmt: skip
TALISMAN_PLAY = (
    ("draw_dragon_token", {"token": "strike"}),
    ("move", {"space": "chapel", "encounter": "space"}),
    ("draw_dragon_token", {"token": "varthrax"}),
    ("draw_dragon_token", {"token": "varthrax"}),
    ("next_turn", {}),
    ("draw_dragon_token", {"token": "varthrax"}),
    ("move", {"space": "chapel", "encounter": "scale"}),
    ("set_opponents", {"lords": ["varthrax"]}),
)


def a_talisman_turn(base: str, game: dict[str, Any]) -> None:
    """Anna's Conjurer on the Chapel crowns Varthrax (his third scale lands on her space), then
    encounters the King's scale there: a Dragon Card waits to be read out; she fights him."""
    for name, args in TALISMAN_PLAY:
        act(base, game, name, args)


@pytest.mark.parametrize("name,setup", OTHER_SYSTEMS)
def test_a_german_phone_walks_every_tab_of_every_other_game_system_without_english(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any, name: str, setup: dict[str, Any]
) -> None:
    """Another game system on a German phone: every tab its game offers shows no English
    (Talisman: The Dragon after a turn that crowns a Dragon King and draws a Dragon Card)."""
    german, _ = two_languages
    base = live_server.url
    game = call(base, "games/", setup)
    names: set[str] = set()
    if name == "talisman-dragon":
        a_talisman_turn(base, game)
        names = english_names("names_td.json")
    open_game(german, base, game, "1", game["token"], "Anna")
    german.locator("nav.tabbar [data-tab]").first.wait_for()
    seen = walk_every_tab(german, name, shot)
    assert len(seen) >= 3
    assert_no_english(seen, names)
    assert german.errors == []  # type: ignore[attr-defined]


EVERY_EXPANSION = {
    "host": {"name": "Anna", "hero": "Wizard"},
    "expansions": ["dragon", "companions_catacombs", "heros_calling"],
}


def a_deal_that_opens_on_a_card_to_read(base: str) -> dict[str, Any]:
    """A game with every expansion whose host's first screen is a card to read (a Quest dealt
    into Anna's hand that nobody has entered yet: most deals)."""
    for _ in range(40):
        game, _ = game_of_two(base, EVERY_EXPANSION)
        reading = call(base, f"games/{game['id']}/", token=game["token"])["state"]["reading"]
        if reading and not reading[0].get("private"):
            return game
    raise AssertionError("no deal of 40 left Anna a card to read")


@pytest.mark.parametrize(
    ("language", "title"), [("de", "Lies die gezogene Karte vor"), ("en", "Read the card you drew")]
)
def test_a_first_screen_that_opens_on_a_card_to_read_loads_only_the_sheets_words(
    two_languages: tuple[Any, Any], live_server: Any, shot: Any, language: str, title: str
) -> None:
    """The first visit of a game that opens on a card to read: the sheet comes with its own
    words (``locale/<lang>/read.json``) and its styles in app.css, not the table's words nor
    more.css (what a phone on mobile data pays for, scripts/page_budget.py); in German, no
    English on the sheet."""
    german, english = two_languages
    page = german if language == "de" else english
    base = live_server.url
    game = a_deal_that_opens_on_a_card_to_read(base)
    open_game(page, base, game, "1", game["token"], "Anna")
    sheet = page.locator("dialog[data-testid=read-card]")
    sheet.wait_for()
    sheet.get_by_test_id("read-card-submit").wait_for()
    page.wait_for_timeout(1500)  # what the first screen would load after the sheet
    # What the game's page itself asked for (the home page that open_game passes through to
    # hold the seat's token loads its own words and styles: not this screen's).
    fetched = page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => e.name)"
        ".filter((url) => url.includes('/static/'))"
    )
    names = {"/".join(url.rsplit("/", 2)[-2:]).split(".")[0] for url in fetched}
    assert f"{language}/read" in names, names
    assert f"{language}/table" not in names and "frontend/more" not in names, names
    seen = sheet.inner_text()
    assert title in seen
    assert not any(key in seen for key in ("read.", "forms.")), seen
    # Styled by app.css alone: the submit button is a big one, a field is a column.
    assert sheet.locator(".field").first.evaluate("el => getComputedStyle(el).display") == "flex"
    shot(page, f"75-a-card-to-read-first-{language}")
    if language == "de":
        assert_no_english({"the card to read": seen})
    assert page.errors == []  # type: ignore[attr-defined]
