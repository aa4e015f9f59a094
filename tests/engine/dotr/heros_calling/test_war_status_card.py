"""HC rule 8, The War Status card: four levels advancing one per General defeated; Early War 1
card; Early Mid War 2 (the second moves a General only); Late Mid War 2; Late War 3 (the third
moves a General only). The card prints 'Level III' twice: kept as printed."""

from __future__ import annotations

import pytest

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import render_text
from tests.helpers import read_all, set_war_level

from . import hc_game

CARD = default_packs()["dotr-heros-calling"].card("war_status", "war-status-card")


@pytest.mark.parametrize(
    ("level", "name", "plan"),
    [
        (0, "Early War", [False]),
        (1, "Early Mid War", [False, True]),
        (2, "Late Mid War", [False, False]),
        (3, "Late War", [False, False, True]),
    ],
)
def test_each_war_status_levels_draws(level: int, name: str, plan: list[bool]) -> None:
    """'Early War ... draws 1 Darkness Spreads card'; 'Early Mid War ... 2 ... the 2nd card is
    used for General movement only'; 'Late Mid War ... 2 ... placing minions and moving
    Generals'; 'Late War ... 3 ... the 3rd card is used for General movement only'."""
    game = hc_game()
    assert CARD.data["levels"][level]["name"] == name
    set_war_level(game, level)
    before = len(game.events)
    game.execute("night", {"skip_evening": True})
    cards = [e.data for e in game.events[before:] if e.type == "darkness_spreads_card"]
    assert [c["general_only"] for c in cards] == plan


def test_the_card_prints_level_iii_twice_as_printed() -> None:
    """Transcriber note: 'the card as printed marks both Late Mid War and Late War with Hero
    Level III; this is transcribed as printed.'"""
    assert [level["hero_level"] for level in CARD.data["levels"]] == ["I", "II", "III", "III"]
    assert "printed" in (CARD.note or "")


def test_the_war_status_advances_one_level_per_general_defeated() -> None:
    """'Advance 1 space for each General defeated.'"""
    game = hc_game()
    names = []
    for general, life in (("Gorgutt", 6), ("Balazarg", 6), ("Varkolak", 5)):
        game.execute("wound_general", {"general": general, "wounds": life})
        names.append(game.state["heros_calling"]["war_status_name"])
    assert names == ["Early Mid War", "Late Mid War", "Late War"]
    assert game.state["war_level"] == 3


def test_the_heroes_slide_their_card_when_the_war_status_uncovers_a_new_level() -> None:
    """HC: 'each time the War Status advances ... all Heroes slide their Hero's Calling card to
    reveal the next level': Early War (Level I) to Early Mid War (Level II) is a slide; Late Mid
    War to Late War prints Level III again, and the heroes stay."""
    game = hc_game()
    texts = []
    for general, life in (("Gorgutt", 6), ("Balazarg", 6), ("Varkolak", 5)):
        before = len(game.events)
        game.execute("wound_general", {"general": general, "wounds": life})
        [event] = [e for e in game.events[before:] if e.type == "hero_level"]
        texts.append(" ".join(render_text(step["text"]) for step in event.steps))
    assert "slides" in texts[0] and "Level II" in texts[0]
    assert "slides" in texts[1] and "Level III" in texts[1]
    assert "stay at Level III" in texts[2]


def test_a_hero_of_the_heros_calling_is_called_by_its_name_never_its_id() -> None:
    """HC: a hero built from the Dwarf's ability cards is still the Dwarf to the table."""
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "dwarf"}, "expansions": ["heros_calling"]}, seed="hc"
    )
    before = len(game.events)
    game.execute("wound_hero", {"wounds": 1})
    summaries = [render_text(e.summary) for e in game.events[before:]]
    assert any("Dwarf" in s for s in summaries), summaries
    assert not any("dwarf" in s for s in summaries)


def test_a_general_defeated_with_the_life_read_at_the_table_advances_the_heroes_too() -> None:
    """'Advance 1 space for each General defeated': a dragon General's life is printed on his
    placard and read at the table at his first wound (DX); the wound dealt then, through the
    card read, defeats him all the same, and the heroes slide their card as for any other."""
    game = GameLog.start(
        {
            "host": {"name": "Ada", "hero": "Aria"},
            "expansions": ["dragon", "heros_calling"],
            "generals": {"black": "onyx"},
            "options": {"dragon_darkness_spreads": "entered_only"},
            "overlays": {"dotr-dragon": {"values": {}, "cards": {}}},
        },
        seed="hc-dragon",
    )
    read_all(game)
    game.execute("wound_general", {"general": "onyx", "wounds": 6})
    assert game.state["reading"], "Onyx's life is asked first"
    before = len(game.events)
    game.execute("read_card", {"face": {"life": 6}})
    assert game.state["generals"]["onyx"].get("defeated")
    assert game.state["war_level"] == 1
    assert game.state["heros_calling"]["war_status_name"] == "Early Mid War"
    [event] = [e for e in game.events[before:] if e.type == "hero_level"]
    assert "Level II" in " ".join(render_text(step["text"]) for step in event.steps)
