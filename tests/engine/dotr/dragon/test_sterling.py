"""5. Sterling, Guardian Dragon of the Realm (DX 'Sterling Rules')."""

from __future__ import annotations

import pytest

from deck_tracker.engine.commands import describe_commands
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import render_text
from deck_tracker.engine.simulate import run_night
from tests.helpers import minions, on_top, realm, stand, total

from . import DS, dragon_table, empty

GORGUTT_MOVES = "ds-blood-flats-bounty-bay"


def sterling_game(hero: str = "wizard") -> GameLog:
    log = dragon_table(sterling=True, hero=hero)
    empty(log)
    return log


def night(log: GameLog, *cards: str) -> list[str]:
    on_top(log.state, *cards)
    before = len(log.events)
    log.execute("night", {"skip_evening": True})
    return [e.type for e in log.events[before:]]


def land(log: GameLog, location: str = "wolf-pass") -> None:
    log.state["sterling"]["location"] = location


def search(log: GameLog, rolls: list[int]) -> int:
    stand(log.state, "1", log.state["sterling"]["location"])
    log.execute("search_sterling", {"rolls": rolls})
    return int(log.events[-1].data["successes"]) if log.events[-1].type == "sterling_search" else -1


def test_sterling_her_cards_are_in_the_darkness_spreads_deck_not_counted() -> None:
    """DX: "Shuffle the 3 Sterling Global Effect cards into the Darkness Spreads Deck. These
    cards are not counted as Global Effects"; "When a Sterling Global Effect is drawn, place
    Sterling on the Board at the Location of the Card." Another card is drawn in its place."""
    log = sterling_game()
    assert {"dx-sterling-1", "dx-sterling-2", "dx-sterling-3"} <= set(
        log.state["decks"][DS]["draw"]
    )
    types = night(log, "dx-sterling-1", GORGUTT_MOVES)
    assert log.state["sterling"]["location"] == "wolf-pass"
    assert types.count("sterling_arrives") == 1 and types.count("darkness_spreads_card") == 1
    assert log.state["global_effect"] is None  # not a Global Effect


def test_sterling_a_card_whose_location_is_not_entered_asks_the_table() -> None:
    log = sterling_game()
    night(log, "dx-sterling-3", GORGUTT_MOVES)
    assert log.state["pending"][0]["type"] == "sterling_location"
    log.execute("sterling_lands", {"location": "Serpent Swamp"})
    assert log.state["sterling"]["location"] == "serpent-swamp"
    assert not log.state["pending"]


def test_sterling_lands_before_the_night_goes_on_and_guards_the_rest_of_it() -> None:
    """DX: "When a Sterling Global Effect is drawn, place Sterling on the Board at the Location
    of the Card", and "While Sterling is on a Location, no minions may be placed on it". Her
    card's location is not entered: the night stops at her card until the table says where she
    landed (Bounty Bay), then draws the next card, whose Dragonkin for Bounty Bay stay away."""
    log = sterling_game()
    types = night(log, "dx-sterling-3", GORGUTT_MOVES)
    assert "darkness_spreads_card" not in types and "turn_passed" not in types
    assert log.state["decks"][DS]["draw"][-1] == GORGUTT_MOVES  # not drawn yet
    before = len(log.events)
    log.execute("sterling_lands", {"location": "Bounty Bay"})
    types = [e.type for e in log.events[before:]]
    assert types[0] == "sterling_landed" and types.count("darkness_spreads_card") == 1
    assert log.state["sterling"]["location"] == "bounty-bay"
    assert total(log.state, "bounty-bay") == 0  # she landed first: nothing placed there
    assert minions(log.state, "blood-flats")["red"] == 1
    assert log.state["turn"]["last_night"]["number"] == 1  # the night ended, the turn passed


def test_sterling_a_forecast_night_goes_on_without_knowing_where_she_lands() -> None:
    log = sterling_game()
    on_top(log.state, "dx-sterling-3", GORGUTT_MOVES)
    after = run_night(log.state, 1)
    assert GORGUTT_MOVES in after["decks"][DS]["discard"]  # the night went on


def test_sterling_a_placement_next_to_her_puts_nothing_on_her_location() -> None:
    """DX: "While Sterling is on a Location, no minions may be placed on it unless they are part
    of a General's movement." An overrun next to her skips her location."""
    log = sterling_game()
    state = log.state
    land(log, "orc-valley")
    board = realm(state)
    board.place("red", 3, "wolf-pass")
    board.place("red", 1, "wolf-pass")  # a 4th minion: Wolf Pass overruns
    assert minions(state, "father-oak-forest")["red"] == 1
    assert total(state, "orc-valley") == 0  # Sterling guards it
    board.place("green", 2, "orc-valley")  # a card's minions: refused there too
    assert total(state, "orc-valley") == 0
    # Gorgutt's move to Orc Valley brings his Orcs: a General's movement may.
    state["generals"]["gorgutt"].update(location="eagle-peak-pass", path_index=2)
    board.advance_general("gorgutt", "orc-valley", 2)
    assert minions(state, "orc-valley")["green"] == 2


