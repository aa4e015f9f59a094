// Focus kept across a redraw (dom.mount): the element that had focus inside the part redrawn
// is found again in the new content, by what it is (its id, test id, tab, name, label and
// words), else by its place, and focused without scrolling.

// `had` (the element that had focus, maybe no longer on the page: its attributes and words are
// still there) and `place` (its path of child indexes from `target`) come from dom.mount().
export function after(target, { had, place }) {
  // The same element put back (a box kept across redraws) lost focus as it left: given back.
  if (target.contains(had)) {
    if (document.activeElement !== had) had.focus({ preventScroll: true });
    return;
  }
  const again = findByKey(target, had.tagName, focusKey(had)) || findByPlace(target, place);
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
