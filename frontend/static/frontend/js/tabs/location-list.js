// The map as a list (tabs/board.js): every location a button naming what stands there, in the
// reader's alphabetical order, opening the same sheet as a tap on the map.

import { h } from "../dom.js";
import { locationName } from "../content.js";
import { boardTokens, describeLocation } from "../map.js";

export function fill(list, ctx, select) {
  const { content, session } = ctx;
  const state = session.state;
  const tokens = boardTokens(content, state);
  list.replaceChildren(...Object.keys(content.locations)
    .sort((a, b) => locationName(content, a).localeCompare(locationName(content, b)))
    .map((id) => h("li", {}, h("button", {
      type: "button", class: "ghost", "data-listed": id,
      "aria-label": describeLocation(content, state, id, (state.board || {})[id] || {}, tokens[id] || []),
      onclick: () => select(id),
    }, locationName(content, id)))));
}
