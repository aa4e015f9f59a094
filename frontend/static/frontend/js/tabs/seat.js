// Me tab: this seat's hero (life, place), hand, Quests, draw, discard and play. A phone that
// holds several seats switches between them here.

import { h, sheet } from "../dom.js";
import { FACTIONS, cardName, deckCount, deckLabel, heroName, locationName, needTexts } from "../content.js";
import { factionBadge } from "../map.js";
import { openAction, quick } from "./common.js";
import { actionForm, actionLabel } from "../forms.js";
import { need, t } from "../i18n.js";
import { languagePicker } from "../language.js";

await need("table");

// The Hero's Calling: this hero's ability cards, or building it (loaded for a game with it).
let herosCalling = null;
function herosCallingSection(ctx, seat) {
  if (herosCalling) return herosCalling.heroSection(ctx, seat);
  import("./heros-calling.js").then((module) => { herosCalling = module; ctx.rerender(); });
  return null;
}

const PLACE_RULES = ["each_of", "any_of_colour", "general_location", "none"];

export function render(ctx) {
  needTexts(ctx);
  const { session, content } = ctx;
  const state = session.state;
  const seat = session.seat;
  const mine = session.mySeats();
  const hero = (state.heroes || {})[seat];
  const parts = [];
  if (mine.length > 1) {
    parts.push(h("div", { class: "segmented seat-switch", role: "tablist", "aria-label": t("seat.seats") }, mine.map((id) => h("button", {
      type: "button", class: `seg${id === seat ? " on" : ""}`, "aria-selected": String(id === seat), role: "tab",
      onclick: () => session.switchSeat(id), text: session.seatName(id),
    }))));
  }
  parts.push(h("h2", { class: "section-title", text: session.seatName(seat) }));
  if (hero) parts.push(heroCard(ctx, hero));
  if (hero && state.heros_calling) parts.push(herosCallingSection(ctx, seat));
  if (!hero && state.heroes) parts.push(h("p", { class: "muted", text: t("seat.no_hero") }));

  const pending = (state.pending || []).filter((p) => p.type === "hand_limit" && p.seat === seat);
  for (const p of pending) {
    parts.push(h("div", { class: "banner banner-warn" },
      h("span", { class: "grow", text: t("seat.hand_limit", { count: p.discard }) }),
      h("button", { type: "button", class: "primary", onclick: () => openAction(ctx, "discard_to_limit"), text: t("choose") })));
  }

  const turn = state.turn || {};
  if (hero && turn.active_seat === seat) {
    // Once the evening is drawn the same place leads on to the night (never a button refused).
    // A choice still pending holds the night back: the button says which (the server's words).
    const waits = (state.pending || []).length ? (ctx.action("night") || {}).reason || t("night.waits") : null;
    if (waits) ctx.ensureActions();
    parts.push(turn.phase === "night"
      ? [h("button", { type: "button", class: "primary big", "data-testid": "go-to-night", disabled: Boolean(waits), title: waits || "", onclick: () => ctx.go("night"), text: t("seat.to_night") }),
        waits ? h("p", { class: "muted", "data-testid": "night-waits", text: waits }) : null]
      : h("button", { type: "button", class: "primary big", "data-testid": "end-turn", onclick: () => endMyTurn(ctx), text: t("seat.end_turn") }));
  }
  // A device several players share shows a hand only when its player asks, and hides it again
  // when the turn passes (the next player takes the device).
  // Just after a switch the state on screen is still the previous seat's (its hand too) until
  // this seat's view arrives: no hand is shown from it.
  const handKey = `${seat}:${turn.number}:${turn.active_seat}`;
  const ready = Boolean(session.view && session.view.seat === seat);
  const hidden = mine.length > 1 && (ctx.view.handShown !== handKey || !ready);
  if (hidden) {
    parts.push(h("section", { class: "card", "data-testid": "hand-hidden" },
      h("p", { class: "muted", text: t("seat.hand_hidden", { name: session.seatName(seat), cards: ready ? handCounts(ctx, state, seat) : "…" }) }),
      h("button", { type: "button", class: "primary big", "data-testid": "show-hand", disabled: !ready, onclick: () => { ctx.view.handShown = handKey; ctx.rerender(); }, text: t("seat.show_hand", { name: session.seatName(seat) }) })));
  } else {
    if (mine.length > 1) {
      parts.push(h("button", { type: "button", class: "ghost", "data-testid": "hide-hand", onclick: () => { ctx.view.handShown = null; ctx.rerender(); }, text: t("seat.hide_hand") }));
    }
    for (const [name, deck] of Object.entries(state.decks || {})) {
      if (!heldOrDrawn(state, name, deck)) continue;
      parts.push(handSection(ctx, name, deck));
    }
  }
  if (hero) parts.push(questsSection(ctx, hero));
  const others = Object.keys(state.seats || {}).filter((id) => id !== seat);
  if (others.length) {
    parts.push(h("section", { class: "card" }, h("h2", { text: t("seat.others") }),
      h("ul", { class: "list" }, others.map((id) => h("li", { class: "list-row", "data-seat": id },
        h("span", { class: "grow", text: session.seatName(id) }),
        h("small", { class: "muted", text: handCounts(ctx, state, id) }))))));
  }
  parts.push(h("section", { class: "card" }, h("h2", { text: t("seat.phone") }), languagePicker()));
  return h("div", { class: "tab-body seat-tab" }, parts);
}

