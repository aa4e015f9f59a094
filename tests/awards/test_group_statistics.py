"""The history's charts: a group's wins and losses per General, scenario, hero and player, and
fame over time, computed by the statistics task when a game ends (or after an import)."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.awards.models import GroupStats

from .conftest import Personas, act
from .test_history import history, won_with_ball

pytestmark = pytest.mark.django_db(transaction=True)


def statistics(personas: Personas) -> dict[str, Any]:
    response = personas.alice.client.get(f"/api/v1/groups/{personas.group}/statistics/")
    assert response.status_code == 200, response.content
    figures: dict[str, Any] = response.json()["figures"]
    return figures


def row(series: list[dict[str, Any]], name: str) -> tuple[int, int]:
    found = next(item for item in series if item["name"] == name)
    return found["won"], found["lost"]


def test_the_task_computes_the_charts_figures_of_several_games(personas: Personas) -> None:
    won_with_ball(personas)
    lost = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    act(lost["seats"]["1"], lost["id"], "end_game", {"result": "lost", "reason": "Orcs ran out."})
    # Computed by the task when each game ended, before anyone asks.
    stored = GroupStats.objects.get(group_id=personas.group).figures
    figures = statistics(personas)
    assert figures == stored
    assert (figures["games"], figures["wins"], figures["losses"]) == (2, 1, 1)
    assert row(figures["by_general"], "Gorgutt") == (1, 1)
    assert row(figures["by_hero"], "Wizard") == (1, 1)
    assert row(figures["by_hero"], "Rogue") == (1, 0)
    assert row(figures["by_player"], "Ada") == (1, 1)
    assert row(figures["by_player"], "Bea") == (1, 0)
    assert row(figures["by_scenario"], "No scenario") == (1, 1)
    # Fame over time: each player's total so far, game by game.
    records = history(personas, group=personas.group, order="oldest")["records"]
    ada_first = next(h for h in records[0]["heroes"] if h["player_name"] == "Ada")
    assert [point["game"] for point in figures["fame"]] == [1, 2]
    assert figures["fame"][0]["totals"]["Ada"] == ada_first["minor_fame"] + ada_first["major_fame"]
    assert figures["fame"][1]["totals"]["Ada"] >= figures["fame"][0]["totals"]["Ada"]


def test_a_group_without_games_has_empty_charts(personas: Personas) -> None:
    figures = statistics(personas)
    assert figures["games"] == 0 and figures["by_general"] == [] and figures["fame"] == []


def test_another_accounts_group_is_not_found(personas: Personas) -> None:
    response = personas.charlie.client.get(f"/api/v1/groups/{personas.group}/statistics/")
    assert response.status_code == 404


def test_per_player_figures_agree_with_the_players_list(personas: Personas) -> None:
    """A guest who sat as no player, under a player's name ('Ada' typed at a join, not linked),
    counts for no player: the charts' Ada played what the Players list says she played."""
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"), guests=[(None, None, "Ada", "Dwarf")]
    )
    act(game["seats"]["1"], game["id"], "end_game", {"result": "lost", "reason": "Taint."})
    figures = statistics(personas)
    ada = personas.alice.client.get(f"/api/v1/players/{personas.ada}/").json()["stats"]
    assert row(figures["by_player"], "Ada") == (ada["wins"], ada["losses"]) == (0, 1)
