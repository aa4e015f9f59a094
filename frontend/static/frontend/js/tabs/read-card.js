// "Read the card you drew": when the app meets a card it does not know yet, every phone at the
// table shows this sheet; one player reads the card aloud and enters it, and every phone sees
// the night (or the setup) carry on. The form is built from the prompt's JSON Schema: pickers
// for locations, minions and Generals (offered by name), steppers for counts, text only for
// what a card says in words. A card drawn into a hand (a new Quest) is read by its holder
// alone: the other phones get only "Ada is reading a card" (the prompt is `private`), no form.

import { h, sheet } from "../dom.js";
import { FACTIONS } from "../content.js";
import { stepper } from "../stepper.js";
import { need, t } from "../i18n.js";
import { api } from "../api.js";

// Its own words (the "read" part) and styles (in app.css, no more.css): on a first screen that
// opens on a card to read, the sheet brings nothing it does not show.
await need("read");

let open = null; // {id, close}
let fetching = null; // the prompt whose form is being fetched

// Show the first card waiting to be read (or close the sheet once it has been answered).
export function syncReadCard(ctx) {
  const reading = (ctx.session.state && ctx.session.state.reading) || [];
  const prompt = reading[0];
  if (open && (!prompt || prompt.id !== open.id)) {
    const closing = open;
    open = null;
    closing.close();
  }
  if (!prompt || open || prompt.private) return;
  if (!prompt.schema) {
    // The cold load leaves the card's form out (GET game ?view=table): fetch it once.
    if (fetching !== prompt.id) {
      fetching = prompt.id;
      api.game(ctx.session.id, ctx.session.token).then((game) => {
        const full = ((game.state && game.state.reading) || []).find((p) => p.id === prompt.id);
        const mine = ((ctx.session.state && ctx.session.state.reading) || []).find((p) => p.id === prompt.id);
        if (full && mine) Object.assign(mine, { schema: full.schema, fields: full.fields });
        fetching = null;
        syncReadCard(ctx);
      }).catch(() => { fetching = null; });
    }
    return;
  }
  const shown = sheet(prompt.title || t("read.title"), (body, close) => build(ctx, prompt, body, close), {
    onClose: () => {
      if (!open || open.id !== prompt.id) return; // closed by syncReadCard: the change redraws
      open = { id: prompt.id, close: () => {}, dismissed: true };
      ctx.session.readDismissed = prompt.id; // the Board draws what the sheet covered
      ctx.rerender();
    },
  });
  shown.dialog.dataset.testid = "read-card";
  open = { id: prompt.id, close: shown.close };
}

// Reopen the sheet after a player closed it (the banner's button).
export function reopenReadCard(ctx) {
  if (open && open.dismissed) open = null;
  syncReadCard(ctx);
}

export function readingBanner(ctx) {
  const reading = (ctx.session.state && ctx.session.state.reading) || [];
  if (!reading.length) return null;
  const first = reading[0];
  if (first.private) {
    return h("div", { class: "banner", "data-testid": "reading-banner" }, h("span", { class: "grow", text: `${first.title}…` }));
  }
  return h("div", { class: "banner banner-warn", "data-testid": "reading-banner" },
    h("span", { class: "grow", text: reading.length > 1 ? t("read.banner.more", { name: first.name, count: reading.length - 1 }) : t("read.banner", { name: first.name }) }),
    h("button", { class: "ghost", type: "button", onclick: () => reopenReadCard(ctx), text: t("read.it") }));
}

function choices(schema) {
  return (schema.oneOf || []).filter((o) => "const" in o).map((o) => ({ value: o.const, label: o.title || String(o.const) }));
}

function picker(name, schema, value, optional = false) {
  const select = h("select", { name, required: !optional, "aria-label": schema.title || name });
  select.append(h("option", { value: "", text: optional ? t("read.not_on_card") : t("forms.choose") }));
  for (const option of choices(schema)) {
    select.append(h("option", { value: option.value, text: option.label, selected: option.value === value }));
  }
  if (value !== undefined && value !== null) select.value = value;
  return select;
}

// The minions' colours, each with its badge: the map's module draws them (it comes with the
// Board, after the sheet on a first screen), so the badges join the labels when it is in.
function colourPicker(name, schema, value) {
  const wrap = h("div", { class: "segmented", role: "radiogroup", "aria-label": schema.title || name });
  const labels = [];
  for (const option of choices(schema)) {
    const id = `${name}-${option.value}-${Math.random().toString(36).slice(2, 7)}`;
    const label = h("label", { for: id, class: "seg" }, option.label);
    if (FACTIONS[option.value]) labels.push([label, option.value]);
    wrap.append(h("input", { type: "radio", name, id, value: option.value, checked: option.value === value, required: true }), label);
  }
  if (labels.length) {
    import("../map.js").then(({ factionBadge }) => {
      for (const [label, colour] of labels) label.prepend(factionBadge(colour, undefined, 20));
    });
  }
  return wrap;
}

