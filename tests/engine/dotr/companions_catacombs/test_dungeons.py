"""CC rule 5, Dungeons: the starting Dungeon by a die roll; entering (4 actions); the Treasure
Room and its Exploration Goal; rooms one at a time; leaving; escaping Minions; the reward; a
hero dying in a Dungeon."""

from __future__ import annotations

import pytest

from deck_tracker.engine.game import GameLog
from tests.helpers import act, arrange, at, refused

from . import assert_decks_conserved, cc_game, hand, specials

KEEP = "dungeon-ruins-of-amaraks-keep"
UNDEAD_DRAGON = "treasure-room-undead-dragon"
EXAMPLE_ROOMS = [
    ("dungeon-room-spike-trap", 1),
    ("dungeon-room-stone-bridge", 2),
    ("dungeon-room-magic-pool", 0),
    ("dungeon-room-trapped-door", 1),
    ("dungeon-room-endless-corridors", 2),
]


@pytest.mark.parametrize(
    ("roll", "location"),
    [(1, "ancient-ruins"), (2, "serpent-swamp"), (3, "unicorn-forest"), (4, "wyvern-forest"),
     (5, "dark-woods"), (6, "dragons-teeth-range")],
)  # fmt: skip
def test_the_starting_dungeon_by_a_die_roll(roll: int, location: str) -> None:
    """Setup 1: 'Roll a die and place a random Dungeon Token based on the chart below.'"""
    game = cc_game(starting_dungeon_roll=roll)
    assert list(game.state["dungeons"]) == [location]
    token = game.state["dungeons"][location]["token"]
    assert game.state["decks"]["dungeon_token"]["table"] == [token]


def amaraks_keep() -> GameLog:
    """The Dungeon Run Example: the Ruins of Amaraks Keep (at Ancient Ruins), Ada's hero there;
    the table draws its own Treasure Room and turns its own Dungeon Room cards (the example
    names them)."""
    game = cc_game(starting_dungeon_roll=1, table_decks=["dungeon_room", "treasure_room"])
    tokens = game.state["decks"]["dungeon_token"]
    placed = tokens["table"][0]
    arrange(
        game,
        ("dungeons", "ancient-ruins", "token", KEEP),
        ("decks", "dungeon_token", "table", [KEEP]),
        ("decks", "dungeon_token", "draw", [t for t in tokens["draw"] if t != KEEP] + (
            [placed] if placed != KEEP else [])),
    )  # fmt: skip
    at(game, "ancient-ruins")
    return game


def test_the_dungeon_run_of_ruins_of_amaraks_keep_with_its_exploration_total_of_6() -> None:
    """Dungeon Run Example: 'The Player spends 4 of their Actions to enter the Dungeon. Then, the
    Player draws a Treasure Room card; it is the "Undead Dragon" with an Exploration Goal of 6!
    ... After reaching an Exploration total of 6, the player has earned the chance to fight the
    Undead Dragon ... and earn the Reward of their choice of one of the two Treasures housed
    within the Dungeon!' Rooms: Spike Trap 1, Stone Bridge 2, Magic Pool 0, Trapped Door 1,
    Endless Corridors 2."""
    game = amaraks_keep()
    entered = act(game, "enter_dungeon", {"card": UNDEAD_DRAGON})
    assert "spends 4 Actions" in entered.events[0].steps[0]["text"]
    assert game.state["dungeon_run"]["goal"] == 6
    refused(game, "night", {}, "pending_choice")  # 'resolved on a single Hero turn'
    for number, (room, exploration) in enumerate(EXAMPLE_ROOMS, start=1):
        act(game, "reveal_dungeon_room", {"card": room})
        assert game.state["dungeon_run"]["current"]["exploration"] == exploration
        refused(game, "leave_dungeon", {}, "room_unresolved")
        act(game, "resolve_dungeon_room", {"completed": True})
        if number == 3:
            refused(game, "fight_treasure_room", {"defeated": True}, "goal_not_reached")
    assert game.state["dungeon_run"]["total"] == 6
    refused(
        game, "reveal_dungeon_room", {"card": "dungeon-room-06", "exploration": 1}, "goal_reached"
    )
    refused(
        game, "fight_treasure_room", {"defeated": True, "relic": "relic-03"}, "invalid_arguments"
    )
    act(game, "fight_treasure_room", {"defeated": True, "relic": "relic-harp-of-the-gods"})
    hero = game.state["heroes"]["1"]
    assert hand(game, "relic") == ["relic-harp-of-the-gods"]
    assert hand(game, "treasure_room") == [UNDEAD_DRAGON]
    assert hero["treasure_rooms"] == [UNDEAD_DRAGON]  # a completed Quest for the Companion limit
    assert game.state["dungeons"] == {} and "dungeon_run" not in game.state
    assert KEEP in game.state["decks"]["dungeon_token"]["box"]
    assert_decks_conserved(game)


def test_leaving_shuffles_the_revealed_cards_back_and_the_dungeon_stays() -> None:
    """Dungeon Rules 2: 'The player may leave the Dungeon at the end of any card ... discard all
    revealed Dungeon cards and Treasure Room card to be shuffled back into the respective
    Dungeon and Treasure Room decks. If left without gaining the Treasure, the Dungeon Token
    remains on the board.'"""
    game = amaraks_keep()
    game.execute("enter_dungeon", {"card": UNDEAD_DRAGON})
    game.execute("reveal_dungeon_room", {"card": "dungeon-room-spike-trap"})
    game.execute("resolve_dungeon_room", {})
    act(game, "leave_dungeon")
    assert "dungeon_run" not in game.state and "ancient-ruins" in game.state["dungeons"]
    assert "dungeon-room-spike-trap" in game.state["decks"]["dungeon_room"]["draw"]
    assert UNDEAD_DRAGON in game.state["decks"]["treasure_room"]["draw"]
    assert_decks_conserved(game)


