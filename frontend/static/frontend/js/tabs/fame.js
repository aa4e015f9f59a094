// Fame tab (loaded on demand): the King's Champion Rewards. The fame the app proposes, to
// confirm or dismiss (confirm_fame / dismiss_fame); each hero's Minor and Major Fame; fame the
// table records itself (record_fame); and after a victory, the Grand Ball (grand_ball,
// choose_reward) with the rewards heroes hold.

import { h, sheet } from "../dom.js";
import { openAction, quick } from "./common.js";
import { stepper } from "../forms.js";
import { need, t } from "../i18n.js";

await need("table");

// The rulebook's Fame Guide (Dragon expansion, "The King's Champion Rewards"): kind, tokens per
// deed, text. The API lists it only inside GET /scenarios/, a large answer; ids it adds later
// still show, by their id.
const GUIDE = {
  attack_three_minions: ["minor", 1, "Attack 3 Minions in a Location"],
  attempt_heal_land: ["minor", 1, "Attempt to Heal the Land"],
  attempt_dice_quest: ["minor", 1, "Attempt a Quest that requires Dice"],
  attack_monarch_city: ["minor", 1, "Attack any number of Minions in Monarch City"],
  wound_general: ["minor", 1, "Wound a General in Battle (1 per Wound)"],
  attempt_put_out_fire: ["minor", 1, "Attempt to put out Fires in a Location"],
  build_gate: ["minor", 1, "Build a Gate (not by use of a Special Card)"],
  delay_quest: ["minor", 1, "Delay a Quest to place Minions when supply is short"],
  attack_agent: ["minor", 1, "Attack an Agent of the Dark Lord"],
  complete_quest: ["major", 1, "Complete a Quest Successfully"],
  slaying_blow: ["major", 2, "Land the Slaying Blow to a General"],
  put_out_fire: ["major", 1, "Successfully Put Out a Fire on a Location"],
  rumors_two_cards: ["major", 1, "Gain 2 or More Cards from a Rumor Action"],
  slay_two_minions: ["major", 1, "Slay 2 or More Minions in a Single Round"],
  heal_land: ["major", 1, "Successfully Heal the Land (without a Special Card)"],
  slay_agent: ["major", 2, "Slay an Agent of the Dark Lord"],
};
export const REWARDS = {
  "kings-champion": "King's Champion", duke: "Duke", land: "Land", mayor: "Mayor",
  stables: "Stables", "folk-hero": "Folk Hero", blessing: "Blessing",
};

// Deeds recorded several at a time: one Minor Fame per wound.
const REPEATED = new Set(["wound_general"]);

// The hero a phone records fame for unless told otherwise: its own, else the active hero.
function ownHero(state, session) {
  const heroes = state.heroes || {};
  if (session.seat && heroes[session.seat]) return session.seat;
  return (state.turn || {}).active_seat || Object.keys(heroes)[0];
}

function deed(id) {
  const [kind, tokens, text] = GUIDE[id] || ["minor", 1, id.replace(/_/g, " ")];
  return { kind, tokens, text };
}

const card = (id) => REWARDS[id] || id;

export function render(ctx) {
  const state = ctx.session.state;
  const fame = state.fame || { cup: { owner: "table", left: null }, heroes: {}, proposals: [] };
  const won = state.outcome && state.outcome.result === "won";
  return h("div", { class: "tab-body fame-tab" },
    won || state.grand_ball ? ballCard(ctx) : null,
    (fame.proposals || []).length ? proposalsCard(ctx, fame) : null,
    fameCard(ctx, fame),
    heldCard(ctx));
}

// ---- proposals ---------------------------------------------------------------------------

