// The threat forecast on the Board tab: hidden until asked. One tap asks the server (a task
// samples the coming nights' Darkness Spreads cards from what is left in the deck); a progress
// bar while it runs; then the map shaded by risk, numbers on tap, and a short list.

import { h, sheet } from "../dom.js";
import { api } from "../api.js";
import { percent, riskLegend, shadeMap } from "../risk-map.js";

const SETTINGS = { nights: 3, samples: 2000, budget_seconds: 8 };
const POLL_MS = 400;
const HORIZONS = ["Tonight", "Within 2 nights", "Within 3 nights"];
const MEASURES = { taint: "New Tainted Crystal", overrun: "Overrun" };
const MEASURE_PHRASES = { taint: "a new Tainted Crystal", overrun: "an overrun" };

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
    return h("button", { type: "button", class: "ghost", "data-testid": "forecast-open", onclick: () => ask(ctx), text: "Forecast" });
  }
  return null;
}

export function section(ctx) {
  const forecast = ctx.view.forecast;
  if (!forecast) return null;
  const body = forecast.body;
  const head = h("div", { class: "row" },
    h("h2", { class: "grow", text: "Forecast" }),
    h("button", { type: "button", class: "ghost", "data-testid": "forecast-close", onclick: () => close(ctx), text: "Hide" }));
  if (forecast.error) {
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("p", { class: "banner banner-warn", text: forecast.error }),
      h("button", { type: "button", onclick: () => ask(ctx), text: "Try again" }));
  }
  if (!body || body.status === "queued" || body.status === "running") {
    const done = body ? body.progress.samples : 0;
    const target = body ? body.progress.target : SETTINGS.samples;
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("label", { class: "block", text: body && body.status === "running" ? "Sampling the coming nights…" : "Waiting for the server…" },
        h("progress", { class: "forecast-progress", "data-testid": "forecast-progress", max: String(target), value: String(done) })),
      h("small", { class: "muted", text: `${done.toLocaleString()} of ${target.toLocaleString()} sampled nights` }));
  }
  if (body.status === "failed") {
    return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
      h("p", { class: "banner banner-warn", text: body.error || "The forecast could not be computed." }));
  }
  const result = body.result;
  const night = result.nights[forecast.horizon];
  const stale = body.game_version !== ctx.session.version;
  return h("section", { class: "card forecast", "data-testid": "forecast" }, head,
    stale ? h("p", { class: "banner banner-warn", "data-testid": "forecast-stale" }, "The game has moved on since this forecast. ",
      h("button", { type: "button", onclick: () => ask(ctx), text: "Forecast again" })) : null,
    h("div", { class: "row segmented", role: "group", "aria-label": "Horizon" }, HORIZONS.slice(0, result.nights.length).map((label, i) =>
      h("button", { type: "button", class: "ghost", "aria-pressed": String(i === forecast.horizon), onclick: () => { forecast.horizon = i; ctx.rerender(); }, text: label }))),
    h("div", { class: "row segmented", role: "group", "aria-label": "Shading" }, Object.entries(MEASURES).map(([key, label]) =>
      h("button", { type: "button", class: "ghost", "aria-pressed": String(key === forecast.measure), onclick: () => { forecast.measure = key; ctx.rerender(); }, text: label }))),
    riskLegend(`Map: chance (%) of ${MEASURE_PHRASES[forecast.measure]} · tap a location for its figures`),
    h("ul", { class: "list forecast-list", "data-testid": "forecast-list" }, summary(result, night, forecast.horizon).map((line) => h("li", { text: line }))),
    h("small", { class: "muted block", text: `${result.samples.toLocaleString()} sampled futures${result.complete ? "" : ` (the time limit stopped it before ${result.target_samples.toLocaleString()})`}; ± is the 95 % interval. The heroes' turns between nights are left aside.` }));
}

function when(horizon) {
  return horizon === 0 ? "tonight" : `within ${horizon + 1} nights`;
}

export function summary(result, night, horizon) {
  const lines = [`Loss ${when(horizon)}: ${percent(night.loss)}`];
  for (const [kind, figure] of Object.entries(night.loss_by)) {
    if (figure.p > 0) lines.push(`${result.loss_labels[kind]}: ${percent(figure)}`);
  }
  const places = Object.values(night.locations);
  const taint = places.reduce((best, loc) => (loc.taint.p > best.taint.p ? loc : best), places[0]);
  if (taint && taint.taint.p > 0) lines.push(`Most likely taint: ${taint.name} ${percent(taint.taint)}`);
  else lines.push(`No new taint ${when(horizon)}.`);
  const overrun = places.reduce((best, loc) => (loc.overrun.p > best.overrun.p ? loc : best), places[0]);
  if (overrun && overrun.overrun.p > 0) lines.push(`Most likely overrun: ${overrun.name} ${percent(overrun.overrun)}`);
  for (const general of Object.values(night.generals)) {
    if (general.reaches_city.p > 0) {
      lines.push(`${general.name} reaches Monarch City ${when(horizon)}: ${percent(general.reaches_city)}`);
    } else {
      lines.push(`${general.name} advances ${when(horizon)}: ${percent(general.advance)}`);
    }
  }
  return lines;
}

function locationSheet(forecast, night, id) {
  const loc = night.locations[id];
  if (!loc) return;
  const added = loc.minions_added;
  sheet(`${loc.name}: forecast`, (body) => body.append(
    h("p", { class: "muted", text: HORIZONS[forecast.horizon] }),
    h("ul", { class: "list", "data-testid": "forecast-location" },
      h("li", { text: `New Tainted Crystal: ${percent(loc.taint)}` }),
      h("li", { text: `Overrun: ${percent(loc.overrun)}` }),
      h("li", { text: `Minions added, on average: ${added.mean.toFixed(2)} (${Math.max(0, added.low).toFixed(2)}–${added.high.toFixed(2)})` }))));
}
