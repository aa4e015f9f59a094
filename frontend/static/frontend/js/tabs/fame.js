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
  attack_three_minions: ["minor", 1, t("fame.deed.attack_three_minions")],
  attempt_heal_land: ["minor", 1, t("fame.deed.attempt_heal_land")],
  attempt_dice_quest: ["minor", 1, t("fame.deed.attempt_dice_quest")],
  attack_monarch_city: ["minor", 1, t("fame.deed.attack_monarch_city")],
  wound_general: ["minor", 1, t("fame.deed.wound_general")],
  attempt_put_out_fire: ["minor", 1, t("fame.deed.attempt_put_out_fire")],
  build_gate: ["minor", 1, t("fame.deed.build_gate")],
  delay_quest: ["minor", 1, t("fame.deed.delay_quest")],
  attack_agent: ["minor", 1, t("fame.deed.attack_agent")],
  complete_quest: ["major", 1, t("fame.deed.complete_quest")],
  slaying_blow: ["major", 2, t("fame.deed.slaying_blow")],
  put_out_fire: ["major", 1, t("fame.deed.put_out_fire")],
  rumors_two_cards: ["major", 1, t("fame.deed.rumors_two_cards")],
  slay_two_minions: ["major", 1, t("fame.deed.slay_two_minions")],
  heal_land: ["major", 1, t("fame.deed.heal_land")],
  slay_agent: ["major", 2, t("fame.deed.slay_agent")],
};
export const REWARDS = Object.fromEntries(["kings-champion", "duke", "land", "mayor", "stables", "folk-hero", "blessing"]
  .map((id) => [id, t(`fame.reward.${id}`)]));

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
    h("h2", { text: t("fame.confirm.title") }),
    h("p", { class: "muted small", text: t("fame.confirm.hint") }),
    h("ul", { class: "list" }, fame.proposals.map((p) => {
      const d = deed(p.action);
      const count = d.tokens * (p.count || 1);
      const values = d.kind === "major" && tableCup
        ? Array.from({ length: count }, (_, i) => h("input", { type: "number", min: "0", max: "20", inputmode: "numeric", class: "stepper-input", name: `value-${p.id}-${i}`, "aria-label": t("fame.token_value", { n: i + 1 }) }))
        : [];
      const error = h("p", { class: "form-error", role: "alert" });
      return h("li", { class: "proposal", "data-testid": "proposal", "data-proposal": String(p.id) },
        h("strong", { class: "block", text: `${session.seatName(p.seat)}: ${t(d.kind === "major" ? "fame.major.tokens" : "fame.minor.count", { count })}` }),
        h("span", { class: "block", text: d.text }),
        p.because ? h("small", { class: "muted block", text: t("fame.because", { why: p.because }) }) : null,
        values.length ? h("div", { class: "row wrap token-values" }, h("small", { class: "muted", text: t("fame.draw_values") }), values) : null,
        error,
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary grow", "data-testid": "confirm-fame", onclick: () => {
            const args = { proposal: p.id };
            if (values.length) {
              const entered = values.map((input) => parseInt(input.value, 10));
              if (entered.some((v) => Number.isNaN(v))) { error.textContent = t("fame.enter_values"); return; }
              args.values = entered;
            }
            quick(ctx, "confirm_fame", args, t("fame.confirm.label", { deed: d.text }));
          }, text: t("fame.confirm") }),
          h("button", { type: "button", class: "ghost", "data-testid": "dismiss-fame", onclick: () => quick(ctx, "dismiss_fame", { proposal: p.id }, t("fame.dismiss.label", { deed: d.text })), text: t("dismiss") })));
    })));
}

// ---- fame per hero -----------------------------------------------------------------------

