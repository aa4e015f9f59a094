"""Expansions of a Defenders of the Realm game: which are in play, and the hooks they add.

A setup names its expansions (``setup["expansions"]``, e.g. ``["companions_catacombs"]``); the
game keeps them in ``state["expansions"]`` (absent for a base game) and their packs after the
base pack in ``state["packs"]``. Each expansion registers here what it adds to the base setup:

* ``decks``: the decks it puts on the table (they may be table-owned like the base decks);
* ``adjust_settings``: settings it fixes or changes (The Hero's Calling removes All is Quiet);
* ``setup``: run once the board is set, before the first hero enters;
* ``hero``: builds a seat's hero when the base heroes do not have it (constructed heroes);
* ``settings_not_used``: the settings it fixes or leaves without effect in a setup (the Hero's
  Calling fixes All is Quiet; a scenario its Agent), each with the reason;
* ``asks``: what the setup needs read from the table's cards that the app does not know (a
  dragon General's life and minions at start), so that players enter it up front (``entries``);
* ``card_count``: changes how many cards a rule deals (``"start:hero"``, ``"start:quest"``: a
  hero's first hand; ``"rumors"``: Hero Cards per Rumors action; ``"hand_limit"``: the most
  Hero Cards a hand keeps).

Each expansion declares its ``Expansion``; ``hooks.py`` lists them, in order, in ``EXPANSIONS``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deck_tracker.engine.content import (
    ContentError,
    Hero,
    apply_overlay,
    default_packs,
    described,
)
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, Message, listing, msg, render
from deck_tracker.engine.i18n import name as named
from deck_tracker.engine.rules.dotr.base.packs import keep_overlays
from deck_tracker.engine.rules.dotr.base.settings import SETTINGS, Setting
from deck_tracker.engine.rules.dotr.registry import EXPANSIONS, expand_setup
from deck_tracker.engine.settings import word_key

__all__ = [
    "EXPANSIONS",
    "Expansion",
    "adjust_settings",
    "card_count",
    "describe_setup_options",
    "expansion_decks",
    "expansion_hero",
    "expansion_packs",
    "has_expansion",
    "keep_entered_content",
    "prepare_expansions",
    "resolve_expansions",
    "run_expansion_setups",
    "settings_in_use",
    "setup_asks",
    "unused_options",
    "with_entries",
]

SetupHook = Callable[[Context, Mapping[str, Any], list[str]], None]
SettingsHook = Callable[[dict[str, Any], Mapping[str, Any], list[str]], dict[str, Any]]
HeroHook = Callable[[Context, str], Hero | None]
# Runs before the decks are built: the expansion records in the state what composes the game's
# content (hooks.py ``COMPOSERS``), e.g. the Dragon expansion's choice of Generals.
PrepareHook = Callable[[Context, Mapping[str, Any], list[str]], None]
CountHook = Callable[[State, str, int], int]
# The settings an expansion fixes or leaves without effect in this (expanded) setup: name ->
# why, in player words.
NotUsedHook = Callable[[Mapping[str, Any]], dict[str, Message]]
# What an (expanded) setup will ask the table to read from its cards: one entry per card,
# ``{"pack", "item", "card", "when", "fields": [{"id", "label", "type", ...}]}``.
AsksHook = Callable[[Mapping[str, Any]], list[dict[str, Any]]]


@dataclass(frozen=True)
class Expansion:
    name: str
    title: str
    pack: str | None = None
    decks: tuple[str, ...] = ()
    adjust_settings: SettingsHook | None = None
    setup: SetupHook | None = None
    hero: HeroHook | None = None
    card_count: CountHook | None = None
    requires: tuple[str, ...] = field(default_factory=tuple)
    prepare: PrepareHook | None = None
    settings_not_used: NotUsedHook | None = None
    asks: AsksHook | None = None
    # Settings whose default differs in a game with the expansion (as ``adjust_settings`` does).
    defaults: Mapping[str, Any] = field(default_factory=dict)


def has_expansion(state: State, name: str) -> bool:
    return name in (state.get("expansions") or ())


def resolve_expansions(raw: Any) -> list[str]:
    """A setup's ``expansions``: known names, each once, in the order of ``EXPANSIONS``."""
    if raw is None:
        return []
    known = ", ".join(EXPANSIONS)
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise InvalidArguments(
            {"expansions": [msg("error.dotr.base.expansions.list_expansion_names", known=known)]}
        )
    unknown = sorted(name for name in raw if name not in EXPANSIONS)
    if unknown:
        raise InvalidArguments(
            {
                "expansions": [
                    msg(
                        "error.dotr.base.expansions.unknown_expansion_known",
                        items=", ".join(map(repr, unknown)),
                        known=known,
                    )
                ]
            }
        )
    if len(set(raw)) != len(raw):
        raise InvalidArguments(
            {"expansions": [msg("error.dotr.base.expansions.expansion_named_twice")]}
        )
    return [name for name in EXPANSIONS if name in raw]


