"""HC rule 7, Heroes built from ability cards: one Combat, one Control and one Movement card,
from level 1, all rising a level when a General is defeated; pets split the hero's 5 actions."""

from __future__ import annotations

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, refused

from . import hc_game

HC = default_packs()["dotr-heros-calling"]


def built(game: GameLog) -> None:
    act(game, "choose_abilities", {"combat": "Fury", "control": "Ice Wall", "movement": "Raven"})


def test_a_hero_is_one_combat_one_control_and_one_movement_card_with_5_life() -> None:
    """'Heroes in The Hero's Calling are constructed by combining 3 ability cards - one of each
    type ... All Heroes have 5 Life Tokens / Actions per turn.'"""
    game = hc_game()
    hero = game.state["heroes"]["1"]
    assert (hero["life"], hero["max_life"]) == (5, 5)
    built(game)
    abilities = game.state["heroes"]["1"]["abilities"]
    assert [abilities[slot]["name"] for slot in ("combat", "control", "movement")] == [
        "Fury", "Ice Wall", "Raven"
    ]  # fmt: skip
    assert abilities["movement"]["card"] == "ability-raven"
    refused(
        game, "choose_abilities", {"combat": "a", "control": "b", "movement": "c"}, "hero_built"
    )


def test_a_base_hero_only_with_the_setting() -> None:
    """Setting hc_base_heroes: the Eagle Rider (4 life in the base game) is built like any other
    hero unless the table allows base heroes."""
    built_one = GameLog.start({"host": {"name": "Ada", "hero": "Eagle Rider"},
                               "expansions": ["heros_calling"]}, seed="hc")  # fmt: skip
    assert built_one.state["heroes"]["1"]["life"] == 5
    base = GameLog.start({"host": {"name": "Ada", "hero": "Eagle Rider"},
                          "expansions": ["heros_calling"], "options": {"hc_base_heroes": True}},
                         seed="hc")  # fmt: skip
    assert base.state["heroes"]["1"]["hero"] == "eagle-rider"


def test_ability_texts_are_entered_by_players() -> None:
    """The ability cards' texts are not in the source: null until entered."""
    for card in HC.deck("ability").cards:
        assert list(card.data["levels"]) == [None, None, None]
        assert card.data["type"] is None
    assert {c.name for c in HC.deck("ability").cards} == {"Raven", "Voidwalker", "Wolf"}


def test_all_abilities_rise_a_level_when_a_general_is_defeated_and_keep_it() -> None:
    """'As the Heroes defeat Enemy Generals, all Heroes advance to the corresponding level';
    'If for any reason the War Status gets moved back a stage, All unlocked levels are still
    retained.'"""
    game = hc_game()
    built(game)
    levels = []
    for general, life in (("Gorgutt", 6), ("Balazarg", 6), ("Varkolak", 5)):
        act(game, "wound_general", {"general": general, "wounds": life})
        levels.append(game.state["heros_calling"]["hero_level"])
    assert levels == ["II", "III", "III"]
    arrange(game, ("war_level", 1), ("war_status", "mid"))
    from deck_tracker.engine.rules.dotr.heros_calling.war_status import hero_level

    assert hero_level(game.state) == "III"


def test_a_pet_splits_the_heros_5_actions() -> None:
    """'If choosing an ability with a Pet (Raven, Voidwalker, or Wolf), split these 5 Actions
    between the Pet and the Hero.'"""
    game = hc_game()
    refused(game, "split_actions", {"pet": 2}, "no_pet")
    built(game)
    assert game.state["heroes"]["1"]["pet"] == "raven"
    act(game, "split_actions", {"pet": 2})
    assert game.state["heroes"]["1"]["actions"] == {"turn": 1, "hero": 3, "pet": 2}
    game.execute("wound_hero", {"wounds": 2})
    refused(game, "split_actions", {"pet": 4}, "too_many_actions")
