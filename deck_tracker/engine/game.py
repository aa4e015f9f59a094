"""Games as the engine sees them: setting one up, seating players, and running commands.

``GameLog`` is the engine's own, in-memory, game: the state, the event log and each command's
inverse. The Django service keeps the same three things in the database and follows the same
steps; the engine's tests and simulations use this one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from deck_tracker.engine.i18n import Text, msg
from deck_tracker.engine.i18n import count as count_of

from . import checklist as _checklist  # noqa: F401  (registers tick_setup_step)
from . import closing as _closing  # noqa: F401  (registers close_game)
from . import decks as _decks  # noqa: F401  (registers the deck commands)
from . import undo as _undo  # noqa: F401  (registers undo and redo)
from .commands import Arg, Outcome, Reason, command, reason_text, run, spec_for, validate_args
from .core import Context, Event, Replayed, State, Step, ended, fold
from .decks import new_deck, seat_label
from .errors import InvalidArguments, RuleViolation
from .i18n import Message
from .rng import rng_for
from .systems import System, get_system, load_systems
from .undo import redo_target, undo_target
from .words import deck_ref

DECK_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
MAX_SEATS = 6
MAX_DECKS = 30
MAX_DECK_SIZE = 2000

DEFAULT_SYSTEM = "dotr"


def base_state(system: str) -> State:
    return {
        "system": system,
        "version": 0,
        "seats": {},
        "decks": {},
        "history": {"done": [], "undone": []},
        "outcome": None,
        "settings": {},
    }


def add_seat(ctx: Context, *, name: str, hero: str | None) -> str:
    seats = dict(ctx.get("seats", default={}))
    if len(seats) >= MAX_SEATS:
        raise RuleViolation(
            msg("error.core.game.table_seats_most_players", max_seats=MAX_SEATS), code="table_full"
        )
    number = str(max((int(s) for s in seats), default=0) + 1)
    seats[number] = {"name": name, "hero": hero}
    ctx.set("seats", seats)
    for deck_key in ctx.get("decks", default={}):
        ctx.set("decks", deck_key, "hands", number, [])
    return number


def validate_custom_decks(raw: Any) -> dict[str, dict[str, Any]]:
    """Decks a setup defines itself: ``{name: {cards, owner?, auto_reshuffle?, peek?}}``.

    ``peek``: the table's own rules let a player look at the top of this deck's draw pile (no
    deck is open to a look unless its setup says so).
    """
    if not isinstance(raw, dict) or not raw:
        raise InvalidArguments({"decks": [msg("error.core.game.give_least_one_deck_name")]})
    if len(raw) > MAX_DECKS:
        raise InvalidArguments({"decks": [msg("error.core.game.most_decks", max_decks=MAX_DECKS)]})
    problems: dict[str, list[Message]] = {}
    clean: dict[str, dict[str, Any]] = {}
    every_card: set[str] = set()
    for name, spec in raw.items():
        key = f"decks.{name}"
        if not isinstance(name, str) or not DECK_NAME.match(name):
            problems.setdefault(key, []).append(msg("error.core.game.deck_name"))
            continue
        if not isinstance(spec, dict):
            problems.setdefault(key, []).append(msg("error.core.game.object_with_cards"))
            continue
        cards = spec.get("cards")
        if (
            not isinstance(cards, list)
            or not cards
            or not all(isinstance(c, str) and 0 < len(c) <= 100 for c in cards)
        ):
            problems.setdefault(f"{key}.cards", []).append(msg("error.core.game.card_ids"))
            continue
        if len(cards) > MAX_DECK_SIZE:
            problems.setdefault(f"{key}.cards", []).append(
                msg("error.core.game.at_most_cards", count=MAX_DECK_SIZE)
            )
            continue
        if len(set(cards)) != len(cards) or every_card & set(cards):
            problems.setdefault(f"{key}.cards", []).append(msg("error.core.game.unique_ids"))
            continue
        every_card |= set(cards)
        owner = spec.get("owner", "app")
        if owner not in ("app", "table"):
            problems.setdefault(f"{key}.owner", []).append(msg("error.core.game.owner"))
            continue
        auto = spec.get("auto_reshuffle", True)
        if not isinstance(auto, bool):
            problems.setdefault(f"{key}.auto_reshuffle", []).append(msg("error.field.must_be_bool"))
            continue
        peek = spec.get("peek", False)
        if not isinstance(peek, bool):
            problems.setdefault(f"{key}.peek", []).append(msg("error.field.must_be_bool"))
            continue
        clean[name] = {"cards": cards, "owner": owner, "auto_reshuffle": auto}
        if peek:
            clean[name]["peek"] = True
    if problems:
        raise InvalidArguments(problems)
    return clean


def place_decks(ctx: Context, decks: dict[str, dict[str, Any]], *, rule: Text) -> None:
    """Put each deck on the table; app-owned decks are shuffled (the order is recorded), unless
    ``shuffle`` is false: a deck the rules shuffle before every draw."""
    for name, spec in decks.items():
        cards = list(spec["cards"])
        if spec.get("owner", "app") == "app" and spec.get("shuffle", True):
            ctx.rng.shuffle(cards)
        deck = new_deck(
            cards, owner=spec.get("owner", "app"), auto_reshuffle=spec["auto_reshuffle"]
        )
        deck["hands"] = {seat: [] for seat in ctx.get("seats", default={})}
        if spec.get("peek"):
            # Kept only when granted, so that a deck's state is what it was for every other game.
            deck["peek"] = True
        ctx.set("decks", name, deck)
        ctx.emit(
            "deck_prepared",
            msg(
                "core.game.deck_ready_app",
                deck=deck_ref(name),
                count=count_of(len(cards), "word:card", "card", "cards"),
            )
            if spec.get("owner", "app") == "app"
            else msg(
                "core.game.deck_ready_table",
                deck=deck_ref(name),
                count=count_of(len(cards), "word:card", "card", "cards"),
            ),
            data={"deck": name, "count": len(cards), "owner": spec.get("owner", "app")}
            | ({"peek": True} if spec.get("peek") else {}),
            hidden={"order": cards},
            steps=[
                Step(
                    (
                        msg("core.game.shuffle_deck_place_face_down", deck=deck_ref(name))
                        if spec.get("owner") == "table"
                        else msg("core.game.app_holds_deck_leave_cards", deck=deck_ref(name))
                    ),
                    rule,
                )
            ],
        )


def setup_generic(ctx: Context, setup: dict[str, Any]) -> None:
    place_decks(ctx, validate_custom_decks(setup.get("decks")), rule="Custom decks")


def generic_system() -> System:
    """Decks a setup defines itself, without rules of a game (see ``systems.SYSTEMS``)."""
    return System("generic", setup=setup_generic)


def _host(setup: dict[str, Any]) -> tuple[str, str | None]:
    host = setup.get("host") or {}
    if not isinstance(host, dict):
        raise InvalidArguments({"host": [msg("error.core.game.must_be_object_with_name")]})
    name = host.get("name") or "Host"
    hero = host.get("hero")
    if not isinstance(name, str) or len(name) > 60:
        raise InvalidArguments({"host.name": [msg("error.core.game.name_most_60_characters")]})
    if hero is not None and (not isinstance(hero, str) or len(hero) > 60):
        raise InvalidArguments({"host.hero": [msg("error.core.game.hero_s_name_id")]})
    return name, hero


def start_game(setup: Any, *, seed: str) -> tuple[State, list[Event]]:
    """The new game's state and its setup events (version 0)."""
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise InvalidArguments({"setup": [msg("error.core.game.must_be_object")]})
    system = setup.get("system", DEFAULT_SYSTEM)
    systems = load_systems()
    if not isinstance(system, str) or system not in systems:
        raise InvalidArguments(
            {"system": [msg("error.core.game.one", items=", ".join(sorted(systems)))]}
        )
    state: State = {}
    ctx = Context(state, rng=rng_for(seed, 1), actor=None)
    for key, value in base_state(system).items():
        ctx.set(key, value)
    name, hero = _host(setup)
    add_seat(ctx, name=name, hero=hero)
    ctx.emit(
        "game_created",
        msg("core.game.opened_table", name=name, system=system),
        data={"system": system, "seat": "1", "name": name, "hero": hero},
    )
    systems[system].setup(ctx, setup)
    ctx.attach_pending_to_last_event()
    return state, ctx.events