def _in_play(expansions: list[str]) -> list[Expansion]:
    return [EXPANSIONS[name] for name in expansions]


def expansion_packs(expansions: list[str]) -> list[str]:
    return [e.pack for e in _in_play(expansions) if e.pack is not None]


def expansion_decks(expansions: list[str]) -> tuple[str, ...]:
    return tuple(deck for e in _in_play(expansions) for deck in e.decks)


def adjust_settings(
    expansions: list[str], settings: dict[str, Any], options: Any
) -> dict[str, Any]:
    """The settings once each expansion has fixed what it rules (``options`` as given)."""
    given = options if isinstance(options, Mapping) else {}
    for expansion in _in_play(expansions):
        if expansion.adjust_settings is not None:
            settings = expansion.adjust_settings(settings, given, expansions)
    return settings


def keep_entered_content(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    """A ``prepare`` hook: the game keeps what players entered in its packs (packs.py)."""
    if ctx.get("overlays") is None:
        keep_overlays(ctx, setup, list(ctx.get("packs") or []))


def prepare_expansions(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    """Before the decks are built (``state["expansions"]`` and ``packs`` are set)."""
    for expansion in _in_play(list(ctx.get("expansions") or [])):
        if expansion.prepare is not None:
            expansion.prepare(ctx, setup, table_decks)


def run_expansion_setups(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    for expansion in _in_play(list(ctx.get("expansions") or [])):
        if expansion.setup is not None:
            expansion.setup(ctx, setup, table_decks)


def expansion_hero(ctx: Context, hero: str) -> Hero | None:
    """A hero an expansion builds for this name, or None to look among the base heroes."""
    for expansion in _in_play(list(ctx.get("expansions") or [])):
        if expansion.hero is not None:
            built = expansion.hero(ctx, hero)
            if built is not None:
                return built
    return None


def card_count(state: State, purpose: str, count: int) -> int:
    """How many cards a rule deals (``count`` as the base game prints it) with the expansions."""
    for expansion in _in_play(list(state.get("expansions") or [])):
        if expansion.card_count is not None:
            count = expansion.card_count(state, purpose, count)
    return count


# A value of a setting that acts only with an expansion: (setting, value) -> expansion.
VALUE_NEEDS: dict[tuple[str, Any], str] = {
    ("extra_cards_general_only", "war_status_card"): "heros_calling",
}


def _needs_text(names: tuple[str, ...] | list[str]) -> Message:
    if names == ("scenario",) or names == ["scenario"]:
        return msg("error.dotr.setup.only_in_dragon_scenario")
    titles = [
        msg(
            "error.dotr.setup.expansion_named",
            title=named(
                f"expansion:{name}",
                EXPANSIONS[name].title.removeprefix("Defenders of the Realm: "),
            ),
            name=name,
        )
        for name in names
    ]
    return msg("error.dotr.setup.only_with", expansions=listing(titles))


def settings_in_use(
    setup: Mapping[str, Any],
) -> tuple[dict[str, Setting], dict[str, Message]]:
    """Which settings act in this setup (its expansions, scenario and easier variants).

    The settings that act, each with only the values that act, and those that do not, each
    with why. A scenario adds the expansions it needs; ``setup["options"]`` is not read, so a
    setting that acts only with another's value (``Setting.only_with``) is among those that act.
    """
    given = setup.get("options")
    expanded = expand_setup({**dict(setup), "options": {}})
    # The hooks see the options as given (an Agent chosen may bring fire, say).
    expanded["options"] = {
        **expanded.get("options", {}),
        **(given if isinstance(given, Mapping) else {}),
    }
    expansions = resolve_expansions(expanded.get("expansions"))
    in_use: dict[str, Setting] = {}
    not_used: dict[str, Message] = {}
    for setting in SETTINGS.values():
        missing = [name for name in setting.needs if name not in expansions]
        if missing:
            not_used[setting.name] = _needs_text(missing)
            continue
        allowed = tuple(
            value
            for value in setting.allowed
            if VALUE_NEEDS.get((setting.name, value)) in (None, *expansions)
        )
        if allowed != setting.allowed:
            labels = tuple(setting.label(value) for value in allowed)
            setting = dataclasses.replace(setting, allowed=allowed, labels=labels)
        in_use[setting.name] = setting
    for expansion in _in_play(expansions):
        for name, value in expansion.defaults.items():
            if name in in_use:
                in_use[name] = dataclasses.replace(in_use[name], default=value)
        if expansion.settings_not_used is not None:
            for name, why in expansion.settings_not_used(expanded).items():
                in_use.pop(name, None)
                not_used[name] = why
    return in_use, not_used


def describe_setup_options(
    setup: Mapping[str, Any], language: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """For the setup screen: the settings this setup uses (in player words, in ``language``,
    with the record for the curious) and those it does not, each with why."""
    in_use, not_used = settings_in_use(setup)
    return {
        "options": [setting.as_dict(language) for setting in in_use.values()],
        "not_used": {name: render(why, language) for name, why in not_used.items()},
    }


def _label(setting: str, value: Any) -> dict[str, Any]:
    """A setting's value as its label reads in the reader's language (setup_words)."""
    return named(word_key("setting", setting, "label", value), SETTINGS[setting].label(value))


def unused_options(setup: Mapping[str, Any]) -> dict[str, list[Message]]:
    """The options a setup gives that its packs and scenario would ignore, each with why."""
    given = setup.get("options")
    if not isinstance(given, Mapping) or not given:
        return {}
    in_use, not_used = settings_in_use(setup)
    problems: dict[str, list[Message]] = {}
    for name, value in given.items():
        if name in not_used:
            problems[f"options.{name}"] = [not_used[name]]
            continue
        setting = in_use.get(name)
        if setting is None:
            continue  # unknown names and values are refused by resolve_settings
        needed = VALUE_NEEDS.get((name, value))
        if needed is not None and isinstance(value, str) and value not in setting.allowed:
            problems[f"options.{name}"] = [
                msg(
                    "error.dotr.setup.value_needs",
                    value=_label(name, value),
                    why=_needs_text((needed,)),
                )
            ]
            continue
        for other, wanted in setting.only_with:
            other_setting = SETTINGS[other]
            current = given.get(other, other_setting.default)
            wanted_values = wanted if isinstance(wanted, tuple) else (wanted,)
            if not any(
                current == value and type(current) is type(value) for value in wanted_values
            ):
                shown = listing([_label(other, value) for value in wanted_values], word="or")
                title = named(word_key("setting", other, "title"), other_setting.title or other)
                problems[f"options.{name}"] = [
                    msg("error.dotr.setup.only_when", setting=title, values=shown, key=other)
                ]
    return problems


def setup_asks(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What this setup will ask the table to read from its cards (one entry per card)."""
    expanded = expand_setup({**dict(setup), "options": {}, "entries": None})
    expansions = resolve_expansions(expanded.get("expansions"))
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for expansion in _in_play(expansions):
        if expansion.asks is not None:
            for ask in expansion.asks(expanded):
                found.setdefault((ask["pack"], ask["item"]), ask)
    return list(found.values())


def with_entries(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup with the values read from the cards (``setup["entries"]``, ``{field id:
    value}``) added to this game's overlays; each checked like the content overlay's field,
    and refused when this setup does not ask for it."""
    raw = setup.get("entries")
    out = dict(setup)
    out.pop("entries", None)
    if raw is None or raw == {}:
        return out
    if not isinstance(raw, Mapping):
        raise InvalidArguments(
            {"entries": [msg("error.dotr.base.expansions.object_field_id_value_as")]}
        )
    asked = {
        field["id"]: (ask["pack"], ask["card"], field)
        for ask in setup_asks(setup)
        for field in ask["fields"]
    }
    problems: dict[str, list[Message]] = {}
    values: dict[str, dict[str, Any]] = {}
    for key, value in raw.items():
        if key not in asked:
            known = ", ".join(asked) or "-"
            problems[f"entries.{key}"] = [msg("error.dotr.setup.entry_not_asked", known=known)]
            continue
        pack_id, card, field = asked[key]
        low, high = field.get("minimum"), field.get("maximum")
        if field["type"] == "int" and (
            type(value) is not int
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            problems[f"entries.{key}"] = [
                msg(
                    "error.dotr.setup.entry_number",
                    card=card,
                    field=field["label"],
                    low=low,
                    high=high,
                )
            ]
            continue
        try:
            apply_overlay(default_packs()[pack_id], {"values": {key: value}})
        except ContentError as error:
            problems[f"entries.{key}"] = [
                msg(
                    "error.dotr.setup.entry_content",
                    card=card,
                    field=field["label"],
                    error=error.problem or described(error, default_packs()[pack_id]),
                )
            ]
            continue
        values.setdefault(pack_id, {})[key] = value
    if problems:
        raise InvalidArguments(
            problems, msg("error.dotr.base.expansions.some_values_read_from_cards")
        )
    overlays = dict(setup.get("overlays") or {})
    for pack_id, entered in values.items():
        current = dict(overlays.get(pack_id) or {"values": {}, "cards": {}})
        current["values"] = {**dict(current.get("values") or {}), **entered}
        overlays[pack_id] = current
    out["overlays"] = overlays
    return out
