// The threat forecast on the Board tab: hidden until asked. One tap asks the server (a task
// samples the coming nights' Darkness Spreads cards from what is left in the deck); a progress
// bar while it runs; then the map shaded by risk, numbers on tap, and a short list.

import { h, sheet } from "../dom.js";
import { api } from "../api.js";
import { percent, riskLegend, shadeMap } from "../risk-map.js";
import { need, t } from "../i18n.js";

await need("table");

const SETTINGS = { nights: 3, samples: 2000, budget_seconds: 8 };
const POLL_MS = 400;
const HORIZONS = [t("forecast.tonight"), t("forecast.within", { count: 2 }), t("forecast.within", { count: 3 })];
const MEASURES = { taint: t("forecast.taint"), overrun: t("forecast.overrun") };
const MEASURE_PHRASES = { taint: t("forecast.taint.phrase"), overrun: t("forecast.overrun.phrase") };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function ask(ctx) {
  const { session, view } = ctx;
  const mine = { body: null, error: null, horizon: 0, measure: "taint" };
  view.forecast = mine;
  ctx.rerender();
  try {
    let body = await api.forecast(session.id, session.token, SETTINGS);
    mine.body = body;
    ctx.rerender();
    while (body.status === "queued" || body.status === "running") {
      await sleep(POLL_MS);
      if (view.forecast !== mine) return;
      body = await api.forecastRead(session.id, session.token, body.id);
      mine.body = body;
      ctx.rerender();
    }
  } catch (error) {
    mine.error = error.message;
    ctx.rerender();
  }
}

export function close(ctx) {
  ctx.view.forecast = null;
  ctx.rerender();
}

// What the map draws: in forecast mode, the shading and a tap that shows the figures.
export function mapOptions(ctx) {
  const forecast = ctx.view.forecast;
  const night = shownNight(forecast);
  if (!night) return null;
  const risks = Object.fromEntries(Object.entries(night.locations).map(([id, loc]) => [id, loc[forecast.measure]]));
  return { overlay: (svg) => shadeMap(svg, risks), onSelect: (id) => locationSheet(forecast, night, id) };
}

function shownNight(forecast) {
  if (!forecast || !forecast.body || forecast.body.status !== "done" || !forecast.body.result) return null;
  return forecast.body.result.nights[forecast.horizon] || null;
}

export function panel(ctx) {
  const forecast = ctx.view.forecast;
  if (!forecast) {
    return h("button", { type: "button", class: "ghost", "data-testid": "forecast-open", onclick: () => ask(ctx), text: t("forecast") });
  }
  return null;
}

export function section(ctx) {
  const forecast = ctx.view.forecast;
  if (!forecast) return null;
  const body = forecast.body;
  const head = h("div", { class: "row" },
    h("h2", { class: "grow", text: t("forecast") }),
    h("button", { type: "button", class: "ghost", "data-testid": "forecast-close", onclick: () => close(ctx), text: t("forecast.hide") }));
  if (forecast.error) {
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("p", { class: "banner banner-warn", text: forecast.error }),
      h("button", { type: "button", onclick: () => ask(ctx), text: t("try_again") }));
  }
  if (!body || body.status === "queued" || body.status === "running") {
    const done = body ? body.progress.samples : 0;
    const target = body ? body.progress.target : SETTINGS.samples;
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("label", { class: "block", text: t(body && body.status === "running" ? "forecast.sampling" : "forecast.waiting") },
        h("progress", { class: "forecast-progress", "data-testid": "forecast-progress", max: String(target), value: String(done) })),
      h("small", { class: "muted", text: t("forecast.sampled", { done: done.toLocaleString(), count: target, target: target.toLocaleString() }) }));
  }
  if (body.status === "failed") {
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("p", { class: "banner banner-warn", text: body.error || t("forecast.failed") }));
  }
  const result = body.result;
  const night = result.nights[forecast.horizon];
  const stale = body.game_version !== ctx.session.version;
  return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
    stale ? h("p", { class: "banner banner-warn", "data-testid": "forecast-stale" }, `${t("forecast.stale")} `,
      h("button", { type: "button", onclick: () => ask(ctx), text: t("forecast.again") })) : null,
    h("div", { class: "row segmented", role: "group", "aria-label": t("forecast.horizon") }, HORIZONS.slice(0, result.nights.length).map((label, i) =>
      h("button", { type: "button", class: "ghost", "aria-pressed": String(i === forecast.horizon), onclick: () => { forecast.horizon = i; ctx.rerender(); }, text: label }))),
    h("div", { class: "row segmented", role: "group", "aria-label": t("forecast.shading") }, Object.entries(MEASURES).map(([key, label]) =>
      h("button", { type: "button", class: "ghost", "aria-pressed": String(key === forecast.measure), onclick: () => { forecast.measure = key; ctx.rerender(); }, text: label }))),
    riskLegend(t("forecast.legend", { what: MEASURE_PHRASES[forecast.measure] })),
    h("ul", { class: "list forecast-list", "data-testid": "forecast-list" }, summary(result, night, forecast.horizon).map((line) => h("li", { text: line }))),
    h("small", { class: "muted block", text: t(result.complete ? "forecast.futures" : "forecast.futures.cut", { samples: result.samples.toLocaleString(), target: result.target_samples.toLocaleString() }) }));
}

function when(horizon) {
  return horizon === 0 ? t("forecast.when.tonight") : t("forecast.when.within", { count: horizon + 1 });
}

export function summary(result, night, horizon) {
  const lines = [t("forecast.loss", { when: when(horizon), chance: percent(night.loss) })];
  for (const [kind, figure] of Object.entries(night.loss_by)) {
    if (figure.p > 0) lines.push(`${result.loss_labels[kind]}: ${percent(figure)}`);
  }
  if (night.unknown_card && night.unknown_card.p > 0) lines.push(t("forecast.unknown_card", { when: when(horizon), chance: percent(night.unknown_card) }));
  const places = Object.values(night.locations);
  const taint = places.reduce((best, loc) => (loc.taint.p > best.taint.p ? loc : best), places[0]);
  if (taint && taint.taint.p > 0) lines.push(t("forecast.likely_taint", { name: taint.name, chance: percent(taint.taint) }));
  else lines.push(t("forecast.no_taint", { when: when(horizon) }));
  const overrun = places.reduce((best, loc) => (loc.overrun.p > best.overrun.p ? loc : best), places[0]);
  if (overrun && overrun.overrun.p > 0) lines.push(t("forecast.likely_overrun", { name: overrun.name, chance: percent(overrun.overrun) }));
  for (const general of Object.values(night.generals)) {
    if (general.reaches_city.p > 0) {
      lines.push(t("forecast.reaches", { name: general.name, when: when(horizon), chance: percent(general.reaches_city) }));
    } else {
      lines.push(t("forecast.advances", { name: general.name, when: when(horizon), chance: percent(general.advance) }));
    }
  }
  return lines;
}

function locationSheet(forecast, night, id) {
  const loc = night.locations[id];
  if (!loc) return;
  const added = loc.minions_added;
  sheet(t("forecast.of", { name: loc.name }), (body) => body.append(
    h("p", { class: "muted", text: HORIZONS[forecast.horizon] }),
    h("ul", { class: "list", "data-testid": "forecast-location" },
      h("li", { text: `${t("forecast.taint")}: ${percent(loc.taint)}` }),
      h("li", { text: `${t("forecast.overrun")}: ${percent(loc.overrun)}` }),
      h("li", { text: t("forecast.added", { mean: added.mean.toFixed(2), low: Math.max(0, added.low).toFixed(2), high: added.high.toFixed(2) }) }))));
}
