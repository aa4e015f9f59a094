"""Properties that hold over any game: random setups, settings and nights at every War Status.

* on the board plus in the supply there are always 25 minions of each colour and 12 crystals;
* no General ever leaves its path, and only moves forward;
* every step names its rule;
* replaying the log (``GameLog.replay``) gives the same state, and undo restores it exactly.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deck_tracker.engine.content import default_packs
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.expansions import settings_in_use
from tests.helpers import check_conservation, set_war_level

PACK = default_packs()["dotr-base"]

# Every setting a base game uses (the others are refused: option_not_used).
options_strategy = st.fixed_dictionaries(
    {},
    optional={
        name: st.sampled_from(setting.allowed) for name, setting in settings_in_use({})[0].items()
    },
)
# A night is played at a War Status level (0 Early, 1-2 Mid, 3 Late), raised or not at random.
nights_strategy = st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=14)


def check_generals(state: dict[str, Any], before: dict[str, Any]) -> None:
    for general in PACK.generals.values():
        entry = state["generals"][general.id]
        assert entry["location"] == general.path[entry["path_index"]]
        assert entry["path_index"] >= before[general.id]["path_index"]
        assert entry["path_index"] - before[general.id]["path_index"] <= 3


def play(log: GameLog, levels: list[int]) -> None:
    for level in sorted(levels):
        if log.state["outcome"]:
            break
        before = {g: dict(v) for g, v in log.state["generals"].items()}
        set_war_level(log, level)  # the War Status only rises
        first = len(log.events)
        log.execute("night", {"skip_evening": True})
        check_conservation(log.state)
        check_generals(log.state, before)
        for event in log.events[first:]:
            assert all(step["rule"] and step["text"] for step in event.steps)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), options=options_strategy, levels=nights_strategy)
def test_minions_and_crystals_are_conserved_and_generals_keep_to_their_paths(
    seed: str, options: dict[str, Any], levels: list[int]
) -> None:
    log = GameLog.start({"host": {"name": "Ada", "hero": "cleric"}, "options": options}, seed=seed)
    check_conservation(log.state)
    play(log, levels)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(min_size=1, max_size=8),
    options=options_strategy,
    nights=st.integers(min_value=1, max_value=12),
)
def test_a_replayed_log_gives_the_same_state(
    seed: str, options: dict[str, Any], nights: int
) -> None:
    log = GameLog.start({"host": {"name": "Ada", "hero": "paladin"}, "options": options}, seed=seed)
    log.execute("join", {"name": "Bea", "hero": "ranger"}, actor=None)
    play(log, [min(3, n // 3) for n in range(nights)])
    assert log.replay() == log.state


@settings(max_examples=15, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), nights=st.integers(min_value=1, max_value=6))
def test_undoing_every_night_restores_the_setup(seed: str, nights: int) -> None:
    log = GameLog.start({"host": {"name": "Ada", "hero": "dwarf"}}, seed=seed)
    start = {k: v for k, v in log.replay().items() if k not in ("history", "version")}
    played = 0
    for _ in range(nights):
        if log.state["outcome"]:
            break
        log.execute("night", {"skip_evening": True})
        played += 1
    for _ in range(played):
        log.execute("undo", {})
    assert {k: v for k, v in log.state.items() if k not in ("history", "version")} == start
    assert log.replay() == log.state


def test_many_random_games_keep_every_invariant() -> None:
    """Forty games of up to 30 nights at rising War Status, default settings."""
    for game in range(40):
        log = GameLog.start({"host": {"name": "Ada", "hero": "sorceress"}}, seed=f"many-{game}")
        play(log, [min(3, n // 6) for n in range(30)])
        assert log.replay() == log.state
