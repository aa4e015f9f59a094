"""Rebasing a stale command (engine/merge.py): only when its declared parts were left alone, and
only when it writes nothing outside them."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest

from deck_tracker.engine.commands import REGISTRY, command
from deck_tracker.engine.core import Context
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.merge import rebase
from deck_tracker.engine.rng import rng_for
from tests.helpers import ENTERED


def game() -> GameLog:
    log = GameLog.start({"host": {"name": "Anna", "hero": "Wizard"}}, seed="merge")
    log.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    return log


def context(log: GameLog, actor: str = "2") -> Context:
    return Context(log.state, rng=rng_for(log.seed, len(log.events) + 1), actor=actor)


def test_a_wound_to_another_hero_is_rebased_and_applied() -> None:
    log = game()
    outcome = rebase(log.state, context(log), "wound_hero", {}, changed=[("heroes", "1", "life")])
    assert outcome is not None
    assert log.state["heroes"]["2"]["life"] == 5


@pytest.mark.parametrize(
    "changed",
    [
        [("heroes", "2", "life")],  # the same hero
        [("heroes",)],  # every hero at once
        [("outcome",)],  # the game ended meanwhile
        [("pending",)],  # a choice appeared meanwhile
        [("history", "undone")],  # an undo meanwhile: the undo stack's order would matter
    ],
)
def test_a_change_to_its_parts_or_to_what_every_command_reads_is_a_conflict(changed) -> None:
    log = game()
    before = copy.deepcopy(log.state)
    assert rebase(log.state, context(log), "wound_hero", {}, changed=changed) is None
    assert log.state == before


def test_undo_history_and_version_never_conflict_by_themselves() -> None:
    log = game()
    changed = [("version",), ("history", "done")]
    assert rebase(log.state, context(log), "wound_hero", {}, changed=changed) is not None


def test_a_command_without_declared_parts_is_never_rebased() -> None:
    log = game()
    assert (
        rebase(log.state, context(log), "move_hero", {"location": "wolf-pass"}, changed=[]) is None
    )


def test_bad_arguments_are_refused_as_such() -> None:
    log = game()
    with pytest.raises(InvalidArguments):
        rebase(log.state, context(log), "wound_hero", {"wounds": "two"}, changed=[])


@pytest.fixture
def leaky() -> Iterator[str]:
    """A command that declares one part and writes another too (as an observer might)."""

    @command("test_leaky", touches=lambda state, args, actor: [("heroes", str(actor))])
    def _leaky(ctx: Context, args: dict) -> None:
        """Wound one's own hero and move the War Status too."""
        ctx.set("heroes", str(ctx.actor), "life", 1)
        ctx.set("war_level", 3)
        ctx.emit("test_leaked", "Leaked.")

    try:
        yield "test_leaky"
    finally:
        del REGISTRY["test_leaky"]


def test_a_command_that_writes_outside_its_parts_is_rolled_back_and_not_merged(leaky) -> None:
    log = game()
    before = copy.deepcopy(log.state)
    assert rebase(log.state, context(log), leaky, {}, changed=[("heroes", "1", "life")]) is None
    assert log.state == before


def test_with_every_expansion_a_wound_to_ones_own_hero_still_merges() -> None:
    """The rules that follow every command (observers) write nothing on an ordinary wound."""
    setup = {
        "host": {"name": "Anna", "hero": "Wizard"},
        "expansions": ["dragon", "companions_catacombs", "heros_calling"],
        "overlays": {"dotr-dragon": ENTERED},
    }
    log = GameLog.start(setup, seed="merge-all")
    log.execute("join", {"name": "Bea", "hero": "Rogue"}, actor=None)
    outcome = rebase(log.state, context(log), "wound_hero", {}, changed=[("heroes", "1", "life")])
    assert outcome is not None
    assert log.state["heroes"]["2"]["life"] == log.state["heroes"]["2"]["max_life"] - 1
