"""The documented choices of a Defenders of the Realm game.

Where the sources conflict or say nothing, the engine never guesses silently: each such choice is
a setting with a default, the allowed values, why the default was picked and where the
alternatives come from. A game's settings are fixed at setup (``setup["options"]``) and kept in
``state["settings"]``; the setup screen shows :func:`describe_settings`.

Source keys are those of the content pack (``pack.json``): J, JM, MB, UBG, DX; "FAQ" is the base
game FAQ printed at the end of the Dragon expansion rulebook (DX); "DX-FAQ" is the separate
Dragon Expansion FAQ v1.2.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.rules.dotr.registry import GENERAL_ONLY_PLANS, SETTINGS
from deck_tracker.engine.settings import Setting

__all__ = [
    "BASE_SETTINGS",
    "SETTINGS",
    "Setting",
    "default_settings",
    "describe_settings",
    "general_only_plan",
    "resolve_settings",
]


# The base game's; the expansions' and scenarios' follow (hooks.py ``SETTING_TABLES``).
BASE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "disputed_roads",
        False,
        (False, True),
        "Use the 3 roads found in one source only (Crystal Hills-Withered Hills, Eagle Peak "
        "Pass-Withered Hills, Orc Valley-Whispering Woods) for overruns and the Monarch City card. "
        "Off by default: each appears in a single fan source and is probably a transcription slip.",
        "content pack roads.json (J, JM, MB); content-facts 'Known conflicts'",
        title="Three disputed roads",
        sentence=(
            "Use three roads that only one printing of the board shows, for overruns and "
            "the Monarch City card."
        ),
        group="The board",
        labels=("Leave them out", "Use them"),
        advanced=True,
    ),
    Setting(
        "harder_setup",
        False,
        (False, True),
        "Overruns and taint during setup (the 'more difficult game' variant). Off in the normal "
        "game. When on, Balazarg's 3 starting Demons taint Scorpion Canyon, as two fan games "
        "start it; when off no location starts tainted.",
        "UBG variants.php ('Allow Overruns and Tainting on the game set up'); content-facts Setup",
        title="A harder setup",
        sentence="Let the first minions overrun and taint locations while the board is set up.",
        group="The setup",
        labels=("Normal setup", "Harder setup"),
        advanced=False,
    ),
    Setting(
        "setup_crowding",
        "place_all",
        ("place_all", "cap_at_three"),
        "What the setup does when a card would put a 4th minion on a location while overruns are "
        "off. place_all (default): the minions are placed anyway, so the setup always puts 30 "
        "minions on the board as content-facts counts; cap_at_three: a location takes no more "
        "than 3 and the rest stay in the supply. No source spells this out.",
        "content-facts Setup ('30 minions in all'); silent elsewhere",
        title="A 4th minion during the setup",
        sentence=(
            "When a setup card would put a 4th minion on a location, place it anyway or "
            "leave it in the supply."
        ),
        group="The setup",
        labels=("Place it anyway", "Stop at 3"),
        advanced=True,
    ),
    Setting(
        "setup_cards_reshuffled",
        True,
        (True, False),
        "After setup, the Darkness Spreads cards used to place the first minions are shuffled "
        "back into the deck (default, as J does and as the Dragon expansion's Onslaught scenario "
        "says: 'After this step, shuffle the Darkness Spreads deck'); when off they stay in the "
        "discard pile until the deck runs out.",
        "J setup.js; DX scenario 3",
        title="Setup cards back in the deck",
        sentence="Shuffle the Darkness Spreads cards used at setup back into the deck.",
        group="The setup",
        labels=("Shuffle them back", "Leave them discarded"),
        advanced=True,
    ),
    Setting(
        "extra_cards_general_only",
        "j",
        ("j", "jm", "all_full", "war_status_card"),
        "Which of the extra Mid/Late War Darkness Spreads cards only move their General (no "
        "minions placed, no Orc/Monarch City effect). j (default): Mid = card 1 full + card 2 "
        "General-only; Late = cards 1-2 full + card 3 General-only. jm: Late = card 1 full + "
        "cards 2-3 General-only (JM gives no Mid War split, so Mid follows J). all_full: every "
        "card resolves in full. J is the default because it is the only source that encodes "
        "both war levels and the whole deck, and its Darkness Spreads data matches JM on every "
        "card JM has. war_status_card: The Hero's Calling card (Early 1; Early Mid 2, the 2nd "
        "General-only; Late Mid 2 in full; Late 3, the 3rd General-only), always so with that "
        "expansion.",
        "J vs JM (content-facts 'Known conflicts'); HC 'War Status'",
        title="Extra cards of Mid and Late War",
        sentence=(
            "Which of the extra Darkness Spreads cards of a war stage only move their General."
        ),
        group="The Darkness Spreads",
        labels=(
            "Mid War: the 2nd card, Late War: the 3rd only moves its General",
            "Late War: the 2nd and 3rd only move their General",
            "Every card places its minions",
            "As the War Status card shows",
        ),
        advanced=True,
    ),
    Setting(
        "monarch_city_overrun",
        "base",
        ("base", "dragon_faq"),
        "base (default): no overrun and no taint in Monarch City, as the base rules say; minions "
        "pile up there and 5 of them lose the game. dragon_faq: the Dragon Expansion FAQ's "
        "stricter answer, 'adding a 4th Minion (or 3 Demons ...) will taint Monarch City causing "
        "them to lose the game'.",
        "base rules (UBG, J); DX-FAQ v1.2 'Monarch City'",
        title="A 4th minion in Monarch City",
        sentence=(
            "Whether a 4th minion in Monarch City taints it and loses the game, or minions "
            "just pile up there."
        ),
        group="Losing the game",
        labels=("They pile up (5 lose the game)", "A 4th minion loses the game"),
        advanced=True,
    ),
    Setting(
        "all_is_quiet",
        True,
        (True, False),
        "Keep the All is Quiet cards in the Darkness Spreads deck (3 in the base game, a 4th in "
        "the Dragon expansion's deck). The Dragon "
        "expansion recommends removing them, and the 5-6 player rules remove them; when off they "
        "go to the box at setup.",
        "UBG cards.php; DX 'All is Quiet Cards' and 'Rules for 5 Players'",
        title="All is Quiet cards",
        sentence="Keep the All is Quiet cards in the Darkness Spreads deck (an easier game).",
        group="The Darkness Spreads",
        labels=("Keep them in", "Take them out"),
        advanced=False,
    ),
    Setting(
        "taint_loss",
        "crystal_unavailable",
        ("crystal_unavailable", "last_crystal_placed"),
        "When taint loses the game. crystal_unavailable (default): the game is lost when a "
        "Tainted Crystal is needed and none is left (the loss as the product's rules summary and "
        "content-facts ('the last Tainted Crystal is needed') put it). last_crystal_placed: "
        "placing the last of the 12 already loses (UBG: 'The last of the 12 Tainted Crystals is "
        "added to the board'), one crystal earlier.",
        "content-facts 'Loss'; UBG game-rules.php",
        title="The last Tainted Crystal",
        sentence=(
            "The game is lost when a Tainted Crystal is needed and none is left, or already "
            "when the last one is placed."
        ),
        group="Losing the game",
        labels=("When one is needed and none is left", "When the last one is placed"),
        advanced=True,
    ),
    Setting(
        "overrun_short_supply",
        "no_loss",
        ("no_loss", "loss"),
        "An overrun needs a minion of a colour that has none left in the supply. no_loss "
        "(default): that minion is simply not placed; the loss rule speaks of minions a Darkness "
        "Spreads card identifies, and J does the same. loss: the game is lost as for a card.",
        "UBG loss conditions; J darkness-ai.js",
        title="An overrun with no minions left",
        sentence=(
            "When an overrun needs a minion of a colour that has none left, nothing happens "
            "or the game is lost."
        ),
        group="Losing the game",
        labels=("That minion is not placed", "The game is lost"),
        advanced=True,
    ),
    Setting(
        "major_wound_halts_general",
        False,
        (False, True),
        "A General whose remaining life is at or below its major-wound mark does not advance "
        "when its card calls it (the minions it would bring go to its own location). Off by "
        "default: only J does this and no rulebook text supports it.",
        "J darkness-ai.js",
        title="Badly wounded Generals stop",
        sentence=(
            "A General wounded down to his major-wound mark no longer advances when his "
            "card comes up."
        ),
        group="Generals",
        labels=("They keep marching", "They stop"),
        advanced=True,
    ),
    Setting(
        "fame_proposals",
        True,
        (True, False),
        "King's Champion Rewards: when the table records an action that earns fame (a Quest "
        "completed, a General wounded or slain, 2 or more minions slain, the land healed, a "
        "gate built, ...), the app proposes the Minor or Major Fame and the table confirms or "
        "dismisses it. Off: fame is only what the table records itself.",
        "DX 'The King's Champion Rewards' (Minor and Major Fame Heroic Actions)",
        title="Suggest fame",
        sentence=(
            "When you record a heroic deed, the app suggests the fame it earns; the table "
            "confirms it."
        ),
        group="Fame",
        labels=("Suggest it", "The table records fame itself"),
        advanced=False,
    ),
    Setting(
        "grand_ball_ties",
        "major_fame",
        ("major_fame", "seat_order", "random"),
        "The Grand Ball ranks heroes by total fame (Minor + Major); the rulebook does not say "
        "how ties are broken. major_fame (default): more Major Fame first (the rarer, harder "
        "deeds), then seat order; seat_order: the earlier seat first; random: the app draws "
        "the order of the tied heroes (recorded, so undo and redo give the same ball).",
        "DX 'The Grand Ball after a Victory' (silent on ties)",
        title="Ties at the Grand Ball",
        sentence="When heroes have the same fame at the Grand Ball, who goes first.",
        group="Fame",
        labels=("More Major Fame first", "Earlier seat first", "Drawn at random"),
        advanced=True,
    ),
)


def default_settings() -> dict[str, Any]:
    return dict(_defaults())


def merged_settings(given: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Every setting's default with a game's ``given`` settings over it, to be read only, as
    they are now: a :class:`GameSettings` copy of ``given`` (a ``Realm`` is made per night)."""
    if not given:
        return _defaults_read_only()
    return GameSettings(given)


