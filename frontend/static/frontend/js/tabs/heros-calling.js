// The Hero's Calling on the phone (loaded only for a game with it): its War Status card on the
// Board, each built hero's ability cards (name, type and the texts of the levels reached) on the
// Board and on that hero's Me tab, and the way to build a hero: enter the ability cards the
// table holds (name, type, text; remembered for the group), then choose one of each type.

import { h } from "../dom.js";
import { heroName } from "../content.js";
import { openAction } from "./common.js";

// The War Status card of The Hero's Calling, as printed (Level III is printed twice).
const CARD = [
  ["Early War", "I", "1 Darkness Spreads card a turn"],
  ["Early Mid War", "II", "2 cards: the 2nd moves a General only"],
  ["Late Mid War", "III", "2 cards"],
  ["Late War", "III", "3 cards: the 3rd moves a General only"],
];
const TYPES = { combat: "Combat", control: "Control", movement: "Movement" };
const LEVELS = { I: 1, II: 2, III: 3 };

function heroLevel(state) {
  return (state.heros_calling && state.heros_calling.hero_level) || "I";
}

// The Board's parts: the War Status card, then every hero's abilities.
export function parts(ctx) {
  return [warStatusCard(ctx.session.state), abilitiesSection(ctx)];
}

export function warStatusCard(state) {
  const level = Math.max(0, Math.min(3, state.war_level || 0));
  return h("section", { class: "card", "data-testid": "hc-war-status" },
    h("h2", { text: "War Status card" }),
    h("p", { class: "muted", text: `The heroes are at Level ${heroLevel(state)}.` }),
    h("ol", { class: "war-track" }, CARD.map(([name, hero, note], i) => h("li", { class: i === level ? "now" : i < level ? "past" : "" },
      h("strong", { text: `${name} · Level ${hero}` }), h("small", { text: note })))));
}

// One hero's ability cards, with the texts of every level reached so far.
function abilityList(state, hero) {
  const reached = LEVELS[heroLevel(state)] || 1;
  return h("ul", { class: "list", "data-testid": "hc-abilities" }, Object.keys(TYPES).map((slot) => {
    const entry = (hero.abilities || {})[slot];
    if (!entry) return null;
    const texts = (entry.levels || []).slice(0, reached)
      .map((text, i) => (text ? `Level ${i + 1}: ${text}` : `Level ${i + 1}: read it from the card`));
    return h("li", { "data-ability": slot },
      h("strong", { text: entry.name }),
      h("small", { class: "muted", text: ` ${TYPES[slot]}${entry.pet ? " · with its pet token" : ""}` }),
      texts.map((text) => h("small", { class: "block", text })));
  }));
}

export function abilitiesSection(ctx) {
  const { session, content } = ctx;
  const state = session.state;
  const heroes = Object.entries(state.heroes || {});
  return h("section", { class: "card", "data-testid": "hc-heroes" },
    h("h2", { text: "Heroes' abilities" }),
    heroes.map(([seat, hero]) => h("div", { "data-seat": seat },
      h("h3", { text: `${session.seatName(seat)}: ${heroName(content, hero.hero)}` }),
      hero.abilities ? abilityList(state, hero) : h("p", { class: "muted", text: "Not built yet: one Combat, one Control and one Movement card." }))));
}

// The Me tab: this hero's abilities, or what building it takes.
export function heroSection(ctx, seat) {
  const state = ctx.session.state;
  const hero = (state.heroes || {})[seat];
  if (!hero) return null;
  if (hero.abilities) {
    return h("section", { class: "card", "data-testid": "hc-my-abilities" },
      h("h2", { text: `Abilities · Level ${heroLevel(state)}` }), abilityList(state, hero));
  }
  const choose = ctx.action("choose_abilities");
  return h("section", { class: "card", "data-testid": "hc-build" },
    h("h2", { text: "Build your hero" }),
    h("p", { class: "muted", text: "Take one Combat, one Control and one Movement ability card. The first time a card comes to this table, enter it once: its name, type and text." }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "ghost", "data-testid": "hc-read", onclick: () => openAction(ctx, "read_ability"), text: "Enter an ability card" }),
      h("button", { type: "button", class: "primary", "data-testid": "hc-choose", disabled: !choose || choose.available === false,
        onclick: () => openAction(ctx, "choose_abilities", { preset: { seat }, lock: ["seat"] }), text: "Choose abilities" })),
    choose && choose.available === false ? h("small", { class: "hint", text: choose.reason }) : null);
}
