// Battlefields at the table: the battlefields side by side, each side's cards in order (stunned
// cards turned), Generals and their tokens, what may be played next on each (from the server's
// seat view), the dice, the score toward the war; and the actions of the turn.

import { api } from "../api.js";
import { h, sheet, uuid } from "../dom.js";
import { navigate } from "../navigation.js";
import { saveSeat } from "../storage.js";
import { quick } from "../tabs/common.js";
import { need, t } from "../i18n.js";

await need("battlefields");

const SIDES = { minions: "Minions", heroes: "Heroes" };
const FACE = { blank: "·", single: "⚔", double: "⚔⚔" };
const COLOURS = ["red", "black", "blue", "green"];
export const TABS = ["board", "log"];
const drawn = { version: -1, tiles: new Set() };


// A stylesheet of the app's own origin (the Content-Security-Policy allows no inline style).
function ensureStyle() {
  if (document.getElementById("bf-style")) return;
  document.head.append(h("link", { id: "bf-style", rel: "stylesheet", href: `${document.body.dataset.static}battlefields.css` }));
}

function available(ctx, type) {
  const action = ctx.action(type);
  return Boolean(action && action.available);
}

function tileName(state, id) {
  const fieldTile = (state.field || []).find((b) => b.tile.id === id);
  if (fieldTile) return fieldTile.tile.name;
  const pile = (state.tile_pile || []).find((t) => t.id === id);
  return pile ? pile.name : "a battlefield";
}

function conditions(tile) {
  if (!tile.taught) return "Not yet read to the app.";
  const parts = [];
  if (tile.activate) parts.push(`${tile.activate} cards`);
  if (tile.set_size) parts.push(`set of ${tile.set_size}`);
  if (tile.final_total) parts.push(`total ${tile.final_total}`);
  if (tile.descending) parts.push("descending");
  if (tile.arrow_colour && tile.arrow_colour !== "any") parts.push(`${tile.arrow_colour} only`);
  if (tile.parity && tile.parity !== "any") parts.push(tile.parity);
  if (tile.no_chameleons) parts.push("no chameleons");
  if (tile.main_hero) parts.push(`needs ${tile.main_hero}`);
  if (tile.main_minion) parts.push(`needs ${tile.main_minion}`);
  parts.push(`reward: ${tile.reward_count} tile${tile.reward_count > 1 ? "s" : ""}`);
  if (tile.counts_as > 1) parts.push(`counts as ${tile.counts_as}`);
  return parts.join(" · ");
}

function nextLine(next) {
  if (!next || !next.colours.length) return next ? next.note || "" : "";
  const numbers = next.numbers.length === 10 ? "any number" : next.numbers.length ? next.numbers.join(", ") : "no number";
  return `Next: ${numbers} · ${next.colours.length === 4 ? "any colour" : next.colours.join(", ")}${next.chameleons ? " · chameleons" : ""}`;
}

function cardChip(card) {
  const number = card.number === null || card.number === undefined ? "★" : String(card.number);
  const protection = card.protection && card.protection !== "none" ? ` · ${card.protection}` : "";
  return h("li", {
    class: `bf-card bf-${card.colour}${card.stunned ? " stunned" : ""}`,
    "data-testid": "bf-card",
    "data-stunned": card.stunned ? "true" : "false",
    title: `${card.name}${card.stunned ? " (stunned)" : ""}`,
  }, h("strong", { text: number }), h("span", { text: card.name }), h("small", { class: "muted block", text: `${"⚔".repeat(card.swords || 0)}${protection}` }));
}

function sidePanel(ctx, battle, side) {
  const cards = battle.cards[side] || [];
  const generals = battle.generals[side] || [];
  return h("div", { class: "bf-side", "data-side": side },
    h("h4", { text: SIDES[side] }),
    cards.length ? h("ol", { class: "bf-cards" }, cards.map(cardChip)) : h("p", { class: "muted small", text: "No card yet" }),
    generals.map((g) => h("p", { class: "small" }, `${g.name}: ${g.tokens} tokens `,
      g.tokens > 0 && available(ctx, "spend_tokens") ? h("button", {
        type: "button", class: "chip",
        onclick: () => quick(ctx, "spend_tokens", { battlefield: battle.tile.id, general: g.name, count: 1 }, `${g.name} spends a token`),
        text: "Spend 1",
      }) : null)),
    h("p", { class: "bf-next muted", "data-testid": `next-${side}`, text: nextLine(battle.next[side]) }));
}

