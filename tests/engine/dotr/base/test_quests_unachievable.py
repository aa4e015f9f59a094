"""Quests that can no longer be achieved (Dragon expansion rulebook, 'New Quests').

"Note: This is the same rule that applies with quests in the base game after Generals identified
on an open Quest Card have been slain. When a Quest cannot be achieved, the Quest Card is
immediately discarded and a new Quest is drawn."
"""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, new_game, table

SCOUT_BALAZARG = "quest-scout-the-general-balazarg"
SCOUT_GORGUTT = "quest-scout-the-general-gorgutt"


def _holding(game: GameLog, seat: str, *quests: str) -> None:
    draw = [q for q in game.state["decks"]["quest"]["draw"] if q not in quests]
    arrange(
        game,
        ("decks", "quest", "draw", draw),
        ("decks", "quest", "hands", seat, list(quests)),
        ("heroes", seat, "quests", list(quests)),
    )


def test_a_quest_naming_a_general_just_slain_is_discarded_and_another_drawn() -> None:
    """Balazarg is slain while the Rogue holds 'Scout the General (Balazarg)': 'the Quest Card is
    immediately discarded and a new Quest is drawn', in the same step (undo puts it back)."""
    game = new_game()
    _holding(game, "2", SCOUT_BALAZARG, SCOUT_GORGUTT)
    before = list(game.state["decks"]["quest"]["draw"])
    outcome = act(game, "wound_general", {"general": "balazarg", "wounds": 20})
    assert game.state["generals"]["balazarg"]["defeated"]
    quests = game.state["heroes"]["2"]["quests"]
    assert SCOUT_BALAZARG not in quests and SCOUT_GORGUTT in quests
    assert len(quests) == 2 and quests[1] in before
    assert quests[1] not in game.state["decks"]["quest"]["draw"]
    assert SCOUT_BALAZARG in game.state["decks"]["quest"]["discard"]
    replaced = [e for e in outcome.events if e.type == "quests_replaced"]
    assert len(replaced) == 1 and replaced[0].data == {"seat": "2", "discarded": [SCOUT_BALAZARG]}
    assert replaced[0].summary == "1 Quest that cannot be achieved was discarded."
    assert [s["text"] for s in replaced[0].steps] == [
        "Discard Scout the General (Balazarg); draw another Quest."
    ]


def test_a_wound_that_does_not_slay_keeps_the_quest() -> None:
    game = new_game()
    _holding(game, "1", SCOUT_BALAZARG)
    outcome = game.execute("wound_general", {"general": "balazarg", "wounds": 1}, actor="1")
    assert game.state["heroes"]["1"]["quests"] == [SCOUT_BALAZARG]
    assert not [e for e in outcome.events if e.type == "quests_replaced"]


def test_a_table_owned_quest_deck_asks_the_table_to_discard_and_draw() -> None:
    game = GameLog.start(
        {"host": {"name": "Ada", "hero": "wizard"}, "table_decks": ["quest"]}, seed="quests"
    )
    arrange(game, ("decks", "quest", "hands", "1", [SCOUT_GORGUTT]),
            ("heroes", "1", "quests", [SCOUT_GORGUTT]))  # fmt: skip
    outcome = game.execute("wound_general", {"general": "gorgutt", "wounds": 20}, actor="1")
    assert game.state["heroes"]["1"]["quests"] == []
    steps = [s["text"] for e in outcome.events if e.type == "quests_replaced" for s in e.steps]
    assert steps == [
        "Discard Scout the General (Gorgutt) and draw another Quest (Enter: Draw a Quest)."
    ]


def test_dealt_unachievable_still_replaced_on_entry() -> None:
    """A Quest naming a General already slain, dealt to a hero who enters, is replaced too."""
    game = table(hero="wizard")
    game.execute("wound_general", {"general": "varkolak", "wounds": 20}, actor="1")
    scout = "quest-scout-the-general-varkolak"
    draw = [q for q in game.state["decks"]["quest"]["draw"] if q != scout]
    arrange(game, ("decks", "quest", "draw", [*draw, scout]))  # the next card dealt
    game.execute("join", {"name": "Bea", "hero": "rogue"}, actor=None)
    assert scout not in game.state["heroes"]["2"]["quests"]
    assert scout in game.state["decks"]["quest"]["discard"]