def test_unknown_rooms_are_played_from_a_table_owned_deck_by_their_printed_number() -> None:
    """Room contents are not published: the table gives the Exploration printed on the card."""
    game = amaraks_keep()
    game.execute("enter_dungeon", {"goal": 4})
    act(game, "reveal_dungeon_room", {"exploration": 2})
    assert game.state["dungeon_run"]["current"]["exploration"] == 2


def test_minions_not_defeated_escape_to_a_location_of_their_colour() -> None:
    """Dungeon Rules 4: 'the surviving Orcs are placed on any Green location of the Board.'"""
    game = amaraks_keep()
    game.execute("enter_dungeon", {"card": UNDEAD_DRAGON})
    game.execute("reveal_dungeon_room", {"card": "dungeon-room-spike-trap"})
    refused(game, "resolve_dungeon_room", {"completed": False, "escaped": {"green": 2},
                                           "escape_to": ["thorny-woods", "fire-river"]},
            "invalid_arguments")  # fmt: skip
    act(game, "resolve_dungeon_room", {"completed": False, "escaped": {"green": 2},
                                       "escape_to": ["thorny-woods", "Raven Forest"]})  # fmt: skip
    board = game.state["board"]
    assert board["thorny-woods"]["minions"]["green"] == 1
    assert board["raven-forest"]["minions"]["green"] == 1
    assert game.state["dungeon_run"]["total"] == 0


def test_escaping_minions_of_two_colours_go_where_the_table_names_in_any_order() -> None:
    """Each place named takes an escaping Minion of its own colour (an Undead to Fire River, an
    Orc to Thorny Woods), whichever the table names first; a place of no escaping colour is
    refused."""
    game = amaraks_keep()
    game.execute("enter_dungeon", {"card": UNDEAD_DRAGON})
    game.execute("reveal_dungeon_room", {"card": "dungeon-room-spike-trap"})
    escaped = {"green": 1, "black": 1}
    detail = refused(game, "resolve_dungeon_room",
                     {"escaped": escaped, "escape_to": ["fire-river", "monarch-city"]},
                     "invalid_arguments")  # fmt: skip
    act(game, "resolve_dungeon_room", {"escaped": escaped,
                                       "escape_to": ["fire-river", "thorny-woods"]})  # fmt: skip
    board = game.state["board"]
    assert board["fire-river"]["minions"]["black"] == 1
    assert board["thorny-woods"]["minions"]["green"] == 1
    assert "Monarch City is not the colour of an escaping Minion" in detail


def test_a_hero_dying_in_a_dungeon() -> None:
    """Hero Death in a Dungeon: Quest items stay in that Dungeon, other cards and Companions are
    discarded, the Treasure Room card is marked; 'The player starts a new Hero in Monarch City,
    drawing 2 new Hero Cards and a new Quest card. The new hero may reclaim 1 previously used
    Special Hero card'."""
    game = amaraks_keep()
    quests = game.state["decks"]["quest"]
    done = quests["draw"][0]
    arrange(
        game,
        ("decks", "quest", "draw", quests["draw"][1:]),
        ("decks", "quest", "hands", "1", [*quests["hands"]["1"], done]),
        ("heroes", "1", "completed_quests", [done]),
        ("decks", "hero", "discard", specials(1)),
        ("decks", "hero", "draw", [c for c in game.state["decks"]["hero"]["draw"]
                                   if c not in specials(1)]),
    )  # fmt: skip
    game.execute("enter_dungeon", {"card": UNDEAD_DRAGON})
    game.execute("reveal_dungeon_room", {"card": "dungeon-room-stone-bridge"})
    game.execute("wound_hero", {"wounds": 5})
    assert [p["type"] for p in game.state["pending"]] == ["dungeon_run", "dungeon_death"]
    refused(game, "resolve_dungeon_room", {}, "pending_choice")
    act(game, "dungeon_death", {"special": specials(1)[0]})
    dungeon = game.state["dungeons"]["ancient-ruins"]
    assert dungeon["quest_items"] == [done] and dungeon["treasure_room"] == UNDEAD_DRAGON
    hero = game.state["heroes"]["1"]
    assert hero["location"] == "monarch-city" and hero["life"] == 5
    assert len(hand(game)) == 3 and specials(1)[0] in hand(game)
    assert len(hand(game, "quest")) == 1
    assert "dungeon_run" not in game.state and not game.state.get("pending")
    assert_decks_conserved(game)
    # The marked Treasure Room awaits the next hero; its victor gathers the Quest items.
    at(game, "ancient-ruins")
    game.execute("enter_dungeon", {})
    assert game.state["dungeon_run"]["treasure"] == UNDEAD_DRAGON
    for room, _ in EXAMPLE_ROOMS[1:]:
        game.execute("reveal_dungeon_room", {"card": room})
        game.execute("resolve_dungeon_room", {})
    game.execute("reveal_dungeon_room", {"card": "dungeon-room-spike-trap"})
    game.execute("resolve_dungeon_room", {})
    act(game, "fight_treasure_room", {"defeated": True, "relic": "relic-magic-armor"})
    assert done in game.state["heroes"]["1"]["completed_quests"]
    assert_decks_conserved(game)
