// Content packs (GET /api/v1/content/<pack>/), indexed for the screens, and the faction key
// every screen uses: colour plus a shape and a letter, so colour-blind players can read it.

import { api } from "./api.js";

export const FACTIONS = {
  green: { name: "Orcs", one: "Orc", letter: "O", shape: "triangle", fill: "#3ea44f", ink: "#06160a" },
  black: { name: "Undead", one: "Undead", letter: "U", shape: "square", fill: "#2a2a30", ink: "#f2f2f2" },
  red: { name: "Demons", one: "Demon", letter: "D", shape: "diamond", fill: "#d9443a", ink: "#1c0402" },
  blue: { name: "Dragonkin", one: "Dragonkin", letter: "K", shape: "hexagon", fill: "#3f86e0", ink: "#02101f" },
};
export const COLOURS = Object.keys(FACTIONS);

const cache = new Map();

export async function loadContent(packId = "dotr-base") {
  if (!cache.has(packId)) {
    cache.set(
      packId,
      api.content(packId).then(index).catch((error) => {
        cache.delete(packId);
        throw error;
      }),
    );
  }
  return cache.get(packId);
}

function index(pack) {
  const byId = (items) => Object.fromEntries((items || []).map((item) => [item.id, item]));
  const cards = {};
  for (const [deck, spec] of Object.entries(pack.decks || {})) {
    for (const card of spec.cards) cards[card.id] = { ...card, deck };
  }
  return {
    pack,
    locations: byId(pack.locations),
    roads: pack.roads || [],
    generals: byId(pack.generals),
    heroes: byId(pack.heroes),
    minions: Object.fromEntries((pack.minion_types || []).map((m) => [m.colour, m])),
    cards,
  };
}

// The base pack with what the game's other packs add (their Generals, heroes and cards), so
// every screen names them; a pack that cannot be loaded leaves the names it would add out.
export async function withPacks(content, packIds) {
  const others = (packIds || []).filter((id) => id && id !== (content.pack && content.pack.id));
  if (!others.length) return content;
  const loaded = await Promise.all(others.map((id) => loadContent(id).catch(() => null)));
  const merged = { ...content, generals: { ...content.generals }, heroes: { ...content.heroes }, cards: { ...content.cards } };
  for (const extra of loaded.filter(Boolean)) {
    for (const key of ["generals", "heroes", "cards"]) {
      for (const [id, item] of Object.entries(extra[key])) if (!merged[key][id]) merged[key][id] = item;
    }
  }
  return merged;
}

export function locationName(content, id) {
  return (content && content.locations[id] && content.locations[id].name) || id || "?";
}

export function cardName(content, id) {
  return (content && content.cards[id] && content.cards[id].name) || id;
}

export function heroName(content, id) {
  return (content && content.heroes[id] && content.heroes[id].name) || id;
}

export function generalName(content, id) {
  return (content && content.generals[id] && content.generals[id].name) || id;
}

export function deckLabel(name) {
  const labels = { darkness_spreads: "Darkness Spreads", hero: "Hero Cards", quest: "Quests" };
  return labels[name] || name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}
