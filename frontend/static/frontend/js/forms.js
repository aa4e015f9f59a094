// Forms built from the actions list (GET .../actions/): each action publishes the JSON Schema
// of its arguments, and each argument gets the widget its name and type call for (a location
// picker, minion steppers, a General, a seat, cards from the right pile, ...).

import { h, toast } from "./dom.js";
import { COLOURS, FACTIONS, cardName, deckLabel, generalName, heroName, loadTexts } from "./content.js";
import { factionBadge } from "./map.js";
import { need, t } from "./i18n.js";
import { stepper } from "./stepper.js";

export { stepper };

await need("table");

export const ACTION_LABELS = [
  "defeat_minions", "heal_taint", "build_gate", "set_location", "wound_general", "move_hero", "wound_hero", "heal_hero", "end_turn", "discard_to_limit", "rumors", "draw_quest", "complete_quest", "discard_quest", "night", "read_card", "read_ability", "choose_abilities", "draw", "discard", "shuffle", "peek", "put_back", "take", "box", "undo", "redo",
  // Talisman: The Dragon's commands.
  "set_opponents", "cancel_dragon_rage", "new_character", "set_lord_lives", "attack_king", "move", "claim_scale", "enter_inner_region", "tower_draw", "tower_result", "inner_step", "turn_back", "leave_inner_region", "name_dragon_card", "draw_dragon_token", "next_turn",
  // The commands of the expansions and of the table (their English as the type reads).
  "tick_setup_step", "tick_table_step", "close_game", "join", "claim_seat", "end_game", "put_out_fire", "attack_minions", "turn_end_dangers", "become_slayer", "record_fame", "confirm_fame", "dismiss_fame", "set_fame_cup", "grand_ball", "choose_reward", "confirm_reward", "grant_reward", "set_reward_effect", "move_agent", "agent_attacks", "attack_agent", "use_royal_blessing", "end_global_effect", "sterling_lands", "search_sterling", "sterling_bonus", "play_special", "winds_of_war", "place_warlords", "place_token", "attack_troll", "reroll_troll", "slay_spiders", "place_troll", "enter_dungeon", "reveal_dungeon_room", "resolve_dungeon_room", "leave_dungeon", "fight_treasure_room", "dungeon_death", "dismiss_companion", "recruit", "recruit_choose", "hire", "split_actions", "keep_quest", "douse_fire",
];

export function actionLabel(type) {
  return ACTION_LABELS.includes(type) ? t(`action.${type}`) : type.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function field(label, control, hint) {
  return h("label", { class: "field" }, h("span", { class: "field-label", text: label }), control,
    hint ? h("small", { class: "hint", text: hint }) : null);
}

function fieldset(label, control, hint) {
  return h("fieldset", { class: "field" }, h("legend", { class: "field-label", text: label }), control,
    hint ? h("small", { class: "hint", text: hint }) : null);
}

// `only`: the locations the server offers (a Troll's few legal places), when not every one.
export function locationSelect(content, value, { name = "location", required = true, only = null } = {}) {
  const select = h("select", { name, required });
  if (!required) select.append(h("option", { value: "", text: "—" }));
  const groups = [["city", t("forms.city")], ["inn", t("forms.inns")], ...COLOURS.map((c) => [c, t("forms.lands", { faction: FACTIONS[c].name, colour: t(`colour.${c}`) })])];
  for (const [key, title] of groups) {
    const group = h("optgroup", { label: title });
    const items = Object.values(content.locations)
      .filter((loc) => (COLOURS.includes(key) ? loc.colour === key && loc.kind === "location" : loc.kind === key))
      .filter((loc) => !only || only.has(loc.id))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const loc of items) group.append(h("option", { value: loc.id, text: loc.name, selected: loc.id === value }));
    if (items.length) select.append(group);
  }
  if (value) select.value = value;
  return select;
}

function segmented(name, options, value) {
  const wrap = h("div", { class: "segmented", role: "radiogroup" });
  for (const option of options) {
    const id = `${name}-${option.value}-${Math.random().toString(36).slice(2, 7)}`;
    wrap.append(
      h("input", { type: "radio", name, id, value: option.value, checked: option.value === value }),
      h("label", { for: id, class: "seg" }, option.badge || null, option.label),
    );
  }
  return wrap;
}

