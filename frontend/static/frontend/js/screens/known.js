// Cards we know (/game/<id>/known): what this table entered from its cards (a General's life, a
// card read out, a tile...), by game box and card, in player words. Kept for the host's group
// (every game of the group knows them) or, at an anonymous table, for this game only.
// A correction carries the version the screen showed: if another phone changed it meanwhile,
// the screen shows both values and lets the player choose. Export to a file; import a friend's
// file, with its result (and any conflicts to choose) shown until dismissed.

import { request } from "../api.js";
import { h, mount, toast, uuid } from "../dom.js";
import { savedGame } from "../storage.js";
import { need, t } from "../i18n.js";

await need("known");

const EXPORT_NAME = "cards-we-know.json";

export function show(app, gameId) {
  const saved = savedGame(gameId);
  const token = saved && saved.seats[saved.active] && saved.seats[saved.active].token;
  const root = h("main", { class: "screen known", "data-testid": "known" });
  mount(app, root);
  let alive = true;
  const data = { known: null, error: "", editing: null, forgetting: null, conflict: null, report: null, reportFile: null };

  const call = (path, options = {}) => request(`games/${gameId}/content/${path}`, { token, ...options });

  const head = () => h("header", { class: "wizard-head" },
    h("a", { href: `/game/${gameId}`, class: "icon-btn", "data-link": "", "aria-label": t("known.back"), text: "←" }),
    h("h1", { text: t("known.title") }));

  async function load() {
    try {
      data.known = await call("");
      data.error = "";
    } catch (error) {
      data.error = error.status === 404 ? t("known.no_seat") : error.message;
    }
    render();
  }

  function render() {
    if (!alive) return;
    if (!token) {
      mount(root, head(), h("p", { class: "form-error", role: "alert", text: t("known.no_seat") }));
      return;
    }
    const known = data.known;
    mount(root, head(),
      data.error ? h("p", { class: "form-error", role: "alert", text: data.error }) : null,
      known ? h("p", { class: "muted", "data-testid": "known-owner", text: known.owner === "group"
        ? t("known.kept_for", { name: known.owner_name })
        : t("known.kept_game") }) : h("p", { class: "boot", text: t("known.loading") }),
      data.report ? reportCard() : null,
      known && !known.packs.length ? h("p", { class: "card muted", "data-testid": "known-empty", text: t("known.empty") }) : null,
      known ? known.packs.map(packCard) : null,
      known ? filesCard() : null);
  }

  // ---- the entries -----------------------------------------------------------------------

  function packCard(pack) {
    return h("section", { class: "card", "data-testid": "known-pack" },
      h("h2", { text: pack.name }),
      h("ul", { class: "known-list" }, pack.entries.map((entry) => entryRow(pack, entry))));
  }

  function entryRow(pack, entry) {
    const editing = data.editing && data.editing.pack === pack.pack && data.editing.path === entry.path;
    const conflict = data.conflict && data.conflict.pack === pack.pack && data.conflict.path === entry.path ? data.conflict : null;
    const words = entry.kind === "card" ? `${entry.item}` : `${entry.item}: ${entry.field}`;
    return h("li", { class: "known-entry", "data-testid": "known-entry", dataset: { item: entry.item, field: entry.field } },
      h("div", { class: "row" },
        h("span", { class: "grow" }, h("strong", { text: words }), entry.kind === "card" ? h("span", { class: "muted", text: ` (${t("known.read_out")})` }) : [" ", h("span", { "data-testid": "known-value", text: entry.shown })]),
        editing ? null : h("button", { type: "button", class: "ghost", "data-testid": "correct",
          text: t(entry.kind !== "card" ? "known.correct" : data.forgetting === entry.path ? "known.sure" : "known.forget"),
          onclick: () => {
            if (entry.kind !== "card") { startEdit(pack, entry); return; }
            // A second tap forgets the card (the group's next games will ask for it again).
            if (data.forgetting !== entry.path) { data.forgetting = entry.path; render(); return; }
            data.forgetting = null;
            save(pack, entry, null, entry.version);
          } })),
      editing ? editForm(pack, entry) : null,
      conflict ? conflictBox(pack, entry, conflict) : null);
  }

  function startEdit(pack, entry) {
    data.editing = { pack: pack.pack, path: entry.path };
    data.conflict = null;
    render();
  }

  function editForm(pack, entry) {
    const input = inputFor(entry.schema || {}, entry.value);
    const error = h("p", { class: "form-error", role: "alert" });
    return h("form", {
      class: "known-edit",
      onsubmit: async (event) => {
        event.preventDefault();
        const value = readInput(input, entry.schema || {});
        if (value === undefined) { error.textContent = t("known.enter_value"); return; }
        const problem = await save(pack, entry, value, entry.version);
        if (problem) error.textContent = problem;
      },
    },
      h("label", { class: "field" }, h("span", { class: "field-label", text: `${entry.item}: ${entry.field}` }), input),
      error,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "primary", "data-testid": "save-entry", text: t("known.save") }),
        h("button", { type: "button", class: "ghost", text: t("known.cancel"), onclick: () => { data.editing = null; render(); } })));
  }

  // Returns a message when the server refused the value (the form stays open).
  async function save(pack, entry, value, version) {
    try {
      data.known = await call("entries/", { method: "PUT", body: { pack: pack.pack, path: entry.path, value, expected_version: version }, key: uuid() });
      data.editing = null;
      data.conflict = null;
      toast(value === null ? t("known.forgotten", { item: entry.item }) : t("known.saved", { item: entry.item }), "ok");
      render();
      return "";
    } catch (error) {
      if (error.status === 409) {
        data.editing = null;
        data.conflict = { pack: pack.pack, path: entry.path, mine: value, theirs: error.body.current_value, version: error.body.current_version, entry };
        render();
        return "";
      }
      return error.fields ? Object.values(error.fields).flat().join(" ") : error.message;
    }
  }

  function conflictBox(pack, entry, conflict) {
    const theirs = conflict.theirs === null ? t("known.value.not_entered") : shownValue(entry, conflict.theirs);
    return h("div", { class: "banner banner-warn", role: "alert", "data-testid": "entry-conflict" },
      h("div", { class: "grow" },
        h("strong", { text: t("known.changed") }),
        h("p", { text: t("known.changed.detail", { theirs, mine: shownValue(entry, conflict.mine) }) })),
      h("div", { class: "banner-actions" },
        h("button", { type: "button", class: "primary", "data-testid": "keep-mine",
          text: t("known.use_mine"), onclick: () => save(pack, entry, conflict.mine, conflict.version) }),
        h("button", { type: "button", class: "ghost", "data-testid": "keep-theirs",
          text: t("known.keep_theirs"), onclick: () => { data.conflict = null; load(); } })));
  }

  // ---- export and import -------------------------------------------------------------------

  function filesCard() {
    const file = h("input", { type: "file", name: "entries-file", accept: ".json,application/json", "aria-label": t("known.file") });
    const error = h("p", { class: "form-error", role: "alert" });
    return h("section", { class: "card", "data-testid": "known-files" },
      h("h2", { text: t("known.share") }),
      h("p", { class: "muted", text: t("known.share.hint") }),
      h("button", { type: "button", class: "button", "data-testid": "export", text: t("known.export"), onclick: exportFile }),
      h("form", {
        class: "known-import",
        onsubmit: async (event) => {
          event.preventDefault();
          error.textContent = "";
          const chosen = file.files && file.files[0];
          if (!chosen) { error.textContent = t("known.choose_file"); return; }
          let shared;
          try { shared = JSON.parse(await chosen.text()); } catch { error.textContent = t("known.not_json"); return; }
          const problem = await importFile(shared, {});
          if (problem) error.textContent = problem;
        },
      },
        h("label", { class: "field" }, h("span", { class: "field-label", text: t("known.import.label") }), file),
        error,
        h("button", { type: "submit", class: "primary", "data-testid": "import", text: t("known.import") })));
  }

  async function exportFile() {
    try {
      const exported = await call("export/");
      const blob = new Blob([JSON.stringify(exported, null, 2)], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: EXPORT_NAME });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async function importFile(shared, takeTheirs) {
    try {
      data.report = await call("import/", { method: "POST", body: { file: shared, take_theirs: takeTheirs }, key: uuid() });
      data.reportFile = shared;
      data.known = await call("");
      render();
      return "";
    } catch (error) {
      if (error.code === "invalid_entries_file") return t("known.cannot_import", { error: error.message });
      return error.message;
    }
  }

  function reportCard() {
    const report = data.report;
    const choices = {};
    const changed = report.added.length + report.replaced.length;
    return h("section", { class: "banner banner-ok known-report", role: "status", "data-testid": "import-result" },
      h("div", { class: "grow" },
        h("strong", { text: changed ? t("known.taken", { count: changed }) : t("known.nothing_new") }),
        report.unchanged ? h("p", { text: t("known.same", { count: report.unchanged }) }) : null,
        report.added.length ? h("ul", {}, report.added.map((a) => h("li", { text: a.kind === "card" ? t("known.added_card", { item: a.item }) : `${a.item}: ${a.field} ${a.shown}` }))) : null,
        report.replaced.length ? h("ul", {}, report.replaced.map((r) => h("li", { text: t("known.replaced", { item: r.item, field: r.field, now: r.theirs_shown, was: r.ours_shown }) }))) : null,
        report.conflicts.length ? h("div", { "data-testid": "import-conflicts" },
          h("p", { text: t("known.differ", { count: report.conflicts.length }) }),
          h("ul", {}, report.conflicts.map((c) => {
            const key = `${c.pack} ${c.path}`;
            choices[key] = "ours";
            const pick = (value) => () => { choices[key] = value; };
            return h("li", { class: "known-conflict", "data-testid": "import-conflict" },
              h("span", { text: t("known.conflict", { item: c.item, field: c.field, ours: c.ours_shown, theirs: c.theirs_shown }) }),
              h("label", { class: "row" }, h("input", { type: "radio", name: key, checked: true, onchange: pick("ours") }), t("known.keep_yours")),
              h("label", { class: "row" }, h("input", { type: "radio", name: key, "data-testid": "take-theirs", onchange: pick("theirs") }), t("known.take_files")));
          })),
          h("button", { type: "button", class: "primary", "data-testid": "apply-choices", text: t("known.apply"),
            onclick: async () => {
              const take = {};
              for (const c of report.conflicts) {
                if (choices[`${c.pack} ${c.path}`] === "theirs") (take[c.pack] = take[c.pack] || []).push(c.path);
              }
              const problem = await importFile(data.reportFile, take);
              if (problem) toast(problem, "error");
            } })) : null),
      h("div", { class: "banner-actions" },
        h("button", { type: "button", class: "ghost", "data-testid": "dismiss-result", "aria-label": t("known.dismiss"), text: t("known.ok"),
          onclick: () => { data.report = null; data.reportFile = null; render(); } })));
  }

  load();
  return { stop() { alive = false; } };
}

