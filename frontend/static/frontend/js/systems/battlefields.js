// Battlefields at the table: the battlefields side by side, each side's cards in order (stunned
// cards turned), Generals and their tokens, what may be played next on each (from the server's
// seat view), the dice, the score toward the war; and the actions of the turn.

import { api } from "../api.js";
import { h, sheet, uuid } from "../dom.js";
import { navigate } from "../navigation.js";
import { saveSeat } from "../storage.js";
import { quick } from "../tabs/common.js";
import { asset, need, t } from "../i18n.js";

await need("battlefields");

const SIDES = { minions: t("bf.minions"), heroes: t("bf.heroes") };
const FACE = { blank: "·", single: "⚔", double: "⚔⚔" };
const COLOURS = ["red", "black", "blue", "green"];
export const TABS = ["board", "log"];
const drawn = { version: -1, tiles: new Set() };


// A stylesheet of the app's own origin (the Content-Security-Policy allows no inline style).
function ensureStyle() {
  if (document.getElementById("bf-style")) return;
  document.head.append(h("link", { id: "bf-style", rel: "stylesheet", href: asset("battlefields.css") }));
}

function available(ctx, type) {
  const action = ctx.action(type);
  return Boolean(action && action.available);
}

function tileName(state, id) {
  const fieldTile = (state.field || []).find((b) => b.tile.id === id);
  if (fieldTile) return fieldTile.tile.name;
  const pile = (state.tile_pile || []).find((tile) => tile.id === id);
  return pile ? pile.name : t("bf.a_battlefield");
}

function conditions(tile) {
  if (!tile.taught) return t("bf.not_read");
  const parts = [];
  if (tile.activate) parts.push(t("bf.cards", { count: tile.activate }));
  if (tile.set_size) parts.push(t("bf.set_of", { n: tile.set_size }));
  if (tile.final_total) parts.push(t("bf.total", { n: tile.final_total }));
  if (tile.descending) parts.push(t("bf.descending"));
  if (tile.arrow_colour && tile.arrow_colour !== "any") parts.push(t("bf.only", { colour: t(`bf.colour.${tile.arrow_colour}`) }));
  if (tile.parity && tile.parity !== "any") parts.push(t(`bf.${tile.parity}`));
  if (tile.no_chameleons) parts.push(t("bf.no_chameleons"));
  if (tile.main_hero) parts.push(t("bf.needs", { name: tile.main_hero }));
  if (tile.main_minion) parts.push(t("bf.needs", { name: tile.main_minion }));
  parts.push(t("bf.reward_tiles", { count: tile.reward_count }));
  if (tile.counts_as > 1) parts.push(t("bf.counts_as", { n: tile.counts_as }));
  return parts.join(" · ");
}

function nextLine(next) {
  if (!next || !next.colours.length) return next ? next.note || "" : "";
  const numbers = next.numbers.length === 10 ? t("bf.any_number") : next.numbers.length ? next.numbers.join(", ") : t("bf.no_number");
  const colours = next.colours.length === 4 ? t("bf.any_colour") : next.colours.map((c) => t(`bf.colour.${c}`)).join(", ");
  return `${t("bf.next", { numbers, colours })}${next.chameleons ? ` · ${t("bf.chameleons")}` : ""}`;
}

function cardChip(card) {
  const number = card.number === null || card.number === undefined ? "★" : String(card.number);
  const protection = card.protection && card.protection !== "none" ? ` · ${card.protection}` : "";
  return h("li", {
    class: `bf-card bf-${card.colour}${card.stunned ? " stunned" : ""}`,
    "data-testid": "bf-card",
    "data-stunned": card.stunned ? "true" : "false",
    title: `${card.name}${card.stunned ? ` (${t("bf.stunned")})` : ""}`,
  }, h("strong", { text: number }), h("span", { text: card.name }), h("small", { class: "muted block", text: `${"⚔".repeat(card.swords || 0)}${protection}` }));
}

// A side spends its own Generals' tokens: this phone's side, or a side with a position no phone
// holds yet (pass and play); the server refuses the others (not_your_side).
function actsFor(state, side) {
  const mine = state.you && state.players[state.you];
  return !mine || mine.side === side || Object.values(state.players).some((p) => p.side === side && !p.seat);
}

function sidePanel(ctx, battle, side) {
  const cards = battle.cards[side] || [];
  const generals = battle.generals[side] || [];
  return h("div", { class: "bf-side", "data-side": side },
    h("h4", { text: SIDES[side] }),
    cards.length ? h("ol", { class: "bf-cards" }, cards.map(cardChip)) : h("p", { class: "muted small", text: t("bf.no_card") }),
    generals.map((g) => h("p", { class: "small" }, `${t("bf.tokens", { name: g.name, count: g.tokens })} `,
      g.tokens > 0 && available(ctx, "spend_tokens") && actsFor(ctx.session.state, side) ? h("button", {
        type: "button", class: "chip",
        onclick: () => quick(ctx, "spend_tokens", { battlefield: battle.tile.id, general: g.name, count: 1 }, t("bf.spends", { name: g.name })),
        text: t("bf.spend_1"),
      }) : null)),
    h("p", { class: "bf-next muted", "data-testid": `next-${side}`, text: nextLine(battle.next[side]) }));
}

