"""Decks hold their true number of cards, known or not: the 12 new Quests, a table-owned
Darkness Spreads deck naming a dragon's card nobody has entered (DX). Each card the app does not
know is read once, when it comes up, and the game goes on exactly as with a known card."""

from __future__ import annotations

import copy

from deck_tracker.engine import describe_commands
from deck_tracker.engine.reading import in_language
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.views import view_state
from tests.helpers import act, arrange, read_all, refused, set_war_level

from . import DS, dragon_table, empty

NOTHING = {"values": {}, "cards": {}}
QUEST = "quest"
A_QUEST = {
    "title": "Hunt the Onyx Wyrm",
    "test": "Spend an action where Onyx stands and roll a 6.",
    "reward": "Gain the Wyrm Hide: +1 to rolls against Onyx.",
    "location_rule": "general_location",
    "general": "onyx",
}


def _two_heroes(generals: dict[str, str] | None = None, entered: dict | None = None):
    log = dragon_table(
        {"black": "onyx"} if generals is None else generals or None, entered=entered or NOTHING
    )
    log.execute("join", {"name": "Bea", "hero": "rogue"}, actor=None)
    read_all(log)
    return log


def _emptied(log):
    """The board emptied, written as an event so that replay holds."""
    empty(log)
    state = log.state
    arrange(
        log, ("board", copy.deepcopy(state["board"])), ("supply", copy.deepcopy(state["supply"]))
    )
    return log


def _next_quest(log, quest: str) -> None:
    deck = log.state["decks"][QUEST]
    arrange(log, ("decks", QUEST, "draw", [c for c in deck["draw"] if c != quest] + [quest]))


def test_the_twelve_new_quests_are_in_the_deck_entered_or_not() -> None:
    """DX 'New Quests': "Players should take the 12 new Quest Cards and shuffle them into the
    Quest Deck the first time they play using the Dragon Expansion, regardless of any other
    components they may choose to use in the game." """
    log = _two_heroes()
    deck = log.state["decks"][QUEST]
    cards = [*deck["draw"], *deck["discard"], *(c for h in deck["hands"].values() for c in h)]
    assert len(cards) == 24 + 12
    assert {f"dx-quest-{n}" for n in range(1, 13)} <= set(cards)


def test_a_new_quest_drawn_is_read_by_its_holder_alone_and_then_played_as_any_quest() -> None:
    """The Quest goes into Ada's hand: only Ada's phone shows the form; Bea's view and the
    events Bea reads say only that Ada is reading a card. Once read, a Quest naming a General
    in play stays; the game goes on."""
    log = _two_heroes()
    _next_quest(log, "dx-quest-5")
    outcome = log.execute("draw_quest", {}, actor="1")
    assert [e.type for e in outcome.events] == ["quest_drawn", "card_to_read"]
    ada, bea = view_state(log.state, "1")["reading"], view_state(log.state, "2")["reading"]
    assert ada[0]["card"] == "dx-quest-5" and "title" in ada[0]["schema"]["properties"]
    assert [in_language(prompt, "en") for prompt in bea] == [
        {"id": ada[0]["id"], "seat": "1", "private": True, "title": "Ada is reading a card",
         "name": "a card", "detail": ""}
    ]  # fmt: skip
    asked = outcome.events[-1].as_record()
    assert asked["summary"] == "Ada is reading a card."
    assert "dx-quest-5" not in str(asked["data"]) and "dx-quest-5" in str(asked["private"]["1"])
    # Bea cannot answer (nor see) Ada's card; nothing else moves meanwhile.
    refused(log, "read_card", {"face": A_QUEST}, "not_your_card", actor="2")
    refused(log, "night", {"skip_evening": True}, "card_unread")
    answer = act(log, "read_card", {"face": A_QUEST}, actor="1")
    assert [e.type for e in answer.events] == ["card_read"]
    record = answer.events[0].as_record()
    assert A_QUEST["title"] not in str({k: record[k] for k in ("summary", "data", "steps")})
    assert (
        record["private"]["1"]["entry"]["values"]["decks/quest/dx-quest-5/data.title"]
        == (A_QUEST["title"])
    )
    assert log.state["reading"] == []
    assert "dx-quest-5" in log.state["heroes"]["1"]["quests"]  # Onyx is in play: it stays
    assert game_cards(log.state)["dx-quest-5"].data["title"] == A_QUEST["title"]
    assert A_QUEST["title"] not in str(view_state(log.state, "2"))
    log.execute("night", {"skip_evening": True})  # the game goes on


