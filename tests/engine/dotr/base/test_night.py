"""The night: Darkness Spreads cards drawn, resolved and discarded; Generals; the turn passing."""

from __future__ import annotations

import pytest

from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.game import GameLog
from tests.helpers import DS, check_conservation, clear_board, minions, on_top, put, table, total

CARD_EVENT = "darkness_spreads_card"


def cards_resolved(log: GameLog, since: int = 0) -> list[dict]:
    return [e.data for e in log.events[since:] if e.type == CARD_EVENT]


def night(log: GameLog, *cards: str, **args: object) -> list[dict]:
    """Stack ``cards`` on top of the deck (app-owned), run the night, return the cards resolved."""
    if cards:
        on_top(log.state, *cards)
    before = len(log.events)
    log.execute("night", {"skip_evening": True, **args})
    return cards_resolved(log, before)


@pytest.mark.parametrize(("level", "count"), [(0, 1), (1, 2), (2, 2), (3, 3)])
def test_the_war_status_sets_the_number_of_cards(level: int, count: int) -> None:
    """Darkness Spreads cards per night: Early 1, Mid 2, Late 3 (content-facts War Status)."""
    log = table()
    log.state["war_level"] = level
    log.state["war_status"] = ("early", "mid", "mid", "late")[level]
    assert len(night(log)) == count


def test_extra_cards_follow_j_by_default_mid_second_and_late_third_card_general_only() -> None:
    log = table()
    log.state["war_level"] = 1
    assert [c["general_only"] for c in night(log)] == [False, True]
    log.state["war_level"] = 3
    assert [c["general_only"] for c in night(log)] == [False, False, True]


def test_extra_cards_jm_setting_late_war_two_general_only_cards() -> None:
    log = table(extra_cards_general_only="jm")
    log.state["war_level"] = 3
    assert [c["general_only"] for c in night(log)] == [False, True, True]


def test_extra_cards_all_full_setting() -> None:
    log = table(extra_cards_general_only="all_full")
    log.state["war_level"] = 3
    assert [c["general_only"] for c in night(log)] == [False, False, False]


def test_a_general_only_card_places_no_minions_but_moves_its_general() -> None:
    log = table()
    clear_board(log.state)
    log.state["war_level"] = 1
    # 2nd card (General only): Blood Flats / Bounty Bay, Gorgutt to Amarak Peak with 2 Orcs.
    night(log, "ds-all-is-quiet-1", "ds-blood-flats-bounty-bay")
    assert total(log.state, "blood-flats") == 0 and total(log.state, "bounty-bay") == 0
    assert log.state["generals"]["gorgutt"]["location"] == "amarak-peak"
    assert minions(log.state, "amarak-peak")["green"] == 2


def test_standard_card_places_its_minions_then_the_general_advances_with_its_minions() -> None:
    """Card: Blood Flats 1 Demon, Bounty Bay 1 Dragonkin; Gorgutt advances to Amarak Peak
    (the next space from Thorny Woods) with 2 Orcs."""
    log = table()
    clear_board(log.state)
    night(log, "ds-blood-flats-bounty-bay")
    assert minions(log.state, "blood-flats")["red"] == 1
    assert minions(log.state, "bounty-bay")["blue"] == 1
    general = log.state["generals"]["gorgutt"]
    assert (general["location"], general["path_index"]) == ("amarak-peak", 1)
    assert minions(log.state, "amarak-peak")["green"] == 2
    check_conservation(log.state)


def test_ubg_example_1_a_general_advances_only_if_the_named_location_is_next() -> None:
    """UBG Example 1: "If the Demon General is currently located at Scorpion Canyon he would
    advance to Raven Forest and 1 new Demon (Red) minion would be placed with him. If he were
    already at Raven Forest, Angel Tear Falls, or Bounty Bay, this card would have no effect on
    the A General Advances phase and Balazarg would not move or gain any new minions.\""""
    log = table()
    clear_board(log.state)
    night(log, "ds-crystal-hills-mccorm-highlands")  # Balazarg to Raven Forest with 1 Demon
    assert log.state["generals"]["balazarg"]["location"] == "raven-forest"
    assert minions(log.state, "raven-forest")["red"] == 1
    night(log, "ds-eagle-peak-pass-heavens-glade")  # Balazarg to Raven Forest again: no effect
    assert log.state["generals"]["balazarg"]["location"] == "raven-forest"
    assert minions(log.state, "raven-forest")["red"] == 1


