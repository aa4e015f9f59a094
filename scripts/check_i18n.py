"""Check the catalogues: every language has every key English has, with the same fields.

Run by ``make lint`` and by ``tests/test_i18n_catalogues.py``. It fails, naming each problem,
when a message id used in the engine's code is in no English catalogue, when a language misses a
key another language has (or has one English lacks), or when a translation uses a field
(``{location}``) the English does not give it.

Django's own words (``locale/<language>/LC_MESSAGES/django.po``): every entry must be
translated (no empty or fuzzy ``msgstr``, the same ``{fields}`` as its ``msgid``), and the
committed ``django.mo`` must hold exactly the ``.po``'s translations. The ``.mo`` is read with
the stdlib's ``gettext`` and compared entry by entry with the ``.po``, so the check does not
depend on which compiler wrote it (``msgfmt`` or ``django-admin compilemessages``); after
editing a ``.po``, run ``msgfmt -o django.mo django.po`` in its folder.
The phone client's catalogues (``frontend/static/frontend/locale/<language>/<part>.json``) are
checked too: every language has the parts and keys English has, with the same fields; every
``t("key")`` in the client's modules is in a part the module loads (``core``, or one it asks
for with ``need("part")``); and no player-visible literal bypasses the catalogue (``text:
"Words"``, ``title:``, ``detail:``, ``"aria-label":``, ``placeholder:``, ``label:``,
``toast("...")``, ``sheet("...")``, a string child after an element's properties,
``.textContent = "..."``, and words a function hands back or falls back to: ``return "a card"``,
``|| "a card"``; an address such as ``return `/game/${id}``` is no words).
Only non-words pass: marks and symbols ("✕", "St", "Dg"), lowercase ids ("ok", "board").

The engine's own words (read with ``ast``): a str literal or f-string given as the text or rule
of a ``Step(...)`` / ``.step(...)``, the summary of ``.emit(type, summary)`` or of
``record(ctx, type, summary, data, *(text, rule))`` (and its step pairs), a
``steps.append((text, rule))`` pair, the detail of ``RuleViolation`` / ``InvalidArguments``
/ ``EngineError`` / ``UnknownCommand`` / ``Unavailable``, an ``InvalidArguments`` field problem
written in place or appended to ``problems``, a Battlefields ``Refusal``'s detail, a prompt's
``title`` / ``name`` / ``detail`` / ``public_title`` given to ``ask``, or an ``Arg``'s
``unoffered`` is named ("<file>:<line>: player words outside the catalogue"): it must be a
message (``msg("...")``). mypy holds the same line by type: those words are ``i18n.Message``,
which only ``msg`` makes. Modules still to convert are listed in ``ENGINE_PENDING``.
"""

from __future__ import annotations

import ast
import gettext
import json
import re
import string
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deck_tracker.engine import i18n  # noqa: E402

# A message id written in the engine's code: msg("dotr.night.orc_patrols", ...).
MSG_CALL = re.compile(r"""\bmsg\(\s*["']([a-z0-9_.:-]+)["']""")


def fields(template: Any) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    found: set[str] = set()
    for text in texts:
        if isinstance(text, str):
            found.update(f for _, f, _, _ in string.Formatter().parse(text) if f)
    return found


def flat(language: str) -> dict[str, Any]:
    cat = i18n.catalogue(language)
    entries = {k: v for k, v in cat.items() if k not in ("names", "words")}
    entries.update({f"names/{k}": v for k, v in cat["names"].items()})
    entries.update({f"words/{k}": v for k, v in cat["words"].items()})
    return entries


