// A number with a minus and a plus button, as the forms draw it: its own small module, so the
// sheet of a card to read (tabs/read-card.js) does not load every form.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// later: need("read"): its two words (forms.less, forms.more) come with the part of the module
// that draws it: "read" for the card to read, "table" for the forms.

export function stepper(name, value, { min = 0, max = 99, label, badge } = {}) {
  const input = h("input", { type: "number", name, value: String(value), min: String(min), max: String(max), inputmode: "numeric", class: "stepper-input", "aria-label": label || name });
  const change = (delta) => {
    const next = Math.min(max, Math.max(min, (parseInt(input.value, 10) || 0) + delta));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  return h("div", { class: "stepper" },
    badge || null,
    h("button", { type: "button", class: "step", "aria-label": t("forms.less", { what: label || name }), onclick: () => change(-1), text: "−" }),
    input,
    h("button", { type: "button", class: "step", "aria-label": t("forms.more", { what: label || name }), onclick: () => change(1), text: "+" }));
}
