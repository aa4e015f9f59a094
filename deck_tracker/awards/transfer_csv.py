"""The award tracker as CSV: the printed sheet as a spreadsheet, exported and read back.

One row per game: its ``uid``, date, scenario, Generals, minions, W/L and reason; up to 6
``player_n``/``hero_n``/``minor_n``/``major_n`` column groups (a hero and its fame); one column per
reward card holding ``Hero (Player)``, as the rulebook asks ("Write the name of each Hero and the
Player on the Reward achieved"). Importing a CSV makes every name a player of the group.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from .models import PlayerGroup
from .selectors import hero_name
from .transfer import MAX_SEATS, REWARD_COLUMNS, Problems, clean_game, export_document

__all__ = ["CSV_COLUMNS", "export_csv", "parse_csv"]

SEAT_COLUMNS = [
    f"{kind}_{n}" for n in range(1, MAX_SEATS + 1) for kind in ("player", "hero", "minor", "major")
]
CSV_COLUMNS = [
    "uid",
    "played_on",
    "scenario",
    "generals",
    "minions",
    "result",
    "reason",
    *SEAT_COLUMNS,
    *REWARD_COLUMNS.values(),
]
REWARD_CELL = re.compile(r"^(?P<hero>[^()]+?) \((?P<player>.+)\)$")


def export_csv(*, group: PlayerGroup) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for game in export_document(group=group)["games"]:
        row = {key: game[key] for key in ("uid", "played_on", "scenario", "result", "reason")}
        row["generals"], row["minions"] = " ".join(game["generals"]), " ".join(game["minions"])
        for n, hero in enumerate(game["heroes"][:MAX_SEATS], start=1):
            row |= {
                f"player_{n}": hero["player_name"],
                f"hero_{n}": hero_name(hero["hero"]),
                f"minor_{n}": hero["minor_fame"],
                f"major_{n}": hero["major_fame"],
            }
        for reward in game["rewards"]:
            cell = f"{hero_name(reward['hero'])} ({reward['player_name']})"
            row[REWARD_COLUMNS[reward["card"]]] = cell
        writer.writerow(row)
    return out.getvalue()


def parse_csv(text: str) -> list[dict[str, Any]]:
    """A CSV export checked, as the games of a JSON document."""
    problems = Problems()
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("played_on", "generals", "result") if c not in (reader.fieldnames or [])]
    if missing:
        problems.add("columns", f"Missing column(s): {', '.join(missing)}.")
        problems.raise_any()
    games = []
    for number, row in enumerate(reader, start=1):
        heroes = []
        for n in range(1, MAX_SEATS + 1):
            if (row.get(f"player_{n}") or "").strip() or (row.get(f"hero_{n}") or "").strip():
                name = (row.get(f"player_{n}") or "").strip()
                heroes.append(
                    {
                        "player": name,
                        "player_name": name,
                        "hero": row.get(f"hero_{n}"),
                        "seat": str(n),
                        "minor_fame": row.get(f"minor_{n}"),
                        "major_fame": row.get(f"major_{n}"),
                    }
                )
        rewards = []
        for card, column in REWARD_COLUMNS.items():
            cell = (row.get(column) or "").strip()
            if not cell:
                continue
            match = REWARD_CELL.match(cell)
            if match is None:
                problems.add(f"rows.{number}.{column}", "Write the reward as Hero (Player).")
                continue
            rewards.append(
                {
                    "card": card,
                    "hero": match["hero"],
                    "player": match["player"],
                    "player_name": match["player"],
                }
            )
        raw = {key: row.get(key) for key in ("uid", "played_on", "scenario", "result", "reason")}
        raw |= {
            "generals": (row.get("generals") or "").split(),
            "minions": (row.get("minions") or "").split(),
            "heroes": heroes,
            "rewards": rewards,
        }
        games.append(clean_game(raw, f"rows.{number}", problems))
    problems.raise_any()
    return [game for game in games if game is not None]
