// Talisman: The Dragon at the table: the three Draconic Lords and the crown, the dragon token
// draw, the board's scales by region, each character's claimed scales and what they add against
// the current opponents, and the Dragon Tower or Dragon Realm track. Names only, never ids.

import { api } from "../api.js";
import { h, mount, sheet } from "../dom.js";
import { navigate } from "../navigation.js";
import { saveSeat } from "../storage.js";
import { quick } from "../tabs/common.js";
import { need, t } from "../i18n.js";

await need("talisman");

const CHARACTERS = ["Conjurer", "Dragon Hunter", "Dragon Priestess", "Dragon Rider", "Fire Wizard", "Minotaur"];
const ENCOUNTER = { space: "the space", character: "a character", scale: "the scale" };

const available = (ctx, type) => {
  const action = ctx.action(type);
  return Boolean(action && action.available !== false);
};

// What the table reads out (a Dragon Card, a Lord's lives, a stairway's number) the server keeps
// for the table's group (or this game): later games know it from setup (Cards we know).
async function act(ctx, type, args, label) {
  return quick(ctx, type, args, label);
}

function button(ctx, type, text, args = {}, extra = {}) {
  const action = ctx.action(type);
  return h("button", {
    type: "button", class: extra.primary ? "primary" : "", "data-action": type, ...extra.attrs,
    disabled: !action || action.available === false, title: (action && action.reason) || "",
    onclick: () => act(ctx, type, typeof args === "function" ? args() : args, text),
    text,
  });
}

export function render(ctx) {
  const state = ctx.session.state;
  const me = (state.characters || {})[ctx.session.seat];
  return h("div", { class: "tab-body talisman", "data-testid": "talisman" },
    me && !me.name ? chooseCharacter(ctx) : null,
    lords(state),
    turn(ctx),
    dragonCards(ctx),
    characters(ctx),
    boardScales(state),
    track(ctx));
}

function lords(state) {
  return h("section", { class: "card", "data-testid": "lords" },
    h("h2", { text: state.king_name ? `Dragon King: ${state.king_name}` : "No Dragon King yet" }),
    state.crown_frozen ? h("p", { class: "muted", "data-testid": "crown-frozen", text: "A character is on the Crown of Command: the Crown does not move." }) : null,
    h("ul", { class: "list" }, state.lords_view.map((lord) => h("li", { class: "list-row", "data-lord": lord.name },
      h("strong", { class: "grow", text: `${lord.king ? "♛ " : ""}${lord.name}` }),
      h("span", { class: "wound-track", "aria-label": `${lord.scales} of 3 scales`, "data-testid": `scales-${lord.name}` },
        [0, 1, 2].map((i) => h("span", { class: i < lord.scales ? "pip hit" : "pip" }))),
      h("small", { class: "muted", text: lord.lives ? ` ${lord.lives_left} of ${lord.lives} lives` : "" })))));
}

function turn(ctx) {
  const state = ctx.session.state;
  const active = (state.characters_view || []).find((c) => c.active);
  const owed = (state.turn || {}).tokens_owed || 0;
  const tableBag = state.settings.token_draw === "table";
  const space = h("select", { name: "space", "aria-label": "Space landed on" },
    state.board_scales_by_region.map((region) => h("optgroup", { label: region.name },
      region.spaces.map((s) => h("option", { value: s.id, text: s.scale ? `${s.name} (${s.scale} scale)` : s.name })))));
  const encounter = h("select", { name: "encounter", "aria-label": "Encounter" },
    Object.entries(ENCOUNTER).map(([value, text]) => h("option", { value, text: `Encounter ${text}` })));
  return h("section", { class: "card", "data-testid": "turn" },
    h("h2", { text: active ? `${active.label}'s turn` : "Turn" }),
    owed ? h("p", { text: `Draw ${owed} dragon token${owed > 1 ? "s" : ""}.` }) : null,
    owed ? h("div", { class: "tile-grid", "data-testid": "token-draw" }, tableBag
      ? state.token_kinds.map((kind) => button(ctx, "draw_dragon_token", kind.name, () => withSpace(state, { token: kind.id })))
      : button(ctx, "draw_dragon_token", "Draw a dragon token", () => withSpace(state, {}), { primary: true })) : null,
    active && !activeInner(state) ? h("div", { class: "row" }, space, encounter,
      button(ctx, "move", "Land", () => ({ space: space.value, encounter: encounter.value }))) : null,
    h("div", { class: "row" },
      available(ctx, "claim_scale") ? h("button", { type: "button", "data-action": "claim_scale", text: "Claim the scale here", onclick: () => claim(ctx) }) : null,
      button(ctx, "next_turn", "End the turn", {}, { primary: true })));
}