function tileCard(ctx, battle) {
  const tile = battle.tile;
  return h("section", { class: `card bf-tile bf-${tile.colour}`, "data-testid": "battlefield", "data-tile": tile.name },
    h("h3", { text: tile.name }),
    h("p", { class: "small muted", text: conditions(tile) }),
    !tile.taught ? h("button", { type: "button", class: "primary", "data-testid": "teach", onclick: () => teachSheet(ctx, tile), text: "Read this battlefield" }) : null,
    tile.reward ? h("p", { class: "small", text: `Reward: ${tile.reward}` }) : null,
    sidePanel(ctx, battle, "minions"),
    sidePanel(ctx, battle, "heroes"));
}

function form(fields, submitLabel, onSubmit) {
  const el = h("form", { class: "bf-form" },
    fields.map((f) => h("label", {}, f.label,
      f.choices
        ? h("select", { name: f.name }, f.choices.map(([value, text]) => h("option", { value, text, selected: value === f.value })))
        : h("input", { name: f.name, type: f.type || "text", value: f.value ?? "", list: f.list || null, min: f.min ?? null, max: f.max ?? null, checked: f.type === "checkbox" && f.value }))),
    h("button", { type: "submit", class: "primary big", text: submitLabel }));
  el.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = {};
    for (const f of fields) {
      const input = el.elements[f.name];
      if (f.type === "checkbox") values[f.name] = input.checked;
      else if (f.type === "number") values[f.name] = input.value === "" ? null : Number(input.value);
      else values[f.name] = input.value === "" ? null : input.value;
    }
    onSubmit(values);
  });
  return el;
}

function clean(values) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
}

function act(ctx, type, args, label, close) {
  ctx.session.act(type, clean(args), { label }).then((result) => { if (result && close) close(); });
}

function teachSheet(ctx, tile) {
  sheet(`Read ${tile.name}`, (body, close) => body.append(form([
    { name: "title", label: "Name on the tile", value: tile.title || "" },
    { name: "activate", label: "White number: cards to win (0: none)", type: "number", min: 0, max: 10, value: 0 },
    { name: "set_size", label: "Set mark (0, 2 or 3)", type: "number", min: 0, max: 3, value: 0 },
    { name: "final_total", label: "Final total shield (0: none)", type: "number", min: 0, max: 100, value: 0 },
    { name: "descending", label: "Arrows: descending order", type: "checkbox", value: false },
    { name: "arrow_colour", label: "Arrow colour", choices: [["any", "Any (white)"], ...COLOURS.map((c) => [c, c])] },
    { name: "parity", label: "Even or odd", choices: [["any", "Either"], ["even", "Even"], ["odd", "Odd"]] },
    { name: "no_chameleons", label: "No chameleons", type: "checkbox", value: false },
    { name: "main_hero", label: "Main hero (if any)" },
    { name: "main_minion", label: "Main minion (if any)" },
    { name: "reward_count", label: "Reward for victory: tiles drawn", type: "number", min: 1, max: 5, value: 1 },
    { name: "reward", label: "Reward text" },
    { name: "reward_must", label: "The reward must be applied", type: "checkbox", value: false },
  ], "Save", async (values) => {
    const result = await ctx.session.act("teach_tile", clean({ tile: tile.id, ...values }), { label: `Read ${tile.name}` });
    if (!result) return;
    close(); // the server keeps the tile for the table's group (or this game): Cards we know
  })));
}

function knownCards(state, side) {
  return Object.values(((state.library || {}).cards || {})[side] || {});
}