// A player's hand in words: "3 Hero Cards · 1 Quest" (the decks they hold cards of, and always
// their Hero Cards in a Defenders of the Realm game).
function handCounts(ctx, state, seat) {
  const counts = Object.entries(state.decks || {})
    .map(([name, deck]) => [name, (deck.hand_sizes || {})[seat] || 0])
    .filter(([name, count]) => count > 0 || (state.system === "dotr" && name === "hero"));
  return counts.map(([name, count]) => deckCount(ctx.content, name, count)).join(" · ") || t("seat.no_cards_in_hand");
}

// The decks a player draws from into their hand (the Hero Cards; in a game of your own decks,
// each one), and any deck of which they hold cards. The Darkness Spreads, Companions (the Inn),
// Dungeon Rooms and tokens, Treasures and Relics come to a hand through the rules, not a draw.
function drawsFrom(state, name) {
  return state.system !== "dotr" || name === "hero";
}

function heldOrDrawn(state, name, deck) {
  return name !== "quest" && (drawsFrom(state, name) || (deck.hand || []).length > 0);
}

function heroCard(ctx, hero) {
  const { content } = ctx;
  const info = content.heroes[hero.hero] || {};
  return h("section", { class: "card hero-card", "data-testid": "hero-card" },
    h("div", { class: "row" },
      h("div", { class: "grow" },
        h("strong", { class: "hero-name", text: heroName(content, hero.hero) }),
        h("small", { class: "muted block", text: t("at", { location: locationName(content, hero.location) }) })),
      h("button", { type: "button", class: "ghost", onclick: () => openAction(ctx, "move_hero", { title: t("seat.move_hero") }), text: t("seat.move") })),
    h("div", { class: "life-row" },
      h("button", { type: "button", class: "step big-step", "aria-label": t("seat.lose_life"), onclick: () => quick(ctx, "wound_hero", { wounds: 1 }, t("enter.wound_hero")), text: "−" }),
      h("div", { class: "life", role: "img", "aria-label": t("seat.life.of", { life: hero.life, max: hero.max_life }) },
        Array.from({ length: hero.max_life }, (_, i) => h("span", { class: i < hero.life ? "heart full" : "heart", text: "♥" })),
        h("small", { class: "block", text: t("seat.life", { life: hero.life, max: hero.max_life }) })),
      h("button", { type: "button", class: "step big-step", "aria-label": t("seat.heal_life"), disabled: hero.life >= hero.max_life, onclick: () => quick(ctx, "heal_hero", { amount: 1 }, t("enter.heal_hero")), text: "+" })),
    info.abilities ? h("details", {}, h("summary", { text: t("seat.abilities") }), h("ul", {}, info.abilities.map((a) => h("li", { text: a })))) : null);
}

// The end of the turn, by tapping: a danger where the hero stands (fire, Zealots, Imps) is asked
// here first, and a Hero deck kept at the table asks which cards were drawn; never a refusal
// whose answer hides in another tab.
async function endMyTurn(ctx) {
  const deck = ((ctx.session.state.decks || {}).hero) || {};
  if (deck.owner === "table") {
    openEndTurn(ctx, {});
    return;
  }
  const done = await quick(ctx, "end_turn", {}, t("seat.end_turn.label"));
  if (!done && ctx.session.notice && ctx.session.notice.code === "dangers_pending") askDangers(ctx, () => endMyTurn(ctx));
}

