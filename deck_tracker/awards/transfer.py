"""Export and import of a group's award tracker, as JSON (everything) or CSV (the sheet).

JSON keeps every field: the group's settings, its players, and each game with its heroes' fame
and its rewards. CSV (``transfer_csv.py``) is the printed sheet as a spreadsheet.

Imports add games whose ``uid`` the group does not have yet and skip the others, so importing
the same file twice changes nothing. Every problem is reported at once, each under its place in
the file (``games.3.result``, ``rows.2.generals``).
"""

from __future__ import annotations

import re
import uuid
from datetime import date
from typing import Any

from django.db import transaction

from deck_tracker.engine import slugify

from .models import (
    REWARD_CARDS,
    GameRecord,
    GameRecordHero,
    Player,
    PlayerGroup,
    RewardAward,
    RewardCarryOver,
)
from .selectors import records
from .services import AwardsError, account_in_group

FORMAT, VERSION = "dotr-award-tracker", 1
MAX_SEATS = 6
CARDS = [card for card, _ in REWARD_CARDS]
REWARD_COLUMNS = {
    card: card.replace("kings-champion", "champion").replace("-", "_") for card in CARDS
}
CODE = re.compile(r"^[A-Z][A-Z0-9]{0,11}$")


# ------------------------------------------------------------------------------------------
# Export
# ------------------------------------------------------------------------------------------


def export_document(*, group: PlayerGroup) -> dict[str, Any]:
    players = Player.objects.filter(group=group).select_related("account").order_by("name")
    return {
        "format": FORMAT,
        "version": VERSION,
        "group": {
            "name": group.name,
            "reward_carry_over": group.reward_carry_over,
            "fame_cup": list(group.fame_cup),
            "reward_effects": dict(sorted(group.reward_effects.items())),
        },
        "players": [
            {"name": p.name, "account": p.account.get_username() if p.account else None}
            for p in players
        ],
        "games": [_game(record) for record in records(group=group)],
    }


def _game(record: GameRecord) -> dict[str, Any]:
    def linked(player: Player | None) -> str | None:
        return player.name if player is not None else None

    return {
        "uid": str(record.uid),
        "played_on": record.played_on.isoformat(),
        "scenario": record.scenario,
        "generals": list(record.generals),
        "minions": list(record.minions),
        "result": record.result,
        "reason": record.reason,
        "heroes": [
            {
                "player": linked(h.player),
                "player_name": h.player_name,
                "hero": h.hero,
                "seat": h.seat,
                "minor_fame": h.minor_fame,
                "major_fame": h.major_fame,
            }
            for h in record.heroes.all()
        ],
        "rewards": [
            {
                "card": r.card,
                "hero": r.hero,
                "player": linked(r.player),
                "player_name": r.player_name,
            }
            for r in record.rewards.all()
        ],
    }


# ------------------------------------------------------------------------------------------
# Import
# ------------------------------------------------------------------------------------------


class Problems:
    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def add(self, where: str, message: str) -> None:
        self.fields.setdefault(where, []).append(message)

    def raise_any(self) -> None:
        if self.fields:
            raise AwardsError(
                "The file has problems; nothing was imported.",
                code="invalid_import",
                fields=self.fields,
            )


def _text(raw: Any, where: str, problems: Problems, *, size: int, empty: bool = False) -> str:
    if raw is None and empty:
        return ""
    if not isinstance(raw, str) or (not raw.strip() and not empty) or len(raw) > size:
        problems.add(where, f"A text of 1 to {size} characters.")
        return ""
    return raw.strip()


def _fame(raw: Any, where: str, problems: Problems) -> int:
    if raw in (None, ""):
        return 0
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = -1
    if isinstance(raw, bool) or not 0 <= value <= 10_000:
        problems.add(where, "A whole number of fame points (0 or more).")
        return 0
    return value


