// Talisman: The Dragon at the table: the three Draconic Lords and the crown, the dragon token
// draw, the board's scales by region, each character's claimed scales and what they add against
// the current opponents, and the Dragon Tower or Dragon Realm track. Names only, never ids.

import { characterSelect } from "../talisman-characters.js";
import { api } from "../api.js";
import { h, mount, sheet } from "../dom.js";
import { navigate } from "../navigation.js";
import { saveSeat } from "../storage.js";
import { quick } from "../tabs/common.js";
import { need, t } from "../i18n.js";

await need("talisman");

const ENCOUNTER = { space: t("td.enc.space"), character: t("td.enc.character"), scale: t("td.enc.scale") };

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
    h("h2", { text: state.king_name ? t("td.king", { name: state.king_name }) : t("td.no_king") }),
    state.crown_frozen ? h("p", { class: "muted", "data-testid": "crown-frozen", text: t("td.crown_frozen") }) : null,
    h("ul", { class: "list" }, state.lords_view.map((lord) => h("li", { class: "list-row", "data-lord": lord.name },
      h("strong", { class: "grow", text: `${lord.king ? "♛ " : ""}${lord.name}` }),
      h("span", { class: "wound-track", role: "img", "aria-label": t("td.scales_of", { count: lord.scales }), "data-testid": `scales-${lord.name}` },
        [0, 1, 2].map((i) => h("span", { class: i < lord.scales ? "pip hit" : "pip" }))),
      h("small", { class: "muted", text: lord.lives ? ` ${t("td.lives_left", { left: lord.lives_left, count: lord.lives })}` : "" })))));
}

function turn(ctx) {
  const state = ctx.session.state;
  const active = (state.characters_view || []).find((c) => c.active);
  const owed = (state.turn || {}).tokens_owed || 0;
  const tableBag = state.settings.token_draw === "table";
  const space = h("select", { name: "space", "aria-label": t("td.space_landed") },
    state.board_scales_by_region.map((region) => h("optgroup", { label: region.name },
      region.spaces.map((s) => h("option", { value: s.id, text: s.scale ? t("td.with_scale", { space: spaceTitle(region, s, state.board_scales_by_region), lord: s.scale }) : spaceTitle(region, s, state.board_scales_by_region) })))));
  const encounter = h("select", { name: "encounter", "aria-label": t("td.encounter") },
    Object.entries(ENCOUNTER).map(([value, text]) => h("option", { value, text: t("td.encounter.what", { what: text }) })));
  return h("section", { class: "card", "data-testid": "turn" },
    h("h2", { text: active ? t("td.turn_of", { name: active.label }) : t("td.turn") }),
    owed ? h("p", { text: t("td.draw_tokens", { count: owed }) }) : null,
    owed ? h("div", { class: "tile-grid", "data-testid": "token-draw" }, tableBag
      ? state.token_kinds.map((kind) => button(ctx, "draw_dragon_token", kind.name, () => withSpace(state, { token: kind.id }, space)))
      : button(ctx, "draw_dragon_token", t("td.draw_token"), () => withSpace(state, {}, space), { primary: true })) : null,
    active && !activeInner(state) ? h("div", { class: "row" }, space, encounter,
      button(ctx, "move", t("td.land"), () => ({ space: space.value, encounter: encounter.value }))) : null,
    h("div", { class: "row" },
      available(ctx, "claim_scale") ? h("button", { type: "button", "data-action": "claim_scale", text: t("td.claim_here"), onclick: () => claim(ctx) }) : null,
      button(ctx, "next_turn", t("td.end_turn"), {}, { primary: true })));
}

// A space told apart from its Region's namesakes: "Fields (Outer, 3)", counted counterclockwise
// from the City or the Castle as the board prints them.
function spaceTitle(region, space, regions) {
  const same = region.spaces.filter((s) => s.name === space.name);
  const elsewhere = regions.some((other) => other !== region && other.spaces.some((s) => s.name === space.name));
  if (same.length > 1) return t("td.space_title", { name: space.name, region: t(`td.region.${region.region}`), n: same.findIndex((s) => s.id === space.id) + 1 });
  return elsewhere ? t("td.space_in_region", { name: space.name, region: t(`td.region.${region.region}`) }) : space.name;
}

// A character not on the board yet draws on the space chosen in the list above (never typed).
function withSpace(state, args, space) {
  const active = state.characters[state.turn.seat];
  if (active && !active.space && space && space.value) return { ...args, space: space.value };
  return args;
}

