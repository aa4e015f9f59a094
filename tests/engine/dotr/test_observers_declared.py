"""Each observer declares the commands it follows; the dispatcher calls it after those only.

An observer declared for a command is never skipped after it; one skipped after a command could
not have acted there: the same seeded games through every observer in play give the same events
and state as through the declared ones.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from deck_tracker.engine import commands
from deck_tracker.engine.commands import REGISTRY, Observer
from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr import hooks, registry
from deck_tracker.engine.systems import load_systems
from tests.engine.dotr.test_seeded_digest import SETUPS, digest, play

ALL = ("companions_catacombs", "dragon", "heros_calling", "kings_champion", "scenario")


def test_an_observer_is_called_after_exactly_the_commands_it_declares() -> None:
    load_systems()
    state: State = {"system": "dotr", "expansions": list(ALL)}
    in_play = registry.in_play(state).observers
    assert in_play == hooks.OBSERVERS  # every observer acts in a game of every expansion
    for name in REGISTRY:
        called = registry.observers_in_play(state, name)
        expected = tuple(
            observer
            for observer in hooks.OBSERVERS
            if (observer.commands is None or name in observer.commands)
            and name not in observer.ignores
        )
        assert called == expected, name
    for observer in hooks.OBSERVERS:  # declared for X: never skipped after X
        for name in observer.commands or ():
            assert name in REGISTRY, name
            assert observer in registry.observers_in_play(state, name)


def test_the_night_is_followed_by_the_observers_that_act_after_it() -> None:
    load_systems()
    base: State = {"system": "dotr", "expansions": []}
    from deck_tracker.engine.rules.dotr.dragon import dangers

    # The base game: none (the Dragon's dangers act only in a game with an expansion); a game
    # of any one expansion: the dangers.
    assert registry.observers_in_play(base, "night") == ()
    for expansion in (e.name for e in hooks.EXPANSIONS):
        game: State = {"system": "dotr", "expansions": [expansion]}
        assert dangers.OBSERVER in registry.observers_in_play(game, "night"), expansion


def test_a_base_game_is_the_same_with_the_dangers_observer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dangers observer, left out of a game without expansions, could not have acted
    there: the base game's seeded games give the same events and state with it."""
    load_systems()
    from deck_tracker.engine.rules.dotr.dragon import dangers

    declared = [digest(play(SETUPS["base"], f"dangers-base-{n}", 30)) for n in range(3)]

    def with_dangers(state: State, command: str) -> Sequence[Observer]:
        observers = registry.observers_in_play(state, command)
        if dangers.OBSERVER.follows(command) and dangers.OBSERVER not in observers:
            return (*observers, dangers.OBSERVER)
        return observers

    monkeypatch.setitem(commands.OBSERVERS_IN_PLAY, "dotr", with_dangers)
    assert [digest(play(SETUPS["base"], f"dangers-base-{n}", 30)) for n in range(3)] == declared


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_seeded_games_are_the_same_through_every_observer_in_play(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_systems()
    declared = [digest(play(SETUPS[name], f"observers-{name}-{n}", 30)) for n in range(2)]

    def every_observer(state: State, command: str) -> Sequence[Observer]:
        return registry.in_play(state).observers  # as before: each after every command

    monkeypatch.setitem(commands.OBSERVERS_IN_PLAY, "dotr", every_observer)
    every = [digest(play(SETUPS[name], f"observers-{name}-{n}", 30)) for n in range(2)]
    assert declared == every