def test_a_next_location_card_always_advances_its_general() -> None:
    log = table()
    clear_board(log.state)
    night(log, "ds-unicorn-forest-crystal-hills")  # Gorgutt to the next space, 2 Orcs
    assert log.state["generals"]["gorgutt"]["location"] == "amarak-peak"
    night(log, "ds-unicorn-forest-crystal-hills")
    assert log.state["generals"]["gorgutt"]["location"] == "eagle-peak-pass"
    assert minions(log.state, "eagle-peak-pass")["green"] == 2


def test_a_general_entering_monarch_city_loses_and_nothing_more_resolves() -> None:
    """Loss: a General enters Monarch City. A card naming the City moves the General in only
    from the last space before it; once lost, the other cards of the night are not drawn."""
    log = table()
    clear_board(log.state)
    log.state["generals"]["gorgutt"].update(location="orc-valley", path_index=3)
    log.state["war_level"] = 3
    resolved = night(log, "ds-wolf-pass-dancing-stone", "ds-blood-flats-bounty-bay")
    assert len(resolved) == 1
    assert log.state["generals"]["gorgutt"]["location"] == "monarch-city"
    assert log.state["outcome"]["result"] == "lost"
    assert log.events[-1].type == "game_lost"
    assert "ds-blood-flats-bounty-bay" in log.state["decks"][DS]["draw"]
    with pytest.raises(RuleViolation) as refused:
        log.execute("night", {"skip_evening": True})
    assert refused.value.code == "game_over"


def test_a_card_naming_monarch_city_does_not_move_a_general_that_is_further_away() -> None:
    log = table()
    night(log, "ds-wolf-pass-dancing-stone")
    assert log.state["generals"]["gorgutt"]["location"] == "thorny-woods"
    assert log.state["outcome"] is None


def test_a_defeated_general_does_not_move() -> None:
    log = table()
    log.state["generals"]["gorgutt"]["defeated"] = True
    night(log, "ds-blood-flats-bounty-bay")
    assert log.state["generals"]["gorgutt"]["location"] == "thorny-woods"


def test_major_wound_setting_halts_the_general_and_its_minions_go_to_its_space() -> None:
    log = table(major_wound_halts_general=True)
    clear_board(log.state)
    log.state["generals"]["gorgutt"]["wounds"] = 4  # 6 life, major wound at 2 or less
    night(log, "ds-blood-flats-bounty-bay")
    assert log.state["generals"]["gorgutt"]["location"] == "thorny-woods"
    assert minions(log.state, "thorny-woods")["green"] == 2


def test_ubg_example_2_orc_patrols_put_one_orc_on_every_empty_green_location() -> None:
    """UBG Example 2: "1 Orc minion is added to each Green location that is currently empty. In
    addition, the Undead General (Varkolak) is activated and moved one space forward along his
    path and 1 Undead (Black) minion is placed on the location he moves to.\""""
    log = table()
    clear_board(log.state)
    put(log.state, "thorny-woods", undead=1)
    night(log, "ds-orc-patrols-3")
    # Thorny Woods (green) holds an Undead: not empty, no Orc.
    assert minions(log.state, "thorny-woods") == {"green": 0, "black": 1, "red": 0, "blue": 0}
    for loc in ("father-oak-forest", "gryphon-forest", "whispering-woods", "wyvern-forest"):
        assert minions(log.state, loc)["green"] == 1, loc
    assert log.state["generals"]["varkolak"]["location"] == "windy-pass"
    assert minions(log.state, "windy-pass")["black"] == 1
    check_conservation(log.state)


def test_orc_war_party_adds_an_orc_where_a_lone_orc_stands() -> None:
    """Orc War Party (J, JM): 1 Orc on every location holding exactly 1 Orc and nothing else."""
    log = table()
    clear_board(log.state)
    put(log.state, "thorny-woods", orcs=1)
    put(log.state, "orc-valley", orcs=1, demons=1)
    put(log.state, "pleasant-hill", orcs=2)
    night(log, "ds-orc-war-party-1")
    assert minions(log.state, "thorny-woods")["green"] == 2
    assert minions(log.state, "orc-valley")["green"] == 1
    assert minions(log.state, "pleasant-hill")["green"] == 2


def test_all_is_quiet_nothing_happens() -> None:
    """UBG: "No new enemies appear and no Generals move when this card is drawn.\""""
    log = table()
    before = {k: log.state[k] for k in ("board", "generals", "supply")}
    night(log, "ds-all-is-quiet-2")
    assert {k: log.state[k] for k in ("board", "generals", "supply")} == before