function playSheet(ctx, state, side) {
  const fields = (state.field || []).filter((b) => b.tile.taught);
  const listId = `bf-known-${side}`;
  sheet("Play a card", (body, close) => {
    body.append(h("datalist", { id: listId }, knownCards(state, side).map((c) => h("option", { value: c.name }))));
    body.append(h("p", { class: "muted small", text: "A card entered once is remembered: next time its name is enough." }));
    body.append(form([
      { name: "battlefield", label: "Battlefield", choices: fields.map((b) => [b.tile.id, b.tile.name]) },
      { name: "name", label: "Name", list: listId },
      { name: "number", label: "Number (empty for a chameleon)", type: "number", min: 1, max: 10 },
      { name: "colour", label: "Colour", choices: [["", "(as remembered)"], ...[...COLOURS, "chameleon"].map((c) => [c, c])] },
      { name: "swords", label: "Swords", type: "number", min: 0, max: 6 },
      { name: "protection", label: "Armor, Scales or Flying", choices: [["", "(as remembered)"], ["none", "None"], ["armor", "Armor"], ["scales", "Scales"], ["flying", "Flying"]] },
    ], "Play", (values) => act(ctx, "play_card", values, `Play ${values.name || "a card"}`, close)));
  });
}

function restoreSheet(ctx, state, side) {
  sheet("Restore a card", (body, close) => {
    body.append(h("p", { class: "muted", text: "Discard the identical card from your hand onto one of yours." }));
    for (const battle of state.field || []) {
      (battle.cards[side] || []).forEach((card, index) => body.append(h("button", {
        type: "button", class: "big",
        onclick: () => act(ctx, "restore", { battlefield: battle.tile.id, card: index }, `Restore ${card.name}`, close),
        text: `${card.name} on ${battle.tile.name}${card.stunned ? " (stunned)" : ""}`,
      })));
    }
  });
}

function generalSheet(ctx, state, side) {
  sheet("Send a General", (body, close) => body.append(form([
    { name: "general", label: "General", choices: (state.sides[side].generals || []).map((g) => [g, g]) },
    { name: "battlefield", label: "Battlefield", choices: (state.field || []).map((b) => [b.tile.id, b.tile.name]) },
  ], "Send", (values) => act(ctx, "send_general", values, `Send ${values.general}`, close))));
}

function attackPanel(ctx, state) {
  const attack = state.turn.attack;
  if (!attack || !available(ctx, "attack")) return null;
  const battle = (state.field || []).find((b) => b.tile.id === attack.battlefield);
  if (!battle) return null;
  const attacker = battle.cards[attack.side][attack.index];
  const enemy = attack.side === "minions" ? "heroes" : "minions";
  const targets = battle.cards[enemy] || [];
  const standing = targets.some((c) => !c.stunned);
  const count = attacker.special_attack ? 0 : Math.max(attacker.swords || 0, 1);
  const selects = Array.from({ length: count }, (_, i) => h("select", { name: `die-${i}`, "aria-label": `Die ${i + 1}` },
    Object.keys(FACE).map((face) => h("option", { value: face, text: face }))));
  const physical = h("details", { class: "small", "data-testid": "physical-roll" },
    h("summary", { text: "We rolled the dice ourselves" }), h("div", { class: "bf-actions" }, selects));
  const args = (index) => (physical.open && count ? { target: index, dice: selects.map((sel) => sel.value) } : { target: index });
  return h("section", { class: "card", "data-testid": "attack" },
    h("h2", { text: `${attacker.name} attacks` }),
    targets.length ? h("div", { class: "bf-actions" }, targets.map((card, index) => h("button", {
      type: "button", class: "primary", disabled: card.stunned && standing,
      "data-testid": "target",
      onclick: () => quick(ctx, "attack", args(index), `${attacker.name} attacks ${card.name}`),
      text: `${card.name}${card.stunned ? " (stunned)" : ""}`,
    }))) : h("p", { class: "muted", text: "Nothing to attack here." }),
    count ? physical : null,
    h("p", { class: "muted small", text: "Unless you enter your roll, the app rolls the battle dice; the Log tab keeps each roll." }));
}

