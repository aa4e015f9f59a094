// Risk on the board map: each location shaded by a probability in cividis steps (dark blue,
// low, to yellow, high: a scale that reads the same with every common colour-vision
// deficiency and in grey), drawn under the location's own shape, so that map.js's labels and
// tokens stay on top. Takes the map's SVG and the figures by location id; knows nothing else.

import { h, s } from "./dom.js";
import { POSITIONS } from "./layout.js";
import { need, t } from "./i18n.js";

await need("table");

// Cividis in six steps; the bounds are the upper ends of each step (probabilities), the labels
// in per cent.
export const RISK_STEPS = [
  { upTo: 0.02, fill: "#00224e", label: "<2" },
  { upTo: 0.1, fill: "#35456c", label: "2–10" },
  { upTo: 0.2, fill: "#666970", label: "10–20" },
  { upTo: 0.35, fill: "#948e77", label: "20–35" },
  { upTo: 0.5, fill: "#c8b866", label: "35–50" },
  { upTo: 1.01, fill: "#fee838", label: "≥50" },
];

export function riskStep(p) {
  const index = RISK_STEPS.findIndex((step) => p < step.upTo);
  return index < 0 ? RISK_STEPS.length - 1 : index;
}

export function percent(figure) {
  const p = figure.p * 100;
  const half = ((figure.high - figure.low) / 2) * 100;
  const shown = p === 0 || p === 100 || p >= 10 ? p.toFixed(0) : p.toFixed(1);
  return `${shown} % (±${half < 0.1 ? half.toFixed(2) : half.toFixed(1)})`;
}

// Shade `svg` (the map): `risks` maps a location id to a probability figure {p, low, high}.
export function shadeMap(svg, risks) {
  svg.classList.add("risk-shaded");
  for (const group of svg.querySelectorAll("[data-location]")) {
    const id = group.getAttribute("data-location");
    const figure = risks[id];
    const pos = POSITIONS[id];
    if (!figure || !pos) continue;
    const step = riskStep(figure.p);
    const disc = s("circle", { cx: pos[0], cy: pos[1], r: 54, class: `risk-disc risk-${step}`, "data-risk": String(step) });
    const hit = group.querySelector(".hit");
    if (hit) hit.after(disc);
    else group.prepend(disc);
    group.setAttribute("data-risk", String(step));
    group.setAttribute("aria-label", `${group.getAttribute("aria-label") || id}. ${t("forecast.risk", { chance: percent(figure) })}`);
  }
  return svg;
}

export function riskLegend(title) {
  return h("div", { class: "risk-legend", "data-testid": "risk-legend" },
    h("small", { class: "muted", text: title }),
    h("ol", { class: "risk-scale" }, RISK_STEPS.map((step, i) => h("li", {},
      h("span", { class: `risk-swatch risk-bg-${i}` }), h("small", { text: step.label })))));
}