def test_the_monarch_city_card_adds_one_minion_of_each_colour_next_to_the_city() -> None:
    """UBG: "When this card is drawn, 1 minion of each color that is adjacent to Monarch City
    is added into the City.\""""
    log = table()
    clear_board(log.state)
    put(log.state, "bounty-bay", dragonkin=2)
    put(log.state, "wolf-pass", dragonkin=1, undead=1)
    put(log.state, "thorny-woods", orcs=1)  # not next to the City
    night(log, "ds-monarch-city")
    assert minions(log.state, "monarch-city") == {"green": 0, "black": 1, "red": 0, "blue": 1}


def test_resolved_cards_go_to_the_discard_and_the_deck_reshuffles_when_empty() -> None:
    log = table()
    deck = log.state["decks"][DS]
    deck["discard"] = deck["discard"] + deck["draw"][:-1]
    deck["draw"] = deck["draw"][-1:]
    last = deck["draw"][0]
    log.state["war_level"] = 1
    resolved = night(log)
    assert resolved[0]["card"] == last
    assert any(e.type == "deck_reshuffled" for e in log.events[-6:])
    deck = log.state["decks"][DS]
    # The first card was discarded before the deck ran out, so it was shuffled back in.
    assert deck["discard"] == [resolved[1]["card"]] and last in deck["draw"]
    assert len(deck["draw"]) + len(deck["discard"]) == 56


def test_night_is_refused_while_a_choice_is_pending() -> None:
    log = table()
    log.state["pending"] = [{"kind": "something"}]
    with pytest.raises(RuleViolation) as refused:
        log.execute("night", {"skip_evening": True})
    assert refused.value.code == "pending_choice"


def test_a_table_owned_deck_resolves_the_cards_the_table_names_in_order() -> None:
    log = GameLog.start({"host": {"name": "Ada", "hero": "wizard"}, "table_decks": [DS]})
    clear_board(log.state)
    log.state["war_level"] = 1
    with pytest.raises(InvalidArguments):
        log.execute("night", {"skip_evening": True, "cards": ["ds-blood-flats-bounty-bay"]})
    log.execute(
        "night", {"skip_evening": True, "cards": ["ds-blood-flats-bounty-bay", "ds-all-is-quiet-1"]}
    )
    assert [c["card"] for c in cards_resolved(log)] == [
        "ds-blood-flats-bounty-bay",
        "ds-all-is-quiet-1",
    ]
    with pytest.raises(RuleViolation) as refused:
        log.execute(
            "night",
            {"skip_evening": True, "cards": ["ds-blood-flats-bounty-bay", "ds-all-is-quiet-2"]},
        )
    assert refused.value.code == "card_not_in_pile"


def test_a_table_owned_deck_follows_the_tables_reshuffle_once_its_deck_has_run_out() -> None:
    log = GameLog.start({"host": {"name": "Ada", "hero": "wizard"}, "table_decks": [DS]})
    deck = log.state["decks"][DS]
    deck["discard"], deck["draw"] = deck["draw"] + deck["discard"], []
    log.execute("night", {"skip_evening": True, "cards": ["ds-all-is-quiet-1"]})
    deck = log.state["decks"][DS]
    assert deck["discard"] == ["ds-all-is-quiet-1"] and len(deck["draw"]) == 55


def test_an_app_owned_deck_refuses_named_cards() -> None:
    with pytest.raises(InvalidArguments):
        table().execute("night", {"skip_evening": True, "cards": ["ds-all-is-quiet-1"]})


def test_the_turn_passes_to_the_next_seat_with_a_hero_and_the_round_grows_when_it_wraps() -> None:
    log = table()
    log.execute("join", {"name": "Bea"}, actor=None)  # no hero: skipped
    log.execute("join", {"name": "Cy", "hero": "Rogue"}, actor=None)
    assert whose_turn(log) == (1, "1", "actions")
    log.execute("end_turn")
    assert whose_turn(log) == (1, "1", "night")
    log.execute("night")
    assert whose_turn(log) == (1, "3", "actions")
    assert log.events[-1].summary == "Round 1: Cy's turn."
    log.execute("end_turn", actor="3")
    log.execute("night", actor="3")
    assert whose_turn(log) == (2, "1", "actions")


def whose_turn(log: GameLog) -> tuple[int, str | None, str]:
    turn = log.state["turn"]
    return turn["number"], turn["active_seat"], turn["phase"]


def test_a_night_can_be_undone_exactly() -> None:
    log = table()
    before = log.replay()
    log.execute("night", {"skip_evening": True})
    log.execute("undo", {})
    state = {k: v for k, v in log.state.items() if k not in ("history", "version")}
    assert state == {k: v for k, v in before.items() if k not in ("history", "version")}
    assert log.replay() == log.state