function pendingPanel(ctx, state) {
  const pending = state.pending;
  if (!pending) return null;
  const pile = state.tile_pile || [];
  if (pending.kind === "objective") {
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: `The ${pending.side} choose an objective` }),
      h("p", { class: "muted", text: "A primary colour battlefield, not purple." }),
      h("div", { class: "bf-actions" }, pile.filter((t) => t.colour !== "purple").map((t) => h("button", {
        type: "button", class: `chip bf-card bf-${t.colour}`, "data-testid": "objective",
        onclick: () => quick(ctx, "choose_objective", { tile: t.id }, `Objective: ${t.name}`),
        text: t.name,
      }))));
  }
  if (pending.kind === "draw") {
    // The tiles tapped so far survive the screen being drawn again (until the state changes).
    if (drawn.version !== state.version) Object.assign(drawn, { version: state.version, tiles: new Set() });
    const chosen = drawn.tiles;
    const buttons = pile.map((t) => h("button", {
      type: "button", class: `chip bf-card bf-${t.colour}`, "aria-pressed": chosen.has(t.id) ? "true" : "false",
      onclick: (event) => {
        if (chosen.has(t.id)) chosen.delete(t.id); else chosen.add(t.id);
        event.currentTarget.setAttribute("aria-pressed", chosen.has(t.id) ? "true" : "false");
      },
      text: t.name,
    }));
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: `Draw ${pending.count} battlefield${pending.count > 1 ? "s" : ""} at random` }),
      h("p", { class: "muted", text: "Shuffle the tiles left, draw, and tap what came up." }),
      h("div", { class: "bf-actions" }, buttons),
      h("button", { type: "button", class: "primary big", onclick: () => quick(ctx, "draw_battlefields", { tiles: [...chosen] }, "Battlefields drawn"), text: "Done" }));
  }
  if (pending.kind === "choose") {
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: `The ${pending.side} choose the next battlefield` }),
      h("div", { class: "bf-actions" }, pending.options.map((id) => h("button", {
        type: "button", class: "chip", onclick: () => quick(ctx, "choose_battlefield", { tile: id }, "Next battlefield"),
        text: tileName(state, id),
      }))));
  }
  return h("section", { class: "card", "data-testid": "pending" },
    h("h2", { text: `The ${pending.side} decide on the reward` }),
    h("div", { class: "bf-actions" },
      h("button", { type: "button", class: "primary", onclick: () => quick(ctx, "decide_reward", { use: true }, "Apply the reward"), text: "Apply it" }),
      pending.must ? h("p", { class: "muted", text: "This reward must be applied." })
        : h("button", { type: "button", onclick: () => quick(ctx, "decide_reward", { use: false }, "Decline the reward"), text: "Decline" })));
}

function scorePanel(state) {
  const goal = state.goal;
  return h("section", { class: "card bf-war", "data-testid": "score" },
    h("div", { class: "grow" }, h("strong", { text: `${goal.name}: ` }), `${goal.battlefields} battlefields or ${goal.same_colour} of one colour win the war.`),
    Object.entries(state.sides).map(([side, info]) => h("div", { class: "bf-score", "data-side": side },
      h("strong", { text: SIDES[side] }),
      h("p", { class: "small", text: `${info.score.battlefields}/${goal.battlefields} battlefields · best colour ${info.score.best_colour}/${goal.same_colour}` }),
      info.won_names.length ? h("p", { class: "small muted", text: `Won: ${info.won_names.join(", ")}` }) : null,
      h("p", { class: "small muted", text: `Deck ${info.deck} · discard ${info.discard}` }))));
}

function playersPanel(state) {
  return h("section", { class: "card" },
    h("h2", { text: "Hands" }),
    h("ul", { class: "list" }, Object.entries(state.players).map(([position, p]) => h("li", { "data-active": state.turn.position === position ? "true" : "false" },
      h("strong", { text: p.label }), ` · ${p.hand}/${p.hand_limit} cards${p.short ? " · short until a battle is won" : ""}`,
      state.turn.position === position ? h("span", { class: "chip", text: "plays now" }) : null))));
}

