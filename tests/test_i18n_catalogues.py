"""Every language has every message, with the fields English gives it (scripts/check_i18n.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def load_check():  # type: ignore[no-untyped-def]
    path = Path(__file__).resolve().parent.parent / "scripts" / "check_i18n.py"
    spec = importlib.util.spec_from_file_location("check_i18n", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalogues_are_complete_in_every_language() -> None:
    assert load_check().problems() == []


def test_the_check_names_a_missing_translation(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    check = load_check()
    from deck_tracker.engine import i18n

    real = i18n.catalogue

    def lacking(language: str) -> dict:  # type: ignore[type-arg]
        cat = dict(real(language))
        if language == "de":
            cat.pop("dotr.night.all_is_quiet", None)
        return cat

    monkeypatch.setattr(i18n, "catalogue", lacking)
    assert "engine catalogue 'de' misses 'dotr.night.all_is_quiet'" in check.problems()


def _po_tree(tmp_path: Path, source: Path) -> Path:
    """A copy of the server's German catalogue (.po and its compiled .mo) under ``tmp_path``."""
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for name in ("django.po", "django.mo"):
        (folder / name).write_bytes((source / name).read_bytes())
    return folder


SERVER_DE = Path(__file__).resolve().parent.parent / "locale" / "de" / "LC_MESSAGES"


def test_the_server_words_are_translated_and_compiled(tmp_path: Path) -> None:
    check = load_check()
    _po_tree(tmp_path, SERVER_DE)
    assert check.po_problems(tmp_path) == []


def test_the_check_names_an_untranslated_server_word(tmp_path: Path) -> None:
    check = load_check()
    po = _po_tree(tmp_path, SERVER_DE) / "django.po"
    po.write_text(
        po.read_text(encoding="utf-8").replace('msgstr "Nicht gefunden."', 'msgstr ""'),
        encoding="utf-8",
    )
    assert "locale/de/LC_MESSAGES/django.po: 'Not found.' is not translated" in (
        check.po_problems(tmp_path)
    )


def test_the_check_names_a_stale_compiled_catalogue(tmp_path: Path) -> None:
    check = load_check()
    po = _po_tree(tmp_path, SERVER_DE) / "django.po"
    po.write_text(
        po.read_text(encoding="utf-8").replace("Nicht gefunden.", "Gibt es nicht."),
        encoding="utf-8",
    )
    problems = check.po_problems(tmp_path)
    assert any("django.mo is out of date" in problem for problem in problems)


# ---- the phone client's catalogues (frontend/static/frontend/locale) --------------------------
def client_copy(tmp_path: Path) -> Path:
    """A copy of the client's catalogues and modules to break on purpose."""
    import shutil

    check = load_check()
    client = tmp_path / "frontend"
    shutil.copytree(check.CLIENT / "locale", client / "locale")
    shutil.copytree(check.CLIENT / "js", client / "js")
    return client


