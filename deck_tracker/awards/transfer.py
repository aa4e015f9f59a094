"""Export and import of a group's award tracker, as JSON (everything) or CSV (the sheet).

JSON keeps every field: the group's settings, its players, and each game with its heroes' fame
and its rewards. CSV (``transfer_csv.py``) is the printed sheet as a spreadsheet.

Imports add games whose ``uid`` the group does not have yet and skip the others, so importing
the same file twice changes nothing. A document's group settings and players are checked by the
same serializers as ``PATCH /groups/{id}/`` and ``POST /players/``; nothing is written unless the
whole file passes, and then in one transaction. At most ``IMPORT_MAX_GAMES`` games a file and
``GROUP_MAX_GAMES`` in a group. Every problem is reported at once, each under its place in
the file (``games.3.result``, ``rows.2.generals``).
"""

from __future__ import annotations

import re
import uuid
from datetime import date
from typing import Any

from django.conf import settings as django_settings
from django.db import transaction
from django.utils.translation import gettext as _

from deck_tracker.engine import slugify

from .api.serializers import GroupInSerializer, PlayerInSerializer
from .models import (
    REWARD_CARDS,
    GameRecord,
    GameRecordHero,
    Player,
    PlayerGroup,
    RewardAward,
)
from .selectors import records
from .services import AwardsError, account_in_group, player_room_check

FORMAT, VERSION = "dotr-award-tracker", 1
MAX_SEATS = 6
HERO_SIZE = 60  # GameRecordHero.hero, RewardAward.hero
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


def too_many_games() -> AwardsError:
    limit = django_settings.IMPORT_MAX_GAMES
    return AwardsError(
        _("At most {limit} games a file; split it and import the parts one after another.").format(
            limit=limit
        ),
        code="import_too_large",
        field="games",
        status=413,
    )


class Problems:
    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def add(self, where: str, message: str) -> None:
        self.fields.setdefault(where, []).append(message)

    def raise_any(self) -> None:
        if self.fields:
            raise AwardsError(
                _("The file has problems; nothing was imported."),
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


def _hero(raw: Any, where: str, problems: Problems) -> str:
    """A hero's id from its name; the id, not the name, must fit the column (60)."""
    hero = slugify(_text(raw, where, problems, size=HERO_SIZE) or "x")
    if len(hero) > HERO_SIZE:  # "\u33af" (one character) is "rad-s2" as an id
        problems.add(where, f"A hero's name that is at most {HERO_SIZE} characters as an id.")
        return "x"
    return hero


def _fame(raw: Any, where: str, problems: Problems) -> int:
    if raw in (None, ""):
        return 0
    try:
        # A JSON number may be a float: 2.0 is taken, 1.5 is no count of tokens, and 1e400
        # (infinity to the parser) can be no int at all.
        value = int(raw) if not isinstance(raw, float) or raw.is_integer() else -1
    except (TypeError, ValueError, OverflowError):
        value = -1
    if isinstance(raw, bool) or not 0 <= value <= 10_000:
        problems.add(where, "A whole number of fame points (0 or more).")
        return 0
    return value


def _list(raw: Any, where: str, problems: Problems) -> list[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(where, "A list.")
        return []
    return raw


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
    for index, hero in enumerate(_list(raw.get("heroes"), f"{where}.heroes", problems)):
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
                "hero": _hero(hero.get("hero"), f"{at}.hero", problems),
                "seat": _text(str(hero.get("seat") or index + 1), f"{at}.seat", problems, size=8),
                "minor_fame": _fame(hero.get("minor_fame"), f"{at}.minor_fame", problems),
                "major_fame": _fame(hero.get("major_fame"), f"{at}.major_fame", problems),
            }
        )
    if len(game["heroes"]) > MAX_SEATS:
        problems.add(f"{where}.heroes", f"At most {MAX_SEATS} heroes.")
    seen: set[str] = set()
    for index, reward in enumerate(_list(raw.get("rewards"), f"{where}.rewards", problems)):
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
                "hero": _hero(reward.get("hero"), f"{at}.hero", problems),
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


def _clean(form_class: Any, raw: Any, where: str, problems: Problems, **kw: Any) -> Any:
    """Check ``raw`` with the API's own input serializer; its errors under ``where``."""
    if not isinstance(raw, dict):
        problems.add(where, "An object.")
        return None
    form = form_class(data=raw, **kw)
    if form.is_valid():
        return form.validated_data
    _report(form.errors, where, problems)
    return None


def _report(errors: Any, where: str, problems: Problems) -> None:
    if isinstance(errors, dict):
        for key, value in errors.items():
            _report(value, f"{where}.{key}", problems)
    elif isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        for message in errors:
            problems.add(where, str(message))
    elif isinstance(errors, list):
        for index, value in enumerate(errors):
            _report(value, f"{where}.{index}", problems)
    else:
        problems.add(where, str(errors))


def _clean_settings(raw: Any, problems: Problems) -> dict[str, Any]:
    """The group's settings, by the rules of ``PATCH /groups/{id}/`` (its name is not taken)."""
    if raw is None:
        return {}
    if isinstance(raw, dict):
        raw = {key: value for key, value in raw.items() if key != "name"}
    cleaned = _clean(GroupInSerializer, raw, "group", problems, partial=True)
    return dict(cleaned or {})


def parse_document(doc: Any) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """A JSON export checked: (group settings, players, games)."""
    problems = Problems()
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        problems.add("format", f"Not an export of this app (format {FORMAT!r}).")
        problems.raise_any()
    if doc.get("version") != VERSION:
        problems.add("version", f"Version {VERSION} is the only one known.")
    settings = _clean_settings(doc.get("group"), problems)
    players = []
    for index, raw in enumerate(_list(doc.get("players"), "players", problems)):
        player = _clean(PlayerInSerializer, raw, f"players.{index}", problems)
        if player is not None:
            players.append({"name": player["name"], "account": player.get("account") or None})
    raw_games = doc.get("games")
    if not isinstance(raw_games, list):
        problems.add("games", "A list of games.")
        raw_games = []
    if len(raw_games) > django_settings.IMPORT_MAX_GAMES:
        raise too_many_games()
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
            player_room_check(group=group)  # refused: the whole import is undone
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
    new = {game["uid"] for game in games} - existing
    if len(existing) + len(new) > django_settings.GROUP_MAX_GAMES:
        raise AwardsError(
            _("A group keeps at most {limit} games; this file would go past it.").format(
                limit=django_settings.GROUP_MAX_GAMES
            ),
            code="group_full",
            field="games",
            status=409,
        )
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