def test_a_new_quest_read_whose_general_is_not_in_the_game_is_discarded_and_replaced() -> None:
    """DX: "If a Quest surfaces that cannot be achieved because the focus of the quest is not
    in the game (like scout the Black Dragon General and there is no Black Dragon General in
    the game) the quest is simply discarded with no effect and a new one drawn." """
    log = _two_heroes({})  # the base Generals: no Onyx
    _next_quest(log, "dx-quest-7")
    log.execute("draw_quest", {}, actor="1")
    answer = log.execute("read_card", {"face": A_QUEST}, actor="1")  # it names Onyx
    assert [e.type for e in answer.events][:1] == ["card_read"]
    assert "quests_replaced" in [e.type for e in answer.events]
    assert "dx-quest-7" in log.state["decks"][QUEST]["discard"]
    assert "dx-quest-7" not in log.state["heroes"]["1"]["quests"]
    read_all(log)  # the replacement may be a new Quest too
    assert len(log.state["heroes"]["1"]["quests"]) == 2


def test_a_second_game_of_the_table_knows_the_quest_read() -> None:
    """What was read goes with the table's entries into its next game: not asked again."""
    log = _two_heroes()
    _next_quest(log, "dx-quest-9")
    log.execute("draw_quest", {}, actor="1")
    answer = log.execute("read_card", {"face": A_QUEST}, actor="1")
    entry = answer.events[0].hidden["read"]["entry"]
    again = _two_heroes(entered={"values": entry["values"], "cards": {}})
    _next_quest(again, "dx-quest-9")
    outcome = again.execute("draw_quest", {}, actor="1")
    assert [e.type for e in outcome.events] == ["quest_drawn"]
    assert again.state["reading"] == []


def test_a_table_owned_darkness_spreads_deck_names_a_dragon_card_not_entered_yet() -> None:
    """The table draws its own deck: Onyx's cards nobody has entered are offered as one choice,
    "Onyx: a card we have not entered yet", which may come up more than once in a night; each
    is then read and resolved as if it had been known."""
    log = dragon_table(
        {"black": "onyx"}, entered=NOTHING, dragon_darkness_spreads="one_for_one",
        table_decks=[DS],
    )  # fmt: skip
    read_all(log)
    _emptied(log)
    set_war_level(log, 3)  # Late War: several cards a night
    night = {a["type"]: a for a in describe_commands(log.state, "1", hidden=frozenset())}["night"]
    offered = night["args"]["properties"]["cards"]["items"]["oneOf"]
    unread = [o for o in offered if o["title"] == "Onyx: a card we have not entered yet"]
    assert len(unread) == 1
    known = [o["const"] for o in offered if o["const"].startswith("ds-")]
    named = [unread[0]["const"], unread[0]["const"], known[0]]  # the Late War draws 3 cards
    outcome = log.execute("night", {"skip_evening": True, "cards": named})
    assert outcome.events[-1].type == "card_to_read"
    first = log.state["reading"][0]["card"]
    face = {
        "placements": [{"location": "dark-woods", "colour": "black", "count": 2}],
        "general": "onyx", "general_to": "next", "general_minions": 1,
    }  # fmt: skip
    outcome = act(log, "read_card", {"face": face})
    assert outcome.events[-1].type == "card_to_read"  # the second unread card of the night
    second = log.state["reading"][0]["card"]
    assert second != first and second.startswith("dx-ds-onyx-")
    outcome = act(log, "read_card", {"face": copy.deepcopy(face)})
    assert outcome.events[-1].type == "turn_passed"
    discard = log.state["decks"][DS]["discard"]
    assert first in discard and second in discard
