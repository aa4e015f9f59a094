// The Hero's Calling on the phone (loaded only for a game with it): its War Status card on the
// Board, each built hero's ability cards (name, type and the texts of the levels reached) on the
// Board and on that hero's Me tab, and the way to build a hero: enter the ability cards the
// table holds (name, type, text; remembered for the group), then choose one of each type.

import { h } from "../dom.js";
import { heroName } from "../content.js";
import { need, t } from "../i18n.js";

// The forms (common.js, forms.js) come when a button asks for one: the Board's first draw
// carries the Hero's Calling panel only.
const openAction = (ctx, type, options) => Promise.all([import("./common.js"), ctx.ensureActions()])
  .then(([module]) => module.openAction(ctx, type, options));

await need("heros-calling");

// The War Status card of The Hero's Calling, as printed (Level III is printed twice).
const CARD = [
  ["hc.war.early", "I", "hc.war.early.note"],
  ["hc.war.early_mid", "II", "hc.war.early_mid.note"],
  ["hc.war.late_mid", "III", "hc.war.late_mid.note"],
  ["hc.war.late", "III", "hc.war.late.note"],
];
const TYPES = ["combat", "control", "movement"];
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
    h("h2", { text: t("hc.war_status") }),
    h("p", { class: "muted", text: t("hc.heroes_level", { level: heroLevel(state) }) }),
    h("ol", { class: "war-track" }, CARD.map(([name, hero, note], i) => h("li", { class: i === level ? "now" : i < level ? "past" : "" },
      h("strong", { text: t("hc.stage", { stage: t(name), level: hero }) }), h("small", { text: t(note) })))));
}

// One hero's ability cards, with the texts of every level reached so far.
function abilityList(state, hero) {
  const reached = LEVELS[heroLevel(state)] || 1;
  return h("ul", { class: "list", "data-testid": "hc-abilities" }, TYPES.map((slot) => {
    const entry = (hero.abilities || {})[slot];
    if (!entry) return null;
    const texts = (entry.levels || []).slice(0, reached)
      .map((text, i) => (text ? t("hc.level_text", { level: i + 1, text }) : t("hc.level_unread", { level: i + 1 })));
    return h("li", { "data-ability": slot },
      h("strong", { text: entry.name }),
      h("small", { class: "muted", text: ` ${t(`hc.type.${slot}`)}${entry.pet ? ` · ${t("hc.pet")}` : ""}` }),
      texts.map((text) => h("small", { class: "block", text })));
  }));
}

export function abilitiesSection(ctx) {
  const { session, content } = ctx;
  const state = session.state;
  const heroes = Object.entries(state.heroes || {});
  return h("section", { class: "card", "data-testid": "hc-heroes" },
    h("h2", { text: t("hc.abilities") }),
    heroes.map(([seat, hero]) => h("div", { "data-seat": seat },
      h("h3", { text: `${session.seatName(seat)}: ${heroName(content, hero.hero)}` }),
      hero.abilities ? abilityList(state, hero) : h("p", { class: "muted", text: t("hc.not_built") }))));
}

// The Me tab: this hero's abilities, or what building it takes.
export function heroSection(ctx, seat) {
  const state = ctx.session.state;
  const hero = (state.heroes || {})[seat];
  if (!hero) return null;
  if (hero.abilities) {
    return h("section", { class: "card", "data-testid": "hc-my-abilities" },
      h("h2", { text: t("hc.my_abilities", { level: heroLevel(state) }) }), abilityList(state, hero));
  }
  const choose = ctx.action("choose_abilities");
  return h("section", { class: "card", "data-testid": "hc-build" },
    h("h2", { text: t("hc.build") }),
    h("p", { class: "muted", text: t("hc.build.hint") }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "ghost", "data-testid": "hc-read", onclick: () => openAction(ctx, "read_ability"), text: t("action.read_ability") }),
      h("button", { type: "button", class: "primary", "data-testid": "hc-choose", disabled: !choose || choose.available === false,
        onclick: () => openAction(ctx, "choose_abilities", { preset: { seat }, lock: ["seat"] }), text: t("action.choose_abilities") })),
    choose && choose.available === false ? h("small", { class: "hint", text: choose.reason }) : null);
}
