"""Talisman: The Dragon offers what a phone lists: spaces told apart, Lords by name."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.engine.dotr.test_listed_choices import actions, titles


def test_talisman_offers_spaces_told_apart_and_lords_by_name() -> None:
    """Talisman: The Dragon: the board's four Fields of the Outer Region, its Crags in both
    Regions; the Draconic Lords Varthrax, Cadorus and Grilipus; a scale cancels a Lord's
    Dragon Rage only if the character holds one of his."""
    game = GameLog.start(
        {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}}, seed="s0"
    )
    listed = actions(game)
    spaces = titles(listed["move"], "space")
    assert "Fields (Outer, 3)" in spaces.values() and "Crags (Middle)" in spaces.values()
    assert len(set(spaces.values())) == len(spaces)
    german = titles(actions(game, "de")["move"], "space")
    assert "Felder (außen, 3)" in german.values()
    lords = {"varthrax": "Varthrax", "cadorus": "Cadorus", "grilipus": "Grilipus"}
    assert titles(listed["set_lord_lives"], "lord") == lords
    opponents = listed["set_opponents"]["args"]["properties"]["lords"]["items"]["oneOf"]
    assert {c["const"]: c["title"] for c in opponents} == lords
    assert listed["cancel_dragon_rage"]["available"] is False
    game.state["characters"]["1"]["scales"] = {"cadorus": 1}
    assert titles(actions(game)["cancel_dragon_rage"], "lord") == {"cadorus": "Cadorus"}


def test_a_dragon_card_to_name_is_chosen_among_those_on_the_table() -> None:
    """The table names a drawn Dragon Card: the phone lists the unread ones on the table, never
    an id to type; with none out, the action says why it waits."""
    game = GameLog.start(
        {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}}, seed="s0"
    )
    listed = actions(game)["name_dragon_card"]
    assert listed["available"] is False
    assert listed["reason"] == "No Dragon Card on the table waits to be named."
    deck = game.state["decks"]["varthrax"]
    deck["table"].append(deck["draw"].pop())
    named = titles(actions(game)["name_dragon_card"], "card")
    assert list(named.values()) == ["An unread Varthrax Card (1)"]
