// The phone's words in the reader's language (docs/languages.md): locale/<lang>/<part>.json,
// "core" before any screen draws, other parts (with more.css) awaited by the modules loaded later.

export const LANGUAGES = { en: "English", de: "Deutsch" };
const words = {};
const parts = {};
const dir = document.body.dataset;

function chosen() {
  try {
    const saved = localStorage.getItem("dotr-lang");
    if (saved in LANGUAGES) return saved;
  } catch { /* no storage: the browser's language */ }
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export const lang = chosen();
const plurals = new Intl.PluralRules(lang);
document.documentElement.lang = lang;

// The address of a file whose name the client builds (a catalogue, a later stylesheet): its
// hashed name when the server collected its files (the shell's data-assets), else its own.
const hashed = JSON.parse(dir.assets || "{}");
export const asset = (name) => dir.static + (hashed[name] || name);

const load = (name, then) => fetch(asset(name)).then(then);

// Parts whose screens app.css styles in full: their words come without more.css (the Hero's
// Calling panel on the Board once scrolled to, the table's panel on the Board after a night,
// the sheet of a card to read on the first screen of most deals with every expansion; the table's
// screen brings display.css).
const WORDS_ONLY = new Set(["core", "heros-calling", "panel", "read", "display"]);

export function need(part) {
  if (!WORDS_ONLY.has(part) && !parts.css) {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: asset("more.css") });
    parts.css = new Promise((done) => { link.onload = link.onerror = done; });
    document.head.append(link);
  }
  parts[part] = parts[part] || Promise.all([parts.css, load(`locale/${lang}/${part}.json`, (r) => r.json())])
    .then(([, found]) => Object.assign(words, found))
    .catch(() => { parts[part] = null; });
  return parts[part];
}

// t("turn", {n: 3}) fills {n}; an entry {one, other} is chosen by `count`.
export function t(key, params = {}) {
  let text = words[key];
  if (text === undefined) return key;
  if (typeof text === "object") text = text[plurals.select(params.count ?? 0)] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (field, name) => (name in params ? params[name] : field));
}

await need("core");
