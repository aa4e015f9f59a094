"""Setting up a scenario (``setup["scenario"]``): what it fixes, then its own setup steps.

A scenario request is expanded into the setup the rules read (``expand``): its expansions, its
Generals (``setup["generals"]`` of the Dragon expansion), its forced options (the Agent, the All
is Quiet cards, overruns during setup), the easier variants the table chose
(``setup["easier"]``) and what it brings beyond its Generals (``setup["scenario_brings"]``:
Brimstone returning, fires set at the start), which decides the settings it uses. The game
then keeps ``state["scenario"]`` (id, name, special rules, starting fires) and the setup steps
of the scenario file run at their point of the setup:

* before the minions: ``fires_from_darkness_spreads`` (Realm in Flames);
* once the board is set: the All is Quiet count, ``fires_at`` (The Burning Land),
  ``generals_advance`` (Onslaught), the Special cards the table chose to box;
* as each hero enters: ``hands.py`` (Darius, Onslaught's hands and Quests).

Decisions: with 5 or 6 heroes the All is Quiet cards a scenario adds are taken out as the Rules
for 5 or 6 Players say, unless ``all_is_quiet_five_six`` is ``as_scenario``; "All 4 All is Quiet
cards" are the base game's 3 and the Dragon expansion's 4th; the cards turned for fires or
General moves go to the discard pile like the setup cards (reshuffled with them by default); a
flipped card that shows no General is set aside and another turned, as for the setup cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deck_tracker.engine import i18n
from deck_tracker.engine.content import default_packs
from deck_tracker.engine.core import Context, Step
from deck_tracker.engine.decks import get_deck, take_from_draw
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Message, Text, listing, msg, render_text
from deck_tracker.engine.rules.dotr.base.board import GameOver, Realm, card_ref
from deck_tracker.engine.rules.dotr.base.expansions import Expansion
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from deck_tracker.engine.rules.dotr.dragon.fire import on_fire, set_on_fire
from deck_tracker.engine.rules.dotr.dragon.setup import general_asks
from deck_tracker.engine.rules.dotr.scenarios.catalogue import (
    Scenario,
    default_scenarios,
    rule_cite,
    rule_text,
)
from deck_tracker.engine.rules.dotr.scenarios.hands import card_count

__all__ = ["SCENARIO", "expand", "scenario_of"]

SCENARIO = "scenario"
DS, HERO = "darkness_spreads", "hero"
BRIMSTONE = "brimstone"
R_FIRES_RIF = msg("dotr.rule.scenario.setup.fires_rif")
R_FIRE_SETUP = msg("dotr.rule.scenario.setup.fire_setup")
R_ABLAZE = msg("dotr.rule.scenario.setup.ablaze")
R_ADVANCE = msg("dotr.rule.scenario.setup.advance")
R_QUIET = msg("dotr.rule.scenario.setup.quiet")
R_CHOSEN = msg("dotr.rule.scenario.setup.chosen")


def scenario_of(state: Mapping[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = state.get("scenario") or {}
    return found


def _colour_of(general: str) -> str:
    for pack in default_packs().values():
        if general in pack.generals:
            return str(pack.generals[general].colour)
    raise KeyError(general)  # pragma: no cover - scenario files are checked at load


def _agent(scenario: Scenario, options: dict[str, Any], problems: dict[str, list[Message]]) -> None:
    wanted = options.get("agent", scenario.agent_default or "none")
    if scenario.agents_allowed is not None:
        allowed = [*scenario.agents_allowed]
        if scenario.agent_default is None:
            allowed.insert(0, "none")
        if wanted not in allowed:
            problems["options.agent"] = [
                msg(
                    "error.dotr.scenario.setup.agent",
                    scenario=scenario.name,
                    allowed=listing(allowed, word="or"),
                )
            ]
    options["agent"] = wanted


def _quiet_removed(options: Mapping[str, Any]) -> bool:
    """5 or 6 heroes take the All is Quiet cards out, unless the table keeps the scenario's."""
    return options.get("player_count") in (5, 6) and (
        options.get("all_is_quiet_five_six", "removed") == "removed"
    )