function proposalsCard(ctx, fame) {
  const { session } = ctx;
  const tableCup = (fame.cup || {}).owner !== "app";
  return h("section", { class: "card", "data-testid": "proposals" },
    h("h2", { text: "Fame to confirm" }),
    h("p", { class: "muted small", text: "The app saw a deed that may earn fame. Confirm what happened at the table, or dismiss it." }),
    h("ul", { class: "list" }, fame.proposals.map((p) => {
      const d = deed(p.action);
      const count = d.tokens * (p.count || 1);
      const values = d.kind === "major" && tableCup
        ? Array.from({ length: count }, (_, i) => h("input", { type: "number", min: "0", max: "20", inputmode: "numeric", class: "stepper-input", name: `value-${p.id}-${i}`, "aria-label": `Blue token ${i + 1}'s value` }))
        : [];
      const error = h("p", { class: "form-error", role: "alert" });
      return h("li", { class: "proposal", "data-testid": "proposal", "data-proposal": String(p.id) },
        h("strong", { class: "block", text: `${session.seatName(p.seat)}: ${d.kind === "major" ? `Major Fame, ${count} blue token${count > 1 ? "s" : ""}` : `${count} Minor Fame`}` }),
        h("span", { class: "block", text: d.text }),
        p.because ? h("small", { class: "muted block", text: `Because ${p.because}.` }) : null,
        values.length ? h("div", { class: "row wrap token-values" }, h("small", { class: "muted", text: "Draw from the cup, enter the values:" }), values) : null,
        error,
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary grow", "data-testid": "confirm-fame", onclick: () => {
            const args = { proposal: p.id };
            if (values.length) {
              const entered = values.map((input) => parseInt(input.value, 10));
              if (entered.some((v) => Number.isNaN(v))) { error.textContent = "Enter the value of each blue token drawn."; return; }
              args.values = entered;
            }
            quick(ctx, "confirm_fame", args, `Confirm fame: ${d.text}`);
          }, text: "Confirm" }),
          h("button", { type: "button", class: "ghost", "data-testid": "dismiss-fame", onclick: () => quick(ctx, "dismiss_fame", { proposal: p.id }, `Dismiss fame: ${d.text}`), text: "Dismiss" })));
    })));
}

// ---- fame per hero -----------------------------------------------------------------------

function fameCard(ctx, fame) {
  const { session } = ctx;
  const state = session.state;
  const seats = Object.keys(state.heroes || {}).sort((a, b) => Number(a) - Number(b));
  const cup = fame.cup || { owner: "table" };
  return h("section", { class: "card", "data-testid": "fame" },
    h("h2", { text: "Fame of the heroes" }),
    seats.length ? h("ul", { class: "list fame-list" }, seats.map((seat) => {
      const entry = (fame.heroes || {})[seat] || { minor: 0, major: [] };
      const major = (entry.major || []).reduce((a, b) => a + b, 0);
      return h("li", { class: "fame-row", "data-testid": "fame-row", "data-seat": seat },
        h("span", { class: "grow", text: session.seatName(seat) }),
        h("span", { class: "fame-chip minor", title: "Minor Fame (gold tokens)" }, h("b", { text: String(entry.minor || 0) }), h("small", { text: "Minor" })),
        h("span", { class: "fame-chip major", title: `Major Fame (blue tokens${(entry.major || []).length ? `: ${entry.major.join(", ")}` : ""})` }, h("b", { text: String(major) }), h("small", { text: "Major" })),
        h("span", { class: "fame-chip total" }, h("b", { text: String((entry.minor || 0) + major) }), h("small", { text: "Total" })));
    })) : h("p", { class: "muted", text: "No hero at the table yet." }),
    h("p", { class: "muted small", text: cup.owner === "app"
      ? `The app holds the blue Major Fame cup (${cup.left ?? "?"} tokens left) and draws them.`
      : "The blue Major Fame tokens stay in their cup at the table: draw them and enter their values." }),
    h("div", { class: "row wrap" },
      h("button", { type: "button", class: "primary", "data-testid": "record-fame", disabled: !seats.length || Boolean((state.grand_ball || {}).order), onclick: () => recordSheet(ctx, cup), text: "Record fame" }),
      ctx.action("set_fame_cup") ? h("button", { type: "button", class: "ghost", onclick: () => openAction(ctx, "set_fame_cup", { title: "The Major Fame cup" }), text: "The cup…" }) : null));
}

