// Content packs (GET /api/v1/content/<pack>/), indexed for the screens, and the faction key
// every screen uses: colour plus a shape and a letter, so colour-blind players can read it.

import { api } from "./api.js";
import { lang, t } from "./i18n.js";

export const FACTIONS = {
  green: { name: t("minion.green", { count: 2 }), one: t("minion.green", { count: 1 }), letter: "O", shape: "triangle", fill: "#3ea44f", ink: "#06160a" },
  black: { name: t("minion.black", { count: 2 }), one: t("minion.black", { count: 1 }), letter: "U", shape: "square", fill: "#2a2a30", ink: "#f2f2f2" },
  red: { name: t("minion.red", { count: 2 }), one: t("minion.red", { count: 1 }), letter: "D", shape: "diamond", fill: "#d9443a", ink: "#1c0402" },
  blue: { name: t("minion.blue", { count: 2 }), one: t("minion.blue", { count: 1 }), letter: "K", shape: "hexagon", fill: "#3f86e0", ink: "#02101f" },
};
export const COLOURS = Object.keys(FACTIONS);

const cache = new Map();

// One pack, whole (the setup screens), or as the table screen reads it (`table`).
function fetchPack(packId, table) {
  const key = `${table ? "table:" : ""}${packId}`;
  if (!cache.has(key)) {
    cache.set(key, (table ? tablePack(packId) : api.content(packId)).catch((error) => {
      cache.delete(key);
      throw error;
    }));
  }
  return cache.get(key);
}

// The table's copy of a pack: revalidated by its ETag (the browser's cache answers a 304), and
// kept on the phone too, so that the last seen table still shows names when offline.
async function tablePack(packId) {
  const key = `dotr.content.${packId}`;
  try {
    const pack = await api.contentForTable(packId);
    try {
      if (localStorage.getItem(`${key}.version`) !== String(pack.version) + JSON.stringify(pack.overlay || {})) {
        localStorage.setItem(key, JSON.stringify(pack));
        localStorage.setItem(`${key}.version`, String(pack.version) + JSON.stringify(pack.overlay || {}));
      }
    } catch { /* storage full: online only */ }
    return pack;
  } catch (error) {
    let stored = null;
    try { stored = JSON.parse(localStorage.getItem(key)); } catch { stored = null; }
    if (stored && error.code === "network") return stored;
    throw error;
  }
}

export async function loadContent(packId = "dotr-base") {
  return index([await fetchPack(packId, false)]);
}

// Every pack of a game (the base game's first, then its expansions'), merged: the names of
// an expansion's Generals, heroes, cards and decks are found like the base game's.
export async function loadGameContent(packIds) {
  const ids = packIds && packIds.length ? packIds : ["dotr-base"];
  return index(await Promise.all(ids.map((id) => fetchPack(id, true))));
}

function index(packs) {
  const byId = (key) => Object.fromEntries(packs.flatMap((pack) => (pack[key] || []).map((item) => [item.id, item])));
  const cards = {};
  const decks = {};
  for (const pack of packs) {
    for (const [deck, spec] of Object.entries(pack.decks || {})) {
      decks[deck] = decks[deck] || { name: spec.name, cards: [] };
      for (const card of spec.cards) cards[card.id] = { ...card, deck };
    }
  }
  return {
    pack: packs[0],
    packs,
    locations: byId("locations"),
    roads: packs.flatMap((pack) => pack.roads || []),
    generals: byId("generals"),
    heroes: byId("heroes"),
    minions: Object.fromEntries(packs.flatMap((pack) => (pack.minion_types || []).map((m) => [m.colour, m]))),
    cards,
    decks,
  };
}

// The printed texts (a Quest's test and reward, an event's text, a hero's abilities) and the
// rest of the cards' data (a Darkness Spreads card's placements, a Hero Card's colour, a
// Quest's location) are not in the table view, which the Board reads: a screen showing them
// asks for them once (`?view=texts`), then redraws.
export function loadTexts(content) {
  if (!content || !content.packs.length) return Promise.resolve();
  content.texts = content.texts || Promise.all(content.packs.map((pack) => api.contentTexts(pack.id))).then((all) => {
    for (const texts of all) {
      for (const [id, words] of Object.entries(texts.cards)) if (content.cards[id]) content.cards[id].data = { ...content.cards[id].data, ...words };
      for (const kind of ["heroes", "generals"]) for (const [id, words] of Object.entries(texts[kind])) if (content[kind][id]) Object.assign(content[kind][id], words);
    }
    content.textsIn = true;
  }, () => { content.texts = null; });
  return content.texts;
}

export function needTexts(ctx) {
  const { content } = ctx;
  if (!content || !content.packs.length || content.texts) return;
  loadTexts(content).then(() => { if (content.textsIn) ctx.rerender(); });
}

// A hero the table built (The Hero's Calling) is known by the name its player gave it.
export function learnBuiltHeroes(content, state) {
  if (!content || !state) return;
  // Cards no pack names (a dragon's Hero Card counted by colour, a card the table read).
  for (const [id, name] of Object.entries(state.card_names || {})) {
    const m = lang != "en" && /^dx-(hero|ds)-(.+)-\d+$/.exec(id); // "Heldenkarte (Hemlock)"
    // A numbered slot of a pack ("Treasure Room 9") goes by what the table read from its card.
    content.cards[id] = { ...(content.cards[id] || {}), id, name: m ? `${deckName(content, m[1] == "ds" ? "darkness_spreads" : "hero")} (${generalName(content, m[2])})` : name, learned: true };
  }
  if (!state.heroes) return;
  for (const [seat, hero] of Object.entries(state.heroes)) {
    if (hero && hero.hero && !content.heroes[hero.hero]) {
      const named = state.seats && state.seats[seat] && state.seats[seat].hero;
      content.heroes[hero.hero] = { id: hero.hero, name: named || t("a_hero"), built: true };
    }
  }
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

// A deck by the name players know it by: "Darkness Spreads", "Hero Card", "Quest".
export function deckName(content, key) {
  const known = content && content.decks && content.decks[key];
  // The decks of the base game by their names in the reader's language.
  if (lang !== "en" && DECK_NAMES[key]) return t(DECK_NAMES[key], { count: 1 });
  if (known && known.name) return known.name;
  return (DECK_NAMES[key] && t(DECK_NAMES[key], { count: 1 })) || key.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const DECK_NAMES = { darkness_spreads: "deck.darkness_spreads", hero: "deck.hero", quest: "deck.quest" };

// A deck's cards counted in words: "1 Hero Card", "3 Quests", "2 Darkness Spreads cards".
export function deckCount(content, key, count) {
  const name = deckName(content, key);
  if (lang !== "en") return DECK_NAMES[key] ? `${count} ${t(DECK_NAMES[key], { count })}` : `${count} × ${name}`;
  return plural(count, /(card|quest|token|die|tile)$/i.test(name) ? name : `${name} card`);
}

// The old label (a deck as a heading): "Hero Cards", "Quests", "Darkness Spreads".
export function deckLabel(name, content) {
  const single = deckName(content, name);
  if (lang !== "en") return DECK_NAMES[name] ? t(DECK_NAMES[name], { count: 2 }) : single;
  return /(card|quest|token|tile)$/i.test(single) ? `${single}s` : single;
}

// A count with its noun in the right number: plural(1, "Orc") "1 Orc", plural(2, "Orc") "2 Orcs".
export function plural(count, noun, many) {
  return `${count} ${count === 1 ? noun : many || `${noun}s`}`;
}