def clean_game(raw: Any, where: str, problems: Problems) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        problems.add(where, "Each game is an object.")
        return None
    game: dict[str, Any] = {}
    try:
        game["uid"] = uuid.UUID(str(raw.get("uid") or uuid.uuid4()))
    except ValueError:
        problems.add(f"{where}.uid", "A UUID.")
    try:
        game["played_on"] = date.fromisoformat(str(raw.get("played_on")))
    except ValueError:
        problems.add(f"{where}.played_on", "A date, YYYY-MM-DD.")
    for key in ("generals", "minions"):
        codes = raw.get(key)
        if not isinstance(codes, list) or not all(
            isinstance(c, str) and CODE.match(c) for c in codes
        ):
            problems.add(f"{where}.{key}", "A list of the sheet's abbreviations, e.g. S V G B.")
        game[key] = codes if isinstance(codes, list) else []
    if raw.get("result") not in ("W", "L"):
        problems.add(f"{where}.result", "W or L.")
    game["result"] = raw.get("result")
    game["scenario"] = _text(
        raw.get("scenario"), f"{where}.scenario", problems, size=60, empty=True
    )
    game["reason"] = _text(raw.get("reason"), f"{where}.reason", problems, size=500, empty=True)
    game["heroes"], game["rewards"] = [], []
    for index, hero in enumerate(raw.get("heroes") or []):
        at = f"{where}.heroes.{index}"
        if not isinstance(hero, dict):
            problems.add(at, "An object.")
            continue
        game["heroes"].append(
            {
                "player": hero.get("player")
                and _text(hero["player"], f"{at}.player", problems, size=60),
                "player_name": _text(
                    hero.get("player_name") or hero.get("player"),
                    f"{at}.player_name",
                    problems,
                    size=60,
                ),
                "hero": slugify(_text(hero.get("hero"), f"{at}.hero", problems, size=60) or "x"),
                "seat": _text(str(hero.get("seat") or index + 1), f"{at}.seat", problems, size=8),
                "minor_fame": _fame(hero.get("minor_fame"), f"{at}.minor_fame", problems),
                "major_fame": _fame(hero.get("major_fame"), f"{at}.major_fame", problems),
            }
        )
    if len(game["heroes"]) > MAX_SEATS:
        problems.add(f"{where}.heroes", f"At most {MAX_SEATS} heroes.")
    seen: set[str] = set()
    for index, reward in enumerate(raw.get("rewards") or []):
        at = f"{where}.rewards.{index}"
        if not isinstance(reward, dict) or reward.get("card") not in CARDS:
            problems.add(f"{at}.card", f"One of {', '.join(CARDS)}.")
            continue
        if reward["card"] in seen:
            problems.add(f"{at}.card", "Each reward card once per game.")
        seen.add(reward["card"])
        game["rewards"].append(
            {
                "card": reward["card"],
                "hero": slugify(_text(reward.get("hero"), f"{at}.hero", problems, size=60) or "x"),
                "player": reward.get("player")
                and _text(reward["player"], f"{at}.player", problems, size=60),
                "player_name": _text(
                    reward.get("player_name") or reward.get("player"),
                    f"{at}.player_name",
                    problems,
                    size=60,
                ),
            }
        )
    return game


def parse_document(doc: Any) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """A JSON export checked: (group settings, players, games)."""
    problems = Problems()
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        problems.add("format", f"Not an export of this app (format {FORMAT!r}).")
        problems.raise_any()
    if doc.get("version") != VERSION:
        problems.add("version", f"Version {VERSION} is the only one known.")
    settings: dict[str, Any] = {}
    group = doc.get("group") or {}
    if isinstance(group, dict):
        if group.get("reward_carry_over") in RewardCarryOver.values:
            settings["reward_carry_over"] = group["reward_carry_over"]
        cup = group.get("fame_cup")
        if isinstance(cup, list) and all(isinstance(v, int) and 0 <= v <= 20 for v in cup):
            settings["fame_cup"] = cup
        effects = group.get("reward_effects")
        if isinstance(effects, dict) and all(
            k in CARDS and isinstance(v, str) and len(v) <= 500 for k, v in effects.items()
        ):
            settings["reward_effects"] = effects
    players = []
    for index, raw in enumerate(doc.get("players") or []):
        name = _text((raw or {}).get("name"), f"players.{index}.name", problems, size=60)
        players.append({"name": name, "account": (raw or {}).get("account")})
    raw_games = doc.get("games")
    if not isinstance(raw_games, list):
        problems.add("games", "A list of games.")
        raw_games = []
    games = [clean_game(raw, f"games.{i}", problems) for i, raw in enumerate(raw_games)]
    problems.raise_any()
    return settings, players, [game for game in games if game is not None]


@transaction.atomic
def import_games(
    *,
    group: PlayerGroup,
    games: list[dict[str, Any]],
    players: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, int]:
    """Add the games the group does not have (by ``uid``); players are matched by name."""
    known = {p.name: p for p in Player.objects.filter(group=group)}
    made = 0

    def player(name: str | None, account: str | None = None) -> Player | None:
        nonlocal made
        if not name:
            return None
        if name not in known:
            try:
                user = account_in_group(group, account)
            except AwardsError:
                user = None
            known[name] = Player.objects.create(group=group, name=name, account=user)
            made += 1
        return known[name]

    for entry in players or []:
        player(entry["name"], entry.get("account"))
    if settings:
        for key, value in settings.items():
            setattr(group, key, value)
        group.save(update_fields=list(settings))
    existing = set(GameRecord.objects.filter(group=group).values_list("uid", flat=True))
    created = 0
    for game in games:
        if game["uid"] in existing:
            continue
        existing.add(game["uid"])
        record = GameRecord.objects.create(
            group=group,
            uid=game["uid"],
            played_on=game["played_on"],
            scenario=game["scenario"],
            generals=game["generals"],
            minions=game["minions"],
            result=game["result"],
            reason=game["reason"],
        )
        GameRecordHero.objects.bulk_create(
            GameRecordHero(
                record=record,
                player=player(h["player"]),
                player_name=h["player_name"],
                hero=h["hero"],
                seat=h["seat"],
                minor_fame=h["minor_fame"],
                major_fame=h["major_fame"],
            )
            for h in game["heroes"]
        )
        RewardAward.objects.bulk_create(
            RewardAward(
                record=record,
                card=r["card"],
                hero=r["hero"],
                player=player(r["player"]),
                player_name=r["player_name"],
            )
            for r in game["rewards"]
        )
        created += 1
    return {
        "games_created": created,
        "games_skipped": len(games) - created,
        "players_created": made,
    }
