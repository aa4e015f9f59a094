// Player words for what the rules name by key: pending choices, a step's rule, a setting.
// Where a text cites its sources (the rulebooks, fan games) it is kept in a details view, for
// the curious, never in the line a player reads.

import { h } from "./dom.js";
import { need, t } from "./i18n.js";

await need("table");

const PENDING = ["hand_limit", "sterling_location", "sterling_bonus", "winds_of_war", "recruitment", "dungeon_run",
  "dungeon_death", "token_destination", "troll_attack", "warlords"];

// A choice the table still has to settle, in words.
export function pendingText(entry, seatName) {
  if (entry.type === "hand_limit") return t("pending.discards", { name: seatName(entry.seat), count: entry.discard });
  return PENDING.includes(entry.type) ? t(`pending.${entry.type}`) : words(entry.type);
}

// A key as words: "sterling_location" "sterling location".
export function words(key) {
  return String(key).replace(/[_-]+/g, " ");
}

// A setting's value as a player reads it.
export function settingValue(value) {
  if (value === true) return t("on");
  if (value === false) return t("off");
  if (value === null || value === undefined) return t("none");
  return words(value);
}

// The rule behind a step, folded: "Why" opens the rulebook's words and the sources.
export function ruleNote(rule) {
  if (!rule) return null;
  return h("details", { class: "rule-note" }, h("summary", { text: t("why") }), h("small", { class: "rule", text: rule }));
}
