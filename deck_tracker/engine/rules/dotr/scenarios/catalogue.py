"""Scenarios as data: the Dragon expansion's five and a custom mix, loaded and checked.

A scenario is a JSON file in ``deck_tracker/content/scenarios/`` naming its Generals, minions,
Agent, deck changes, setup steps and special rules. Special rules and setup steps are named
switches of the catalogues below; the engine honours them (``special_rules.py`` in play,
``setup.py`` at setup). Every file is checked on load against these catalogues and the
content packs: a problem raises :class:`ContentError` naming the file, the item and the field.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from deck_tracker.engine.content import DEFAULT_PACKS_DIR, ContentError, Pack, default_packs
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, Message, msg
from deck_tracker.engine.settings import translated, word_key
from deck_tracker.engine.slugs import SLUG_PATTERN

__all__ = [
    "EASIER",
    "RULES",
    "SETUP_STEPS",
    "Scenario",
    "catalogue_words",
    "default_scenarios",
    "describe_scenario",
    "load_scenarios",
    "scenario_words",
]

SCENARIOS_DIR = DEFAULT_PACKS_DIR.parent / "scenarios"


# Special rules honoured in play: name -> (what it does, the rule it applies).
RULES: dict[str, tuple[str, str]] = {
    "no_all_is_quiet": (
        "The Dragons are relentless: no All is Quiet card is in the Darkness Spreads deck.",
        "DX Scenario 1, Special Rules",
    ),
    "hemlock_taints": (
        "Each time Hemlock moves, a Tainted Crystal goes on the space he moves into.",
        "DX Scenario 4, Special Rules",
    ),
    "fire_denies_hero_cards": (
        "Heroes that end their turn on a location On Fire may not collect Hero Cards.",
        "DX Scenario 5, Locations On Fire",
    ),
    "fire_denies_rumors": (
        "No Rumors at the Inn on a location On Fire.",
        "DX Scenario 5, Locations On Fire",
    ),
    "city_fires_need_special_cards": (
        "The fires of Monarch City and the Inns are put out only with a Special (purple) card, "
        "which goes to the Hero discard pile instead of leaving the game.",
        "DX Scenario 5, Removing Fire Tokens from Monarch City and the Inns",
    ),
    "brimstone_returns": (
        "As soon as a General is defeated, Brimstone enters play (with no minions) unless the "
        "fires of the Inns and the Cities are all out.",
        "DX Scenario 5, The Return of Brimstone",
    ),
    "monarch_city_fire_loses": (
        "If Brimstone is in play and Monarch City is On Fire when he moves, he moves to Monarch "
        "City and the game is lost.",
        "DX Scenario 5, Monarch City On Fire",
    ),
}


# Each special rule's words and where it is printed, in the setup screen's catalogue
# (setup_words.json): (rule_text, rule_cite).
RULE_WORDS: dict[str, tuple[Message, Message]] = {
    "no_all_is_quiet": (
        msg("scenario.rule.no_all_is_quiet.text"),
        msg("scenario.rule.no_all_is_quiet.rule"),
    ),
    "hemlock_taints": (
        msg("scenario.rule.hemlock_taints.text"),
        msg("scenario.rule.hemlock_taints.rule"),
    ),
    "fire_denies_hero_cards": (
        msg("scenario.rule.fire_denies_hero_cards.text"),
        msg("scenario.rule.fire_denies_hero_cards.rule"),
    ),
    "fire_denies_rumors": (
        msg("scenario.rule.fire_denies_rumors.text"),
        msg("scenario.rule.fire_denies_rumors.rule"),
    ),
    "city_fires_need_special_cards": (
        msg("scenario.rule.city_fires_need_special_cards.text"),
        msg("scenario.rule.city_fires_need_special_cards.rule"),
    ),
    "brimstone_returns": (
        msg("scenario.rule.brimstone_returns.text"),
        msg("scenario.rule.brimstone_returns.rule"),
    ),
    "monarch_city_fire_loses": (
        msg("scenario.rule.monarch_city_fire_loses.text"),
        msg("scenario.rule.monarch_city_fire_loses.rule"),
    ),
}


def rule_text(rule: str) -> Message:
    """A special rule's words, from the setup screen's catalogue (``setup_words.json``)."""
    return RULE_WORDS[rule][0]


def rule_cite(rule: str) -> Message:
    """Where a special rule is printed ("DX Scenario 4, Special Rules")."""
    return RULE_WORDS[rule][1]


# Setup steps: name -> (what it does, its parameters and their kinds).
SETUP_STEPS: dict[str, tuple[str, dict[str, str]]] = {
    "fires_at": (
        "Fire tokens on the named locations after the board is set.",
        {"locations": "locations"},
    ),
    "fires_from_darkness_spreads": (
        "Before the minions: Darkness Spreads cards set each of their 2 spaces On Fire.",
        {"cards": "int"},
    ),
    "setup_cards": (
        "The first minions come from more cards (counts per card); overruns and taint may occur.",
        {"counts": "ints", "overruns": "bool"},
    ),
    "generals_advance": (
        "Darkness Spreads cards move the Generals they show one step closer to Monarch City.",
        {"cards": "int"},
    ),
    "darius": (
        "6 plus the number of players Special cards go into the box; each player is dealt 1 of "
        "them at random.",
        {},
    ),
    "special_cards_per_player": (
        "Each player is dealt Special cards before the rest are boxed.",
        {"count": "int"},
    ),
    "starting_hero_cards": ("Each hero starts with this many Hero Cards.", {"count": "int"}),
    "quests_choose": (
        "Each player is dealt Quests, keeps some and discards the rest.",
        {"dealt": "int", "keep": "int"},
    ),
}

# The rulebook's easier variants: name -> what it does.
EASIER: dict[str, str] = {
    "keep_all_is_quiet": "Keep 1 or more All is Quiet cards in the Darkness Spreads deck.",
    "choose_special_cards": "Choose which Special cards go to the box instead of dealing them.",
    "royal_blessings": "Use Royal Blessing tokens (more than recommended for the heroes).",
    "four_good_one_bad": "Shuffle 4 Good and only 1 Bad Global Effect into the deck.",
}

_FIELDS = {
    "id",
    "number",
    "name",
    "source",
    "story",
    "expansions",
    "generals",
    "minions",
    "agent",
    "all_is_quiet",
    "special_cards_to_box",
    "setup",
    "rules",
    "easier",
    "notes",
}


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int | None
    name: str
    source: str
    story: str
    expansions: tuple[str, ...]
    generals: tuple[str, ...] | None  # None: the players choose
    minions: tuple[str, ...] | None  # None: each General's own
    agent_default: str | None
    agents_allowed: tuple[str, ...] | None  # None: any Agent
    all_is_quiet: int | None  # None: as the settings say
    special_cards_to_box: int | None
    setup: tuple[Mapping[str, Any], ...]
    rules: tuple[str, ...]
    easier: tuple[str, ...]
    notes: tuple[str, ...]


class _Where:
    def __init__(self, file: str, item: str | None) -> None:
        self.file, self.item = file, item

    def fail(self, field: str, message: str) -> NoReturn:
        where = f"{self.file}: item {self.item!r}" if self.item else self.file
        raise ContentError(
            f"{where}: field {field!r}: {message}", file=self.file, item=self.item, field=field
        )


def _known(packs: Mapping[str, Pack], kind: str) -> set[str]:
    found: set[str] = set()
    for pack in packs.values():
        if kind == "agents":
            found |= (
                {card.id for card in pack.decks["agents"].cards}
                if "agents" in pack.decks
                else set()
            )
        else:
            found |= set(getattr(pack, kind))
    return found


def _names(
    raw: Any, where: _Where, field: str, known: set[str], size: int | None
) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        where.fail(field, "a list of ids")
    if size is not None and len(raw) != size:
        where.fail(field, f"exactly {size} ids")
    unknown = [v for v in raw if v not in known]
    if unknown:
        where.fail(field, f"unknown {', '.join(map(repr, unknown))}")
    if len(set(raw)) != len(raw):
        where.fail(field, "an id is named twice")
    return tuple(raw)


def _int_or_none(doc: Mapping[str, Any], key: str, where: _Where) -> int | None:
    value = doc.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        where.fail(key, "a whole number (0 or more) or null")
    return value


def _step(raw: Any, index: int, where: _Where, locations: set[str]) -> Mapping[str, Any]:
    field = f"setup.{index}"
    if not isinstance(raw, dict) or raw.get("step") not in SETUP_STEPS:
        where.fail(field, f"an object whose 'step' is one of {', '.join(SETUP_STEPS)}")
    params = SETUP_STEPS[raw["step"]][1]
    extra = sorted(set(raw) - set(params) - {"step"})
    if extra:
        where.fail(f"{field}.{extra[0]}", "unknown parameter")
    for name, kind in params.items():
        value = raw.get(name)
        ok = {
            "int": isinstance(value, int) and not isinstance(value, bool) and value > 0,
            "bool": isinstance(value, bool),
            "ints": isinstance(value, list)
            and bool(value)
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value),
            "locations": isinstance(value, list)
            and bool(value)
            and all(isinstance(v, str) and v in locations for v in value),
        }[kind]
        if not ok:
            where.fail(f"{field}.{name}", f"expected {kind}, the known ids for locations")
    return dict(raw)


def _scenario(doc: Any, file: str, packs: Mapping[str, Pack]) -> Scenario:
    if not isinstance(doc, dict):
        _Where(file, None).fail("(file)", "a JSON object")
    raw_id = doc.get("id")
    where = _Where(file, raw_id if isinstance(raw_id, str) else None)
    if not isinstance(raw_id, str) or not SLUG_PATTERN.match(raw_id):
        where.fail("id", "a slug (lowercase words joined by '-')")
    extra = sorted(set(doc) - _FIELDS)
    if extra:
        where.fail(extra[0], "unknown field")
    for key in ("name", "source", "story"):
        if not isinstance(doc.get(key), str) or not doc[key].strip():
            where.fail(key, "a non-empty text")
    generals: tuple[str, ...] | None = None
    if doc.get("generals") != "choose":
        generals = _names(doc.get("generals"), where, "generals", _known(packs, "generals"), 4)
    minions: tuple[str, ...] | None = None
    if doc.get("minions") != "with_generals":
        minions = _names(doc.get("minions"), where, "minions", _known(packs, "minion_types"), 4)
    agent = doc.get("agent")
    if not isinstance(agent, dict) or set(agent) != {"default", "allowed"}:
        where.fail("agent", "an object with 'default' and 'allowed'")
    agents = _known(packs, "agents")
    allowed = (
        None
        if agent["allowed"] == "any"
        else _names(agent["allowed"], where, "agent.allowed", agents, None)
    )
    default = agent["default"]
    if default is not None and (
        default not in agents or (allowed is not None and default not in allowed)
    ):
        where.fail("agent.default", "null or one of the allowed Agents")
    locations = {loc for pack in packs.values() for loc in pack.locations}
    steps = doc.get("setup")
    if not isinstance(steps, list):
        where.fail("setup", "a list of setup steps")
    for key, catalogue in (("rules", RULES), ("easier", EASIER)):
        names = doc.get(key)
        if not isinstance(names, list) or any(n not in catalogue for n in names):
            where.fail(key, f"a list of: {', '.join(catalogue)}")
    expansions = doc.get("expansions")
    if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
        where.fail("expansions", "a list of expansion names")
    notes = doc.get("notes", [])
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        where.fail("notes", "a list of texts")
    number = _int_or_none(doc, "number", where)
    return Scenario(
        id=raw_id,
        number=number,
        name=doc["name"],
        source=doc["source"],
        story=doc["story"],
        expansions=tuple(expansions),
        generals=generals,
        minions=minions,
        agent_default=default,
        agents_allowed=allowed,
        all_is_quiet=_int_or_none(doc, "all_is_quiet", where),
        special_cards_to_box=_int_or_none(doc, "special_cards_to_box", where),
        setup=tuple(_step(step, i, where, locations) for i, step in enumerate(steps)),
        rules=tuple(doc["rules"]),
        easier=tuple(doc["easier"]),
        notes=tuple(notes),
    )


def load_scenarios(directory: Path, packs: Mapping[str, Pack] | None = None) -> dict[str, Scenario]:
    """Every ``*.json`` of ``directory``, checked; by id, in the rulebook's order."""
    packs = default_packs() if packs is None else packs
    found: dict[str, Scenario] = {}
    for path in sorted(directory.glob("*.json")):
        label = f"scenarios/{path.name}"
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ContentError(f"{label}: cannot be read ({exc})", file=label) from None
        scenario = _scenario(doc, label, packs)
        if scenario.id in found:
            _Where(label, scenario.id).fail("id", "another scenario has this id")
        found[scenario.id] = scenario
    return dict(sorted(found.items(), key=lambda item: (item[1].number or 99, item[0])))