def engine_problems() -> list[str]:
    problems: list[str] = []
    english = flat(i18n.DEFAULT_LANGUAGE)
    for path in sorted((ROOT / "deck_tracker" / "engine").rglob("*.py")):
        for used in MSG_CALL.findall(path.read_text(encoding="utf-8")):
            if used not in english:
                where = path.relative_to(ROOT)
                problems.append(f"{where}: message {used!r} is in no English catalogue")
    for language in i18n.LANGUAGES:
        if language == i18n.DEFAULT_LANGUAGE:
            continue
        other = flat(language)
        for key in sorted(english.keys() - other.keys()):
            problems.append(f"engine catalogue {language!r} misses {key!r}")
        for key in sorted(other.keys() - english.keys()):
            problems.append(f"engine catalogue {language!r} has {key!r}, which English lacks")
        for key in sorted(english.keys() & other.keys()):
            extra = fields(other[key]) - fields(english[key])
            if extra:
                problems.append(
                    f"engine catalogue {language!r}: {key!r} uses unknown {sorted(extra)}"
                )
    return problems


# Where the engine hands words to a player: a step's text and rule, an event's summary, a
# refusal's detail, a reason an action is unavailable. A str literal or f-string there bypasses
# the catalogue.
REFUSALS = {"RuleViolation", "InvalidArguments", "EngineError", "Unavailable", "UnknownCommand"}
# A read-the-card prompt's words (``reading.ask``) and a command's reason when nothing is offered.
PROMPT_WORDS = ("title", "name", "detail", "public_title")


def _is_words(node: ast.AST | None) -> bool:
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[A-Za-z]{2}", node.value))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _is_words(node.left) or _is_words(node.right)
    if isinstance(node, ast.IfExp):
        return _is_words(node.body) or _is_words(node.orelse)
    return False


def _argument(call: ast.Call, index: int, keyword: str) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    if len(call.args) > index and not any(isinstance(a, ast.Starred) for a in call.args[:index]):
        return call.args[index]
    return None