function recordSheet(ctx, cup) {
  const { session } = ctx;
  const state = session.state;
  sheet("Record fame", (body, close) => {
    const seat = h("select", { name: "seat", "aria-label": "Hero" }, Object.keys(state.heroes || {}).map((id) =>
      h("option", { value: id, text: session.seatName(id), selected: id === ownHero(state, session) })));
    const action = h("select", { name: "action", "aria-label": "Heroic action" },
      ["minor", "major"].map((kind) => h("optgroup", { label: kind === "minor" ? "Minor Fame (gold tokens)" : "Major Fame (blue tokens)" },
        Object.entries(GUIDE).filter(([, [k]]) => k === kind).map(([id, [, tokens, text]]) => h("option", { value: id, text: tokens > 1 ? `${text} (${tokens} tokens)` : text })))));
    const count = stepper("count", 1, { min: 1, max: 20, label: "Times" });
    const values = h("input", { name: "values", inputmode: "numeric", placeholder: "e.g. 3, 2", "aria-label": "Blue token values" });
    const valuesField = h("label", { class: "field" }, h("span", { class: "field-label", text: "Values of the blue tokens drawn" }), values);
    const error = h("p", { class: "form-error", role: "alert" });
    const countField = h("div", { class: "field" }, h("span", { class: "field-label", text: "Wounds inflicted" }), count);
    // Only the fields the chosen deed uses: wounds for a General wounded, the blue tokens' values
    // for Major Fame when the cup stays at the table.
    const update = () => {
      const chosen = deed(action.value);
      countField.hidden = !REPEATED.has(action.value);
      valuesField.hidden = !(chosen.kind === "major" && cup.owner !== "app");
      values.placeholder = chosen.tokens > 1 ? "e.g. 3, 2" : "e.g. 3";
    };
    action.addEventListener("change", update);
    update();
    body.append(h("form", { class: "action-form", onsubmit: async (event) => {
      event.preventDefault();
      const args = { action: action.value, seat: seat.value, count: countField.hidden ? 1 : parseInt(count.querySelector("input").value, 10) || 1 };
      if (!valuesField.hidden) {
        args.values = values.value.split(/[\s,;]+/).filter(Boolean).map(Number);
        if (args.values.some((v) => Number.isNaN(v))) { error.textContent = "Values are numbers, separated by commas."; return; }
      }
      const result = await session.act("record_fame", args, { label: `Fame: ${deed(action.value).text}` });
      if (result) close();
      else if (session.notice) error.textContent = session.notice.detail;
    } },
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Hero" }), seat),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Heroic action" }), action),
    countField, valuesField, error,
    h("button", { type: "submit", class: "primary big", text: "Record" })));
  });
}

// ---- the Grand Ball ----------------------------------------------------------------------

function ballCard(ctx) {
  const { session } = ctx;
  const state = session.state;
  const ball = state.grand_ball;
  if (!ball) {
    const action = ctx.action("grand_ball");
    const open = ((state.fame || {}).proposals || []).length;
    const extra = open ? { leave_unconfirmed: true } : {};
    const picks = [0, 1, 2].map((i) => h("select", { name: `dealt-${i}`, "aria-label": `Card ${i + 1} dealt` },
      Object.entries(REWARDS).filter(([id]) => id !== "kings-champion").map(([id, name], j) => h("option", { value: id, text: name, selected: j === i }))));
    return h("section", { class: "card ball-card", "data-testid": "grand-ball" },
      h("h2", { text: "The Grand Ball" }),
      h("p", { text: "The Realm is saved! The hero with the most fame is the King's Champion; 3 reward cards are dealt face up, and the 2nd, 3rd and 4th in fame choose among them in that order." }),
      action && action.available === false ? h("p", { class: "muted", text: action.reason }) : null,
      open ? h("p", { class: "banner banner-warn", role: "status", "data-testid": "ball-unconfirmed",
        text: `${open === 1 ? "1 deed still awaits" : `${open} deeds still await`} confirmation under "Fame to confirm": confirm or dismiss ${open === 1 ? "it" : "them"} first, or the ball leaves ${open === 1 ? "it" : "them"} out of the ranking.` }) : null,
      h("button", { type: "button", class: open ? "ghost big" : "primary big", "data-testid": "begin-ball", disabled: !action || action.available === false,
        onclick: () => quick(ctx, "grand_ball", { ...extra }, "The Grand Ball"), text: open ? "Begin without them (the app deals)" : "Begin the Grand Ball (the app deals)" }),
      h("details", {}, h("summary", { class: "summary-tap", text: "We deal the reward cards ourselves" }),
        h("div", { class: "field" }, picks),
        h("button", { type: "button", class: "ghost big", disabled: !action || action.available === false,
          onclick: () => quick(ctx, "grand_ball", { cards: picks.map((p) => p.value), ...extra }, "The Grand Ball"), text: open ? "Begin with these 3 cards, without them" : "Begin with these 3 cards" })));
  }
  const awarded = Object.fromEntries((ball.awards || []).map((a) => [a.seat, a.card]));
  return h("section", { class: "card ball-card", "data-testid": "grand-ball" },
    h("h2", { text: ball.done ? "The Grand Ball is over" : "The Grand Ball" }),
    h("ol", { class: "list ball-order" }, ball.order.map((seat, i) => {
      const fame = (ball.fame || {})[seat] || { total: 0, minor: 0, major: 0 };
      return h("li", { class: "list-row", "data-seat": seat },
        h("span", { class: "rank", text: String(i + 1) }),
        h("span", { class: "grow" }, h("strong", { text: session.seatName(seat) }),
          h("small", { class: "muted block", text: `${fame.total} fame (${fame.minor} Minor + ${fame.major} Major)` })),
        awarded[seat] ? h("span", { class: "reward-card", "data-testid": "award", text: card(awarded[seat]) })
          : i >= 4 ? h("small", { class: "muted", text: "cheered" }) : null);
    })),
    !ball.done ? h("p", { class: "muted small", text: `Dealt face up: ${(ball.offered || []).map(card).join(", ")}.` }) : null,
    ball.next ? chooserBlock(ctx, ball) : null,
    ball.done ? [
      h("p", { class: "muted", text: "Give each hero their card. A seat that sits as a player of an award tracker group has this game in the group's history, with its rewards; the same player and hero start the next game with the card." }),
      h("a", { href: "/awards", class: "button big", "data-link": "", text: "History & awards" }),
    ] : null);
}

