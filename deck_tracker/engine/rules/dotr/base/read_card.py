"""``read_card``: the table answers a read-the-card prompt and the game goes on.

The answer is checked against the prompt's form (JSON Schema, ``jsonschema``) and then by the
content pack's own loader (a location on the General's path, a known colour, ...), written into
the game's kept overlay of the card's pack, so that the card is known from then on in this game,
and announced in a ``card_read`` event (``data.entry`` is the overlay piece, which the service
remembers for later games). Then the rule that met the card carries on exactly as if the card
had been known: the night resolves it and draws the rest of its cards, the setup places its
minions, the wound is dealt.
"""

from __future__ import annotations

import copy
from typing import Any

from jsonschema import Draft202012Validator

from deck_tracker.engine import i18n
from deck_tracker.engine.commands import Arg, command
from deck_tracker.engine.content import ContentError, overlay_hash, shipped_with_overlay
from deck_tracker.engine.core import Context, Step, snapshot
from deck_tracker.engine.errors import InvalidArguments, RuleViolation
from deck_tracker.engine.i18n import Message, Text, msg
from deck_tracker.engine.reading import (
    ANSWER,
    carry_on,
    last_read_id,
    pending_reads,
    settle,
    shown_name,
)
from deck_tracker.engine.rules.dotr.base.board import Realm, card_ref
from deck_tracker.engine.rules.dotr.base.night import continue_night
from deck_tracker.engine.rules.dotr.base.packs import game_cards, game_pack
from deck_tracker.engine.rules.dotr.base.pending import on_board
from deck_tracker.engine.rules.dotr.base.reading import R_READ, fill_spec
from deck_tracker.engine.rules.dotr.base.table import wound_general
from deck_tracker.engine.rules.dotr.registry import READ_ANSWERS, READ_RESUMES, SETUP_READ

__all__ = ["keep_entry", "read_card"]

DOTR = frozenset({"dotr"})
R_SETUP = msg("dotr.rule.setup_read")
R_GENERALS = msg("dotr.rule.general_start_read")


# A JSON Schema keyword the answer breaks -> what the reader is told (the validator's own
# sentence is English: it is never shown).
_SCHEMA_WORDS = {
    "oneOf": "error.dotr.base.read_card.not_a_choice",
    "enum": "error.dotr.base.read_card.not_a_choice",
    "const": "error.dotr.base.read_card.not_a_choice",
    "required": "error.dotr.base.read_card.required",
    "type": "error.dotr.base.read_card.wrong_type",
    "additionalProperties": "error.dotr.base.read_card.not_on_card",
    "minLength": "error.dotr.base.read_card.empty",
}


def _problems(schema: dict[str, Any], face: dict[str, Any]) -> dict[str, list[Message]]:
    problems: dict[str, list[Message]] = {}
    for error in Draft202012Validator(schema).iter_errors(face):
        where = ".".join(["face", *(str(part) for part in error.absolute_path)])
        limit = error.validator_value
        if (
            error.validator == "maximum"
            and list(error.absolute_path)[-1:] == ["count"]
            and (limit == 1)
        ):
            message = msg("error.dotr.base.read_card.one_imp", maximum=limit)
        elif error.validator in ("maximum", "maxItems", "maxLength"):
            message = msg("error.field.at_most", maximum=limit)
        elif error.validator in ("minimum", "minItems"):
            message = msg("error.field.at_least", minimum=limit)
        else:
            key = _SCHEMA_WORDS.get(str(error.validator), "error.dotr.base.read_card.does_not_fit")
            message = msg(key)
        problems.setdefault(where, []).append(message)
    return problems