function fameCard(ctx, fame) {
  const { session } = ctx;
  const state = session.state;
  const seats = Object.keys(state.heroes || {}).sort((a, b) => Number(a) - Number(b));
  const cup = fame.cup || { owner: "table" };
  return h("section", { class: "card", "data-testid": "fame" },
    h("h2", { text: t("fame.heroes") }),
    seats.length ? h("ul", { class: "list fame-list" }, seats.map((seat) => {
      const entry = (fame.heroes || {})[seat] || { minor: 0, major: [] };
      const major = (entry.major || []).reduce((a, b) => a + b, 0);
      return h("li", { class: "fame-row", "data-testid": "fame-row", "data-seat": seat },
        h("span", { class: "grow", text: session.seatName(seat) }),
        h("span", { class: "fame-chip minor", title: t("fame.minor.title") }, h("b", { text: String(entry.minor || 0) }), h("small", { text: t("fame.minor") })),
        h("span", { class: "fame-chip major", title: (entry.major || []).length ? t("fame.major.title.values", { values: entry.major.join(", ") }) : t("fame.major.title") }, h("b", { text: String(major) }), h("small", { text: t("fame.major") })),
        h("span", { class: "fame-chip total" }, h("b", { text: String((entry.minor || 0) + major) }), h("small", { text: t("fame.total") })));
    })) : h("p", { class: "muted", text: t("fame.no_hero") }),
    h("p", { class: "muted small", text: cup.owner === "app"
      ? t("fame.cup.app", { left: cup.left ?? "?" })
      : t("fame.cup.table") }),
    h("div", { class: "row wrap" },
      h("button", { type: "button", class: "primary", "data-testid": "record-fame", disabled: !seats.length || Boolean((state.grand_ball || {}).order), onclick: () => recordSheet(ctx, cup), text: t("fame.record") }),
      ctx.action("set_fame_cup") ? h("button", { type: "button", class: "ghost", onclick: () => openAction(ctx, "set_fame_cup", { title: t("fame.cup") }), text: t("fame.cup.button") }) : null));
}