def _callee(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return "." + call.func.attr
    return ""


def _field_problems(node: ast.AST | None) -> list[ast.AST | None]:
    """The problems of an ``InvalidArguments`` written in place: ``{"field": ["words"]}``."""
    values: list[ast.AST | None] = []
    if isinstance(node, ast.Dict):
        values = list(node.values)
    elif isinstance(node, ast.DictComp):
        values = [node.value]
    found: list[ast.AST | None] = []
    for value in values:
        if isinstance(value, ast.List):
            found += value.elts
    return found


def player_words(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` where a literal reaches a player without a message."""
    lines: list[int] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        words: list[ast.AST | None] = []
        if name in ("Step", ".step"):
            words = [_argument(node, 0, "text"), _argument(node, 1, "rule")]
        elif name == ".emit":
            words = [_argument(node, 1, "summary")]
        elif name == "record":
            words = [_argument(node, 2, "summary")]
            for pair in node.args[4:]:
                if isinstance(pair, ast.Tuple):
                    words += pair.elts[:2]
        elif name in REFUSALS:
            index = 1 if name == "InvalidArguments" else 0
            words = [_argument(node, index, "detail" if name == "InvalidArguments" else "message")]
            if name == "InvalidArguments":
                words += _field_problems(_argument(node, 0, "fields"))
        elif name == "Refusal":  # Battlefields' play conditions: (code, detail, rule)
            words = [_argument(node, 1, "detail")]
        elif name in ("ask", ".ask"):
            words = [kw.value for kw in node.keywords if kw.arg in PROMPT_WORDS]
        elif name == "Arg":
            words = [kw.value for kw in node.keywords if kw.arg == "unoffered"]
        elif name == ".append" and len(node.args) == 1 and "problems" in ast.unparse(node.func):
            words = [node.args[0]]
        elif name == ".append" and len(node.args) == 1 and isinstance(node.args[0], ast.Tuple):
            target = node.func.value if isinstance(node.func, ast.Attribute) else None
            if isinstance(target, ast.Name) and target.id == "steps":
                words = list(node.args[0].elts[:2])
        if any(_is_words(w) for w in words):
            lines.append(node.lineno)
    return lines


# Engine modules whose words still wait to be moved into the catalogue (docs/languages.md).
ENGINE_PENDING: set[str] = {}


def literal_problems(root: Path = ROOT, pending: set[str] | None = None) -> list[str]:
    problems: list[str] = []
    engine = root / "deck_tracker" / "engine"
    waiting = ENGINE_PENDING if pending is None else pending
    for path in sorted(engine.rglob("*.py")):
        if path.relative_to(engine).as_posix() in waiting:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(root)
        for line in player_words(tree):
            problems.append(f"{where}:{line}: player words outside the catalogue")
    return problems


PO_FIELD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (\".*\")$")


def read_po(path: Path) -> list[dict[str, Any]]:
    """The entries of a ``.po`` file: ``msgid``, ``msgstr`` (or ``msgstr[n]``), ``fuzzy``."""
    entries: list[dict[str, Any]] = []
    entry: dict[str, Any] = {}
    field = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, field = {}, ""
            continue
        if line.startswith("#,") and "fuzzy" in line:
            entry["fuzzy"] = True
        if line.startswith("#"):
            continue
        found = PO_FIELD.match(line)
        if found:
            field = found[1]
            entry[field] = ast.literal_eval(found[2])
        elif line.startswith('"') and field:
            entry[field] += ast.literal_eval(line)
    return entries


def po_problems(root: Path = ROOT) -> list[str]:
    problems: list[str] = []
    for po in sorted(root.glob("locale/*/LC_MESSAGES/*.po")):
        where = po.relative_to(root)
        expected: dict[str, str] = {}
        for entry in read_po(po):
            msgid = entry.get("msgid", "")
            if not msgid:
                continue  # the header
            translations = [v for k, v in entry.items() if k.startswith("msgstr")]
            if entry.get("fuzzy") or not translations or not all(translations):
                problems.append(f"{where}: {msgid!r} is not translated")
                continue
            for translation in translations:
                if fields(translation) != fields(msgid):
                    problems.append(f"{where}: {msgid!r} and its translation differ in fields")
            if "msgid_plural" not in entry:
                expected[msgid] = translations[0]
        mo = po.with_suffix(".mo")
        if not mo.exists():
            problems.append(f"{where}: no compiled {mo.name} beside it")
            continue
        with mo.open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        catalog: dict[str, str] = {
            k: v for k, v in compiled._catalog.items() if isinstance(k, str) and k
        }
        if catalog != expected:
            problems.append(
                f"{where}: {mo.name} is out of date (run msgfmt -o {mo.name} {po.name})"
            )
    return problems


# ---- the phone client ----------------------------------------------------------------------------
CLIENT = ROOT / "frontend" / "static" / "frontend"
T_CALL = re.compile(r"""\bt\(\s*["']([^"'`$]+)["']""")
NEED_CALL = re.compile(r"""\bneed\(\s*["']([a-z-]+)["']""")
# A cold module whose words of a later part are read only once that part is in: it says so.
NEED_LATER = re.compile(r"""//\s*later:\s*need\(\s*["']([a-z-]+)["']""")
# Where a literal is read by a player: an element's text, label, title or placeholder, a toast,
# a sheet's title, a string child after an element's properties, or text set on a node.
VISIBLE = re.compile(
    r"""(?:\btext|\btitle|\bdetail|"aria-label"|\bplaceholder|\blabel|\balt)\s*:\s*(["'`])((?:\\.|(?!\1).)*)\1"""
    r"""|\b(?:toast|sheet)\(\s*(["'`])((?:\\.|(?!\3).)*)\3"""
    r"""|\},\s*(["'`])((?:\\.|(?!\5).)*)\5"""
    r"""|\.textContent\s*=\s*(["'`])((?:\\.|(?!\7).)*)\7"""
)
# Words a helper hands back for a screen to show, or falls back to (an address excepted).
HANDED = re.compile(r"""(?:\breturn|\|\|)\s*(["'`])((?:\\.|(?!\1)[^/])*)\1""")
# Modules whose words still wait to be moved into the catalogue (docs/languages.md): the
# literal scan leaves them alone until they are converted; their t() keys are still checked.
PENDING: set[str] = set()


