"""A group's statistics for the history's charts: wins and losses per General, per scenario,
per hero and per player, and each player's fame over time (game after game).

Recomputed from the group's records by the statistics tasks (``tasks.py``), never edited by
hand; each series is a list of ``{"key", "name", "won", "lost"}`` ordered by games played
(most first), then by name.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from deck_tracker.engine import default_scenarios

from .codes import GENERAL_NAMES
from .models import GameRecord, GroupStats, Player
from .selectors import hero_name


def _series(counts: dict[str, Counter[str]], labels: dict[str, str]) -> list[dict[str, Any]]:
    rows = [
        {"key": key, "name": labels.get(key, key), "won": c["won"], "lost": c["lost"]}
        for key, c in counts.items()
    ]
    return sorted(rows, key=lambda row: (-(row["won"] + row["lost"]), row["name"]))


def group_figures(*, group_id: int) -> dict[str, Any]:
    records = (
        GameRecord.objects.filter(group_id=group_id)
        .prefetch_related("heroes__player")
        .order_by("played_on", "created_at", "id")
    )
    scenarios = default_scenarios()
    by_general: dict[str, Counter[str]] = defaultdict(Counter)
    by_scenario: dict[str, Counter[str]] = defaultdict(Counter)
    by_hero: dict[str, Counter[str]] = defaultdict(Counter)
    by_player: dict[str, Counter[str]] = defaultdict(Counter)
    labels: dict[str, str] = {"": "No scenario"}
    fame_so_far: Counter[str] = Counter()
    fame: list[dict[str, Any]] = []
    total: Counter[str] = Counter()
    for number, record in enumerate(records, start=1):
        outcome = "won" if record.result == "W" else "lost"
        total[outcome] += 1
        for code in record.generals:
            by_general[code][outcome] += 1
        scenario = record.scenario or ""
        by_scenario[scenario][outcome] += 1
        if scenario and scenario not in labels:
            found = scenarios.get(scenario)
            labels[scenario] = found.name if found else scenario.replace("-", " ").capitalize()
        for row in record.heroes.all():
            by_hero[row.hero][outcome] += 1
            labels.setdefault(f"hero:{row.hero}", hero_name(row.hero))
            # Per player: the group's players only, by their name in the Players list (a guest
            # at the table, a name and no player, is no player's: the list and these agree).
            if row.player is None:
                continue
            player = row.player.name
            by_player[player][outcome] += 1
            fame_so_far[player] += row.minor_fame + row.major_fame
        fame.append(
            {"game": number, "played_on": record.played_on.isoformat(), "totals": dict(fame_so_far)}
        )
    names = {name: name for name in by_player}
    return {
        "games": total["won"] + total["lost"],
        "wins": total["won"],
        "losses": total["lost"],
        "by_general": _series(by_general, GENERAL_NAMES),
        "by_scenario": _series(by_scenario, labels),
        "by_hero": _series(by_hero, {h: labels[f"hero:{h}"] for h in by_hero}),
        "by_player": _series(by_player, names),
        "fame": fame,
    }


def group_stats_recompute(*, group_ids: list[int]) -> None:
    for group_id in sorted(set(group_ids)):
        GroupStats.objects.update_or_create(
            group_id=group_id, defaults={"figures": group_figures(group_id=group_id)}
        )


def groups_of_players(*, player_ids: list[int]) -> list[int]:
    return list(
        Player.objects.filter(pk__in=player_ids).values_list("group_id", flat=True).distinct()
    )
