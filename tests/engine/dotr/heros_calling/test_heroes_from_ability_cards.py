"""HC rule 7, Heroes built from ability cards: one Combat, one Control and one Movement card,
from level 1, all rising a level when a General is defeated; pets split the hero's 5 actions."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine import describe_commands
from deck_tracker.engine.content import default_packs
from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, refused

from . import hc_game

HC = default_packs()["dotr-heros-calling"]


def taught(game: GameLog) -> None:
    """The table reads its three cards: two never entered, and the Raven's type."""
    act(game, "read_ability", {"name": "Fury", "type": "combat", "level_1": "Roll 1 extra die."})
    act(game, "read_ability", {"name": "Ice Wall", "type": "control", "level_1": "Freeze."})
    act(game, "read_ability", {"card": "ability-raven", "type": "movement", "level_1": "Fly 2."})


def built(game: GameLog) -> None:
    taught(game)
    act(game, "choose_abilities", {"combat": "Fury", "control": "Ice Wall", "movement": "Raven"})


def offered(game: GameLog, action: str, arg: str) -> dict[str, str]:
    found = {a["type"]: a for a in describe_commands(game.state, "1", hidden=frozenset())}[action]
    schema: dict[str, Any] = found["args"]["properties"][arg]
    return {choice["const"]: choice["title"] for choice in schema.get("oneOf", [])}


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
    assert abilities["combat"]["levels"] == ["Roll 1 extra die.", None, None]
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


def test_each_card_is_offered_only_for_its_own_type_and_a_pet_is_refused_in_another_slot() -> None:
    """'Heroes ... are constructed by combining 3 ability cards - one of each type: Combat,
    Control, Movement.' A pet card (Raven) is one type: the table reads it from the card; until
    then it is offered nowhere, and once read as Movement it is no Combat ability."""
    game = hc_game()
    choose = {a["type"]: a for a in describe_commands(game.state, "1", hidden=frozenset())}
    assert choose["choose_abilities"]["available"] is False
    assert "No Combat ability card is entered yet" in choose["choose_abilities"]["reason"]
    assert offered(game, "read_ability", "card") == {
        "new": "A card we have not entered yet",
        "ability-raven": "Raven (pet)",
        "ability-voidwalker": "Voidwalker (pet)",
        "ability-wolf": "Wolf (pet)",
    }
    pets = {"combat": "Raven", "control": "Wolf", "movement": "Voidwalker"}
    refused(game, "choose_abilities", pets, "ability_unread")
    taught(game)
    assert offered(game, "choose_abilities", "combat") == {"ability-fury": "Fury"}
    assert offered(game, "choose_abilities", "movement") == {"ability-raven": "Raven (pet)"}
    assert "ability-raven" not in offered(game, "read_ability", "card")
    detail = refused(game, "choose_abilities",
                     {"combat": "Raven", "control": "Ice Wall", "movement": "Fury"},
                     "wrong_ability_type")  # fmt: skip
    assert detail.startswith("Raven is a Movement ability, not a Combat one")
    refused(game, "read_ability", {"name": "fury", "type": "control", "level_1": "x"},
            "ability_known")  # fmt: skip


def test_a_card_read_is_known_to_the_game_by_its_name_and_another_hero_cannot_take_it() -> None:
    game = hc_game()
    game.execute("join", {"name": "Bea", "hero": "Bran"}, actor=None)
    built(game)
    read = [e for e in game.events if e.type == "card_read"]
    assert read[0].data["entry"]["cards"]["ability"][0]["name"] == "Fury"
    assert read[2].data["entry"] == {"values": {
        "decks/ability/ability-raven/data.type": "movement",
        "decks/ability/ability-raven/data.levels.0": "Fly 2."}}  # fmt: skip
    # Ada holds the only Fury card: Bea's phone is not offered it, and it is refused to her.
    found = {a["type"]: a for a in describe_commands(game.state, "2", hidden=frozenset())}
    assert found["choose_abilities"]["available"] is False
    same = {"combat": "Fury", "control": "Ice Wall", "movement": "Raven"}
    refused(game, "choose_abilities", same, "ability_taken", "2")