// The chooser's own phone chooses; any other phone proposes a card, which the chooser confirms.
function chooserBlock(ctx, ball) {
  const { session } = ctx;
  const name = session.seatName(ball.next);
  // This phone holds the chooser's seat (its own, or a player sharing the phone).
  const mine = session.mySeats().includes(ball.next);
  const as = { seat: ball.next };
  const proposal = ball.proposal;
  return [
    h("h3", { "data-testid": "chooser", text: mine ? `${name}, choose a reward card` : `${name} chooses` }),
    proposal && mine ? h("div", { class: "banner banner-fame", "data-testid": "reward-proposal" },
      h("p", { text: `${session.seatName(proposal.by)} proposes the ${card(proposal.card)} card for you.` }),
      h("button", { type: "button", class: "primary big", "data-testid": "confirm-reward",
        onclick: () => quick(ctx, "confirm_reward", {}, `${name} takes ${card(proposal.card)}`, as), text: `Take the ${card(proposal.card)} card` }))
      : null,
    proposal && !mine ? h("p", { class: "muted", "data-testid": "reward-proposal", text: `The ${card(proposal.card)} card is proposed: ${name} confirms it on their own phone.` }) : null,
    !mine && !proposal ? h("p", { class: "muted small", text: `${name} chooses on their own phone. A card tapped here is proposed to them.` }) : null,
    h("div", { class: "tile-grid" }, (ball.remaining || []).map((id) => h("button", {
      type: "button", class: "tile", "data-testid": "reward-choice", "data-card": id,
      onclick: () => quick(ctx, "choose_reward", { card: id, seat: ball.next }, mine ? `${name} takes ${card(id)}` : `${card(id)} proposed for ${name}`, mine ? as : {}),
    }, h("span", { class: "tile-icon", "aria-hidden": "true", text: "♛" }), h("span", { text: mine ? card(id) : `Propose ${card(id)}` })))),
  ];
}

function heldCard(ctx) {
  const { session } = ctx;
  const rewards = session.state.rewards;
  if (!rewards || !(rewards.held || []).length) return null;
  return h("section", { class: "card", "data-testid": "rewards-held" },
    h("h2", { text: "Rewards held from earlier games" }),
    h("ul", { class: "list" }, rewards.held.map((r) => h("li", {},
      h("strong", { text: session.seatName(r.seat) }), ` holds ${card(r.card)}`,
      r.note ? h("small", { class: "muted block", text: `won ${r.note}` }) : null,
      (rewards.effects || {})[r.card] ? h("small", { class: "block", text: rewards.effects[r.card] }) : null))));
}
