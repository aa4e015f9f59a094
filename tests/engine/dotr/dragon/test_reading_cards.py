"""Cards the app does not know yet are read at the table when they come up (DX: the dragon
Generals' cards are printed on the cards the players hold and published nowhere)."""

from __future__ import annotations

import copy

from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import msg, render_text
from deck_tracker.engine.rules.dotr.base.read_card import _prompt_name
from deck_tracker.engine.views import view_state
from tests.helpers import ENTERED, a_face, act, arrange, minions, on_top, read_all, refused

from . import DS, dragon_table, empty

NOTHING = {"values": {}, "cards": {}}
ONYX_CARD = {
    "placements": [
        {"location": "dark-woods", "colour": "black", "count": 2},
        {"location": "windy-pass", "colour": "black", "count": 1},
    ],
    "general": "onyx",
    "general_to": "next",
    "general_minions": 1,
}


def _onyx(entered: dict | None = None):
    log = dragon_table(
        {"black": "onyx"}, entered=entered or NOTHING, dragon_darkness_spreads="one_for_one"
    )
    read_all(log)
    empty(log)
    return log


def _recorded(log, *cards: str):
    """The arranged board and deck written as an event, so that replay holds."""
    on_top(log.state, *cards)
    state = log.state
    arrange(
        log,
        ("board", copy.deepcopy(state["board"])),
        ("supply", copy.deepcopy(state["supply"])),
        ("decks", DS, copy.deepcopy(state["decks"][DS])),
    )
    return log


def test_the_night_waits_for_the_card_and_then_resolves_it_as_if_it_had_been_known() -> None:
    known = copy.deepcopy(ENTERED)
    known["cards"] = {DS: [{"id": "dx-ds-onyx-1", "name": "Onyx card", "kind": "standard",
                            "data": ONYX_CARD}]}  # fmt: skip
    known["values"] = {"generals/onyx/starting_minions": 3, "generals/onyx/life": 6}
    entered_before = _onyx(known)
    read_now = _onyx()
    for log in (entered_before, read_now):
        _recorded(log, "dx-ds-onyx-1")

    entered_before.execute("night", {"skip_evening": True})
    outcome = read_now.execute("night", {"skip_evening": True})
    # The night stops at the card: it lies on the table, the turn has not passed.
    assert [e.type for e in outcome.events] == ["evening_skipped", "night_began", "card_to_read"]
    assert read_now.state["decks"][DS]["table"] == ["dx-ds-onyx-1"]
    prompt = read_now.state["reading"][0]
    assert (prompt["name"], prompt["kind"], prompt["card"]) == (
        "Onyx Darkness Spreads card",
        "standard",
        "dx-ds-onyx-1",
    )
    refused(read_now, "night", {"skip_evening": True}, "card_unread")
    refused(read_now, "wound_general", {"general": "gorgutt"}, "card_unread")

    answer = act(read_now, "read_card", {"face": ONYX_CARD})  # replay, undo and redo hold
    assert [e.type for e in answer.events] == ["card_read", "darkness_spreads_card", "turn_passed"]
    for loc in ("dark-woods", "windy-pass", "windy-pass"):
        assert minions(read_now.state, loc) == minions(entered_before.state, loc)
    assert read_now.state["board"] == entered_before.state["board"]
    assert read_now.state["generals"] == entered_before.state["generals"]
    assert read_now.state["decks"][DS]["discard"][-1] == "dx-ds-onyx-1"
    assert read_now.state["reading"] == []


def test_undo_of_the_answer_returns_to_the_card_waiting_to_be_read() -> None:
    log = _onyx()
    on_top(log.state, "dx-ds-onyx-2")
    log.execute("night", {"skip_evening": True})
    waiting = copy.deepcopy(log.state["reading"])
    log.execute("read_card", {"face": ONYX_CARD})
    log.execute("undo")
    assert log.state["reading"] == waiting
    assert log.state["decks"][DS]["table"] == ["dx-ds-onyx-2"]
    refused(log, "night", {"skip_evening": True}, "card_unread")


def test_the_prompt_shows_the_card_that_came_up_never_the_order_of_the_deck() -> None:
    log = _onyx()
    on_top(log.state, "dx-ds-onyx-3")
    log.execute("night", {"skip_evening": True})
    seen = view_state(log.state, "1")["reading"]
    assert [p["card"] for p in seen] == ["dx-ds-onyx-3"]
    assert "resume" not in seen[0]
    text = str(seen)
    assert not any(card in text for card in log.state["decks"][DS]["draw"])