// ---- values and their inputs, from the value's JSON Schema --------------------------------

function variants(schema) {
  return (schema.anyOf || [schema]).filter((part) => part.type !== "null");
}

function choicesOf(schema) {
  for (const part of variants(schema)) {
    if (part.oneOf) return part.oneOf.map((o) => [o.const, o.title || String(o.const)]);
    if (part.enum) return part.enum.map((v) => [v, String(v)]);
    if (part.const !== undefined) return [[part.const, part.title || String(part.const)]];
  }
  return null;
}

function typeOf(schema) {
  const part = variants(schema).find((p) => p.type);
  return part ? part.type : "string";
}

function inputFor(schema, value) {
  const choices = choicesOf(schema);
  if (choices) {
    return h("select", { name: "value" }, choices.map(([v, title]) => h("option", { value: JSON.stringify(v), selected: v === value, text: title })));
  }
  const type = typeOf(schema);
  if (type === "boolean") {
    return h("select", { name: "value" }, [[true, t("known.yes")], [false, t("known.no")]].map(([v, title]) => h("option", { value: JSON.stringify(v), selected: v === value, text: title })));
  }
  if (type === "integer" || type === "number") {
    const part = variants(schema).find((p) => p.type === type) || {};
    return h("input", { name: "value", type: "number", inputmode: "numeric", min: part.minimum, max: part.maximum, value: value ?? "" });
  }
  return h("input", { name: "value", type: "text", value: value ?? "", maxlength: 2000 });
}

function readInput(input, schema) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  const type = typeOf(schema);
  if (type === "integer" || type === "number") {
    if (input.value.trim() === "") return undefined;
    const number = Number(input.value);
    return Number.isFinite(number) ? number : undefined;
  }
  return input.value.trim() ? input.value.trim() : undefined;
}

function shownValue(entry, value) {
  if (value === null || value === undefined) return t("known.value.nothing");
  if (entry.kind === "card") return (value && value.name) || t("known.value.card");
  const choices = choicesOf(entry.schema || {});
  const named = choices && choices.find(([v]) => v === value);
  if (named) return named[1];
  if (typeof value === "boolean") return value ? t("known.value.yes") : t("known.value.no");
  return String(value);
}
