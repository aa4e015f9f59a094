"""The table's own screen in Chromium: opened from the host's QR link, it follows a night live,
step by step, reads the steps aloud in the screen's language and never shows a hidden card.

Issue: "a display opened from the QR link follows a night live and shows no hidden card; the
read-aloud text sequence (capture speechSynthesis.speak in the page) equals the night's steps in
order, in German on a German display. Screenshots of the display at 1280x800 in docs/."
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from deck_tracker.models import Game, GameEvent
from tests.browser.live_api import act, call
from tests.browser.test_phone_shell import sit_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_MS = 20_000  # a generous bound on a loaded machine, not a measurement
SCREEN = {"width": 1280, "height": 800}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "display"

# speechSynthesis as a page sees it, with one voice per language the test gives and every
# utterance captured in order (window.spoken); the browser's own voices vary by machine.
SPEECH_CAPTURE = """
(() => {
  const voices = %s.map((lang) => ({
    lang, name: 'Test ' + lang, localService: true, default: false, voiceURI: lang,
  }));
  window.spoken = [];
  const synth = window.speechSynthesis;
  Object.defineProperty(synth, 'getVoices', { value: () => voices });
  Object.defineProperty(synth, 'speak', { value: (utterance) => {
    window.spoken.push({ text: utterance.text, lang: utterance.lang });
    setTimeout(() => utterance.onend && utterance.onend(new Event('end')), 10);
  } });
  Object.defineProperty(synth, 'cancel', { value: () => {} });
})();
"""


@pytest.fixture(autouse=True)
def _quick_steps(settings: Any) -> None:
    # The screen moves on by itself after DISPLAY_STEP_SECONDS; the tests wait less.
    settings.DISPLAY_STEP_SECONDS = 2


def end_the_turn(base: str, game: dict, tv: Any) -> None:
    """Anna ends her turn (the evening's Hero Cards, a step of its own); the screen has shown
    it, and what it read so far is set aside: the night comes next."""
    act(base, game, "end_turn", {})
    tv.get_by_test_id("display-phase").filter(
        has_text=re.compile("Night next|Gleich Nacht")
    ).wait_for()
    tv.get_by_test_id("display-step").wait_for()
    tv.evaluate("window.spoken = []")


def said(text: str) -> str:
    """A step as the screen reads it aloud: a two-sided card's "A / B" said "A, B"."""
    return re.sub(r"\s+", " ", re.sub(r"\s*/\s*", ", ", text)).strip()


def screen(browser: Any, *, locale: str, voices: list[str]) -> Any:
    context = browser.new_context(viewport=SCREEN, locale=locale, color_scheme="dark")
    context.set_default_timeout(LIVE_MS)
    context.add_init_script(SPEECH_CAPTURE % voices)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def hidden_cards(game_id: str) -> list[str]:
    """The Hero Cards in the heroes' hands (nobody's but their holder's), by id, as the app
    names them (a Hero Card's name is a place's name, which the screen shows all the time)."""
    decks = Game.objects.get(pk=game_id).state["decks"]
    return [card for hand in decks["hero"]["hands"].values() for card in hand]


def night_steps(game_id: str, language: str) -> list[str]:
    """The night's steps as the table reads them, in order (GET events in ``language``)."""
    rows = GameEvent.objects.filter(game_id=game_id).order_by("seq")
    night = rows.filter(version=rows.filter(type="night_began").last().version)
    from deck_tracker.games.selectors import display_events

    return [step["text"] for event in display_events(events=night, language=language)
            for step in event["steps"]]  # fmt: skip


def anna_shows_the_table(phones: tuple[Any, Any], base: str) -> tuple[Any, dict, str]:
    """Anna (the host) opens "Show on a screen" on her phone: the QR code's link."""
    anna, _ = phones
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    call(base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"})
    sit_at(anna, base, game["id"], game["join_code"],
           {"1": {"token": game["token"], "name": "Anna", "hero": "Wizard"}})  # fmt: skip
    anna.get_by_test_id("share").click()
    anna.get_by_test_id("show-display").click()
    link = anna.get_by_test_id("display-url")
    link.wait_for()
    assert anna.locator("[data-testid=display-link] .qr svg").count() == 1
    return anna, game, str(link.input_value())


def test_a_screen_opened_from_the_qr_link_follows_the_night_live_and_reads_it_aloud(
    browser: Any, phones: tuple[Any, Any], live_server: Any
) -> None:
    base = live_server.url
    _, game, url = anna_shows_the_table(phones, base)
    assert url.startswith(f"{base}/display/{game['id']}#")
    tv = screen(browser, locale="en-GB", voices=["en-GB", "de-DE"])
    tv.goto(url)
    tv.get_by_test_id("display-turn").wait_for()
    assert tv.inner_text("[data-testid=display-turn]") == "Anna's turn"
    assert "#" not in tv.url, "the token leaves the address bar"
    # The words that matter are readable at 2 m: 24 CSS px or more.
    for testid in ("display-turn", "display-phase", "display-step-box", "display-log"):
        size = tv.eval_on_selector(
            f"[data-testid={testid}]", "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= 24, (testid, size)
    tv.get_by_test_id("display-speak").click()
    DOCS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(DOCS / "01-waiting.png"))

    end_the_turn(base, game, tv)
    tv.get_by_test_id("display-auto").click()  # by a tap only, while the table finds the space
    assert tv.get_attribute("[data-testid=display-auto]", "aria-pressed") == "false"
    act(base, game, "night", {"seat": "1", "round": 1})
    steps = night_steps(game["id"], "en")
    assert steps[0] == "Draw 1 Darkness Spreads card, resolving each in turn."
    first_place = next(i for i, text in enumerate(steps) if text.startswith("Place "))
    # The steps come one at a time; a tap moves on at once.
    tv.get_by_test_id("display-step-text").filter(has_text=steps[0]).wait_for(timeout=LIVE_MS)
    while tv.inner_text("[data-testid=display-step-text]") != steps[first_place]:
        tv.get_by_test_id("display-next").click()
    assert tv.locator(".map .loc.lit .lit-ring").count() >= 1, "the space is lit on the map"
    tv.screenshot(path=str(DOCS / "02-night-step.png"))
    tv.get_by_test_id("display-auto").click()  # moves on by itself again
    tv.wait_for_function("n => window.spoken.length >= n", arg=len(steps), timeout=LIVE_MS * 2)
    spoken = tv.evaluate("window.spoken")
    assert [line["text"] for line in spoken] == [said(text) for text in steps]
    assert {line["lang"] for line in spoken} == {"en-GB"}
    # No hidden card: not on the screen, nor in what it reads from the server.
    hidden = hidden_cards(game["id"])
    assert len(hidden) >= 6
    answer = tv.evaluate(
        "async ([id, token]) => (await fetch(`/api/v1/games/${id}/display/view/`,"
        " { headers: { Authorization: `Bearer ${token}` } })).text()",
        [game["id"], url.split("#", 1)[1]],
    )
    for card in hidden:
        assert card not in tv.content()
        assert f'"{card}"' not in answer
    # Nor the order of a pile: its size only.
    assert '"draw":' not in answer and '"draw_size":' in answer
    tv.get_by_test_id("display-turn").filter(has_text="Bea's turn").wait_for()
    tv.screenshot(path=str(DOCS / "03-after-the-night.png"))
    assert tv.errors == []  # type: ignore[attr-defined]


def test_a_german_screen_reads_the_night_in_german_and_says_once_when_it_has_no_voice(
    browser: Any, phones: tuple[Any, Any], live_server: Any
) -> None:
    base = live_server.url
    _, game, url = anna_shows_the_table(phones, base)
    tv = screen(browser, locale="de-DE", voices=["de-DE"])
    tv.goto(url)
    tv.get_by_test_id("display-turn").filter(has_text="Anna ist am Zug").wait_for()
    tv.get_by_test_id("display-speak").click()
    end_the_turn(base, game, tv)
    act(base, game, "night", {"seat": "1", "round": 1})
    steps = night_steps(game["id"], "de")
    assert steps[0] == "Ziehe 1 Karte „Die Dunkelheit breitet sich aus“ und handle sie ab."
    tv.wait_for_function("n => window.spoken.length >= n", arg=len(steps), timeout=LIVE_MS * 3)
    spoken = tv.evaluate("window.spoken")
    assert [line["text"] for line in spoken] == [said(text) for text in steps]
    assert {line["lang"] for line in spoken} == {"de-DE"}
    tv.screenshot(path=str(DOCS / "04-german.png"))

    # A screen without a German voice says so once, and reads nothing in another language.
    mute = screen(browser, locale="de-DE", voices=["en-US"])
    mute.goto(url)  # the same link: the token is in its fragment
    mute.get_by_test_id("display-turn").wait_for()
    mute.get_by_test_id("display-speak").click()
    act(base, game, "end_turn", {})
    act(base, game, "night", {"seat": "2", "round": 1})
    mute.get_by_test_id("display-notice").wait_for()
    assert mute.inner_text("[data-testid=display-notice]") == (
        "Dieses Gerät hat keine deutsche Stimme: Die Schritte werden gezeigt, nicht vorgelesen."
    )
    mute.get_by_test_id("display-next").click()
    mute.get_by_test_id("display-next").click()
    assert mute.locator("[data-testid=display-notice]").count() == 1
    assert mute.evaluate("window.spoken") == []


def test_a_phone_that_opts_in_reads_the_night_aloud_step_by_step(
    phones: tuple[Any, Any], live_server: Any
) -> None:
    base = live_server.url
    anna, bea = phones
    bea.context.add_init_script(SPEECH_CAPTURE % ["en-GB"])
    game = call(base, "games/", {"host": {"name": "Anna", "hero": "Wizard"}})
    joined = call(
        base, "games/join/", {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"}
    )
    sit_at(bea, base, game["id"], game["join_code"],
           {"2": {"token": joined["token"], "name": "Bea", "hero": "Rogue"}})  # fmt: skip
    bea.click("[data-tab=night]")
    bea.get_by_test_id("phone-steps").click()
    bea.get_by_test_id("phone-speak").click()
    assert bea.get_attribute("[data-testid=phone-speak]", "aria-pressed") == "true"
    act(base, game, "end_turn", {})
    bea.get_by_test_id("phone-step").wait_for()
    bea.evaluate("window.spoken = []")
    act(base, game, "night", {"seat": "1", "round": 1})
    steps = night_steps(game["id"], "en")
    # The phone shows the first step and reads it; it moves on by itself every 6 s, so a loaded
    # machine may be past it by the time this looks: what it read is the record.
    bea.wait_for_function("() => window.spoken.length >= 1")
    assert bea.evaluate("window.spoken[0].text") == said(steps[0])
    for _ in steps[1:]:
        bea.get_by_test_id("phone-step-next").click()
    bea.wait_for_function("n => window.spoken.length >= n", arg=len(steps))
    assert [line["text"] for line in bea.evaluate("window.spoken")] == [said(s) for s in steps]
    assert bea.inner_text("[data-testid=phone-step-text]") == steps[-1]
    assert not anna.errors and not bea.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "setup,testid,words",
    [
        (
            {"system": "battlefields", "host": {"name": "Ada"}, "options": {"mode": "skirmish"}},
            "display-battlefields",
            ["Battlefields in play", "Score", "Minions: 0", "Heroes: 0"],
        ),
        (
            {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}},
            "display-talisman",
            ["No King yet", "Scales on the board", "Varthrax"],
        ),
    ],
    ids=["battlefields", "talisman-dragon"],
)
def test_the_screen_of_battlefields_and_of_talisman_the_dragon(
    browser: Any, live_server: Any, setup: dict, testid: str, words: list[str]
) -> None:
    base = live_server.url
    game = call(base, "games/", setup)
    shown = call(base, f"games/{game['id']}/display/", {}, token=game["token"])
    tv = screen(browser, locale="en-GB", voices=["en-GB"])
    tv.goto(base + shown["url"])
    panel = tv.get_by_test_id(testid)
    panel.wait_for()
    text = panel.inner_text()
    for word in words:
        assert word in text
    tv.screenshot(path=str(DOCS / f"05-{setup['system']}.png"))
    assert tv.errors == []  # type: ignore[attr-defined]