function cardChooser(name, cards, content, { selected = [], max } = {}) {
  if (!cards.length) return h("p", { class: "muted", text: t("forms.no_cards") });
  const wrap = h("div", { class: "chooser", dataset: { name } });
  for (const id of cards) {
    const card = content.cards[id];
    const colour = card && card.data && card.data.colour;
    wrap.append(h("label", { class: "choice" },
      h("input", { type: "checkbox", name, value: id, checked: selected.includes(id) }),
      colour && FACTIONS[colour] ? factionBadge(colour, undefined, 22) : null,
      h("span", { text: cardName(content, id) })));
  }
  if (max) wrap.append(h("small", { class: "hint", text: t("forms.at_most", { count: max }) }));
  return wrap;
}

// The cards a `cards` argument may name, by action.
function candidateCards(session, content, type, values) {
  const state = session.state;
  const seat = values.seat || session.seat;
  const deckName = values.deck || { end_turn: "hero", rumors: "hero", discard_to_limit: "hero", draw_quest: "quest", night: "darkness_spreads" }[type];
  const deck = state.decks && state.decks[deckName];
  if (!deck) return [];
  const from = values.from;
  if (["draw", "end_turn", "rumors", "draw_quest", "night"].includes(type)) {
    // A table-owned deck: the cards that may still be in its draw pile.
    const out = new Set([...deck.discard, ...deck.table, ...Object.values(state.hands || {}).flat()]);
    return Object.values(content.cards).filter((card) => card.deck === deckName && !out.has(card.id)).map((card) => card.id);
  }
  if (from === "table") return deck.table;
  if (from === "discard") return deck.discard;
  if (from === "box" || from === "draw") return [];
  return seat === session.seat ? deck.hand : (state.hands && state.hands[seat]) || [];
}

// ---- choices the server offers (JSON Schema oneOf of {const, title}) ----------------------
// Every argument that names something in the game comes with its legal choices now, titled as
// printed; the phone shows pickers and steppers, never a text box for an id.

function offeredOne(name, prop, preset, { optional = false, none } = {}) {
  const options = prop.oneOf.map((o) => ({ value: o.const, label: o.title }));
  // Nothing is chosen for the player (one tap on the wrong thing is a refusal, or worse): only
  // a single choice, a preset or the schema's default. An optional one may be left out, said so.
  const start = preset ?? prop.default ?? (options.length === 1 && !optional ? options[0].value : null);
  if (optional) options.push({ value: "", label: none || t("forms.none") });
  // Where leaving it out is a decision ("Hire none"), a radio left untouched is missing (the
  // form says so); elsewhere untouched is "not given".
  const picked = (wrap) => {
    const input = wrap.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value || undefined : none ? UNANSWERED : undefined;
  };
  if (options.length <= 4) {
    const control = segmented(name, options, start);
    return { control, read: () => picked(control) };
  }
  if (options.length <= 8) {
    const list = h("div", { class: "choice-list", role: "radiogroup" }, options.map((o, i) => [
      h("input", { type: "radio", name, id: `${name}-${i}`, value: o.value, checked: o.value === start }),
      h("label", { for: `${name}-${i}`, class: "choice", text: o.label })]));
    return { control: list, read: () => picked(list) };
  }
  const select = h("select", { name },
    h("option", { value: "", text: optional ? none || t("forms.none") : t("forms.choose") }),
    options.filter((o) => o.value !== "").map((o) => h("option", { value: o.value, text: o.label, selected: o.value === start })));
  return { control: select, read: () => select.value || undefined };
}

const UNANSWERED = Symbol("unanswered");

// What leaving an optional choice out means, where the action says it ("Hire none").
const NONE_LABELS = { "hire.companion": "forms.none.hire" };

// A place offered with its Minions ("Raven Forest (Orcs)", an escaping Minion's) named as the
// reader's map names it: "Rabenwald (Orks)"; any other choice by the server's title.
function placeLabel(content, value, title) {
  const place = content && content.locations[value];
  return place && FACTIONS[place.colour] && / \(.+\)$/.test(title) ? `${place.name} (${FACTIONS[place.colour].name})` : title;
}

