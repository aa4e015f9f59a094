// The phone's language picker (Deutsch, English): each language by its own name. The choice is
// kept on this phone and sent with every request (Accept-Language, ?lang= on the stream).

import { h } from "./dom.js";
import { LANGUAGES, lang, t } from "./i18n.js";

// The reader's choice, kept on this phone; every screen reads it again from the start.
function setLanguage(code) {
  try {
    localStorage.setItem("dotr-lang", code);
  } catch { /* not kept: this visit only */ }
  location.reload();
}

export function languagePicker() {
  return h("label", { class: "language-picker" }, `${t("language")} `,
    h("select", { "data-testid": "language", onchange: (event) => setLanguage(event.target.value) },
      Object.entries(LANGUAGES).sort((a, b) => a[1].localeCompare(b[1]))
        .map(([code, own]) => h("option", { value: code, lang: code, selected: code === lang, text: own }))));
}