def test_sterling_search_once_per_hero_per_turn_3_dice_5_or_6_each_a_success() -> None:
    log = sterling_game()
    land(log)
    assert search(log, [5, 6, 2]) == 2
    assert log.state["pending"][0] == {
        "type": "sterling_bonus",
        "seat": "1",
        "max": 2,
        "card": "sterling-encounter-printed",
        "id": 1,
    }
    log.execute("sterling_bonus", {"bonus": 0})
    land(log)
    with pytest.raises(RuleViolation) as again:
        log.execute("search_sterling", {"rolls": [1, 1, 1]})
    assert again.value.code == "searched_this_turn"


def test_sterling_search_is_a_quest_roll_so_quest_bonuses_apply() -> None:
    """DX: "Roll 3 dice (this is considered a Quest, so Quest bonuses may be used)": the
    Sorceress's Visions add a die, and so may a Quest reward."""
    log = sterling_game(hero="sorceress")
    land(log)
    stand(log.state, "1", "wolf-pass")
    with pytest.raises(InvalidArguments):
        log.execute("search_sterling", {"rolls": [5, 5, 5]})  # she rolls 4 dice
    assert search(log, [5, 5, 5, 1]) == 3


def test_sterling_outcome_0_she_flies_away() -> None:
    log = sterling_game()
    land(log)
    search(log, [1, 2, 3])
    with pytest.raises(RuleViolation) as too_high:
        log.execute("sterling_bonus", {"bonus": 1})
    assert too_high.value.code == "bonus_too_high"
    log.execute("sterling_bonus", {"bonus": 0})
    assert log.state["sterling"]["location"] is None


def test_sterling_outcome_1_two_hero_cards_from_the_discard_or_draw_two() -> None:
    """DX: "Take any 2 Hero Cards from the discard pile. If you wish to take none, draw 2 Hero
    Cards." She stays."""
    log = sterling_game()
    land(log)
    deck = log.state["decks"]["hero"]
    deck["discard"] = [deck["draw"].pop(), deck["draw"].pop(), deck["draw"].pop()]
    wanted = deck["discard"][:2]
    search(log, [5, 1, 1])
    log.execute("sterling_bonus", {"bonus": 1, "take": wanted})
    assert set(wanted) <= set(log.state["decks"]["hero"]["hands"]["1"])
    assert log.state["sterling"]["location"] == "wolf-pass"
    log.state["turn"]["number"] += 1  # a later turn
    before = len(log.state["decks"]["hero"]["hands"]["1"])
    search(log, [6, 1, 1])
    log.execute("sterling_bonus", {"bonus": 1})
    assert len(log.state["decks"]["hero"]["hands"]["1"]) == before + 2


def test_sterling_outcome_2_draw_a_quest() -> None:
    log = sterling_game()
    land(log)
    quests = list(log.state["heroes"]["1"]["quests"])
    search(log, [5, 6, 1])
    log.execute("sterling_bonus", {"bonus": 2})
    assert len(log.state["heroes"]["1"]["quests"]) == len(quests) + 1


def test_sterling_outcome_3_she_forces_a_general_back_and_flies_away() -> None:
    """DX: "The Silver Dragon attacks one of the Generals and forces them back 1 Location. Then
    the Silver Dragon flies away - remove from the board."""
    log = sterling_game()
    land(log)
    log.state["generals"]["gorgutt"].update(location="eagle-peak-pass", path_index=2)
    search(log, [5, 6, 6])
    log.execute("sterling_bonus", {"bonus": 3, "general": "gorgutt"})
    gorgutt = log.state["generals"]["gorgutt"]
    assert (gorgutt["location"], gorgutt["path_index"]) == ("amarak-peak", 1)
    assert log.state["sterling"]["location"] is None


def _lands_step(log: GameLog) -> str:
    arrived = [e for e in log.events if e.type == "sterling_arrives"][-1]
    return str(arrived.steps[0]["text"])