function activeInner(state) {
  const active = state.characters[state.turn.seat];
  return active && active.inner;
}

function claim(ctx) {
  // The Enemies the table has named on the table now are one tap each; only an Enemy nobody
  // named yet is typed as printed.
  const known = (ctx.session.state.dragon_cards_out || []).filter((card) => card.kind === "enemy");
  if (known.length) {
    sheet(t("td.claim_scale"), (body, close) => body.append(h("p", { class: "muted", text: t("td.claim.hint") }),
      h("div", { class: "tile-grid", "data-testid": "claim-enemies" }, known.map((card) => h("button", { type: "button", class: "tile", text: card.name,
        onclick: async () => { if (await quick(ctx, "claim_scale", { enemy: card.name }, t("td.claim_the_scale"))) close(); } })))));
    return;
  }
  sheet(t("td.claim_scale"), (body, close) => {
    const enemy = h("input", { name: "enemy", "aria-label": t("td.enemy"), placeholder: t("td.enemy.example") });
    body.append(h("p", { class: "muted", text: t("td.claim.hint") }), enemy,
      h("button", { type: "button", class: "primary", text: t("td.claim"), onclick: async () => { if (await quick(ctx, "claim_scale", { enemy: enemy.value.trim() }, t("td.claim_the_scale"))) close(); } }));
  });
}

const KINDS = ["enemy", "event", "object", "follower", "stranger", "place", "spell"];

function dragonCards(ctx) {
  const out = ctx.session.state.dragon_cards_out || [];
  if (!out.length) return null;
  return h("section", { class: "card", "data-testid": "dragon-cards" },
    h("h2", { text: t("td.cards_out") }),
    h("ul", { class: "list" }, out.map((card) => h("li", { class: "list-row" },
      h("span", { class: "grow", text: card.kind ? `${card.name} (${t(`td.kind.${card.kind}`)})` : card.name }),
      card.kind ? null : h("button", { type: "button", text: t("td.read_out"), onclick: () => nameCard(ctx, card) })))));
}

function nameCard(ctx, card) {
  sheet(t("td.name_card"), (body, close) => {
    const name = h("input", { name: "card-name", "aria-label": t("td.card_name") });
    const kind = h("select", { name: "card-kind", "aria-label": t("td.kind") }, KINDS.map((k) => h("option", { value: k, text: t(`td.kind.${k}`) })));
    body.append(h("p", { class: "muted", text: t("td.remembers") }), name, kind,
      h("button", { type: "button", class: "primary", text: t("td.save"), onclick: async () => {
        if (await act(ctx, "name_dragon_card", { deck: card.deck, card: card.card, name: name.value.trim(), kind: kind.value }, t("td.name_the_card"))) close();
      } }));
  });
}

function characters(ctx) {
  const state = ctx.session.state;
  return h("section", { class: "card", "data-testid": "characters" },
    h("h2", { text: t("td.characters") }),
    h("ul", { class: "list" }, state.characters_view.map((c) => h("li", { "data-character": c.label },
      h("strong", { text: c.label }), h("small", { class: "muted block", text: c.where }),
      h("p", { text: c.scales.length ? c.scales.map((s) => `${s.count} ${s.lord_name}`).join(", ") : t("td.no_scale") }),
      h("p", { "data-testid": "bonus", text: c.opponents.length ? t("td.against", { names: c.opponents.join(` ${t("td.and")} `), bonus: c.bonus }) : t("td.no_opponent") }),
      c.seat === ctx.session.seat ? h("div", { class: "row" },
        h("small", { class: "muted", text: t("td.fighting") }),
        state.lords_view.map((lord) => button(ctx, "set_opponents", `+ ${lord.name}`, () => ({ lords: [...(state.characters[c.seat].opponents || []), lord.id] }))),
        button(ctx, "set_opponents", t("td.clear"), { lords: [] }),
        c.scales.map((s) => button(ctx, "cancel_dragon_rage", t("td.cancel_rage", { name: s.lord_name }), { lord: s.lord }))) : null))));
}

function boardScales(state) {
  return h("section", { class: "card", "data-testid": "board-scales" },
    h("h2", { text: t("td.board_scales") }),
    state.board_scales_by_region.map((region) => h("div", {},
      h("h3", { text: t("td.region", { name: region.name, count: region.free }) }),
      h("ul", { class: "list" }, region.spaces.filter((s) => s.scale).map((s) => h("li", { text: `${s.name}: ${s.scale}${s.kings ? ` ♛ ${t("td.must_encounter")}` : ""}` }))))));
}

