// Tiny DOM helpers: the client has no framework, only these.

import { t } from "./i18n.js";

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

function setProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "style") el.style.cssText = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) {
      el.addEventListener(key.slice(2), value);
      if (key === "onchange" || key === "oninput") acts.add(el);
    } else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Redraws `target` whole. The element that had focus inside it is found again in the new
// content (focus.js, loaded once a control first takes focus), so a keyboard or screen-reader
// player keeps their place when another phone's change redraws. A redraw in the moment before
// focus.js has come notes the place here, and focus.js finds it again when it comes (unless the
// player has focused something else meanwhile).
let keeper = null;
let keeping = null;
document.addEventListener("focusin", () => {
  keeping = import("./focus.js").then((module) => { keeper = module; return module; });
}, { once: true });

function focusedIn(target) {
  const had = document.activeElement;
  if (!had || had === document.body || !target.contains(had)) return null;
  const place = [];
  for (let node = had; node !== target; node = node.parentElement) place.unshift([...node.parentElement.children].indexOf(node));
  return { had, place };
}

// What a player is still choosing or typing survives a redraw too: a list or box they changed,
// and did not act on yet (a tap on a button beside it, or its form sent), gives its value to the
// new control of the same name (the same among namesakes) when that one can hold it. Ticks and
// radio buttons are not kept: they show what the game says; nor is a control whose change is
// itself an act (it has its own handler, and the screen redraws it from what that kept).
const choosing = new Set();
const acts = new WeakSet();
const KEPT = "select[name], textarea[name], input[name]:not([type]), input[name][type=text], input[name][type=number], input[name][type=search]";
const chose = (event) => { if (event.target.matches?.(KEPT) && !acts.has(event.target)) choosing.add(event.target); };
document.addEventListener("change", chose, true);
document.addEventListener("input", chose, true);
const acted = (scope) => { for (const el of [...choosing]) if (!el.isConnected || (scope && scope.contains(el))) choosing.delete(el); };
document.addEventListener("click", (event) => { const button = event.target.closest?.("button"); if (button) acted(button.form || button.parentElement); }, true);
document.addEventListener("submit", (event) => acted(event.target), true);

// A tap that began on a button which a redraw then replaced (another phone's change between the
// finger going down and coming up) lands on its replacement: the browser gives no click to a
// press whose element left the page. The replacement is the control under the finger that is
// the same one (same kind, test id, action, tab, name, label and words).
const TAPPABLE = "button, a[href], [role=tab], summary";
let pressed = null;
let clicked = null;
const sameControl = (a, b) => ["data-testid", "data-action", "data-tab", "name", "aria-label"]
  .every((attr) => a.getAttribute(attr) === b.getAttribute(attr))
  && a.tagName === b.tagName && a.textContent.trim() === b.textContent.trim();
document.addEventListener("pointerdown", (event) => { pressed = event.target.closest?.(TAPPABLE) || null; }, true);
document.addEventListener("click", (event) => { clicked = event.target.closest?.(TAPPABLE) || null; }, true);
document.addEventListener("pointerup", (event) => {
  const was = pressed;
  pressed = null;
  if (!was || was.isConnected) return;
  const now = event.target.closest?.(TAPPABLE);
  if (!now || now.disabled || !sameControl(was, now)) return;
  clicked = null;
  // After the browser's own click, if any: a control that got one is not clicked twice.
  setTimeout(() => { if (clicked !== now && now.isConnected && !now.disabled) now.click(); }, 0);
}, true);

function named(target) {
  const found = new Map();
  const seen = {};
  for (const el of target.querySelectorAll(KEPT)) {
    seen[el.name] = (seen[el.name] || 0) + 1;
    found.set(`${el.name}#${seen[el.name]}`, el);
  }
  return found;
}

function keepChoices(target) {
  const before = [...named(target)].filter(([, el]) => choosing.has(el));
  return before.length ? before.map(([key, el]) => [key, el, el.value]) : null;
}

function giveChoices(target, before) {
  const now = named(target);
  for (const [key, old, value] of before) {
    choosing.delete(old);
    const el = now.get(key);
    if (!el || el === old || el.tagName !== old.tagName || el.type !== old.type) continue;
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value && !o.disabled)) continue;
    el.value = value;
    choosing.add(el);
  }
}

export function mount(target, ...children) {
  const focused = keeping ? focusedIn(target) : null;
  const choices = choosing.size ? keepChoices(target) : null;
  target.replaceChildren();
  append(target, children);
  if (choices) giveChoices(target, choices);
  if (focused && keeper) keeper.after(target, focused);
  else if (focused) {
    keeping.then((module) => {
      const now = document.activeElement;
      if (!now || now === document.body) module.after(target, focused);
    });
  }
  return target;
}

// Says `message` once to a screen reader (the page's one polite live region); the screen itself
// is not a live region, so a redraw is never read out whole. The region lives in a closed shadow
// root of `#announce`: heard, never seen, and never a second copy of words the screen shows
// (a search of the page for them finds the screen's).
let liveRegion = null;
export function announce(message) {
  const host = document.getElementById("announce");
  if (!host || !message) return;
  if (!liveRegion) {
    liveRegion = document.createElement("div");
    liveRegion.setAttribute("aria-live", "polite");
    liveRegion.setAttribute("aria-atomic", "true");
    host.attachShadow({ mode: "closed" }).append(liveRegion);
  }
  liveRegion.textContent = "";
  // A new text node in an emptied region is read even when the words repeat.
  requestAnimationFrame(() => { liveRegion.textContent = message; });
}

// A passing word at the bottom of the screen; an error is an alert, any other a status.
export function toast(message, kind = "info", ms = 3500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", text: message });
  box.append(item);
  setTimeout(() => item.remove(), ms);
}

// A bottom sheet (modal dialog). Returns {close, body}.
export function sheet(title, build, { onClose } = {}) {
  const dialog = h("dialog", { class: "sheet", "aria-label": title });
  const close = () => {
    dialog.close();
    dialog.remove();
    if (onClose) onClose();
  };
  const body = h("div", { class: "sheet-body" });
  dialog.append(
    h("header", { class: "sheet-head" },
      h("h2", { text: title }),
      h("button", { class: "icon-btn", type: "button", "aria-label": t("close"), onclick: close, text: "✕" })),
    body,
  );
  dialog.addEventListener("cancel", (event) => { event.preventDefault(); close(); });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) close(); });
  document.body.append(dialog);
  build(body, close);
  dialog.showModal();
  return { close, body, dialog };
}

// A random id for Idempotency-Key (crypto.randomUUID needs a secure context; a table's local
// network address often is not one).
export function uuid() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many || one + "s"}`;
}

export function timeOf(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
