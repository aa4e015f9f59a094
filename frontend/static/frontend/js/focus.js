// Focus kept across a redraw (dom.mount): the element that had focus inside the part redrawn
// is found again in the new content, by what it is (its id, test id, tab, name, label and
// words), else by its place, and focused without scrolling.

export function before(target) {
  const active = document.activeElement;
  if (!active || active === document.body || !target.contains(active)) return null;
  return { had: active, key: focusKey(active), place: placeOf(target, active) };
}

export function after(target, { had, key, place }) {
  if (target.contains(had)) return;
  const again = findByKey(target, had.tagName, key) || findByPlace(target, place);
  if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
}

function focusKey(el) {
  return [
    el.id, el.getAttribute("data-testid"), el.getAttribute("data-tab"), el.getAttribute("name"),
    el.getAttribute("aria-label"), el.getAttribute("href"), (el.textContent || "").trim().slice(0, 80),
  ].join("|");
}

function findByKey(root, tag, key) {
  for (const el of root.getElementsByTagName(tag)) if (focusKey(el) === key) return el;
  return null;
}

function placeOf(root, el) {
  const place = [];
  for (let node = el; node && node !== root; node = node.parentElement) {
    place.unshift([...node.parentElement.children].indexOf(node));
  }
  return place;
}

function findByPlace(root, place) {
  let node = root;
  for (const index of place) {
    const next = node.children[Math.min(index, node.children.length - 1)];
    if (!next) break;
    node = next;
  }
  if (node === root) return null;
  const focusable = node.closest("a[href], button, input, select, textarea, summary, [tabindex]");
  return focusable && root.contains(focusable) && !focusable.disabled ? focusable : null;
}