def test_sterling_her_card_not_entered_tells_an_app_held_deck_to_read_one_from_the_box() -> None:
    """The app holds the Darkness Spreads deck, so setup left Sterling's cards in the box: the
    step says to take one of hers not drawn yet from there, not to look at a card nobody drew."""
    log = sterling_game()
    setup_steps = [s["text"] for e in log.events if e.type == "dragon_setup" for s in e.steps]
    assert any("Sterling's 3 cards" in s and "leave the cards in the box" in s for s in setup_steps)
    night(log, "dx-sterling-3", GORGUTT_MOVES)
    step = _lands_step(log)
    assert "from the box, unseen" in step and "place Sterling on the Location printed on it" in step
    assert "where the card shows" not in step


def test_sterling_her_card_not_entered_from_a_table_deck_is_read_from_the_card_drawn() -> None:
    """DX: "When a Sterling Global Effect is drawn, place Sterling on the Board at the Location
    of the Card." The table drew it, so the step points at that card."""
    log = dragon_table(sterling=True, table_decks=[DS])
    empty(log)
    setup_steps = [s["text"] for e in log.events if e.type == "dragon_setup" for s in e.steps]
    assert any(s.startswith("Shuffle Sterling's 3 cards into the") for s in setup_steps)
    log.execute("night", {"skip_evening": True, "cards": ["dx-sterling-3", GORGUTT_MOVES]})
    step = _lands_step(log)
    assert "Location printed on the card drawn" in step and "box" not in step
    assert log.state["pending"][0]["type"] == "sterling_location"


def test_sterling_a_pending_landing_holds_the_night_back_in_player_words() -> None:
    log = sterling_game()
    night(log, "dx-sterling-3", GORGUTT_MOVES)
    offered = {a["type"]: a for a in describe_commands(log.state, "1", hidden=frozenset())}
    assert offered["night"]["available"] is False
    assert offered["night"]["reason"] == "First choose where Sterling lands."
    with pytest.raises(RuleViolation) as refused:
        log.execute("night", {"skip_evening": True})
    assert refused.value.code == "pending_choice"
    assert refused.value.detail == "First choose where Sterling lands."
    log.execute("sterling_lands", {"location": "Serpent Swamp"})
    offered = {a["type"]: a for a in describe_commands(log.state, "1", hidden=frozenset())}
    assert offered["night"]["available"] is True


def test_sterling_a_pending_landing_is_explained_in_the_reader_s_language() -> None:
    log = sterling_game()
    night(log, "dx-sterling-3", GORGUTT_MOVES)
    german = describe_commands(log.state, "1", hidden=frozenset(), language="de")
    offered = {a["type"]: a for a in german}
    assert offered["night"]["reason"] == "Wähle zuerst, wo Sterling landet."
    with pytest.raises(RuleViolation) as refused:
        log.execute("night", {"skip_evening": True})
    assert refused.value.detail_in("de") == "Wähle zuerst, wo Sterling landet."
    assert refused.value.detail == "First choose where Sterling lands."


def _bonus_step(log: GameLog, language: str = "en") -> str:
    return render_text(log.events[-1].steps[-1]["msg"], language)


def test_sterling_the_bonus_step_reads_as_a_sentence_with_each_bonus_numbered_once() -> None:
    """The table draws her card: the step offers the bonuses the successes allow, each with its
    number once ("bonus 1: any 2 Hero Cards ..."), never "0: 0:"."""
    log = dragon_table(sterling=True, table_decks=["sterling"])
    empty(log)
    land(log)
    search(log, [5, 6, 2])
    step = _bonus_step(log)
    assert step == (
        "Draw the top Encounter card. Wizard chooses one bonus from 0 to 2 on the phone "
        "(Sterling's bonus): bonus 0: she flies away; bonus 1: any 2 Hero Cards from the "
        "discard pile, or draw 2; bonus 2: draw 1 Quest."
    )
    assert _bonus_step(log, "de").startswith(
        "Ziehe die oberste Begegnungskarte. Zauberer wählt am Handy einen Bonus von 0 bis 2 "
        "(Sterlings Bonus): Bonus 0: sie fliegt davon; Bonus 1: "
    )


def test_sterling_no_success_names_the_one_bonus_left_in_words() -> None:
    log = sterling_game()
    land(log)
    search(log, [1, 2, 3])
    assert _bonus_step(log) == (
        "Draw Encounter the Silver Dragon. With no success, Wizard takes bonus 0: Sterling "
        "takes flight. Remove Sterling from the board."
    )
    assert "0: 0" not in _bonus_step(log, "de")
    with pytest.raises(RuleViolation) as too_high:
        log.execute("sterling_bonus", {"bonus": 1})
    assert too_high.value.detail == "0 successes rolled: the bonus is at most 0."