function withSpace(state, args) {
  const active = state.characters[state.turn.seat];
  if (active && !active.space) {
    const answer = prompt("Where does the character stand? (a space of the Outer or Middle Region)");
    const found = state.board_scales_by_region.flatMap((r) => r.spaces).find((s) => s.name.toLowerCase() === (answer || "").trim().toLowerCase());
    if (found) return { ...args, space: found.id };
  }
  return args;
}

function activeInner(state) {
  const active = state.characters[state.turn.seat];
  return active && active.inner;
}

function claim(ctx) {
  sheet("Claim the dragon scale", (body, close) => {
    const enemy = h("input", { name: "enemy", "aria-label": "Enemy killed", placeholder: "The Enemy killed, e.g. Fire Drake" });
    body.append(h("p", { class: "muted", text: "Killing an Enemy from a Dragon Card claims the scale on your space." }), enemy,
      h("button", { type: "button", class: "primary", text: "Claim", onclick: async () => { if (await quick(ctx, "claim_scale", { enemy: enemy.value.trim() }, "Claim the scale")) close(); } }));
  });
}

const KINDS = ["enemy", "event", "object", "follower", "stranger", "place", "spell"];

function dragonCards(ctx) {
  const out = ctx.session.state.dragon_cards_out || [];
  if (!out.length) return null;
  return h("section", { class: "card", "data-testid": "dragon-cards" },
    h("h2", { text: "Dragon Cards out" }),
    h("ul", { class: "list" }, out.map((card) => h("li", { class: "list-row" },
      h("span", { class: "grow", text: card.kind ? `${card.name} (${card.kind})` : card.name }),
      card.kind ? null : h("button", { type: "button", text: "Read it out", onclick: () => nameCard(ctx, card) })))));
}

function nameCard(ctx, card) {
  sheet("Name the Dragon Card", (body, close) => {
    const name = h("input", { name: "card-name", "aria-label": "Name printed on the card" });
    const kind = h("select", { name: "card-kind", "aria-label": "Kind" }, KINDS.map((k) => h("option", { value: k, text: k })));
    body.append(h("p", { class: "muted", text: "The app remembers it for this game and the next ones." }), name, kind,
      h("button", { type: "button", class: "primary", text: "Save", onclick: async () => {
        if (await act(ctx, "name_dragon_card", { deck: card.deck, card: card.card, name: name.value.trim(), kind: kind.value }, "Name the card")) close();
      } }));
  });
}

function characters(ctx) {
  const state = ctx.session.state;
  return h("section", { class: "card", "data-testid": "characters" },
    h("h2", { text: "Characters and their claimed scales" }),
    h("ul", { class: "list" }, state.characters_view.map((c) => h("li", { "data-character": c.label },
      h("strong", { text: c.label }), h("small", { class: "muted block", text: c.where }),
      h("p", { text: c.scales.length ? c.scales.map((s) => `${s.count} ${s.lord_name}`).join(", ") : "No dragon scale" }),
      h("p", { "data-testid": "bonus", text: c.opponents.length ? `Against ${c.opponents.join(" and ")}: +${c.bonus} attack` : "No Dragon opponent now" }),
      c.seat === ctx.session.seat ? h("div", { class: "row" },
        h("small", { class: "muted", text: "Fighting:" }),
        state.lords_view.map((lord) => button(ctx, "set_opponents", `+ ${lord.name}`, () => ({ lords: [...(state.characters[c.seat].opponents || []), lord.id] }))),
        button(ctx, "set_opponents", "Clear", { lords: [] }),
        c.scales.map((s) => button(ctx, "cancel_dragon_rage", `Cancel ${s.lord_name}'s Dragon Rage`, { lord: s.lord }))) : null))));
}

function boardScales(state) {
  return h("section", { class: "card", "data-testid": "board-scales" },
    h("h2", { text: "Scales on the board" }),
    state.board_scales_by_region.map((region) => h("div", {},
      h("h3", { text: `${region.name} (${region.free} free)` }),
      h("ul", { class: "list" }, region.spaces.filter((s) => s.scale).map((s) => h("li", { text: `${s.name}: ${s.scale}${s.kings ? " ♛ must be encountered" : ""}` }))))));
}