function openEndTurn(ctx, preset) {
  const action = ctx.action("end_turn");
  if (!action) { ctx.ensureActions(); openAction(ctx, "end_turn"); return; }
  sheet(t("seat.end_turn.label"), (body, close) => body.append(actionForm(ctx.session, ctx.content, action, {
    preset, lock: ["count"], intro: t("seat.table_deck.end_turn"), submitLabel: t("seat.end_turn.label"),
    onDone: () => close(),
    onRefused: (notice, args) => {
      if (notice.code !== "dangers_pending") return false;
      close();
      askDangers(ctx, () => openEndTurn(ctx, args));
      return true;
    },
  })));
}

function askDangers(ctx, then) {
  const action = ctx.action("turn_end_dangers");
  ctx.session.setNotice(null);
  if (!action) { ctx.ensureActions(); openAction(ctx, "turn_end_dangers"); return; }
  const hero = (ctx.session.state.heroes || {})[ctx.session.seat] || {};
  // Only the Eagle Rider can be in the air: nobody else is asked.
  const lock = hero.hero === "eagle-rider" ? ["seat"] : ["seat", "sky_attack"];
  sheet(actionLabel("turn_end_dangers"), (body, close) => body.append(actionForm(ctx.session, ctx.content, action, {
    preset: { seat: ctx.session.seat }, lock, intro: t("seat.dangers", { location: locationName(ctx.content, hero.location) }),
    onDone: () => { close(); then(); },
  })));
}

// A deck kept at the table: the phone asks which card was drawn (the draw's own form).
function nameCardsDrawn(ctx, name) {
  const action = ctx.action("draw");
  if (!action) { ctx.ensureActions(); openAction(ctx, "draw"); return; }
  sheet(t("seat.draw_1"), (body, close) => body.append(actionForm(ctx.session, ctx.content, action, {
    preset: { deck: name, count: 1, to: "hand" }, lock: ["deck", "count", "to", "seat"],
    intro: t("seat.table_deck", { deck: deckLabel(name, ctx.content) }), onDone: () => close(),
  })));
}

function describeCard(content, id) {
  const card = content.cards[id];
  if (!card) return { name: id, detail: "" };
  const d = card.data || {};
  const bits = [];
  if (d.dice) bits.push(t("seat.dice", { count: d.dice }));
  if (d.travel) bits.push(String(d.travel).replace(/_/g, " "));
  if (d.summary) bits.push(d.summary);
  if (d.test) bits.push(d.test);
  return { name: card.name, detail: bits.join(" · "), colour: d.colour, reward: d.reward };
}

function handSection(ctx, name, deck) {
  const { content } = ctx;
  const selected = new Set();
  const hand = deck.hand || [];
  const title = deckLabel(name, content);
  const state = ctx.session.state;
  const play = h("button", { type: "button", class: "primary", disabled: true, text: t(name === "hero" ? "seat.play" : "discard") });
  const update = () => { play.disabled = selected.size === 0; play.textContent = `${t(name === "hero" ? "seat.play" : "discard")}${selected.size ? ` (${selected.size})` : ""}`; };
  play.addEventListener("click", () => playOrDiscard(ctx, name, [...selected]));
  if (name === "quest") return h("div"); // Quests are shown with their text below
  return h("section", { class: "card", "data-hand": name },
    h("div", { class: "row" }, h("h2", { class: "grow", text: t("seat.in_hand", { deck: title, count: hand.length }) }),
      drawsFrom(state, name) ? h("button", { type: "button", class: "ghost", "data-testid": `draw-1-${name}`,
        onclick: () => (deck.owner === "table" ? nameCardsDrawn(ctx, name) : quick(ctx, "draw", { deck: name, count: 1 }, t("draw.what", { what: deckCount(content, name, 1) }))),
        text: t("seat.draw_1") }) : null),
      deck.owner === "table" && drawsFrom(state, name) ? h("small", { class: "muted block", text: t("seat.table_deck", { deck: title }) }) : null,
    hand.length ? h("div", { class: "hand" }, hand.map((id) => {
      const c = describeCard(content, id);
      return h("label", { class: "hand-card" },
        h("input", { type: "checkbox", value: id, onchange: (e) => { if (e.target.checked) selected.add(id); else selected.delete(id); update(); } }),
        c.colour && FACTIONS[c.colour] ? factionBadge(c.colour, FACTIONS[c.colour].letter, 28) : h("span", { class: "badge-special", text: "✦" }),
        h("span", { class: "grow" }, h("strong", { text: c.name }), h("small", { class: "muted block", text: c.detail })));
    })) : h("p", { class: "muted", text: t("seat.no_cards") }),
    hand.length ? h("div", { class: "row sticky-actions" }, play,
      h("button", { type: "button", class: "ghost", onclick: () => sheet(t("deck.discard_pile", { deck: title }), (body) => body.append(h("ol", { class: "list" }, [...deck.discard].reverse().map((id) => h("li", { text: cardName(content, id) }))))), text: t("seat.discard_pile", { count: deck.discard.length }) })) : null);
}

