"""The award tracker as CSV: the printed sheet as a spreadsheet, exported and read back.

One row per game: its ``uid``, date, scenario, Generals, minions, W/L and reason; up to 6
``player_n``/``hero_n``/``minor_n``/``major_n`` column groups (a hero and its fame); one column per
reward card holding ``Hero (Player)``, as the rulebook asks ("Write the name of each Hero and the
Player on the Reward achieved"). Importing a CSV makes every name a player of the group, but a
name the export marked untracked (``tracked_n`` "no": a guest at the table), which stays a name.

Every cell that a spreadsheet would run as a formula is written behind an apostrophe (a name
such as ``=HYPERLINK(...)`` typed at a join stays text); importing the file takes it off again.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Any

from django.conf import settings

from .models import PlayerGroup
from .selectors import hero_name
from .transfer import (
    MAX_SEATS,
    REWARD_COLUMNS,
    Problems,
    clean_game,
    export_document,
    too_many_games,
)

__all__ = ["CSV_COLUMNS", "export_csv", "parse_csv"]

# ``tracked_n``: "no" for a name at the table that is no player of the group (a guest), so that
# an import leaves it a name; empty or missing (a file of an older export): a player.
SEAT_COLUMNS = [
    f"{kind}_{n}"
    for n in range(1, MAX_SEATS + 1)
    for kind in ("player", "tracked", "hero", "minor", "major")
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
# A spreadsheet runs a cell starting with one of these as a formula (OWASP, "CSV Injection"):
# the export writes such a cell behind an apostrophe, which the import takes off again.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _runs_as_formula(value: str) -> bool:
    """Whether a spreadsheet may run the cell: it reads a compatibility form as its plain
    character (a fullwidth equals sign, U+FF1D, typed on an East Asian keyboard; U+FE66)."""
    return unicodedata.normalize("NFKC", value).startswith(FORMULA_START)


def neutralise(value: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs (numbers stay numbers)."""
    if isinstance(value, str) and _runs_as_formula(value):
        return "'" + value
    return value


def _restore(value: str | None) -> str | None:
    if value and value.startswith("'") and _runs_as_formula(value[1:]):
        return value[1:]
    return value


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
                f"tracked_{n}": "yes" if hero["player"] else "no",
                f"hero_{n}": hero_name(hero["hero"]),
                f"minor_{n}": hero["minor_fame"],
                f"major_{n}": hero["major_fame"],
            }
        for reward in game["rewards"]:
            cell = f"{hero_name(reward['hero'])} ({reward['player_name']})"
            row[REWARD_COLUMNS[reward["card"]]] = cell
        writer.writerow({key: neutralise(value) for key, value in row.items()})
    return out.getvalue()


def _rows(text: str) -> list[dict[str, Any]]:
    # newline="": lines may end in \n, \r\n or a lone \r (old spreadsheet exports).
    reader = csv.DictReader(io.StringIO(text, newline=""))
    return [
        {key: _restore(value) if isinstance(value, str) else value for key, value in row.items()}
        for row in reader
    ]


def _header(text: str) -> list[str]:
    return next(csv.reader(io.StringIO(text, newline="")), [])


def parse_csv(text: str) -> list[dict[str, Any]]:
    """A CSV export checked, as the games of a JSON document."""
    problems = Problems()
    try:
        rows = _rows(text)
    except csv.Error as error:
        problems.add("csv", f"Not a CSV file this app can read ({error}).")
        problems.raise_any()
        return []
    if len(rows) > settings.IMPORT_MAX_GAMES:
        raise too_many_games()
    fieldnames = list(rows[0]) if rows else _header(text)
    missing = [c for c in ("played_on", "generals", "result") if c not in fieldnames]
    if missing:
        problems.add("columns", f"Missing column(s): {', '.join(missing)}.")
        problems.raise_any()
    games = []
    for number, row in enumerate(rows, start=1):
        heroes = []
        guests = set()
        for n in range(1, MAX_SEATS + 1):
            if (row.get(f"player_{n}") or "").strip() or (row.get(f"hero_{n}") or "").strip():
                name = (row.get(f"player_{n}") or "").strip()
                tracked = (row.get(f"tracked_{n}") or "").strip().lower() != "no"
                if not tracked:
                    guests.add(name)
                heroes.append(
                    {
                        "player": name if tracked else None,
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
                    "player": None if match["player"] in guests else match["player"],
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