function track(ctx) {
  const state = ctx.session.state;
  const killed = h("input", { type: "number", min: 0, max: 10, value: 0, name: "killed", "aria-label": "Enemies killed" });
  const defeated = h("input", { type: "checkbox", name: "defeated", id: "tower-defeated" });
  const count = h("input", { type: "number", min: 0, max: 10, name: "count", "aria-label": "Cards printed on the space" });
  const inner = activeInner(state);
  const here = inner ? state.track.spaces[inner.index] : null;
  const onCrown = inner && inner.space === "crown-of-command";
  return h("section", { class: "card", "data-testid": "track" },
    h("h2", { text: state.track.name }),
    h("ol", { class: "list" }, state.track.spaces.map((s) => h("li", { class: s.here.length ? "now" : "" },
      h("strong", { text: s.name }),
      s.draw !== undefined && state.track.movement === "tower" && s.draw !== 0 ? h("small", { class: "muted", text: ` draw ${s.draw ?? "?"}` }) : null,
      s.here.length ? h("small", { text: ` · ${s.here.join(", ")}` }) : null))),
    h("div", { class: "row" },
      button(ctx, "enter_inner_region", "Enter through the Portal of Power"),
      inner && state.track.movement === "tower" && !onCrown ? [
        here && here.draw == null ? count : null,
        button(ctx, "tower_draw", "Draw the Tower cards", () => (count.value ? { count: Number(count.value) } : {})),
        killed, h("label", { for: "tower-defeated" }, defeated, " defeated"),
        button(ctx, "tower_result", "Move", () => ({ killed: Number(killed.value || 0), defeated: defeated.checked })),
      ] : null,
      inner && !onCrown ? [button(ctx, "inner_step", "One space on"), button(ctx, "turn_back", "Turn back"), button(ctx, "leave_inner_region", "Leave")] : null,
      onCrown ? crownActions(ctx) : null));
}

function crownActions(ctx) {
  const state = ctx.session.state;
  const king = state.lords_view.find((lord) => lord.king);
  const killed = h("input", { type: "checkbox", id: "crown-killed", name: "killed" });
  const lives = h("input", { type: "number", min: 1, max: 30, name: "lives", "aria-label": "Lives printed on the King's card" });
  return [
    king && !king.lives ? [lives, button(ctx, "set_lord_lives", "Set the King's lives", () => ({ lord: king.id, lives: Number(lives.value) }))] : null,
    button(ctx, "attack_king", "The King is defeated", { result: "won" }, { primary: true }),
    button(ctx, "attack_king", "Stand-off", { result: "stand_off" }),
    h("label", { for: "crown-killed" }, killed, " killed"),
    button(ctx, "attack_king", "Defeated", () => ({ result: "defeated", killed: killed.checked })),
  ];
}

function chooseCharacter(ctx) {
  const name = h("select", { name: "character", "aria-label": "Your character" }, CHARACTERS.map((c) => h("option", { value: c, text: c })));
  return h("section", { class: "card", "data-testid": "choose-character" },
    h("h2", { text: "Your character" }),
    h("div", { class: "row" }, name, button(ctx, "new_character", "Take this character", () => ({ name: name.value }), { primary: true })));
}

// Start a table: the host's name and character, the Inner Region's side.
export function showStart(app) {
  const name = h("input", { name: "host-name", "aria-label": "Your name", value: "", required: true });
  const character = h("select", { name: "host-character", "aria-label": "Your character" }, CHARACTERS.map((c) => h("option", { value: c, text: c })));
  const side = h("select", { name: "inner_region", "aria-label": "Inner Region" },
    h("option", { value: "dragon-tower", text: "Dragon Tower" }), h("option", { value: "dragon-realm", text: "Dragon Realm" }));
  const error = h("p", { class: "form-error" });
  mount(app, h("main", { class: "screen" },
    h("h1", { text: "Talisman: The Dragon" }),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Your name" }), name),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Your character" }), character),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Board overlay side" }), side),
    h("p", { class: "muted", text: "The dragon token bag stays at the table: draw a token and tap it here." }),
    error,
    h("button", { type: "button", class: "primary big", text: "Create the game", onclick: async () => {
      const setup = { system: "talisman-dragon", host: { name: name.value.trim() || "Host", hero: character.value }, options: { inner_region: side.value } };
      try {
        const game = await api.createGame(setup);
        saveSeat(game.id, { joinCode: game.join_code, seat: "1", token: game.token, name: setup.host.name, hero: setup.host.hero });
        navigate(`/game/${game.id}?setup=1`);
      } catch (problem) {
        error.textContent = problem.message;
      }
    } })));
  return null;
}
