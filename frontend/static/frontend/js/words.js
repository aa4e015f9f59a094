// Player words for what the rules name by key: pending choices, a step's rule, a setting.
// Where a text cites its sources (the rulebooks, fan games) it is kept in a details view, for
// the curious, never in the line a player reads.

import { h } from "./dom.js";

const PENDING = {
  hand_limit: "a hand over the limit",
  sterling_location: "where Sterling lands",
  sterling_bonus: "Sterling's bonus",
  winds_of_war: "the Winds of War card",
  recruitment: "the Companions to hire",
  dungeon_run: "the Dungeon run",
  dungeon_death: "a hero fallen in a Dungeon",
  token_destination: "where the Troll or Giant Spider goes",
  troll_attack: "a Troll's attack",
  warlords: "where the Warlords go",
};

// A choice the table still has to settle, in words.
export function pendingText(entry, seatName) {
  if (entry.type === "hand_limit") return `${seatName(entry.seat)} discards ${entry.discard} (hand limit)`;
  return PENDING[entry.type] || words(entry.type);
}

// A key as words: "sterling_location" "sterling location".
export function words(key) {
  return String(key).replace(/[_-]+/g, " ");
}

// A setting's value as a player reads it.
export function settingValue(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  if (value === null || value === undefined) return "none";
  return words(value);
}

// The rule behind a step, folded: "Why" opens the rulebook's words and the sources.
export function ruleNote(rule) {
  if (!rule) return null;
  return h("details", { class: "rule-note" }, h("summary", { text: "Why" }), h("small", { class: "rule", text: rule }));
}