def test_imps_quick_flying_a_card_shows_only_one_imp_per_location() -> None:
    """DX, Imps: "There will never be more than 1 Imp placed at one time per location -
    Therefore Imp Location cards in the Darkness Spreads Deck will show only 1 Green Minion to
    be added." No base card stands in for Hemlock's any more (one placed 2 Imps)."""
    log = dragon_table({"green": "hemlock"}, entered=NOTHING, dragon_darkness_spreads="one_for_one")
    read_all(log)
    empty(log)
    from deck_tracker.engine.rules.dotr.base.packs import game_cards

    cards = game_cards(log.state)
    deck = log.state["decks"][DS]
    in_play = [cards[c] for pile in ("draw", "discard", "table", "box") for c in deck[pile]]
    hemlock = [c for c in in_play if c.data.get("general") == "hemlock"]
    assert len(hemlock) == 12  # Gorgutt's standard cards, one for one
    assert not any(
        p["colour"] == "green" and p["count"] > 1 for c in hemlock for p in c.data["placements"]
    )
    on_top(log.state, "dx-ds-hemlock-1")
    log.execute("night", {"skip_evening": True})
    prompt = log.state["reading"][0]
    face = a_face(prompt, colour="green", location="thorny-woods")
    face["placements"][0]["count"] = 2
    try:
        log.execute("read_card", {"face": face})
    except InvalidArguments as error:
        (problem,) = error.fields["face.placements.0.count"]
        assert "never be more than 1 Imp placed at one time per location" in problem
    else:  # pragma: no cover - the assertion below names the failure
        raise AssertionError("2 Imps at one location were accepted")
    face["placements"][0]["count"] = 1
    outcome = log.execute("read_card", {"face": face})
    assert minions(log.state, "thorny-woods")["green"] == 1
    assert outcome.events[-1].type == "turn_passed"


def test_a_dragon_generals_life_is_read_at_the_first_wound() -> None:
    log = _recorded(_onyx())
    outcome = log.execute("wound_general", {"general": "onyx", "wounds": 2})
    assert [e.type for e in outcome.events] == ["card_to_read"]
    assert log.state["generals"]["onyx"]["wounds"] == 0
    answer = act(log, "read_card", {"face": {"life": 6}})
    assert answer.events[1].summary == "Onyx took 2 wounds (2 of 6)."
    # Known from then on: the next wound asks nothing.
    outcome = log.execute("wound_general", {"general": "onyx", "wounds": 1})
    assert outcome.events[0].summary == "Onyx took 1 wound (3 of 6)."


def test_brimstones_card_read_at_the_table_shows_where_he_lands() -> None:
    """DX, Dragon Flight: Brimstone "has special movement": his card shows where he lands, so
    the form offers every location and no "next location on his path"."""
    log = dragon_table({"red": "brimstone"}, entered=NOTHING, dragon_darkness_spreads="one_for_one")
    read_all(log)
    empty(log)
    slot = next(c for c in log.state["decks"][DS]["draw"] if c.startswith("dx-ds-brimstone-"))
    on_top(log.state, slot)
    log.execute("night", {"skip_evening": True})
    prompt = log.state["reading"][0]
    offered = [o["const"] for o in prompt["schema"]["properties"]["general_to"]["oneOf"]]
    assert "next" not in offered and "wolf-pass" in offered
    face = a_face(prompt, colour="red", location="blood-flats")
    face["general_to"] = "wolf-pass"
    outcome = log.execute("read_card", {"face": face})
    assert log.state["generals"]["brimstone"]["location"] == "wolf-pass"
    assert outcome.events[-1].type == "turn_passed"


def test_onslaught_random_generals_start_on_any_seed_with_nothing_entered() -> None:
    """DX Onslaught: "Shuffle all General cards and then deal them one at a time": whichever
    dragons are dealt, the game starts; what is not known is read at the table."""
    dragons_seen: set[str] = set()
    for seed in map(str, range(30)):
        log = dragon_table(
            "random", seed=seed, entered=NOTHING, dragon_darkness_spreads="one_for_one"
        )
        dealt = set(log.state["dragon"]["generals"].values())
        dragons_seen |= dealt & {"onyx", "hemlock", "brimstone", "high-dragon-sapphire"}
        read_all(log)
        assert not log.state.get("reading")
    assert dragons_seen == {"onyx", "hemlock", "brimstone", "high-dragon-sapphire"}


def test_a_prompt_says_whether_it_names_the_card_as_printed() -> None:
    """A card that came up is asked for by its printed name, which reads in the reader's
    language; words that stand for a card nobody entered read in the reader's language too."""
    log = _onyx()
    on_top(log.state, "dx-ds-onyx-1")
    log.execute("night", {"skip_evening": True})
    assert log.state["reading"][0]["printed"] is True

    def done(prompt: dict) -> str:  # the answer's summary, on a German phone
        return render_text(msg("dotr.read.done", card=_prompt_name(prompt)), "de")

    special = {"card": "dx-special-1", "kind": "special", "name": "Dragon expansion Special 1"}
    german = "Spezialkarte 1 der Drachen-Erweiterung ist gelesen: "
    assert done(special | {"printed": True}).startswith(german)
    # The flag decides, not whether the English catalogue happens to hold the same words.
    assert done(special | {"printed": False}).startswith("Dragon expansion Special 1 ist gelesen")
    # A prompt stored before the flag: printed when the catalogue names the card so.
    assert done(special).startswith(german)
    # Words that stand for a card nobody entered are kept as a message id.
    stand_in = {"card": "dx-special-1", "kind": "special", "name": msg("reading.name.good_effect")}
    assert done(stand_in).startswith("Der gezogene gute globale Effekt ist gelesen")
