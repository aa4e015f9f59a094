"""The documented choices of a Talisman: The Dragon game, fixed at setup (``setup["options"]``).

Where the rulebook is silent or the box prints what is published nowhere, the choice is a setting
with a default and the reason for it (docs/talisman-dragon.md lists them for players).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, msg
from deck_tracker.engine.settings import Setting

from .content import default_pack

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "inner_region",
        "dragon-tower",
        ("dragon-tower", "dragon-realm"),
        "Which side of the board overlay forms the Inner Region. The rulebook leaves it to the "
        "players ('players must agree which side is to be used'); the Dragon Tower is offered "
        "first because the app can follow its movement entirely.",
        "TD p12",
    ),
    Setting(
        "token_draw",
        "table",
        ("table", "app"),
        "Who draws the dragon token at the start of each turn: the table from its physical bag "
        "(the player taps which token came up), or the app (seeded and recorded). The bag's mix "
        "is printed in the box only, so the app draws only once the table has entered it "
        "(`bag_mix`).",
        "TD6; the mix: TABLE",
    ),
    Setting(
        "bag_mix",
        None,
        (None, "{token kind: count}"),
        "How many tokens of each kind the bag holds (kinds: varthrax, cadorus, grilipus, strike, "
        "rage, slumber), counted once from the box and remembered for later games. Needed for "
        "`token_draw: app`.",
        "TABLE",
    ),
    Setting(
        "bag_refill",
        False,
        (False, True),
        "The rulebook does not say what happens when the bag runs empty. Off: the app says so "
        "and the table decides; on: the drawn tokens go back in the bag and are shuffled.",
        "Silent in TD",
    ),
    Setting(
        "dragon_decks",
        "app",
        ("app", "table"),
        "Who holds the three Dragon decks: the app (56 cards each, unknown until a player reads "
        "a drawn card's name to the app) or the table (players tap the card that came up).",
        "FFG (deck size)",
    ),
    Setting(
        "lord_lives",
        None,
        (None, "{lord: lives}"),
        "The lives printed on each Draconic Lord's card, counted once from the box and "
        "remembered for later games; the "
        "confrontation asks for the King's lives if they are not known by then.",
        "TABLE",
    ),
)

BY_NAME = {setting.name: setting for setting in SETTINGS}


def describe_settings(language: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The settings as the setup screen lists them, their words in ``language``."""
    return [setting.as_dict(language) for setting in SETTINGS]


def _counts(name: str, value: Any, keys: set[str]) -> dict[str, int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, dict)
        or not value
        or set(value) - keys
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value.values()
        )
    ):
        raise InvalidArguments(
            {
                f"options.{name}": [
                    msg("error.td.settings.object_counts", items=", ".join(sorted(keys)))
                ]
            }
        )
    return {key: int(count) for key, count in value.items()}


def resolve_settings(raw: Any, remembered_mix: dict[str, int] | None = None) -> dict[str, Any]:
    """The settings of a game; ``remembered_mix`` is the bag's mix an earlier table entered
    (the default of ``bag_mix``)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidArguments({"options": [msg("error.td.settings.must_be_object")]})
    unknown = sorted(set(raw) - set(BY_NAME))
    if unknown:
        raise InvalidArguments(
            {f"options.{name}": [msg("error.field.unknown_option")] for name in unknown}
        )
    settings = {setting.name: raw.get(setting.name, setting.default) for setting in SETTINGS}
    for name in ("inner_region", "token_draw", "bag_refill", "dragon_decks"):
        if settings[name] not in BY_NAME[name].allowed:
            allowed = ", ".join(map(str, BY_NAME[name].allowed))
            raise InvalidArguments(
                {f"options.{name}": [msg("error.td.settings.one", allowed=allowed)]}
            )
    pack = default_pack()
    settings["bag_mix"] = _counts("bag_mix", settings["bag_mix"], set(pack.token_kinds))
    if settings["bag_mix"] is None and remembered_mix:
        settings["bag_mix"] = dict(remembered_mix)
    lives = _counts("lord_lives", settings["lord_lives"], set(pack.lords))
    if lives and not all(lives.values()):
        raise InvalidArguments(
            {"options.lord_lives": [msg("error.td.settings.lord_has_least_1_life")]}
        )
    settings["lord_lives"] = lives
    if settings["token_draw"] == "app" and not settings["bag_mix"]:
        raise InvalidArguments(
            {"options.bag_mix": [msg("error.td.settings.app_draws_tokens_only_once")]}
        )
    return settings


def scenario_entry() -> dict[str, Any]:
    """How the setup screen offers this game (``GET /api/v1/scenarios/``)."""
    return {
        "id": "talisman-dragon",
        "name": "Talisman: The Dragon",
        "system": "talisman-dragon",
        "packs": ["talisman-dragon"],
        "options": describe_settings(),
        "table_decks": [],
        "setup": {"system": "talisman-dragon", "options": {"inner_region": "dragon-tower"}},
    }