function track(ctx) {
  const state = ctx.session.state;
  const killed = h("input", { type: "number", min: 0, max: 10, value: 0, name: "killed", "aria-label": t("td.enemies_killed") });
  const defeated = h("input", { type: "checkbox", name: "defeated", id: "tower-defeated" });
  const count = h("input", { type: "number", min: 0, max: 10, name: "count", "aria-label": t("td.cards_printed") });
  const inner = activeInner(state);
  const here = inner ? state.track.spaces[inner.index] : null;
  const onCrown = inner && inner.space === "crown-of-command";
  return h("section", { class: "card", "data-testid": "track" },
    h("h2", { text: state.track.name }),
    h("ol", { class: "list" }, state.track.spaces.map((s) => h("li", { class: s.here.length ? "now" : "" },
      h("strong", { text: s.name }),
      s.draw !== undefined && state.track.movement === "tower" && s.draw !== 0 ? h("small", { class: "muted", text: ` ${t("td.draw_n", { n: s.draw ?? "?" })}` }) : null,
      s.here.length ? h("small", { text: ` · ${s.here.join(", ")}` }) : null))),
    h("div", { class: "row" },
      button(ctx, "enter_inner_region", t("td.portal")),
      inner && state.track.movement === "tower" && !onCrown ? [
        here && here.draw == null ? count : null,
        button(ctx, "tower_draw", t("td.tower_draw"), () => (count.value ? { count: Number(count.value) } : {})),
        killed, h("label", { for: "tower-defeated" }, defeated, ` ${t("td.defeated")}`),
        button(ctx, "tower_result", t("td.move"), () => ({ killed: Number(killed.value || 0), defeated: defeated.checked })),
      ] : null,
      inner && !onCrown ? [button(ctx, "inner_step", t("td.step_on")), button(ctx, "turn_back", t("td.turn_back")), button(ctx, "leave_inner_region", t("td.leave"))] : null,
      onCrown ? crownActions(ctx) : null));
}

function crownActions(ctx) {
  const state = ctx.session.state;
  const king = state.lords_view.find((lord) => lord.king);
  const killed = h("input", { type: "checkbox", id: "crown-killed", name: "killed" });
  const lives = h("input", { type: "number", min: 1, max: 30, name: "lives", "aria-label": t("td.king_lives") });
  return [
    king && !king.lives ? [lives, button(ctx, "set_lord_lives", t("td.set_king_lives"), () => ({ lord: king.id, lives: Number(lives.value) }))] : null,
    button(ctx, "attack_king", t("td.king_defeated"), { result: "won" }, { primary: true }),
    button(ctx, "attack_king", t("td.stand_off"), { result: "stand_off" }),
    h("label", { for: "crown-killed" }, killed, ` ${t("td.killed")}`),
    button(ctx, "attack_king", t("td.defeated.button"), () => ({ result: "defeated", killed: killed.checked })),
  ];
}

function chooseCharacter(ctx) {
  const name = characterSelect({ name: "character", "aria-label": t("td.your_character") });
  return h("section", { class: "card", "data-testid": "choose-character" },
    h("h2", { text: t("td.your_character") }),
    h("div", { class: "row" }, name, button(ctx, "new_character", t("td.take_character"), () => ({ name: name.value }), { primary: true })));
}

// Start a table: the host's name and character, the Inner Region's side.
export function showStart(app) {
  const name = h("input", { name: "host-name", "aria-label": t("td.your_name"), value: "", required: true });
  const character = characterSelect({ name: "host-character", "aria-label": t("td.your_character") });
  const side = h("select", { name: "inner_region", "aria-label": t("td.inner_region") },
    h("option", { value: "dragon-tower", text: t("td.tower") }), h("option", { value: "dragon-realm", text: t("td.realm") }));
  const error = h("p", { class: "form-error" });
  mount(app, h("main", { class: "screen" },
    h("h1", { text: t("td.title") }),
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("td.your_name") }), name),
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("td.your_character") }), character),
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("td.overlay") }), side),
    h("p", { class: "muted", text: t("td.bag") }),
    error,
    h("button", { type: "button", class: "primary big", text: t("td.create"), onclick: async () => {
      const setup = { system: "talisman-dragon", host: { name: name.value.trim() || t("td.host"), hero: character.value }, options: { inner_region: side.value } };
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