function tileCard(ctx, battle) {
  const tile = battle.tile;
  return h("section", { class: `card bf-tile bf-${tile.colour}`, "data-testid": "battlefield", "data-tile": tile.name },
    h("h3", { text: tile.name }),
    h("p", { class: "small muted", text: conditions(tile) }),
    !tile.taught ? h("button", { type: "button", class: "primary", "data-testid": "teach", onclick: () => teachSheet(ctx, tile), text: t("bf.read_tile") }) : null,
    tile.reward ? h("p", { class: "small", text: t("bf.reward", { reward: tile.reward }) }) : null,
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
  sheet(t("bf.read", { name: tile.name }), (body, close) => body.append(form([
    { name: "title", label: t("bf.f.title"), value: tile.title || "" },
    { name: "activate", label: t("bf.f.activate"), type: "number", min: 0, max: 10, value: 0 },
    { name: "set_size", label: t("bf.f.set_size"), type: "number", min: 0, max: 3, value: 0 },
    { name: "final_total", label: t("bf.f.final_total"), type: "number", min: 0, max: 100, value: 0 },
    { name: "descending", label: t("bf.f.descending"), type: "checkbox", value: false },
    { name: "arrow_colour", label: t("bf.f.arrow_colour"), choices: [["any", t("bf.any_white")], ...COLOURS.map((c) => [c, t(`bf.colour.${c}`)])] },
    { name: "parity", label: t("bf.f.parity"), choices: [["any", t("bf.either")], ["even", t("bf.even.choice")], ["odd", t("bf.odd.choice")]] },
    { name: "no_chameleons", label: t("bf.f.no_chameleons"), type: "checkbox", value: false },
    { name: "main_hero", label: t("bf.f.main_hero") },
    { name: "main_minion", label: t("bf.f.main_minion") },
    { name: "reward_count", label: t("bf.f.reward_count"), type: "number", min: 1, max: 5, value: 1 },
    { name: "reward", label: t("bf.f.reward") },
    { name: "reward_must", label: t("bf.f.reward_must"), type: "checkbox", value: false },
  ], t("bf.save"), async (values) => {
    const result = await ctx.session.act("teach_tile", clean({ tile: tile.id, ...values }), { label: t("bf.read", { name: tile.name }) });
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
  sheet(t("bf.play_card"), (body, close) => {
    body.append(h("datalist", { id: listId }, knownCards(state, side).map((c) => h("option", { value: c.name }))));
    body.append(h("p", { class: "muted small", text: t("bf.remembered") }));
    body.append(form([
      { name: "battlefield", label: t("bf.f.battlefield"), choices: fields.map((b) => [b.tile.id, b.tile.name]) },
      { name: "name", label: t("bf.f.name"), list: listId },
      { name: "number", label: t("bf.f.number"), type: "number", min: 1, max: 10 },
      { name: "colour", label: t("bf.f.colour"), choices: [["", t("bf.as_remembered")], ...[...COLOURS, "chameleon"].map((c) => [c, t(`bf.colour.${c}`)])] },
      { name: "swords", label: t("bf.f.swords"), type: "number", min: 0, max: 6 },
      { name: "protection", label: t("bf.f.protection"), choices: [["", t("bf.as_remembered")], ["none", t("bf.p.none")], ["armor", t("bf.p.armor")], ["scales", t("bf.p.scales")], ["flying", t("bf.p.flying")]] },
    ], t("bf.play"), (values) => act(ctx, "play_card", values, t("bf.play.what", { name: values.name || t("bf.a_card") }), close)));
  });
}

function restoreSheet(ctx, state, side) {
  sheet(t("bf.restore_card"), (body, close) => {
    body.append(h("p", { class: "muted", text: t("bf.restore.hint") }));
    for (const battle of state.field || []) {
      (battle.cards[side] || []).forEach((card, index) => body.append(h("button", {
        type: "button", class: "big",
        onclick: () => act(ctx, "restore", { battlefield: battle.tile.id, card: index }, t("bf.restore.what", { name: card.name }), close),
        text: `${t("bf.card_on", { name: card.name, tile: battle.tile.name })}${card.stunned ? ` (${t("bf.stunned")})` : ""}`,
      })));
    }
  });
}

function generalSheet(ctx, state, side) {
  sheet(t("bf.send_general"), (body, close) => body.append(form([
    { name: "general", label: t("bf.f.general"), choices: (state.sides[side].generals || []).map((g) => [g, g]) },
    { name: "battlefield", label: t("bf.f.battlefield"), choices: (state.field || []).map((b) => [b.tile.id, b.tile.name]) },
  ], t("bf.send"), (values) => act(ctx, "send_general", values, t("bf.send.what", { name: values.general }), close))));
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
  const selects = Array.from({ length: count }, (_, i) => h("select", { name: `die-${i}`, "aria-label": t("bf.die", { n: i + 1 }) },
    Object.keys(FACE).map((face) => h("option", { value: face, text: t(`bf.face.${face}`) }))));
  const physical = h("details", { class: "small", "data-testid": "physical-roll" },
    h("summary", { text: t("bf.rolled_ourselves") }), h("div", { class: "bf-actions" }, selects));
  const args = (index) => (physical.open && count ? { target: index, dice: selects.map((sel) => sel.value) } : { target: index });
  return h("section", { class: "card", "data-testid": "attack" },
    h("h2", { text: t("bf.attacks", { name: attacker.name }) }),
    targets.length ? h("div", { class: "bf-actions" }, targets.map((card, index) => h("button", {
      type: "button", class: "primary", disabled: card.stunned && standing,
      "data-testid": "target",
      onclick: () => quick(ctx, "attack", args(index), t("bf.attacks.what", { name: attacker.name, target: card.name })),
      text: `${card.name}${card.stunned ? ` (${t("bf.stunned")})` : ""}`,
    }))) : h("p", { class: "muted", text: t("bf.nothing_to_attack") }),
    count ? physical : null,
    h("p", { class: "muted small", text: t("bf.dice.hint") }));
}

function pendingPanel(ctx, state) {
  const pending = state.pending;
  if (!pending) return null;
  const pile = state.tile_pile || [];
  if (pending.kind === "objective") {
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: t("bf.choose_objective", { side: SIDES[pending.side] || pending.side }) }),
      h("p", { class: "muted", text: t("bf.objective.hint") }),
      h("div", { class: "bf-actions" }, pile.filter((tile) => tile.colour !== "purple").map((tile) => h("button", {
        type: "button", class: `chip bf-card bf-${tile.colour}`, "data-testid": "objective",
        onclick: () => quick(ctx, "choose_objective", { tile: tile.id }, t("bf.objective", { name: tile.name })),
        text: tile.name,
      }))));
  }
  if (pending.kind === "draw") {
    // The tiles tapped so far survive the screen being drawn again (until the state changes).
    if (drawn.version !== state.version) Object.assign(drawn, { version: state.version, tiles: new Set() });
    const chosen = drawn.tiles;
    const buttons = pile.map((tile) => h("button", {
      type: "button", class: `chip bf-card bf-${tile.colour}`, "aria-pressed": chosen.has(tile.id) ? "true" : "false",
      onclick: (event) => {
        if (chosen.has(tile.id)) chosen.delete(tile.id); else chosen.add(tile.id);
        event.currentTarget.setAttribute("aria-pressed", chosen.has(tile.id) ? "true" : "false");
      },
      text: tile.name,
    }));
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: t("bf.draw_random", { count: pending.count }) }),
      h("p", { class: "muted", text: t("bf.draw.hint") }),
      h("div", { class: "bf-actions" }, buttons),
      h("button", { type: "button", class: "primary big", onclick: () => quick(ctx, "draw_battlefields", { tiles: [...chosen] }, t("bf.drawn")), text: t("bf.done") }));
  }
  if (pending.kind === "choose") {
    return h("section", { class: "card", "data-testid": "pending" },
      h("h2", { text: t("bf.choose_next", { side: SIDES[pending.side] || pending.side }) }),
      h("div", { class: "bf-actions" }, pending.options.map((id) => h("button", {
        type: "button", class: "chip", onclick: () => quick(ctx, "choose_battlefield", { tile: id }, t("bf.next_battlefield")),
        text: tileName(state, id),
      }))));
  }
  return h("section", { class: "card", "data-testid": "pending" },
    h("h2", { text: t("bf.decide_reward", { side: SIDES[pending.side] || pending.side }) }),
    h("div", { class: "bf-actions" },
      h("button", { type: "button", class: "primary", onclick: () => quick(ctx, "decide_reward", { use: true }, t("bf.apply_reward")), text: t("bf.apply_it") }),
      pending.must ? h("p", { class: "muted", text: t("bf.must_apply") })
        : h("button", { type: "button", onclick: () => quick(ctx, "decide_reward", { use: false }, t("bf.decline_reward")), text: t("bf.decline") })));
}