@command(
    "join",
    args={"name": Arg("str", required=True), "hero": Arg("str")},
    undoable=False,
)
def join(ctx: Context, args: dict[str, Any]) -> None:
    """A player takes a new seat at the table."""
    seat = add_seat(ctx, name=args["name"], hero=args["hero"])
    ctx.actor = seat
    ctx.emit(
        "seat_joined",
        msg("core.game.joined_table", player=seat_label(ctx.state, seat)),
        data={"seat": seat, "name": args["name"], "hero": args["hero"]},
    )
    system = get_system(ctx.state.get("system", ""))
    if system is not None and system.seat_hook is not None:
        system.seat_hook(ctx, seat)
    _run_follow_ups(ctx, seat)


def _run_follow_ups(ctx: Context, seat: str) -> None:
    """Run what the seat's player brings (``Context.brings``: the caller's data; which
    commands follow from it is the game system's ``brought``) inside the current command: one
    version, one notification."""
    system = get_system(ctx.state.get("system", ""))
    if ctx.brings is None or system is None or system.brought is None:
        return
    for name, raw_args in system.brought(ctx.state, seat, ctx.brings):
        spec = spec_for(ctx.state, name)
        args = validate_args(spec, raw_args)
        reason = spec.unavailable(ctx.state, ctx.actor) if spec.unavailable else None
        if reason:
            raise RuleViolation(reason_text(reason), code="not_available")
        spec.handler(ctx, args)