def _entry(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> dict[str, Any]:
    """The overlay piece the answer makes: fillable values, or a card of an open deck."""
    card_id = prompt["card"]
    if prompt.get("fields"):
        # The printed values of a card the pack declares fillable (ask_fields).
        printed: dict[str, Any] = {}
        for key, field in prompt["fields"].items():
            if face.get(key) is None:
                continue
            found = fill_spec(ctx.state, card_id, field)
            if found is None:
                raise InvalidArguments(
                    {f"face.{key}": [msg("error.dotr.base.read_card.no_such_value")]}
                )
            printed[found[1].id] = face[key]
        return {"values": printed}
    if prompt["kind"] == "standard":
        card = game_cards(ctx.state)[card_id]
        data = {key: face[key] for key in ("placements", "general", "general_to")}
        data["general_minions"] = int(face["general_minions"])
        # Named as the base cards are, by the locations it shows ("Dark Woods / Windy Pass"),
        # so that a table drawing its own deck finds it by name in later games.
        pack = game_pack(ctx.state)
        places = dict.fromkeys(
            pack.locations[p["location"]].name
            for p in data["placements"]
            if p["location"] in pack.locations
        )
        name = " / ".join(places) or card.name
        entered = {"id": card_id, "name": name, "kind": "standard", "data": data}
        return {"cards": {prompt["deck"]: [entered]}}
    item, fields = card_id, list(face)
    if prompt["kind"] == "special":
        fields = [f"data.{field}" for field in face]
    filled: dict[str, Any] = {}
    for field in fields:
        found = fill_spec(ctx.state, item, field)
        if found is None:
            raise InvalidArguments(
                {
                    "face": [
                        msg(
                            "error.dotr.base.read_card.this_card_has_no", split=field.split(".")[-1]
                        )
                    ]
                }
            )
        filled[found[1].id] = face[field.split(".")[-1]]
    return {"values": filled}


def keep_entry(ctx: Context, pack_id: str, entry: dict[str, Any]) -> None:
    """Write the answer into the game's overlay of ``pack_id``, checked by the pack's loader."""
    if ctx.state.get("overlays") is None:
        ctx.set("overlays", {})
    kept = (ctx.state.get("overlays") or {}).get(pack_id) or {}
    data = copy.deepcopy(dict(kept.get("data") or {"values": {}, "cards": {}}))
    data.setdefault("values", {}).update(entry.get("values") or {})
    for deck, cards in (entry.get("cards") or {}).items():
        ids = {card["id"] for card in cards}
        others = [c for c in data.setdefault("cards", {}).get(deck, []) if c.get("id") not in ids]
        data["cards"][deck] = [*others, *cards]
    try:
        shipped_with_overlay(pack_id, data)
    except ContentError:
        # The player's words, never the loader's (a file, a card id, a field path).
        words = msg("error.dotr.base.read_card.this_card_does_not_fit")
        raise InvalidArguments({"face": [words]}, words) from None
    ctx.set("overlays", pack_id, {"hash": overlay_hash(data), "data": snapshot(data)})


@command(
    ANSWER,
    args={
        "face": Arg(
            "object",
            required=True,
            description="What the card shows, as the prompt's form (its schema) asks.",
        ),
        "prompt": Arg("int", minimum=1, description="Which prompt (the first by default)."),
    },
    systems=DOTR,
)
def read_card(ctx: Context, args: dict[str, Any]) -> None:
    """Read the card you drew: enter what it shows, and the game goes on with it."""
    pending = pending_reads(ctx.state)
    if not pending:
        raise RuleViolation(
            msg("error.dotr.base.read_card.no_card_waiting_be_read"), code="nothing_to_read"
        )
    wanted = args["prompt"]
    prompt = next((p for p in pending if wanted is None or p["id"] == wanted), None)
    if prompt is None:
        raise RuleViolation(
            msg("error.dotr.base.read_card.no_card_read_numbered", wanted=wanted),
            code="nothing_to_read",
        )
    holder = prompt.get("seat")
    if holder is not None and ctx.actor is not None and ctx.actor != holder:
        title = prompt.get("public_title")
        raise RuleViolation(
            msg("error.dotr.base.read_card.not_your_card", title=title)
            if title
            else msg("error.dotr.base.read_card.not_your_card_unnamed"),
            code="not_your_card",
        )
    face = dict(args["face"])
    problems = _problems(prompt["schema"], face)
    if problems:
        raise InvalidArguments(
            problems,
            msg("error.dotr.base.read_card.answer_does_not_fit_card", name=shown_name(prompt)),
        )
    answer = READ_ANSWERS.get(str(prompt["kind"]))
    entry = answer(ctx, prompt, face) if answer is not None else _entry(ctx, prompt, face)
    keep_entry(ctx, prompt["pack"], entry)
    settle(ctx, prompt)
    if holder is not None:
        _read_in_hand(ctx, prompt, entry)
        _resume(ctx, prompt, face)
        return
    ctx.emit(
        "card_read",
        msg("dotr.read.done", card=_prompt_name(prompt)),
        data={
            "prompt": prompt["id"],
            "pack": prompt["pack"],
            "kind": prompt["kind"],
            "card": prompt["card"],
            "deck": prompt["deck"],
            "entry": entry,
        },
        steps=[Step(msg("dotr.read.carry_on", card=_prompt_name(prompt)), R_READ)],
    )
    _resume(ctx, prompt, face)


def _prompt_name(prompt: dict[str, Any]) -> Text:
    """The card a prompt asked for, as a message parameter (a General's card: its own words)."""
    if isinstance(prompt.get("name"), dict):
        return shown_name(prompt)  # a message that stands for the card
    if prompt.get("kind") == "general":
        return msg(
            "dotr.read.general_card",
            general=i18n.name(
                f"general:{prompt['card']}", prompt["name"].removesuffix("'s General card")
            ),
        )
    # A card by its printed name reads in the reader's language; a prompt that names the card
    # otherwise ("The Good Global Effect drawn": a card nobody has entered) by its words, read
    # in the reader's language where a catalogue holds them (a name the table typed as it is).
    key, name = f"card:{prompt['card']}", str(prompt["name"])
    printed = prompt.get("printed")
    if printed is None:
        # No flag: a prompt stored before prompts carried one, or the stand-in words of a Global
        # Effect or a Winds of War card (never a catalogue name): printed only if the English
        # catalogue names the card so.
        printed = i18n.catalogue(i18n.DEFAULT_LANGUAGE)["names"].get(key) == name
    if printed:
        return i18n.name(key, name)
    return name  # a prompt stored before prompts kept ids: its English as kept


def _read_in_hand(ctx: Context, prompt: dict[str, Any], entry: dict[str, Any]) -> None:
    """A card read by its holder: the others learn only that it is read; what it says goes to
    the holder and, for the table's later games, to the service (``hidden``: seen by no one)."""
    seat = str(prompt["seat"])
    public: Any = prompt.get("public_title")
    reader: Text = (
        public["params"].get("player") or ""
        if i18n.is_message(public)
        else str(public or "").removesuffix(" is reading a card")  # a prompt kept in English
    )
    read = {"card": prompt["card"], "deck": prompt["deck"], "name": prompt["name"]}
    ctx.emit(
        "card_read",
        msg("dotr.read.kept_in_hand", reader=reader)
        if reader
        else msg("dotr.read.kept_in_hand_unnamed"),
        data={"prompt": prompt["id"], "pack": prompt["pack"], "kind": prompt["kind"], "seat": seat},
        private={seat: read | {"entry": entry}},
        hidden={"read": read | {"entry": entry}},
        steps=[Step(msg("dotr.read.entered_carry_on"), R_READ)],
    )


def _resume(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    resume = prompt["resume"]
    rule = resume.get("rule")
    then = resume.get("then")
    since = last_read_id(ctx.state)
    if rule in READ_RESUMES:
        READ_RESUMES[rule](ctx, prompt, face)
    else:
        _base_resume(ctx, prompt, face)
    if then is None or ctx.state.get("outcome"):
        return
    # The command the card interrupted goes on (a night: from the card after it), unless
    # another card is to be read first, which then carries it on.
    if not carry_on(ctx, since, then) and then.get("rule") == "night":
        continue_night(ctx, list(then["plan"]), int(then["index"]), list(then["queue"]))


def _base_resume(ctx: Context, prompt: dict[str, Any], face: dict[str, Any]) -> None:
    resume = prompt["resume"]
    rule = resume.get("rule")
    if rule == "night":
        deck = prompt["deck"]
        table = list(ctx.state["decks"][deck]["table"])
        table.remove(prompt["card"])
        ctx.set("decks", deck, "table", table)
        continue_night(
            ctx, list(resume["plan"]), int(resume["index"]), list(resume["queue"]), prompt["card"]
        )
    elif rule == "setup_card":
        card = game_cards(ctx.state)[prompt["card"]]
        count = int(resume["count"])
        _on_board(
            ctx,
            lambda realm: [
                realm.place(p["colour"], count, p["location"], rule=R_SETUP)
                for p in card.data["placements"]
            ],
            "setup_card",
            msg("dotr.read.setup_card", card=card_ref(card), count=count),
            {"card": card.id, "name": card.name, "count": count},
        )
        for after in SETUP_READ:
            after(ctx, [p["location"] for p in card.data["placements"]])
    elif rule == "general_minions":
        general_id = prompt["card"]
        general = ctx.state["generals"][general_id]
        general_name = str(prompt["name"]).removesuffix("'s General card")
        count = int(face["starting_minions"])
        _on_board(
            ctx,
            lambda realm: realm.place(
                general["colour"], count, general["location"], rule=R_GENERALS
            ),
            "general_minions_placed",
            msg(
                "dotr.read.general_takes_position",
                general=i18n.name(f"general:{general_id}", general_name),
                minions=i18n.count(count, "minion", "minion", "minions"),
            ),
            {"general": general_id, "count": count},
        )
        for after in SETUP_READ:
            after(ctx, [general["location"]])
    elif rule == "wound_general":
        wound_general(ctx, dict(resume["args"]))
    elif rule in READ_RESUMES:  # an expansion's card read (a Companion's cost, a room, ...)
        READ_RESUMES[rule](ctx, prompt, face)


def _on_board(ctx: Context, action: Any, type: str, summary: Text, data: dict[str, Any]) -> None:
    """Setup placements read late: placed as the setup would have (overruns as it says)."""
    on_board(ctx, action, type=type, summary=summary, data=data, realm=Realm(ctx, setup=True))