function scorePanel(state) {
  const goal = state.goal;
  return h("section", { class: "card bf-war", "data-testid": "score" },
    h("div", { class: "grow" }, h("strong", { text: `${goal.name}: ` }), t("bf.goal", { count: goal.battlefields, same: goal.same_colour })),
    Object.entries(state.sides).map(([side, info]) => h("div", { class: "bf-score", "data-side": side },
      h("strong", { text: SIDES[side] }),
      h("p", { class: "small", text: t("bf.score", { won: info.score.battlefields, count: goal.battlefields, best: info.score.best_colour, same: goal.same_colour }) }),
      info.won_names.length ? h("p", { class: "small muted", text: t("bf.won", { names: info.won_names.join(", ") }) }) : null,
      h("p", { class: "small muted", text: t("bf.deck", { deck: info.deck, discard: info.discard }) }))));
}

function playersPanel(state) {
  return h("section", { class: "card" },
    h("h2", { text: t("bf.hands") }),
    h("ul", { class: "list" }, Object.entries(state.players).map(([position, p]) => h("li", { "data-active": state.turn.position === position ? "true" : "false" },
      h("strong", { text: p.label }), ` · ${t("bf.hand", { hand: p.hand, count: p.hand_limit })}${p.short ? ` · ${t("bf.short")}` : ""}`,
      state.turn.position === position ? h("span", { class: "chip", text: t("bf.plays_now") }) : null))));
}