class GameSettings(dict[str, Any]):
    """A game's settings as one resolution (a night, the setup) reads them: a copy of the
    game's own, made in C, each setting the game does not hold read as its default (by ``[]``
    and by ``get``, as the defaults merged under them would give).

    Nothing is kept from one resolution to the next: a live context writes a game's settings in
    place, so a copy found again would have to be compared with them, setting by setting (most
    games hold all of them), at a greater cost than copying them."""

    __slots__ = ()

    def __missing__(self, key: str) -> Any:
        return _defaults()[key]

    def get(self, key: str, default: Any = None) -> Any:
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            return _defaults().get(key, default)
        return value


_ABSENT = object()


@functools.cache
def _defaults_read_only() -> dict[str, Any]:
    return default_settings()


@functools.cache
def _defaults() -> Mapping[str, Any]:
    return {setting.name: setting.default for setting in SETTINGS.values()}


def _same(value: Any, allowed: Any) -> bool:
    # True == 1 in Python: a bool setting must be given a bool, a str setting a str.
    return type(value) is type(allowed) and value == allowed


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def resolve_settings(raw: Any) -> dict[str, Any]:
    """A setup's ``options`` checked and completed with the defaults."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidArguments(
            {"options": [msg("error.dotr.base.settings.must_be_object_settings")]}
        )
    problems: dict[str, list[Message]] = {}
    resolved = default_settings()
    for name, value in raw.items():
        key = f"options.{name}"
        setting = SETTINGS.get(name) if isinstance(name, str) else None
        if setting is None:
            known = ", ".join(SETTINGS)
            problems.setdefault(key, []).append(
                msg("error.field.unknown_setting_known", known=known)
            )
            continue
        if not any(_same(value, allowed) for allowed in setting.allowed):
            choices = ", ".join(_show(v) for v in setting.allowed)
            problems.setdefault(key, []).append(msg("error.field.must_be_one_of", allowed=choices))
            continue
        resolved[name] = value
    if problems:
        raise InvalidArguments(problems)
    return resolved


def describe_settings() -> list[dict[str, Any]]:
    """Every setting with its default, allowed values, description and sources (for the API)."""
    return [setting.as_dict() for setting in SETTINGS.values()]


def setting_words(language: str = "en") -> dict[str, dict[str, Any]]:
    """Every setting's title and its values' labels in ``language``, by setting name: the
    words a game's settings are read in (a setting an expansion fixes included). A value is
    keyed as it is when a text, else by its JSON."""
    words = {}
    for name, setting in SETTINGS.items():
        shown = setting.as_dict(language)
        labels = {
            choice["value"]
            if isinstance(choice["value"], str)
            else json.dumps(choice["value"]): choice["label"]
            for choice in shown["choices"]
        }
        words[name] = {"title": shown["title"], "labels": labels}
    return words


# Per war level (0 Early, 1-2 Mid, 3 Late): for each card of the night, True when the card only
# moves its General.
_PLANS: dict[str, dict[str, tuple[bool, ...]]] = {
    "j": {"early": (False,), "mid": (False, True), "late": (False, False, True)},
    "jm": {"early": (False,), "mid": (False, True), "late": (False, True, True)},
    "all_full": {"early": (False,), "mid": (False, False), "late": (False, False, False)},
}


def general_only_plan(
    settings: Mapping[str, Any], war_status: str, level: int | None = None
) -> tuple[bool, ...]:
    """For each Darkness Spreads card of the night, whether it only moves its General."""
    choice = settings.get("extra_cards_general_only", SETTINGS["extra_cards_general_only"].default)
    expansion_plan = GENERAL_ONLY_PLANS.get(choice)
    if expansion_plan is not None:
        # The Hero's Calling card has four levels of its own, kept in its content pack.
        return expansion_plan(level or 0)
    return _PLANS[choice][war_status]