function labelled(title, control, hint) {
  return h("label", { class: "field" }, h("span", { class: "field-label", text: title }), control,
    hint ? h("small", { class: "hint", text: hint }) : null);
}

// One widget per property; each returns {node, read()} so the answer follows the schema. A
// property the card may not show (not required) may be left empty: it is left out of the answer.
function widget(name, schema, key = name, optional = false) {
  if (schema.type === "integer") {
    const min = schema.minimum ?? 0;
    // No number the player did not read: empty until entered (a dragon's life preset to 1 fell
    // at his first wound after one hasty tap). "+" from empty gives the smallest allowed.
    const start = schema.default ?? "";
    const node = stepper(name, start, { min, max: schema.maximum ?? 99, label: schema.title || name });
    const input = node.querySelector("input");
    return { node: labelled(schema.title || name, node, schema.description), read: () => parseInt(input.value, 10) };
  }
  if (schema.oneOf && key !== "colour") {
    const select = picker(name, schema, schema.default);
    return { node: labelled(schema.title || name, select, schema.description), read: () => select.value || null };
  }
  if (schema.type === "string") {
    const input = schema.maxLength && schema.maxLength <= 80
      ? h("input", { type: "text", name, required: !optional, maxlength: String(schema.maxLength) })
      : h("textarea", { name, required: !optional, rows: "3", maxlength: String(schema.maxLength || 600) });
    return { node: labelled(schema.title || name, input), read: () => input.value.trim() || (optional ? null : "") };
  }
  if (schema.type === "array") return placements(name, schema);
  if (key === "colour") {
    const node = colourPicker(name, schema, schema.default);
    return { node: labelled(schema.title || name, node), read: () => (node.querySelector("input:checked") || {}).value || null };
  }
  const select = picker(name, schema, schema.default, optional);
  return { node: labelled(schema.title || name, select), read: () => select.value || null };
}

// The minions a card places: one row per location (location, minions, how many).
function placements(name, schema) {
  const item = schema.items.properties;
  const rows = [];
  const list = h("div", { class: "read-rows" });
  const add = () => {
    if (rows.length >= (schema.maxItems || 4)) return;
    const parts = Object.entries(item).map(([key, sub]) => [key, widget(`${name}-${rows.length}-${key}`, sub, key)]);
    const row = h("div", { class: "read-row card" }, parts.map(([, w]) => w.node),
      h("button", {
        type: "button", class: "ghost", text: t("read.remove"),
        onclick: () => { const at = rows.findIndex((r) => r.row === row); if (at >= 0 && rows.length > (schema.minItems || 0)) { rows.splice(at, 1); row.remove(); } },
      }));
    rows.push({ row, parts });
    list.append(row);
  };
  for (let i = 0; i < (schema.minItems ?? 1); i += 1) add();
  const node = h("fieldset", { class: "field" }, h("legend", { class: "field-label", text: schema.title || name }), list,
    h("button", { type: "button", class: "big", "data-testid": "read-add-row", onclick: add, text: `+ ${t("read.another")}` }));
  return { node, read: () => rows.map(({ parts }) => Object.fromEntries(parts.map(([key, w]) => [key, w.read()]))) };
}

function build(ctx, prompt, body, close) {
  const schema = prompt.schema || {};
  const needed = new Set(schema.required || Object.keys(schema.properties || {}));
  const fields = Object.entries(schema.properties || {})
    .map(([name, sub]) => [name, widget(name, sub, name, !needed.has(name)), needed.has(name)]);
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", {
    class: "form read-card-form",
    novalidate: true, // checked below: what the card leaves out may stay empty
    onsubmit: async (event) => {
      event.preventDefault();
      const empty = (v) => v === null || v === "" || Number.isNaN(v);
      const face = Object.fromEntries(fields.map(([name, w]) => [name, w.read()]).filter(([, v]) => !empty(v)));
      const missing = fields.filter(([, w, isNeeded]) => isNeeded && empty(w.read()));
      if (missing.length) { error.textContent = t("read.fill"); return; }
      const result = await ctx.session.act("read_card", { prompt: prompt.id, face }, { label: t("read.label", { name: prompt.name }) });
      if (result) close();
      else if (ctx.session.notice) error.textContent = ctx.session.notice.detail || t("read.failed");
    },
  },
  h("p", { class: "lead", text: prompt.detail ? `${prompt.name} · ${prompt.detail}` : prompt.name }),
  h("p", { class: "muted", text: t("read.hint") }),
  fields.map(([, w]) => w.node),
  error,
  h("button", { type: "submit", class: "primary big", "data-testid": "read-card-submit", text: t("read.submit") }));
  body.append(form);
}