@command(
    "claim_seat",
    args={"seat": Arg("str", required=True), "player": Arg("str", required=True)},
)
def claim_seat(ctx: Context, args: dict[str, Any]) -> None:
    """A seat sits as a player of the award tracker, with what that player brings."""
    seat = args["seat"]
    ctx.emit(
        "seat_claimed",
        msg("core.game.plays_as", player=seat_label(ctx.state, seat), player2=args["player"]),
        data={"seat": seat, "player": args["player"]},
    )
    _run_follow_ups(ctx, seat)


def _game_already_over(state: State, actor: str | None) -> Reason | None:
    return msg("error.core.game.already_over") if state.get("outcome") else None


@command(
    "end_game",
    args={
        "result": Arg("str", required=True, choices=("won", "lost", "abandoned")),
        "reason": Arg("str", required=True, description="In the table's words."),
    },
    unavailable=_game_already_over,
)
def end_game(ctx: Context, args: dict[str, Any]) -> None:
    """The table declares the game over (won, lost or abandoned), e.g. when it stops early."""
    # The reason is the table's own words, kept as typed; the rule is the app's.
    outcome = ended(args["result"], args["reason"], msg("core.game.declared_by_table"))
    ctx.set("outcome", outcome)
    ctx.emit(
        "game_ended",
        msg(
            "core.game.ended_game",
            player=seat_label(ctx.state, ctx.actor),
            result=msg(f"core.game.result.{args['result']}"),
            reason=args["reason"],
        ),
        data={"outcome": outcome},
    )


INTERNAL_COMMANDS = frozenset({"join", "claim_seat"})


@dataclass
class GameLog:
    """A whole game in memory: state, events and each undoable command's changes."""

    seed: str
    state: State
    events: list[Event] = field(default_factory=list)
    patches: dict[int, tuple[list[Any], list[Any]]] = field(default_factory=dict)
    labels: dict[int, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, setup: Any, *, seed: str = "test-seed") -> GameLog:
        state, events = start_game(setup, seed=seed)
        records = _frozen([event.as_record() for event in events])
        return cls(seed=seed, state=state, events=[Event.from_record(r) for r in records])

    def execute(self, name: str, args: Any = None, *, actor: str | None = "1") -> Outcome:
        context = Context(
            self.state,
            rng=rng_for(self.seed, len(self.events) + 1),
            actor=actor,
            replayed=self._replayed(name),
        )
        outcome = run(self.state, context, name, args)
        # Stored values are copies, as a database row would hold: later commands may build on
        # the live objects in the state.
        self.events.extend(
            Event.from_record(record)
            for record in _frozen([event.as_record() for event in outcome.events])
        )
        if outcome.undoable:
            self.patches[self.state["version"]] = _frozen((outcome.backward, outcome.forward))
            if outcome.events and outcome.events[0].summary_msg:
                self.labels[self.state["version"]] = _frozen(outcome.events[0].summary_msg)
        return outcome

    def _replayed(self, name: str) -> Replayed | None:
        version = replay_target_version(self.state, name)
        if version is None:
            return None
        return replayed_for(name, *self.patches[version], label_msg=self.labels.get(version))

    def replay(self) -> State:
        return fold(
            Event.from_record(record)
            for record in _frozen([event.as_record() for event in self.events])
        )


def _frozen(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay_target_version(state: State, name: str) -> int | None:
    """The version whose stored changes an undo or a redo replays (None for other commands)."""
    target = (
        undo_target(state) if name == "undo" else redo_target(state) if name == "redo" else None
    )
    return None if target is None else int(target["version"])


def replayed_for(
    name: str, backward: list[Any], forward: list[Any], label_msg: Any = None
) -> Replayed:
    """What undo or redo is given: the changes of the command it replays, and its label as a
    message (its first event's summary) when there is one."""
    return Replayed(backward if name == "undo" else forward, label_msg or None)