@functools.cache
def default_scenarios() -> dict[str, Scenario]:
    return load_scenarios(SCENARIOS_DIR)


def scenario_words(scenario: Scenario) -> dict[str, str]:
    """The words of a scenario a player reads, by catalogue key (``scripts/setup_words.py``)."""
    words = {
        word_key("scenario", scenario.id, "name"): scenario.name,
        word_key("scenario", scenario.id, "story"): scenario.story,
    }
    for index, note in enumerate(scenario.notes):
        words[word_key("scenario", scenario.id, "note", index)] = note
    return {key: text for key, text in words.items() if text}


def catalogue_words() -> dict[str, str]:
    """The words of the special rules, setup steps and easier variants, by catalogue key."""
    words: dict[str, str] = {}
    for rule, (text, source) in RULES.items():
        words[word_key("scenario", "rule", rule, "text")] = text
        words[word_key("scenario", "rule", rule, "rule")] = source
    for step, (text, _) in SETUP_STEPS.items():
        words[word_key("scenario", "setup_step", step)] = text
    for easier, text in EASIER.items():
        words[word_key("scenario", "easier", easier)] = text
    return words


def describe_scenario(scenario: Scenario, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A scenario as the setup screen shows it: what it sets and what it lets players choose,
    its words in ``language`` (``setup_words`` catalogues; the rulebook's English otherwise)."""

    def say(english: str, *key: Any) -> str:
        return translated(word_key(*key), english, language)

    return {
        "id": scenario.id,
        "number": scenario.number,
        "name": say(scenario.name, "scenario", scenario.id, "name"),
        "source": scenario.source,
        "story": say(scenario.story, "scenario", scenario.id, "story"),
        "expansions": list(scenario.expansions),
        "generals": list(scenario.generals) if scenario.generals else "choose",
        "minions": list(scenario.minions) if scenario.minions else "with_generals",
        "agent": {
            "default": scenario.agent_default,
            "allowed": list(scenario.agents_allowed)
            if scenario.agents_allowed is not None
            else "any",
        },
        "all_is_quiet": scenario.all_is_quiet,
        "special_cards_to_box": scenario.special_cards_to_box,
        "setup": [
            dict(step)
            | {"text": say(SETUP_STEPS[step["step"]][0], "scenario", "setup_step", step["step"])}
            for step in scenario.setup
        ],
        "rules": [
            {
                "id": r,
                "text": say(RULES[r][0], "scenario", "rule", r, "text"),
                "rule": say(RULES[r][1], "scenario", "rule", r, "rule"),
            }
            for r in scenario.rules
        ],
        "easier": [
            {"id": e, "text": say(EASIER[e], "scenario", "easier", e)} for e in scenario.easier
        ],
        "notes": [
            say(note, "scenario", scenario.id, "note", index)
            for index, note in enumerate(scenario.notes)
        ],
    }