def expand(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup a scenario request stands for (a request without ``scenario`` is unchanged)."""
    raw = setup.get("scenario")
    if raw is None:
        return setup
    known = default_scenarios()
    if not isinstance(raw, str) or raw not in known:
        raise InvalidArguments(
            {"scenario": [msg("error.dotr.scenario.setup.one", items=", ".join(known))]}
        )
    scenario = known[raw]
    problems: dict[str, list[Message]] = {}
    options = dict(setup.get("options") or {}) if isinstance(setup.get("options"), dict) else {}
    easier = setup.get("easier") or []
    if not isinstance(easier, list) or any(e not in scenario.easier for e in easier):
        problems["easier"] = [
            msg(
                "error.dotr.scenario.setup.allows",
                scenario=scenario.name,
                allowed=", ".join(scenario.easier) or "-",
            )
        ]
        easier = []
    out = dict(setup)
    if scenario.generals is not None:
        if setup.get("generals") is not None:
            problems["generals"] = [
                msg("error.dotr.scenario.setup.sets_generals", scenario=scenario.name)
            ]
        out["generals"] = {_colour_of(g): g for g in scenario.generals}
    _agent(scenario, options, problems)
    if scenario.all_is_quiet is not None:
        keep = scenario.all_is_quiet > 0 or "keep_all_is_quiet" in easier
        if options.get("all_is_quiet", keep) != keep:
            problems["options.all_is_quiet"] = [
                msg("error.dotr.scenario.setup.sets_all_is_quiet", scenario=scenario.name)
            ]
        if keep and _quiet_removed(options):
            keep = False  # Rules for 5 or 6 Players (setting all_is_quiet_five_six)
        options["all_is_quiet"] = keep
    elif "keep_all_is_quiet" in easier:
        options["all_is_quiet"] = True
    steps = {step["step"]: step for step in scenario.setup}
    if "setup_cards" in steps:
        options["harder_setup"] = bool(steps["setup_cards"]["overruns"])
        if setup.get("setup_cards") is not None:
            problems["setup_cards"] = [
                msg("error.dotr.scenario.setup.more_setup_cards", scenario=scenario.name)
            ]
    if "four_good_one_bad" in easier:
        options |= {"global_effects_good": 4, "global_effects_bad": 1}
    if "royal_blessings" in easier and not options.get("royal_blessings"):
        options["royal_blessings"] = 1
    boxed = setup.get("boxed_specials")
    if boxed is not None and "choose_special_cards" not in easier:
        problems["boxed_specials"] = [msg("error.dotr.scenario.setup.boxed_specials")]
    if problems:
        raise InvalidArguments(
            problems, msg("error.dotr.scenario.setup.this_setup_does_not_fit", name=scenario.name)
        )
    expansions = list(setup.get("expansions") or [])
    wanted = [*scenario.expansions, *(["dragon"] if scenario.id == "custom" else []), SCENARIO]
    out["expansions"] = expansions + [e for e in wanted if e not in expansions]
    out["options"], out["easier"] = options, list(easier)
    # What the scenario brings beyond its Generals, for the settings they need (fire, Brimstone).
    out["scenario_brings"] = {
        "generals": [BRIMSTONE] if "brimstone_returns" in scenario.rules else [],
        "fires": any(step["step"].startswith("fires_") for step in scenario.setup),
    }
    return out


# --------------------------------------------------------------------------------------------
# The scenario kept in the game
# --------------------------------------------------------------------------------------------


def _prepare(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    scenario = default_scenarios()[setup["scenario"]]
    ctx.set(
        "scenario",
        {
            "id": scenario.id,
            "name": scenario.name,
            "number": scenario.number,
            "rules": list(scenario.rules),
            "easier": list(setup.get("easier") or []),
            "setup": [dict(step) for step in scenario.setup],
            "all_is_quiet": 0
            if scenario.all_is_quiet and not ctx.state["settings"]["all_is_quiet"]
            else scenario.all_is_quiet,
            "starting_fires": [],
        },
    )


def _step(ctx: Context, name: str) -> dict[str, Any] | None:
    for step in scenario_of(ctx.state).get("setup", []):
        if step["step"] == name:
            found: dict[str, Any] = step
            return found
    return None


def _ensure_fire(ctx: Context) -> None:
    """Fire Tokens beside the board (a scenario sets fires even without Brimstone)."""
    if "fire" in ctx.state["supply"]:
        return
    ctx.set("supply", "fire", int(ctx.state["settings"].get("fire_tokens", 10)))
    for loc in ctx.state["board"]:
        ctx.set("board", loc, "fire", 0)


def _turn_cards(ctx: Context, count: int, wanted: Any, rule: Text) -> list[str]:
    """Turn Darkness Spreads cards until ``count`` fit ``wanted``; all go to the discard."""
    cards = game_cards(ctx.state)
    table_owned = get_deck(ctx.state, DS)["owner"] == "table"
    used: list[str] = []
    found: list[str] = []
    while len(found) < count and get_deck(ctx.state, DS)["draw"]:
        if table_owned:
            pile = list(get_deck(ctx.state, DS)["draw"])
            card = pile.pop(ctx.rng.randrange(len(pile)))
            ctx.set("decks", DS, "draw", pile)
        else:
            card = take_from_draw(ctx, DS, 1, rule=render_text(rule))[0]
        used.append(card)
        if wanted(cards[card]):
            found.append(card)
    ctx.set("decks", DS, "discard", [*get_deck(ctx.state, DS)["discard"], *used])
    return found


def fires_before_minions(ctx: Context, realm: Realm) -> None:
    step = _step(ctx, "fires_from_darkness_spreads")
    if step is None:
        return
    _ensure_fire(ctx)
    cards = game_cards(ctx.state)

    def two_spaces(card: Any) -> bool:
        return card.kind == "standard" and bool(card.data.get("placements"))

    turned = _turn_cards(ctx, int(step["cards"]), two_spaces, R_FIRES_RIF)
    steps: list[Step] = []
    fires: list[str] = []
    for card in turned:
        steps.append(Step(msg("dotr.scenario.turn_over", card=card_ref(cards[card])), R_FIRES_RIF))
        for placement in cards[card].data["placements"]:
            if set_on_fire(ctx, placement["location"], R_FIRES_RIF, steps):
                fires.append(placement["location"])
    steps.append(Step(msg("dotr.scenario.discard_these"), R_FIRES_RIF))
    ctx.set("scenario", "starting_fires", fires)
    ctx.emit(
        "scenario_fires",
        msg("dotr.scenario.in_flames", count=len(fires)),
        data={"cards": turned, "fires": fires},
        steps=steps,
    )


# --------------------------------------------------------------------------------------------
# Once the board is set
# --------------------------------------------------------------------------------------------


def _all_is_quiet(ctx: Context, steps: list[Step]) -> None:
    wanted = scenario_of(ctx.state).get("all_is_quiet")
    if not wanted:
        return
    cards = game_cards(ctx.state)
    deck = get_deck(ctx.state, DS)
    quiet = [c for c in deck["draw"] if cards[c].kind == "all_is_quiet"]
    if len(quiet) <= wanted:
        steps.append(Step(msg("dotr.scenario.quiet.all", count=len(quiet)), R_QUIET))
        return
    if deck["owner"] == "table":
        steps.append(Step(msg("dotr.scenario.quiet.keep", count=wanted), R_QUIET))
        boxed = quiet[wanted:]
    else:
        ctx.rng.shuffle(quiet)
        boxed = quiet[wanted:]
        steps.append(
            Step(msg("dotr.scenario.quiet.boxed", count=wanted, boxed=len(boxed)), R_QUIET)
        )
    ctx.set("decks", DS, "draw", [c for c in deck["draw"] if c not in boxed])
    ctx.set("decks", DS, "box", [*deck["box"], *boxed])


def fire_taint_after_read(ctx: Context, locations: list[str]) -> None:
    """Realm in Flames: minions of the setup read late at the table (a card the app did not
    know) taint a burning location they bring to 3, as they would have during the setup."""
    if _step(ctx, "fires_from_darkness_spreads") is None or ctx.state["settings"]["harder_setup"]:
        return
    realm = Realm(ctx, setup=True)
    try:
        for loc in dict.fromkeys(locations):
            board = ctx.state["board"][loc]
            if on_fire(ctx.state, loc) and realm.count_at(loc) >= 3 and not board.get("taint"):
                realm.step(
                    msg("dotr.dragon.fire.three", location=realm.data.place_ref(loc)),
                    R_FIRE_SETUP,
                )
                realm.taint(loc, R_FIRE_SETUP)
    except GameOver:
        pass
    steps = realm.take_steps()
    if steps:
        ctx.emit("fire_taint", msg("dotr.scenario.fire_taint"), steps=steps)


def _fire_taint_at_setup(ctx: Context, steps: list[Step]) -> None:
    """Realm in Flames: 'On Fire rules apply and Tainted Lands may occur' during the setup.

    Without overruns minions only arrive during the setup, so a burning location that holds 3
    once the minions are placed held them as the 3rd arrived: it takes its one crystal now.
    (With harder_setup the fire rules ran as the minions came.)"""
    if _step(ctx, "fires_from_darkness_spreads") is None or ctx.state["settings"]["harder_setup"]:
        return
    realm = Realm(ctx, setup=True)
    try:
        for loc in scenario_of(ctx.state)["starting_fires"]:
            if on_fire(ctx.state, loc) and realm.count_at(loc) >= 3:
                realm.step(
                    msg("dotr.dragon.fire.three", location=realm.data.place_ref(loc)),
                    R_FIRE_SETUP,
                )
                realm.taint(loc, R_FIRE_SETUP)
    except GameOver:
        pass
    steps.extend(realm.take_steps())


def _ablaze(ctx: Context, steps: list[Step]) -> None:
    step = _step(ctx, "fires_at")
    if step is None:
        return
    _ensure_fire(ctx)
    fires = [loc for loc in step["locations"] if set_on_fire(ctx, loc, R_ABLAZE, steps)]
    ctx.set("scenario", "starting_fires", fires)


def _advance(ctx: Context, steps: list[Step]) -> None:
    step = _step(ctx, "generals_advance")
    if step is None:
        return
    cards = game_cards(ctx.state)
    generals = ctx.state["generals"]

    def shows_general(card: Any) -> bool:
        return card.kind == "standard" and card.data.get("general") in generals

    turned = _turn_cards(ctx, int(step["cards"]), shows_general, R_ADVANCE)
    realm = Realm(ctx, setup=True)
    try:
        for card_id in turned:
            card = cards[card_id]
            realm.step(msg("dotr.scenario.turn_over.general", card=card_ref(card)), R_ADVANCE)
            general = card.data["general"]
            # Brimstone flies to the card's location; the others take the next step.
            target = card.data.get("general_to") if general == "brimstone" else "next"
            realm.advance_general(general, target, 0)
    except GameOver:
        pass
    steps.extend(realm.take_steps())
    deck = get_deck(ctx.state, DS)
    pile = [*deck["draw"], *deck["discard"]]
    if deck["owner"] == "app":
        ctx.rng.shuffle(pile)
    ctx.set("decks", DS, "draw", pile)
    ctx.set("decks", DS, "discard", [])
    steps.append(Step(msg("dotr.scenario.shuffle"), R_ADVANCE))


def _chosen_specials(ctx: Context, setup: Mapping[str, Any], steps: list[Step]) -> None:
    chosen = setup.get("boxed_specials")
    if chosen is None:
        return
    deck = get_deck(ctx.state, HERO)
    cards = game_cards(ctx.state)
    specials = {c for c in [*deck["draw"], *deck["box"]] if cards[c].kind == "special"}
    boxed = [c for c in deck["box"] if c in specials]
    if (
        not isinstance(chosen, list)
        or len(set(chosen)) != len(chosen)
        or not set(chosen) <= specials
        or len(chosen) != len(boxed)
    ):
        raise InvalidArguments(
            {
                "boxed_specials": [
                    msg(
                        "error.dotr.scenario.setup.name_different_special_cards_this",
                        count=len(boxed),
                    )
                ]
            }
        )
    draw = [c for c in deck["draw"] if c not in chosen] + [c for c in boxed if c not in chosen]
    if deck["owner"] == "app":
        ctx.rng.shuffle(draw)
    ctx.set("decks", HERO, "draw", draw)
    ctx.set("decks", HERO, "box", [c for c in deck["box"] if c not in specials] + list(chosen))
    steps.append(Step(msg("dotr.scenario.chosen"), R_CHOSEN))


def _setup(ctx: Context, setup: Mapping[str, Any], table_decks: list[str]) -> None:
    scenario = scenario_of(ctx.state)
    steps: list[Step] = []
    _all_is_quiet(ctx, steps)
    _fire_taint_at_setup(ctx, steps)
    _ablaze(ctx, steps)
    _chosen_specials(ctx, setup, steps)
    _advance(ctx, steps)
    steps += [
        Step(msg("dotr.scenario.special_rule", rule=rule_text(r)), rule_cite(r))
        for r in scenario["rules"]
    ]
    ctx.emit(
        "scenario_set",
        msg(
            "dotr.scenario.set",
            scenario=i18n.name(f"scenario:{scenario['id']}", scenario["name"]),
        ),
        data={"scenario": scenario["id"], "starting_fires": scenario["starting_fires"]},
        hidden={"darkness_spreads_order": list(get_deck(ctx.state, DS)["draw"])},
        steps=steps,
    )


def settings_not_used(setup: Mapping[str, Any]) -> dict[str, Message]:
    """The settings this scenario fixes itself, or that act in another scenario only."""
    scenario = default_scenarios().get(str(setup.get("scenario")))
    if scenario is None:
        return {}
    easier = setup.get("easier") or []
    name = i18n.name(f"scenario:{scenario.id}", scenario.name)
    found: dict[str, Message] = {}
    if scenario.agents_allowed == ():
        found["agent"] = msg("error.dotr.scenario.not_used.no_agent", scenario=name)
    if scenario.all_is_quiet is not None:
        found["all_is_quiet"] = (
            msg("error.dotr.scenario.not_used.quiet_keep", scenario=name)
            if "keep_all_is_quiet" in scenario.easier
            else msg("error.dotr.scenario.setup.sets_all_is_quiet", scenario=name)
        )
    if any(step["step"] == "setup_cards" for step in scenario.setup):
        found["harder_setup"] = msg("error.dotr.scenario.not_used.harder_setup", scenario=name)
    keeps_quiet = bool(scenario.all_is_quiet) or (
        scenario.all_is_quiet is not None and "keep_all_is_quiet" in easier
    )
    if not keeps_quiet:
        found["all_is_quiet_five_six"] = msg("error.dotr.scenario.not_used.no_quiet", scenario=name)
    if "four_good_one_bad" in easier:
        for kind in ("good", "bad"):
            found[f"global_effects_{kind}"] = msg("error.dotr.scenario.not_used.four_good_one_bad")
    if scenario.id != "the-burning-land":
        found["burning_land_fires"] = msg("error.dotr.scenario.not_used.only_burning_land")
    return found


def _asks(setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The Burning Land: Brimstone may return during the game, so his card is read at setup."""
    scenario = default_scenarios().get(str(setup.get("scenario")))
    if scenario is None or "brimstone_returns" not in scenario.rules:
        return []
    return general_asks([BRIMSTONE], "if_returns")


# What the expansion adds to the base setup (collected in hooks.py ``EXPANSIONS``).
EXPANSION_RULES = Expansion(
    SCENARIO,
    "A scenario of the Dragon expansion (set by setup['scenario'])",
    prepare=_prepare,
    settings_not_used=settings_not_used,
    asks=_asks,
    setup=_setup,
    card_count=card_count,
)