function offeredMany(name, prop, preset = [], content = null) {
  const options = prop.items.oneOf.map((o) => ({ value: o.const, label: placeLabel(content, o.const, o.title) }));
  if (!options.length) return { control: h("p", { class: "muted", text: t("forms.nothing") }), read: () => undefined };
  if (prop.uniqueItems) {
    const box = h("div", { class: "choice-list" }, options.map((o, i) => h("label", { class: "choice" },
      h("input", { type: "checkbox", name, value: o.value, id: `${name}-${i}`, checked: preset.includes(o.value) }),
      h("span", { text: o.label }))));
    return { control: box, read: () => {
      const picked = [...box.querySelectorAll("input:checked")].map((input) => input.value);
      return picked.length ? picked : undefined;
    } };
  }
  // The same choice may come more than once (a location per escaping Minion): pick and add.
  const picked = [...preset];
  const title = Object.fromEntries(options.map((o) => [o.value, o.label]));
  const chips = h("ul", { class: "chips" });
  const select = h("select", { name, "aria-label": t("choose") }, options.map((o) => h("option", { value: o.value, text: o.label })));
  const draw = () => chips.replaceChildren(...picked.map((value, i) => h("li", { class: "chip" }, title[value] || value,
    h("button", { type: "button", class: "icon-btn", "aria-label": t("forms.remove", { what: title[value] || value }), text: "✕",
      onclick: () => { picked.splice(i, 1); draw(); } }))));
  const add = h("button", { type: "button", class: "ghost", text: t("forms.add"), onclick: () => {
    if (prop.maxItems && picked.length >= prop.maxItems) return;
    picked.push(select.value);
    draw();
  } });
  draw();
  return { control: h("div", {}, h("div", { class: "row" }, select, add), chips), read: () => (picked.length ? [...picked] : undefined) };
}

function offeredCounts(name, prop, preset = {}) {
  const rows = h("div", { class: "minion-steppers" });
  const inputs = {};
  for (const [key, sub] of Object.entries(prop.properties)) {
    const named = FACTIONS[key] ? FACTIONS[key].name : sub.title || key;
    const row = stepper(`${name}.${key}`, preset[key] ?? 0, { min: sub.minimum ?? 0, max: sub.maximum ?? 99, label: named });
    row.prepend(h("span", { class: "stepper-name", text: named }));
    inputs[key] = row.querySelector("input");
    rows.append(row);
  }
  return { control: rows, read: () => {
    const out = {};
    for (const [key, input] of Object.entries(inputs)) {
      const n = parseInt(input.value, 10) || 0;
      if (n) out[key] = n;
    }
    return Object.keys(out).length ? out : undefined;
  } };
}

// Dice rolled at the table: a tap per die on its value; none, and the app rolls.
function diceTaps(name, prop) {
  const rolled = [];
  const shown = h("p", { class: "muted", "data-testid": `${name}-rolled` });
  const draw = () => { shown.textContent = rolled.length ? t("dice.rolled", { dice: rolled.join(", ") }) : t("dice.none"); };
  const faces = h("div", { class: "row" }, [1, 2, 3, 4, 5, 6].map((n) => h("button", { type: "button", class: "step", "aria-label": t("dice.face", { n }), text: String(n),
    onclick: () => { if (rolled.length < (prop.maxItems || 20)) rolled.push(n); draw(); } })),
  h("button", { type: "button", class: "ghost", text: t("dice.clear"), onclick: () => { rolled.length = 0; draw(); } }));
  draw();
  return { control: h("div", {}, faces, shown), read: () => (rolled.length ? [...rolled] : undefined) };
}

const OWN_HAND_ONLY = ["draw", "discard", "put_back", "take", "box"];