function turnActions(ctx, state) {
  const you = state.you || state.turn.position;
  const side = state.players[you] ? state.players[you].side : state.players[state.turn.position].side;
  const activeSide = state.players[state.turn.position].side;
  const buttons = [];
  if (available(ctx, "play_card")) buttons.push(h("button", { type: "button", class: "primary", "data-testid": "play-card", onclick: () => playSheet(ctx, state, activeSide), text: "Play a card" }));
  if (available(ctx, "restore")) buttons.push(h("button", { type: "button", onclick: () => restoreSheet(ctx, state, activeSide), text: "Restore" }));
  if (available(ctx, "send_general") && state.sides[activeSide].generals.length) buttons.push(h("button", { type: "button", onclick: () => generalSheet(ctx, state, activeSide), text: "Send a General" }));
  if (available(ctx, "gather_troops")) {
    for (const n of [1, 2, 3]) buttons.push(h("button", { type: "button", class: "chip", onclick: () => quick(ctx, "gather_troops", { count: n }, `Gather troops (${n})`), text: `Gather ${n}` }));
  }
  if (available(ctx, "finish_turn")) buttons.push(h("button", { type: "button", class: "primary", "data-testid": "finish-turn", onclick: () => quick(ctx, "finish_turn", {}, "End the turn"), text: "End the turn" }));
  if (available(ctx, "play_special_card")) {
    buttons.push(h("button", { type: "button", class: "ghost", onclick: () => sheet("Special card", (body, close) => body.append(form([{ name: "name", label: "Name of the Special card" }], "Played", (values) => act(ctx, "play_special_card", values, `Special: ${values.name}`, close)))), text: "Special card" }));
  }
  const turnLabel = state.players[state.turn.position].label;
  return h("section", { class: "card", "data-testid": "turn" },
    h("h2", { text: `Turn ${state.turn.number}: ${turnLabel}` }),
    h("p", { class: "muted small", text: state.you ? `You play the ${side}.` : "" }),
    h("div", { class: "bf-actions" }, buttons));
}

export function render(ctx) {
  ensureStyle();
  const state = ctx.session.state;
  const dice = state.dice;
  return h("div", { class: "tab-body bf-board", "data-testid": "battlefields", "data-version": String(state.version) },
    state.outcome ? null : pendingPanel(ctx, state),
    scorePanel(state),
    state.outcome ? null : attackPanel(ctx, state),
    state.outcome ? null : turnActions(ctx, state),
    h("div", { class: "bf-field" }, (state.field || []).map((battle) => tileCard(ctx, battle))),
    dice ? h("section", { class: "card", "data-testid": "dice" },
      h("h2", { text: "Battle dice" }),
      h("p", { class: "bf-dice", text: dice.faces.length ? dice.faces.map((f) => FACE[f]).join(" ") : "No roll needed" }),
      h("p", { class: "muted small", text: { stunned: "Stunned.", removed: "Removed.", none: "No effect." }[dice.result] || "" })) : null,
    playersPanel(state));
}

// A new war from the home screen: the host's name and side, the mode and the number of players.
export function startSheet() {
  sheet("Start a Battlefields war", (body) => {
    const failure = h("p", { class: "form-error", role: "alert" });
    body.append(form([
      { name: "name", label: "Your name", value: "" },
      { name: "host_side", label: "Your side", choices: [["minions", "Minions (they begin)"], ["heroes", "Heroes"]] },
      { name: "mode", label: "Mode", choices: [["skirmish", "Skirmish: 3 battlefields or 2 of one colour"], ["standard", "Standard: 4 or 3 of one colour"], ["heroic", "Heroic: 5 or 3 of one colour"]] },
      { name: "players", label: "Players", choices: [["2", "2 players"], ["3", "3 players (one alone against a pair)"], ["4", "4 players (two teams)"]] },
    ], "Start the war", async (values) => {
      const name = (values.name || "").trim() || "Host";
      const setup = { system: "battlefields", host: { name }, options: { mode: values.mode, players: Number(values.players), host_side: values.host_side } };
      try {
        const game = await api.createGame(setup, uuid());
        saveSeat(game.id, { joinCode: game.join_code, seat: game.seat || "1", token: game.token, name, hero: null });
        document.querySelectorAll("dialog.sheet").forEach((d) => d.remove());
        navigate(`/game/${game.id}#board`);
      } catch (error) {
        failure.textContent = error.message;
      }
    }), failure);
  });
}