def edit_json(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    import json

    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")


def test_the_client_check_names_a_word_german_lacks(tmp_path: Path) -> None:
    client = client_copy(tmp_path)
    edit_json(client / "locale" / "de" / "core.json", lambda data: data.pop("tab.night"))
    assert "client catalogue 'de' misses core/'tab.night'" in load_check().client_problems(client)


def test_the_client_check_names_a_translation_with_other_fields(tmp_path: Path) -> None:
    client = client_copy(tmp_path)
    edit_json(
        client / "locale" / "de" / "core.json",
        lambda data: data.update({"turn": "Zug {number}"}),
    )
    found = load_check().client_problems(client)
    assert "client catalogue 'de': core/'turn' has fields ['number'], English ['n']" in found


def test_the_client_check_names_unknown_keys_and_words_outside_the_catalogue(
    tmp_path: Path,
) -> None:
    client = client_copy(tmp_path)
    (client / "js" / "extra.js").write_text(
        'import { h, toast } from "./dom.js";\n'
        'import { t } from "./i18n.js";\n'
        'export const a = h("p", { text: t("no.such.words") });\n'
        'export const b = h("button", { "aria-label": t("close"), text: "✕" });\n'
        'export const c = h("p", { class: "muted", text: "Waiting for the host" });\n'
        'export const d = () => toast("Saved", "ok");\n'
        'export const e = h("li", {}, "Names that do not fit are shortened");\n'
        'export const f = h("span", { text: `${a} · ${b}` });\n',
        "utf-8",
    )
    found = [p for p in load_check().client_problems(client) if p.startswith("js/extra.js")]
    assert found == [
        "js/extra.js: t('no.such.words') is in no catalogue part it loads (core)",
        "js/extra.js:5: 'Waiting for the host' bypasses the catalogue (use t())",
        "js/extra.js:6: 'Saved' bypasses the catalogue (use t())",
        "js/extra.js:7: 'Names that do not fit are shortened' bypasses the catalogue (use t())",
    ]


def test_the_client_check_names_words_a_helper_hands_back(tmp_path: Path) -> None:
    """Words a function returns or falls back to reach a screen as much as a text: property."""
    client = client_copy(tmp_path)
    (client / "js" / "extra.js").write_text(
        "export function shown(entry, value) {\n"
        '  if (value === null) return "no";\n'
        '  if (entry.kind === "card") return (value && value.name) || "a card";\n'
        "  if (entry.url) return `/game/${entry.url}/known`;\n"
        '  return "Not entered yet";\n'
        "}\n",
        "utf-8",
    )
    found = [p for p in load_check().client_problems(client) if p.startswith("js/extra.js")]
    assert found == [
        "js/extra.js:3: 'a card' bypasses the catalogue (use t())",
        "js/extra.js:5: 'Not entered yet' bypasses the catalogue (use t())",
    ]


def test_a_word_of_a_later_part_needs_that_part(tmp_path: Path) -> None:
    client = client_copy(tmp_path)
    lazy = 'import { t } from "./i18n.js";\nexport const a = t("night.title");\n'
    (client / "js" / "cold.js").write_text(lazy, "utf-8")
    (client / "js" / "lazy.js").write_text(
        lazy.replace("\nexport", '\nawait need("table");\nexport'), "utf-8"
    )
    found = load_check().client_problems(client)
    assert "js/cold.js: t('night.title') is in no catalogue part it loads (core)" in found
    assert not [p for p in found if p.startswith("js/lazy.js")]


def test_two_different_english_messages_never_share_one_german_translation() -> None:
    """A German text given to the wrong message (a copy slip) shows as two English messages
    reading alike in German: a rule citing another rule's words. English words that differ only
    in their capitals ("Heroes", "heroes") rightly share one German word (German capitalises
    its nouns)."""
    from deck_tracker.engine import i18n

    check = load_check()
    english, german = check.flat("en"), check.flat("de")
    seen: dict[str, str] = {}
    clashes = []
    for key, text in english.items():
        if key.startswith(("names/", "words/")):
            continue
        words = str(german[key])
        if words in seen and str(english[seen[words]]).lower() != str(text).lower():
            clashes.append((seen[words], key))
        seen.setdefault(words, key)
    assert clashes == []
    assert i18n.render(i18n.msg("dotr.rule.dx.setup.generals"), "de").startswith("Generäle")


def test_the_check_names_a_plain_english_step_in_the_engine(tmp_path: Path) -> None:
    check = load_check()
    rules = tmp_path / "deck_tracker" / "engine" / "rules"
    rules.mkdir(parents=True)
    (rules / "planted.py").write_text(
        "def night(realm, ctx, where):\n"
        '    realm.step(f"Place 2 Orcs on {where}.", R_PLACE)\n'
        '    realm.step(msg("dotr.place.inn", location=where), R_PLACE)\n'
        '    ctx.emit("quiet", "All is quiet.")\n'
        '    raise RuleViolation(msg("error.none"), code="x")\n',
        encoding="utf-8",
    )
    assert check.literal_problems(tmp_path, pending=set()) == [
        "deck_tracker/engine/rules/planted.py:2: player words outside the catalogue",
        "deck_tracker/engine/rules/planted.py:4: player words outside the catalogue",
    ]
