// The characters a Talisman: The Dragon player may take: the expansion's six and the fourteen of
// the Talisman base game it is played with (a table plays any of them; the app only keeps the
// name). Offered as a list everywhere a character is chosen (start, join, a new character).

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const DRAGON_CHARACTERS = ["Conjurer", "Dragon Hunter", "Dragon Priestess", "Dragon Rider", "Fire Wizard", "Minotaur"];
export const BASE_CHARACTERS = ["Assassin", "Druid", "Dwarf", "Elf", "Ghoul", "Minstrel", "Monk", "Priest", "Prophetess", "Sorceress", "Thief", "Troll", "Warrior", "Wizard"];
export const CHARACTERS = [...DRAGON_CHARACTERS, ...BASE_CHARACTERS];

// `empty`: a first choice of none (the character is chosen later, at the table).
export function characterSelect(attributes, { selected = DRAGON_CHARACTERS[0], empty } = {}) {
  return h("select", attributes, empty ? h("option", { value: "", text: empty, selected: !selected }) : null,
    [["characters.dragon", DRAGON_CHARACTERS], ["characters.base", BASE_CHARACTERS]].map(([label, names]) => h("optgroup", { label: t(label) },
      names.map((c) => h("option", { value: c, text: c, selected: c === selected })))));
}
