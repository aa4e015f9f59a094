// The characters a Talisman: The Dragon player may take: the expansion's six and the fourteen of
// the Talisman base game it is played with (a table plays any of them; the app only keeps the
// name). Offered as a list everywhere a character is chosen (start, join, a new character).

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const DRAGON_CHARACTERS = ["Conjurer", "Dragon Hunter", "Dragon Priestess", "Dragon Rider", "Fire Wizard", "Minotaur"];
export const BASE_CHARACTERS = ["Assassin", "Druid", "Dwarf", "Elf", "Ghoul", "Minstrel", "Monk", "Priest", "Prophetess", "Sorceress", "Thief", "Troll", "Warrior", "Wizard"];
export const CHARACTERS = [...DRAGON_CHARACTERS, ...BASE_CHARACTERS];

// A character by its name in the reader's language (the words of the part the screen loaded:
// "talisman" or "home"); the value sent stays the printed English name.
export function characterName(name) {
  const key = `td.character.${name.toLowerCase().match(/[a-z0-9]+/g).join("-")}`;
  const shown = t(key);
  return shown === key ? name : shown;
}

// `empty`: a first choice of none (the character is chosen later, at the table).
export function characterSelect(attributes, { selected = DRAGON_CHARACTERS[0], empty } = {}) {
  return h("select", attributes, empty ? h("option", { value: "", text: empty, selected: !selected }) : null,
    [["characters.dragon", DRAGON_CHARACTERS], ["characters.base", BASE_CHARACTERS]].map(([label, names]) => h("optgroup", { label: t(label) },
      names.map((c) => h("option", { value: c, text: characterName(c), selected: c === selected })))));
}