def outside_fields(literal: str) -> str:
    """A template literal without its ``${...}`` parts (nested braces and quotes included)."""
    out, depth, i = [], 0, 0
    while i < len(literal):
        if depth == 0 and literal.startswith("${", i):
            depth, i = 1, i + 2
            out.append(" ")
            continue
        if depth:
            depth += {"{": 1, "}": -1}.get(literal[i], 0)
        else:
            out.append(literal[i])
        i += 1
    return "".join(out)


def literal_of(match: re.Match[str]) -> str:
    """The quoted literal a ``VISIBLE`` match found (whichever of its alternatives matched)."""
    return next(g for g in match.groups()[1::2] if g is not None)


def is_words(literal: str) -> bool:
    """A literal a player reads as words: letters beyond a mark or a lowercase id."""
    plain = outside_fields(literal).strip()
    if len(plain) <= 2 or not re.search(r"[A-Za-z]{2}", plain):
        return False
    return " " in plain or plain[0].isupper()


def client_catalogue(language: str, client: Path = CLIENT) -> dict[str, dict[str, Any]]:
    folder = client / "locale" / language
    return {p.stem: json.loads(p.read_text("utf-8")) for p in sorted(folder.glob("*.json"))}


def client_problems(client: Path = CLIENT) -> list[str]:
    problems: list[str] = []
    english = client_catalogue("en", client)
    languages = sorted(d.name for d in (client / "locale").iterdir() if d.is_dir())
    for language in languages:
        if language == "en":
            continue
        other = client_catalogue(language, client)
        for part in sorted(english.keys() - other.keys()):
            problems.append(f"client catalogue {language!r} misses the part {part!r}")
        for part in sorted(english.keys() & other.keys()):
            mine, theirs = english[part], other[part]
            for key in sorted(mine.keys() - theirs.keys()):
                problems.append(f"client catalogue {language!r} misses {part}/{key!r}")
            for key in sorted(theirs.keys() - mine.keys()):
                problems.append(
                    f"client catalogue {language!r} has {part}/{key!r}, which English lacks"
                )
            for key in sorted(mine.keys() & theirs.keys()):
                if isinstance(mine[key], dict) != isinstance(theirs[key], dict):
                    problems.append(f"client catalogue {language!r}: {part}/{key!r} plural forms")
                if fields(mine[key]) != fields(theirs[key]):
                    problems.append(
                        f"client catalogue {language!r}: {part}/{key!r} has fields "
                        f"{sorted(fields(theirs[key]))}, English {sorted(fields(mine[key]))}"
                    )
    scripts = client / "js"
    for path in sorted(scripts.rglob("*.js")):
        name = path.relative_to(scripts).as_posix()
        text = path.read_text(encoding="utf-8")
        loaded = {"core", *NEED_CALL.findall(text), *NEED_LATER.findall(text)}
        known = {key for part in loaded for key in english.get(part, {})}
        for key in T_CALL.findall(text):
            if key not in known:
                parts = ", ".join(sorted(loaded))
                problems.append(f"js/{name}: t({key!r}) is in no catalogue part it loads ({parts})")
        if name in PENDING:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            found = [literal_of(match) for match in VISIBLE.finditer(line)]
            found += [match.group(2) for match in HANDED.finditer(line)]
            for literal in found:
                if is_words(literal):
                    problems.append(
                        f"js/{name}:{number}: {literal!r} bypasses the catalogue (use t())"
                    )
    return problems


def problems() -> list[str]:
    return engine_problems() + literal_problems() + po_problems() + client_problems()


def main() -> int:
    found = problems()
    for problem in found:
        print(problem)
    print(f"check_i18n: {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
