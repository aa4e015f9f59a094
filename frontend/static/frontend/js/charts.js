// Charts as inline SVG, no library: stacked won/lost bars and lines of fame over time. The
// colours are the Okabe-Ito palette (told apart with every common colour-vision deficiency);
// every bar carries its numbers and every line its own marker and dash, so nothing rests on
// colour alone. Each chart comes with its figures as a table, one tap away.

import { h, s } from "./dom.js";
import { need, t } from "./i18n.js";

await need("awards");

export const WON = "#0072B2";
export const LOST = "#E69F00";
const LINES = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];
const MARKERS = ["circle", "square", "triangle", "diamond", "circle", "square"];
const DASHES = [null, "6 3", "2 3", "8 3 2 3", "4 4", "1 2"];


// Horizontal stacked bars: rows [{name, won, lost}].
export function winLossChart(title, rows, { testid } = {}) {
  const width = 320;
  const rowHeight = 34;
  const labelHeight = 14;
  const max = Math.max(1, ...rows.map((r) => r.won + r.lost));
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${width} ${rows.length * rowHeight + 4}`, role: "img", "aria-label": `${title}: ${rows.map((r) => `${r.name} ${t("charts.won_lost", { won: r.won, lost: r.lost })}`).join("; ")}` });
  rows.forEach((row, i) => {
    const y = i * rowHeight;
    const scale = width / max;
    const wonWidth = row.won * scale;
    const lostWidth = row.lost * scale;
    svg.append(s("text", { x: 0, y: y + labelHeight - 2, class: "chart-label" }, row.name,
      s("tspan", { class: "chart-value", dx: 6 }, t("charts.won_lost", { won: row.won, lost: row.lost }))));
    if (row.won) svg.append(s("rect", { x: 0, y: y + labelHeight, width: wonWidth, height: 14, fill: WON, class: "bar-won" }));
    if (row.lost) svg.append(s("rect", { x: wonWidth, y: y + labelHeight, width: lostWidth, height: 14, fill: LOST, class: "bar-lost" }));
  });
  return figure(title, svg, legend([[WON, t("charts.won")], [LOST, t("charts.lost")]]),
    table(["", t("charts.won.head"), t("charts.lost.head")], rows.map((r) => [r.name, r.won, r.lost])), testid);
}

// Lines: points [{game, played_on, totals: {player: fame}}]; at most six players (the most fame).
export function fameChart(title, points, { testid } = {}) {
  const last = points.length ? points[points.length - 1].totals : {};
  const players = Object.keys(last).sort((a, b) => last[b] - last[a] || a.localeCompare(b)).slice(0, LINES.length);
  const width = 320;
  const height = 180;
  const pad = { left: 28, right: 8, top: 8, bottom: 22 };
  const maxFame = Math.max(1, ...points.flatMap((p) => players.map((name) => p.totals[name] || 0)));
  const x = (i) => pad.left + (points.length > 1 ? (i * (width - pad.left - pad.right)) / (points.length - 1) : (width - pad.left - pad.right) / 2);
  const y = (v) => height - pad.bottom - (v * (height - pad.top - pad.bottom)) / maxFame;
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `${title}: ${players.map((name) => `${name} ${last[name]}`).join(", ")}` });
  svg.append(s("line", { x1: pad.left, y1: y(0), x2: width - pad.right, y2: y(0), class: "axis" }));
  svg.append(s("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: y(0), class: "axis" }));
  svg.append(s("text", { x: pad.left - 4, y: y(maxFame) + 4, class: "chart-value", "text-anchor": "end" }, String(maxFame)));
  svg.append(s("text", { x: pad.left - 4, y: y(0), class: "chart-value", "text-anchor": "end" }, "0"));
  svg.append(s("text", { x: width - pad.right, y: height - 4, class: "chart-value", "text-anchor": "end" }, t("charts.games", { count: points.length })));
  players.forEach((name, k) => {
    const coords = points.map((p, i) => [x(i), y(p.totals[name] || 0)]);
    svg.append(s("polyline", { points: coords.map((c) => c.join(",")).join(" "), fill: "none", stroke: LINES[k], "stroke-width": 2.5, "stroke-dasharray": DASHES[k], class: "fame-line", "data-player": name }));
    for (const [cx, cy] of coords) svg.append(marker(MARKERS[k], cx, cy, LINES[k]));
  });
  const rows = points.map((p) => [t("charts.game", { n: p.game, date: p.played_on }), ...players.map((name) => p.totals[name] || 0)]);
  return figure(title, svg, legend(players.map((name, k) => [LINES[k], name, MARKERS[k]])),
    table(["", ...players], rows), testid);
}

function marker(shape, cx, cy, fill) {
  const r = 3.5;
  if (shape === "square") return s("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, fill });
  if (shape === "triangle") return s("polygon", { points: `${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`, fill });
  if (shape === "diamond") return s("polygon", { points: `${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`, fill });
  return s("circle", { cx, cy, r, fill });
}

function legend(items) {
  return h("ul", { class: "chart-legend" }, items.map(([colour, name, shape]) => h("li", {},
    s("svg", { width: 14, height: 14, viewBox: "0 0 14 14", "aria-hidden": "true" }, shape ? marker(shape, 7, 7, colour) : s("rect", { x: 1, y: 1, width: 12, height: 12, fill: colour })),
    h("small", { text: ` ${name}` }))));
}

function table(head, rows) {
  return h("details", { class: "chart-figures" },
    h("summary", { text: t("charts.figures") }),
    h("table", { class: "figures" },
      h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col", text: String(cell) })))),
      h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((cell, i) => (i === 0 ? h("th", { scope: "row", text: String(cell) }) : h("td", { text: String(cell) }))))))));
}

function figure(title, svg, key, figures, testid) {
  return h("figure", { class: "chart-figure", "data-testid": testid || null },
    h("figcaption", {}, h("strong", { text: title })), svg, key, figures);
}