// A Special Hero Card played for its action goes onto the Winds of War board when it is in
// play (DX "Winds of War"); played for its dice against a General, or thrown away, it is
// discarded. The phone asks which, instead of always discarding.
function isSpecial(content, id) {
  const card = content.cards[id];
  return Boolean(card && card.kind === "special");
}

async function playOrDiscard(ctx, deck, cards) {
  const { content } = ctx;
  const discard = (ids) => (ids.length ? quick(ctx, "discard", { deck, cards: ids }, t("discard.what", { what: ids.map((id) => cardName(content, id)).join(", ") })) : true);
  const specials = deck === "hero" && ctx.session.state.winds_of_war ? cards.filter((id) => isSpecial(content, id)) : [];
  if (!specials.length) return discard(cards);
  sheet(t("seat.special.title"), (body, close) => {
    body.append(h("p", { class: "muted", text: t("seat.special.why") }),
      h("div", { class: "banner-actions" },
        h("button", { type: "button", class: "primary", "data-testid": "special-action", onclick: async () => {
          close();
          for (const id of specials) {
            if (!(await quick(ctx, "play_special", { card: id }, t("seat.special.played", { card: cardName(content, id) })))) return;
          }
          await discard(cards.filter((id) => !specials.includes(id)));
        }, text: t("seat.special.action") }),
        h("button", { type: "button", class: "ghost", "data-testid": "special-discard", onclick: () => { close(); discard(cards); }, text: t("seat.special.discard") })));
  });
  return true;
}

function questsSection(ctx, hero) {
  const { content } = ctx;
  const quest = (id, completed) => {
    const c = describeCard(content, id);
    const card = content.cards[id] || { data: {} };
    return h("li", { class: "quest" },
      h("strong", { text: c.name }),
      h("small", { class: "block", text: card.data.location ? t("at", { location: locationName(content, card.data.location) }) : (PLACE_RULES.includes(card.data.location_rule) ? t(`quest.${card.data.location_rule}`) : "") }),
      h("small", { class: "block muted", text: card.data.test || "" }),
      h("small", { class: "block reward", text: card.data.reward ? t("quest.reward", { reward: card.data.reward }) : "" }),
      h("div", { class: "row" }, completed
        ? h("button", { type: "button", class: "ghost", onclick: () => quick(ctx, "discard_quest", { quest: id, completed: true }, t("quest.use_up.what", { name: c.name })), text: t("quest.use_up") })
        : [h("button", { type: "button", class: "primary", onclick: () => quick(ctx, "complete_quest", { quest: id }, t("quest.complete.what", { name: c.name })), text: t("quest.completed") }),
          h("button", { type: "button", class: "ghost", onclick: () => quick(ctx, "discard_quest", { quest: id }, t("discard.what", { what: c.name })), text: t("discard") })]));
  };
  return h("section", { class: "card", "data-testid": "quests" },
    h("div", { class: "row" }, h("h2", { class: "grow", text: t("quests") }),
      h("button", { type: "button", class: "ghost", onclick: () => quick(ctx, "draw_quest", {}, t("quest.draw")), text: t("quest.draw") })),
    (hero.quests || []).length ? h("ul", { class: "list" }, hero.quests.map((id) => quest(id, false))) : h("p", { class: "muted", text: t("quest.none_in_hand") }),
    (hero.completed_quests || []).length ? [h("h3", { text: t("quest.completed.rewards") }), h("ul", { class: "list" }, hero.completed_quests.map((id) => quest(id, true)))] : null);
}