// Build the form of one action. `preset` fills arguments (hidden when `lock` lists them).
// `onRefused(notice, args)`: a refusal the caller answers itself (true: handled, e.g. by asking
// what the server waits for first).
export function actionForm(session, content, action, { preset = {}, lock = [], onDone, onRefused, submitLabel, intro } = {}) {
  const schema = action.args || { properties: {} };
  const props = schema.properties || {};
  const required = new Set(schema.required || []);
  const state = session.state;
  const form = h("form", { class: "action-form", dataset: { action: action.type }, novalidate: true });
  if (intro) form.append(h("p", { class: "banner banner-warn", "data-testid": "form-intro", text: intro }));
  const readers = {};
  const values = { ...preset };

  for (const [name, prop] of Object.entries(props)) {
    if (lock.includes(name)) continue;
    // The deck commands move cards of the caller's own hand only: no seat to choose. Nor where
    // the server offers this phone's own hero alone (a hero's hand moves from its own phone).
    if (name === "seat" && OWN_HAND_ONLY.includes(action.type)) continue;
    if (name === "seat" && prop.oneOf && prop.oneOf.every((choice) => choice.const === session.seat)) continue;
    // An optional argument with nothing to choose from now (a deck the app draws itself).
    const offered = prop.oneOf || (prop.items && prop.items.oneOf);
    if (offered && !offered.length && !required.has(name)) continue;
    const hint = prop.description || "";
    const title = name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
    const label = prop.title || title;
    if (prop.oneOf && !["location", "general", "seat", "colour"].includes(name)) {
      const noneKey = NONE_LABELS[`${action.type}.${name}`];
      const { control, read } = offeredOne(`${action.type}-${name}`, prop, preset[name],
        { optional: !required.has(name) && prop.default === undefined, none: noneKey ? t(noneKey) : undefined });
      form.append(fieldset(label, control, hint));
      readers[name] = read;
    } else if (prop.type === "array" && prop.items && prop.items.oneOf) {
      const { control, read } = offeredMany(`${action.type}-${name}`, prop, preset[name], content);
      form.append(fieldset(label, control, hint));
      readers[name] = read;
    } else if (prop.type === "object" && prop.properties && name !== "minions") {
      const { control, read } = offeredCounts(`${action.type}-${name}`, prop, preset[name]);
      form.append(fieldset(label, control, hint));
      readers[name] = read;
    } else if (name === "location" && content) {
      const offeredPlaces = prop.oneOf ? new Set(prop.oneOf.map((o) => o.const)) : null;
      const every = offeredPlaces && offeredPlaces.size >= Object.keys((state && state.board) || {}).length;
      const select = locationSelect(content, preset.location, { only: every ? null : offeredPlaces });
      form.append(field(t("forms.location"), select));
      readers[name] = () => select.value || undefined;
    } else if (name === "minions" && prop.type === "object") {
      const current = action.type === "set_location" && preset.location && state.board
        ? (state.board[preset.location] || {}).minions || {} : {};
      const rows = h("div", { class: "minion-steppers" });
      const inputs = {};
      for (const colour of COLOURS) {
        const start = (preset.minions && preset.minions[colour]) ?? current[colour] ?? 0;
        const row = stepper(`minions.${colour}`, start, { label: FACTIONS[colour].name, badge: factionBadge(colour, FACTIONS[colour].letter, 30) });
        row.prepend(h("span", { class: "stepper-name", text: FACTIONS[colour].name }));
        inputs[colour] = row.querySelector("input");
        rows.append(row);
      }
      form.append(fieldset(action.type === "set_location" ? t("forms.minions_now") : t("minions"), rows));
      readers[name] = () => {
        const out = {};
        for (const colour of COLOURS) {
          const n = parseInt(inputs[colour].value, 10) || 0;
          if (n || action.type === "set_location") out[colour] = n;
        }
        return Object.keys(out).length ? out : undefined;
      };
    } else if (name === "general" && content) {
      const options = Object.entries(state.generals || {}).filter(([, g]) => !g.defeated)
        .map(([id, g]) => ({ value: id, label: generalName(content, id), badge: factionBadge(g.colour, undefined, 22) }));
      form.append(fieldset(t("forms.general"), segmented(`${action.type}-general`, options, preset.general || (options[0] && options[0].value))));
      readers[name] = () => (form.querySelector(`input[name="${action.type}-general"]:checked`) || {}).value;
    } else if (name === "seat") {
      const select = h("select", { name });
      const heroes = state.heroes || {};
      const offeredSeats = prop.oneOf ? new Set(prop.oneOf.map((choice) => choice.const)) : null;
      for (const [id] of Object.entries(state.seats || {})) {
        if (offeredSeats && !offeredSeats.has(id)) continue;
        if (["move_hero", "wound_hero", "heal_hero", "draw_quest", "complete_quest", "discard_quest", "discard_to_limit", "rumors"].includes(action.type) && !heroes[id]) continue;
        select.append(h("option", { value: id, text: session.seatName(id), selected: id === (preset.seat || session.seat) }));
      }
      form.append(field(t("forms.whose"), select));
      readers[name] = () => (select.value && select.value !== session.seat ? select.value : undefined);
    } else if (name === "deck") {
      const select = h("select", { name });
      for (const deck of Object.keys(state.decks || {})) {
        select.append(h("option", { value: deck, text: deckLabel(deck, content), selected: deck === preset.deck }));
      }
      form.append(field(t("forms.deck"), select));
      readers[name] = () => select.value;
      select.addEventListener("change", () => refreshCards());
    } else if (name === "colour" && prop.enum) {
      const options = prop.enum.map((c) => ({ value: c, label: FACTIONS[c] ? `${t(`colour.${c}`)} (${FACTIONS[c].name})` : c, badge: FACTIONS[c] ? factionBadge(c, undefined, 22) : null }));
      form.append(fieldset(t("forms.colour"), segmented(`${action.type}-colour`, options, preset.colour || prop.enum[0])));
      readers[name] = () => (form.querySelector(`input[name="${action.type}-colour"]:checked`) || {}).value;
    } else if (name === "quest" && content) {
      const select = h("select", { name, required: true });
      const seat = preset.seat || session.seat;
      const hero = (state.heroes || {})[seat] || {};
      const quests = action.type === "complete_quest" ? hero.quests || [] : [...(hero.quests || []), ...(hero.completed_quests || [])];
      for (const id of quests) select.append(h("option", { value: id, text: cardName(content, id), selected: id === preset.quest }));
      form.append(field(t("deck.quest", { count: 1 }), select));
      readers[name] = () => select.value || undefined;
    } else if (name === "cards" && prop.type === "array") {
      const holder = h("div");
      form.append(fieldset(action.type === "night" ? t("forms.cards_drawn") : t("forms.cards"), holder, hint));
      const refreshCards = () => {
        const now = { ...values, ...readAll(true) };
        holder.replaceChildren(cardChooser(`${action.type}-cards`, candidateCards(session, content, action.type, now), content, { selected: preset.cards || [], max: prop.maxItems < 60 ? prop.maxItems : null }));
      };
      // The cards' colours come with their texts: the badges join the choices once they are in.
      if (!content.textsIn) {
        loadTexts(content).then(() => {
          if (!holder.isConnected || !content.textsIn) return;
          for (const label of holder.querySelectorAll("label.choice")) {
            const input = label.querySelector("input");
            const colour = ((content.cards[input.value] || {}).data || {}).colour;
            if (colour && FACTIONS[colour] && !label.querySelector("svg")) label.insertBefore(factionBadge(colour, undefined, 22), input.nextSibling);
          }
        });
      }
      readers[name] = () => {
        const picked = [...form.querySelectorAll(`input[name="${action.type}-cards"]:checked`)].map((input) => input.value);
        return picked.length ? picked : undefined;
      };
      form._refreshCards = refreshCards;
    } else if (prop.type === "integer") {
      const start = preset[name] ?? prop.default ?? prop.minimum ?? 0;
      const row = stepper(name, start, { min: prop.minimum ?? 0, max: prop.maximum ?? 99, label });
      form.append(field(label, row, hint));
      const optional = !required.has(name) && prop.default === undefined;
      const touched = { value: preset[name] !== undefined };
      row.addEventListener("input", () => { touched.value = true; });
      readers[name] = () => (optional && !touched.value ? undefined : parseInt(row.querySelector("input").value, 10));
    } else if (prop.type === "boolean") {
      if (required.has(name) && prop.default === undefined) {
        // A yes or no the table must answer (the Treasure Room defeated?): nothing preselected.
        const options = [{ value: "true", label: t("answer.yes") }, { value: "false", label: t("answer.no") }];
        form.append(fieldset(hint || label, segmented(`${action.type}-${name}`, options, null)));
        readers[name] = () => {
          const picked = form.querySelector(`input[name="${action.type}-${name}"]:checked`);
          return picked ? picked.value === "true" : undefined;
        };
      } else if (prop.default !== undefined) {
        const box = h("input", { type: "checkbox", name, checked: preset[name] ?? prop.default });
        form.append(h("label", { class: "toggle" }, box, h("span", { text: hint || label })));
        readers[name] = () => box.checked;
      } else {
        const current = preset.location && state.board ? (state.board[preset.location] || {})[name] : undefined;
        const select = h("select", { name },
          h("option", { value: "", text: current === undefined ? t("forms.unchanged") : t("forms.unchanged.was", { was: t(current ? "yes" : "no") }) }),
          h("option", { value: "true", text: t("forms.yes") }),
          h("option", { value: "false", text: t("forms.no") }));
        form.append(field(hint || label, select));
        readers[name] = () => (select.value === "" ? undefined : select.value === "true");
      }
    } else if (prop.enum) {
      const options = prop.enum.map((v) => ({ value: v, label: FACTIONS[v] ? t(`colour.${v}`) : String(v).replace(/_/g, " ") }));
      form.append(fieldset(label, segmented(`${action.type}-${name}`, options, preset[name] ?? prop.default ?? prop.enum[0])));
      readers[name] = () => (form.querySelector(`input[name="${action.type}-${name}"]:checked`) || {}).value;
    } else if (prop.type === "array" && prop.items && prop.items.type === "integer" && prop.items.maximum === 6) {
      const { control, read } = diceTaps(`${action.type}-${name}`, prop);
      form.append(fieldset(t("forms.dice_rolled"), control, hint));
      readers[name] = read;
    } else if (prop.type === "array") {
      const input = h("input", { type: "text", name, placeholder: t("forms.list") });
      form.append(field(label, input, hint));
      readers[name] = () => { const list = input.value.split(",").map((v) => v.trim()).filter(Boolean); return list.length ? list : undefined; };
    } else {
      const input = h("input", { type: "text", name, value: preset[name] || "", required: required.has(name), maxlength: prop.maxLength || 200 });
      form.append(field(name === "reason" ? t("forms.reason") : title, input, name === "reason" ? "" : hint));
      readers[name] = () => input.value.trim() || undefined;
    }
  }

  function readAll(quiet) {
    const args = {};
    const unanswered = [];
    for (const [name, read] of Object.entries(readers)) {
      const value = read();
      if (value === UNANSWERED) unanswered.push(name);
      else if (value !== undefined) args[name] = value;
    }
    for (const name of lock) if (preset[name] !== undefined) args[name] = preset[name];
    if (!quiet) {
      const missing = [...[...required].filter((name) => args[name] === undefined), ...unanswered];
      const named = (key) => (props[key] && (props[key].title || props[key].description)) || key.replace(/_/g, " ");
      if (missing.length) throw new Error(t("forms.missing", { names: missing.map(named).join("; ").replace(/\.$/, "") }));
    }
    return args;
  }

  function refreshCards() {
    if (form._refreshCards) form._refreshCards();
  }
  refreshCards();
  form.addEventListener("change", (event) => {
    if (event.target.name === "from" || (event.target.name || "").endsWith("-from")) refreshCards();
  });

  const errors = h("p", { class: "form-error", role: "alert" });
  const submit = h("button", { type: "submit", class: "primary big", text: submitLabel || actionLabel(action.type) });
  if (action.available === false) {
    submit.disabled = true;
    errors.textContent = action.reason || t("forms.not_now");
  }
  form.append(errors, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let args;
    try {
      args = readAll(false);
    } catch (error) {
      errors.textContent = error.message;
      return;
    }
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
    const result = await session.act(action.type, args, { label: submitLabel || actionLabel(action.type) });
    submit.disabled = false;
    submit.removeAttribute("aria-busy");
    if (result) {
      const first = result.events && result.events[0];
      toast(first ? first.summary : t("done"), "ok");
      if (onDone) onDone(result);
    } else if (session.notice && onRefused && onRefused(session.notice, args)) {
      errors.textContent = "";
    } else if (session.notice) {
      errors.textContent = session.notice.detail;
      if (onDone && session.notice.code === "stale_version") onDone(null);
    }
  });
  return form;
}

export function heroLabel(content, state, seat) {
  const hero = (state.heroes || {})[seat];
  return hero ? heroName(content, hero.hero) : null;
}
