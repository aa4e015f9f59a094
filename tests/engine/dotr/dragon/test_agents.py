"""4. Agents of the Dark Lord (DX 'Agent Rules')."""

from __future__ import annotations

import copy

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from tests.helpers import ENTERED, crystals, put, realm, total

from . import dragon_table, empty


def test_agents_one_agent_never_with_its_own_dragon_general() -> None:
    """DX: "Only 1 Agent can be used in a game"; "The corresponding Dragon General and its Agent
    cannot be in the same game"."""
    with pytest.raises(InvalidArguments) as refused:
        dragon_table({"red": "brimstone"}, agent="el-fuego")
    assert "options.agent" in refused.value.fields
    log = dragon_table(agent="el-fuego")  # Balazarg plays red: El Fuego may
    assert log.state["agent"]["id"] == "el-fuego"
    assert "fire" in log.state["supply"]  # El Fuego brings the Fire Tokens
    for seed in ("a", "b", "c", "d"):
        chosen = dragon_table({"red": "brimstone"}, agent="random", seed=seed).state["agent"]
        assert chosen["id"] in ("agent-of-onyx", "agent-of-hemlock")


def test_agents_never_invade_monarch_city_and_are_not_minions() -> None:
    """DX: "Agents never invade Monarch City"; "Agents do not count as Minions on Locations";
    "Heroes may move freely past Agents"."""
    entered = copy.deepcopy(ENTERED)
    entered["values"]["decks/agents/el-fuego/data.start"] = "windy-pass"
    log = dragon_table(agent="el-fuego", entered=entered)
    state = empty(log)
    assert state["agent"]["location"] == "windy-pass"
    with pytest.raises(RuleViolation) as refused:
        log.execute("move_agent", {"location": "Monarch City"})
    assert refused.value.code == "agent_no_city"
    put(state, "windy-pass", demons=2)
    board = realm(state)
    assert board.count_at("windy-pass") == 2
    board.place("green", 1, "windy-pass")  # a 3rd minion, not a 4th: no taint, no overrun
    assert crystals(state, "windy-pass") == 0 and board.overruns == 0
    log.execute("move_hero", {"location": "windy-pass"})  # passes freely
    assert total(state, "windy-pass") == 3


def test_agents_attack_only_when_activated() -> None:
    """DX: "Agents, like Generals, do not attack Heroes that end their turn on a Location with
    them"; "Agents only attack when they are activated to do so"."""
    log = dragon_table(agent="el-fuego")
    log.execute("move_agent", {"location": "windy-pass"})
    log.execute("move_hero", {"location": "windy-pass"})
    life = log.state["heroes"]["1"]["life"]
    log.execute("end_turn")  # nothing to resolve with the Agent there
    assert log.state["heroes"]["1"]["life"] == life
    log.execute("agent_attacks", {"wounds": 2})
    assert log.state["heroes"]["1"]["life"] == life - 2


def test_agents_slaying_one_a_victory_point_and_two_hero_cards() -> None:
    """DX: "Slaying an Agent grants a Victory Point with base game rules ... and a reward of 2
    Hero Cards"."""
    log = dragon_table(agent="el-fuego")
    hand = len(log.state["decks"]["hero"]["hands"]["1"])
    log.execute("attack_agent", {"wounds": 1})
    assert log.state["agent"]["wounds"] == 1 and not log.state["agent"]["defeated"]
    log.execute("attack_agent", {"wounds": 1, "slain": True})
    assert log.state["agent"]["defeated"] is True
    assert log.state["heroes"]["1"]["victory_points"] == 1
    assert len(log.state["decks"]["hero"]["hands"]["1"]) == hand + 2
    assert any(e.type == "agent_slain" for e in log.events)
    with pytest.raises(RuleViolation):
        log.execute("attack_agent", {"wounds": 1})