function recordSheet(ctx, cup) {
  const { session } = ctx;
  const state = session.state;
  sheet(t("fame.record"), (body, close) => {
    const seat = h("select", { name: "seat", "aria-label": t("fame.hero") }, Object.keys(state.heroes || {}).map((id) =>
      h("option", { value: id, text: session.seatName(id), selected: id === ownHero(state, session) })));
    const action = h("select", { name: "action", "aria-label": t("fame.action") },
      ["minor", "major"].map((kind) => h("optgroup", { label: t(`fame.${kind}.title`) },
        Object.entries(GUIDE).filter(([, [k]]) => k === kind).map(([id, [, tokens, text]]) => h("option", { value: id, text: tokens > 1 ? t("fame.deed.tokens", { deed: text, count: tokens }) : text })))));
    const count = stepper("count", 1, { min: 1, max: 20, label: t("fame.times") });
    const values = h("input", { name: "values", inputmode: "numeric", placeholder: t("fame.example", { values: "3, 2" }), "aria-label": t("fame.values") });
    const valuesField = h("label", { class: "field" }, h("span", { class: "field-label", text: t("fame.values.drawn") }), values);
    const error = h("p", { class: "form-error", role: "alert" });
    const countField = h("div", { class: "field" }, h("span", { class: "field-label", text: t("fame.wounds") }), count);
    // Only the fields the chosen deed uses: wounds for a General wounded, the blue tokens' values
    // for Major Fame when the cup stays at the table.
    const update = () => {
      const chosen = deed(action.value);
      countField.hidden = !REPEATED.has(action.value);
      valuesField.hidden = !(chosen.kind === "major" && cup.owner !== "app");
      values.placeholder = t("fame.example", { values: chosen.tokens > 1 ? "3, 2" : "3" });
    };
    action.addEventListener("change", update);
    update();
    body.append(h("form", { class: "action-form", onsubmit: async (event) => {
      event.preventDefault();
      const args = { action: action.value, seat: seat.value, count: countField.hidden ? 1 : parseInt(count.querySelector("input").value, 10) || 1 };
      if (!valuesField.hidden) {
        args.values = values.value.split(/[\s,;]+/).filter(Boolean).map(Number);
        if (args.values.some((v) => Number.isNaN(v))) { error.textContent = t("fame.values.numbers"); return; }
      }
      const result = await session.act("record_fame", args, { label: t("fame.label", { deed: deed(action.value).text }) });
      if (result) close();
      else if (session.notice) error.textContent = session.notice.detail;
    } },
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("fame.hero") }), seat),
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("fame.action") }), action),
    countField, valuesField, error,
    h("button", { type: "submit", class: "primary big", text: t("fame.record.submit") })));
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
    const picks = [0, 1, 2].map((i) => h("select", { name: `dealt-${i}`, "aria-label": t("fame.dealt", { n: i + 1 }) },
      Object.entries(REWARDS).filter(([id]) => id !== "kings-champion").map(([id, name], j) => h("option", { value: id, text: name, selected: j === i }))));
    return h("section", { class: "card ball-card", "data-testid": "grand-ball" },
      h("h2", { text: t("fame.ball") }),
      h("p", { text: t("fame.ball.rule") }),
      action && action.available === false ? h("p", { class: "muted", text: action.reason }) : null,
      open ? h("p", { class: "banner banner-warn", role: "status", "data-testid": "ball-unconfirmed",
        text: t("fame.ball.open", { count: open }) }) : null,
      h("button", { type: "button", class: open ? "ghost big" : "primary big", "data-testid": "begin-ball", disabled: !action || action.available === false,
        onclick: () => quick(ctx, "grand_ball", { ...extra }, t("fame.ball")), text: t(open ? "fame.ball.begin_without" : "fame.ball.begin") }),
      h("details", {}, h("summary", { class: "summary-tap", text: t("fame.ball.we_deal") }),
        h("div", { class: "field" }, picks),
        h("button", { type: "button", class: "ghost big", disabled: !action || action.available === false,
          onclick: () => quick(ctx, "grand_ball", { cards: picks.map((p) => p.value), ...extra }, t("fame.ball")), text: t(open ? "fame.ball.these_without" : "fame.ball.these") })));
  }
  const awarded = Object.fromEntries((ball.awards || []).map((a) => [a.seat, a.card]));
  return h("section", { class: "card ball-card", "data-testid": "grand-ball" },
    h("h2", { text: t(ball.done ? "fame.ball.over" : "fame.ball") }),
    h("ol", { class: "list ball-order" }, ball.order.map((seat, i) => {
      const fame = (ball.fame || {})[seat] || { total: 0, minor: 0, major: 0 };
      return h("li", { class: "list-row", "data-seat": seat },
        h("span", { class: "rank", text: String(i + 1) }),
        h("span", { class: "grow" }, h("strong", { text: session.seatName(seat) }),
          h("small", { class: "muted block", text: t("fame.ball.fame", { total: fame.total, minor: fame.minor, major: fame.major }) })),
        awarded[seat] ? h("span", { class: "reward-card", "data-testid": "award", text: card(awarded[seat]) })
          : i >= 4 ? h("small", { class: "muted", text: t("fame.cheered") }) : null);
    })),
    !ball.done ? h("p", { class: "muted small", text: t("fame.dealt_up", { cards: (ball.offered || []).map(card).join(", ") }) }) : null,
    ball.next ? chooserBlock(ctx, ball) : null,
    ball.done ? [
      h("p", { class: "muted", text: t("fame.ball.done") }),
      h("a", { href: "/awards", class: "button big", "data-link": "", text: t("log.awards.open") }),
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
    h("h3", { "data-testid": "chooser", text: t(mine ? "fame.choose.mine" : "fame.chooses", { name }) }),
    proposal && mine ? h("div", { class: "banner banner-fame", "data-testid": "reward-proposal" },
      h("p", { text: t("fame.proposes", { name: session.seatName(proposal.by), card: card(proposal.card) }) }),
      h("button", { type: "button", class: "primary big", "data-testid": "confirm-reward",
        onclick: () => quick(ctx, "confirm_reward", {}, t("fame.takes", { name, card: card(proposal.card) }), as), text: t("fame.take", { card: card(proposal.card) }) }))
      : null,
    proposal && !mine ? h("p", { class: "muted", "data-testid": "reward-proposal", text: t("fame.proposed", { name, card: card(proposal.card) }) }) : null,
    !mine && !proposal ? h("p", { class: "muted small", text: t("fame.chooses.there", { name }) }) : null,
    h("div", { class: "tile-grid" }, (ball.remaining || []).map((id) => h("button", {
      type: "button", class: "tile", "data-testid": "reward-choice", "data-card": id,
      onclick: () => quick(ctx, "choose_reward", { card: id, seat: ball.next }, mine ? t("fame.takes", { name, card: card(id) }) : t("fame.proposed_for", { name, card: card(id) }), mine ? as : {}),
    }, h("span", { class: "tile-icon", "aria-hidden": "true", text: "♛" }), h("span", { text: mine ? card(id) : t("fame.propose", { card: card(id) }) })))),
  ];
}

function heldCard(ctx) {
  const { session } = ctx;
  const rewards = session.state.rewards;
  if (!rewards || !(rewards.held || []).length) return null;
  return h("section", { class: "card", "data-testid": "rewards-held" },
    h("h2", { text: t("fame.held") }),
    h("ul", { class: "list" }, rewards.held.map((r) => h("li", {},
      h("strong", { text: session.seatName(r.seat) }), ` ${t("fame.holds", { card: card(r.card) })}`,
      r.note ? h("small", { class: "muted block", text: t("fame.won", { note: r.note }) }) : null,
      (rewards.effects || {})[r.card] ? h("small", { class: "block", text: rewards.effects[r.card] }) : null))));
}