function turnActions(ctx, state) {
  const you = state.you || state.turn.position;
  const side = state.players[you] ? state.players[you].side : state.players[state.turn.position].side;
  const activeSide = state.players[state.turn.position].side;
  const buttons = [];
  if (available(ctx, "play_card")) buttons.push(h("button", { type: "button", class: "primary", "data-testid": "play-card", onclick: () => playSheet(ctx, state, activeSide), text: t("bf.play_card") }));
  if (available(ctx, "restore")) buttons.push(h("button", { type: "button", onclick: () => restoreSheet(ctx, state, activeSide), text: t("bf.restore") }));
  if (available(ctx, "send_general") && state.sides[activeSide].generals.length) buttons.push(h("button", { type: "button", onclick: () => generalSheet(ctx, state, activeSide), text: t("bf.send_general") }));
  if (available(ctx, "gather_troops")) {
    for (const n of [1, 2, 3]) buttons.push(h("button", { type: "button", class: "chip", onclick: () => quick(ctx, "gather_troops", { count: n }, t("bf.gather.what", { n })), text: t("bf.gather", { n }) }));
  }
  if (available(ctx, "finish_turn")) buttons.push(h("button", { type: "button", class: "primary", "data-testid": "finish-turn", onclick: () => quick(ctx, "finish_turn", {}, t("bf.end_turn")), text: t("bf.end_turn") }));
  if (available(ctx, "play_special_card")) {
    buttons.push(h("button", { type: "button", class: "ghost", onclick: () => sheet(t("bf.special"), (body, close) => body.append(form([{ name: "name", label: t("bf.f.special") }], t("bf.played"), (values) => act(ctx, "play_special_card", values, t("bf.special.what", { name: values.name }), close)))), text: t("bf.special") }));
  }
  const turnLabel = state.players[state.turn.position].label;
  return h("section", { class: "card", "data-testid": "turn" },
    h("h2", { text: t("bf.turn", { n: state.turn.number, name: turnLabel }) }),
    h("p", { class: "muted small", text: state.you ? t("bf.you_play", { side: SIDES[side] || side }) : "" }),
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
      h("h2", { text: t("bf.dice") }),
      h("p", { class: "bf-dice", text: dice.faces.length ? dice.faces.map((f) => FACE[f]).join(" ") : t("bf.no_roll") }),
      h("p", { class: "muted small", text: ["stunned", "removed", "none"].includes(dice.result) ? t(`bf.result.${dice.result}`) : "" })) : null,
    playersPanel(state));
}

// A new war from the home screen: the host's name and side, the mode and the number of players.
export function startSheet() {
  sheet(t("bf.start"), (body) => {
    const failure = h("p", { class: "form-error", role: "alert" });
    body.append(form([
      { name: "name", label: t("bf.f.your_name"), value: "" },
      { name: "host_side", label: t("bf.f.side"), choices: [["minions", t("bf.minions_begin")], ["heroes", t("bf.heroes")]] },
      { name: "mode", label: t("bf.f.mode"), choices: [["skirmish", t("bf.mode.skirmish")], ["standard", t("bf.mode.standard")], ["heroic", t("bf.mode.heroic")]] },
      { name: "players", label: t("bf.f.players"), choices: [["2", t("bf.players.2")], ["3", t("bf.players.3")], ["4", t("bf.players.4")]] },
    ], t("bf.start_war"), async (values) => {
      const name = (values.name || "").trim() || t("bf.host");
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
