// Start a game: a wizard (expansions, scenario or custom, Generals, options, players and
// heroes) that creates the game through POST /api/v1/games/ and opens its setup checklist.

import { api } from "../api.js";
import { h, mount, uuid } from "../dom.js";
import { FACTIONS, deckLabel, loadContent, locationName } from "../content.js";
import { factionBadge } from "../map.js";
import { saveSeat } from "../storage.js";
import { navigate } from "../router.js";

const STEPS = ["Expansions", "Scenario", "Generals", "Options", "Players"];
const SHORT = ["Packs", "Scenario", "Generals", "Options", "Players"];

export function show(app) {
  const choice = {
    packs: ["dotr-base"],
    scenario: "standard",
    options: {},
    tableDecks: [],
    host: { name: "", hero: "" },
    locals: [],
  };
  const data = { packs: [], scenarios: null, content: null };
  let step = 0;
  let alive = true;
  const key = uuid(); // one creation, however often the button is pressed

  const root = h("main", { class: "screen wizard" });
  mount(app, root);
  Promise.all([
    api.contentPacks().catch(() => []),
    api.scenarios().catch(() => null),
    loadContent("dotr-base"),
  ]).then(([packs, scenarios, content]) => {
    data.packs = packs;
    const list = Array.isArray(scenarios) ? scenarios : scenarios && scenarios.scenarios ? scenarios.scenarios : [];
    // This client plays Defenders of the Realm games; a scenario without a system is one too.
    data.scenarios = list.filter((item) => (item.system || "dotr") === "dotr");
    if (data.scenarios.length && !data.scenarios.some((item) => item.id === choice.scenario)) {
      choice.scenario = data.scenarios[0].id;
    }
    data.content = content;
    if (alive) render();
  }).catch((error) => {
    mount(root, h("h1", { text: "New game" }), h("p", { class: "form-error", text: `Could not load the game content: ${error.message}` }),
      h("a", { href: "/", class: "button", "data-link": "", text: "Back" }));
  });
  mount(root, h("h1", { text: "New game" }), h("p", { class: "muted", text: "Loading the realm…" }));

  function render() {
    const body = [renderExpansions, renderScenario, renderGenerals, renderOptions, renderPlayers][step]();
    const last = step === STEPS.length - 1;
    const error = h("p", { class: "form-error", role: "alert" });
    const next = h("button", {
      class: "primary big",
      type: "button",
      text: last ? "Create the game" : "Next",
      onclick: async () => {
        if (!last) { step += 1; render(); return; }
        next.disabled = true;
        next.textContent = "Creating…";
        try {
          await create();
        } catch (problem) {
          error.textContent = problem.message + (problem.fields ? " " + Object.entries(problem.fields).map(([k, v]) => `${k}: ${v.join(" ")}`).join("; ") : "");
          next.disabled = false;
          next.textContent = "Create the game";
        }
      },
    });
    mount(root,
      h("header", { class: "wizard-head" },
        h("a", { href: "/", class: "icon-btn", "data-link": "", "aria-label": "Cancel", text: "✕" }),
        h("h1", { text: "New game" })),
      h("ol", { class: "progress", "aria-label": "Steps" }, STEPS.map((name, i) =>
        h("li", { class: i === step ? "now" : i < step ? "done" : "", "aria-current": i === step ? "step" : null },
          h("button", { type: "button", class: "link", "aria-label": name, onclick: () => { step = i; render(); }, text: SHORT[i] })))),
      h("section", { class: "card wizard-step", dataset: { step: STEPS[step].toLowerCase() } }, h("h2", { text: STEPS[step] }), body),
      error,
      h("div", { class: "row sticky-actions" },
        step > 0 ? h("button", { class: "ghost big", type: "button", text: "Back", onclick: () => { step -= 1; render(); } }) : null,
        next));
  }

  function renderExpansions() {
    const packs = data.packs.length ? data.packs : [{ id: "dotr-base", name: "Defenders of the Realm (base game)", expansion: "base", game_system: "dotr" }];
    return h("div", {},
      h("p", { class: "muted", text: "The content packs this server offers. The base game is always in play." }),
      packs.map((pack) => h("label", { class: "toggle" },
        h("input", { type: "checkbox", checked: choice.packs.includes(pack.id), disabled: true }),
        h("span", {}, h("strong", { text: pack.name }), h("small", { class: "muted", text: pack.expansion === "base" ? " · always in play" : " · not yet playable on this server" })))));
  }

  function renderScenario() {
    const scenarios = data.scenarios && data.scenarios.length ? data.scenarios
      : [{ id: "standard", name: "Standard game", description: "The base game's setup with the documented default rule settings." }];
    const options = [...scenarios, { id: "custom", name: "Custom", description: "Choose the rule settings and which decks stay physical yourself." }];
    return h("div", { class: "choices" }, options.map((scenario) => h("label", { class: "choice-card" },
      h("input", { type: "radio", name: "scenario", value: scenario.id, checked: choice.scenario === scenario.id, onchange: () => { choice.scenario = scenario.id; } }),
      h("span", {}, h("strong", { text: scenario.name }), h("small", { class: "muted", text: scenario.description || (scenario.options ? `${scenario.options.length} rule settings, at their defaults` : "") })))));
  }

  function renderGenerals() {
    const content = data.content;
    return h("div", {},
      h("p", { class: "muted", text: "The four Generals march on Monarch City along these paths." }),
      h("ul", { class: "list" }, Object.values(content.generals).map((general) => h("li", { class: "general-row" },
        factionBadge(general.colour, FACTIONS[general.colour].letter, 36),
        h("div", {},
          h("strong", { text: `${general.name} — ${general.faction}` }),
          h("small", { class: "muted block", text: `Life ${general.life}, hit on ${general.to_hit}+ · ${general.path.map((id) => locationName(content, id)).join(" → ")}` }),
          h("small", { class: "block", text: general.skill_summary || "" }))))));
  }

  // The scenario chosen; "custom" starts from the first scenario and edits its options.
  function scenarioOf() {
    const list = data.scenarios || [];
    return list.find((item) => item.id === choice.scenario) || list[0] || null;
  }

  function renderOptions() {
    const scenario = scenarioOf();
    const settings = scenario && scenario.options && scenario.options.length ? scenario.options : null;
    const tableDecks = scenario && scenario.table_decks ? scenario.table_decks : Object.keys(data.content.pack.decks);
    const parts = [];
    if (choice.scenario !== "custom") {
      parts.push(h("p", { class: "muted", text: "This scenario uses its own settings. Choose Custom on the previous step to change them." }));
    }
    parts.push(h("h3", { text: "Decks kept at the table" }),
      h("p", { class: "muted", text: "The app holds every deck unless the table would rather shuffle and draw real cards; then players tap which card came up." }));
    for (const deck of tableDecks) {
      parts.push(h("label", { class: "toggle" },
        h("input", { type: "checkbox", disabled: choice.scenario !== "custom", checked: choice.tableDecks.includes(deck),
          onchange: (event) => { choice.tableDecks = event.target.checked ? [...choice.tableDecks, deck] : choice.tableDecks.filter((d) => d !== deck); } }),
        h("span", { text: `${deckLabel(deck)}: physical cards` })));
    }
    parts.push(h("h3", { text: "Rule settings" }));
    if (!settings) {
      parts.push(h("p", { class: "muted", text: "This scenario has no rule settings to choose; the setup checklist lists the game's settings." }));
    } else {
      for (const setting of settings) {
        const select = h("select", { name: setting.name, disabled: choice.scenario !== "custom",
          onchange: (event) => { choice.options[setting.name] = JSON.parse(event.target.value); } },
          setting.allowed.map((value) => h("option", { value: JSON.stringify(value), text: String(value) + (value === setting.default ? " (default)" : ""), selected: JSON.stringify(choice.options[setting.name] ?? setting.default) === JSON.stringify(value) })));
        parts.push(h("label", { class: "field" }, h("span", { class: "field-label", text: setting.name.replace(/_/g, " ") }), select, h("small", { class: "hint", text: setting.description })));
      }
    }
    return h("div", {}, parts);
  }

  function heroPicker(name, current, onPick, taken) {
    const wrap = h("div", { class: "hero-grid", role: "radiogroup", "aria-label": "Hero" });
    for (const hero of Object.values(data.content.heroes)) {
      const id = `${name}-${hero.id}`;
      wrap.append(h("input", { type: "radio", name, id, value: hero.id, checked: current === hero.id, disabled: taken.includes(hero.id) && current !== hero.id, onchange: () => onPick(hero.id) }),
        h("label", { for: id, class: "hero-option" }, h("strong", { text: hero.name }), h("small", { text: `life ${hero.life}` })));
    }
    return wrap;
  }

  function renderPlayers() {
    const taken = () => [choice.host.hero, ...choice.locals.map((p) => p.hero)].filter(Boolean);
    const hostName = h("input", { name: "host-name", value: choice.host.name, placeholder: "Your name", maxlength: 60, required: true, oninput: (event) => { choice.host.name = event.target.value; } });
    const list = h("div", {});
    const redraw = () => {
      list.replaceChildren(...choice.locals.map((player, i) => h("div", { class: "card inner" },
        h("div", { class: "row" },
          h("input", { value: player.name, placeholder: `Player ${i + 2}'s name`, maxlength: 60, "aria-label": `Player ${i + 2}'s name`, oninput: (event) => { player.name = event.target.value; } }),
          h("button", { type: "button", class: "ghost", text: "Remove", onclick: () => { choice.locals.splice(i, 1); redraw(); } })),
        heroPicker(`local-${i}`, player.hero, (hero) => { player.hero = hero; }, taken()))));
    };
    redraw();
    return h("div", {},
      h("label", { class: "field" }, h("span", { class: "field-label", text: "Your name" }), hostName),
      h("div", { class: "field" }, h("span", { class: "field-label", text: "Your hero" }), heroPicker("host-hero", choice.host.hero, (hero) => { choice.host.hero = hero; }, taken())),
      h("h3", { text: "Players sharing this phone" }),
      h("p", { class: "muted", text: "Everyone else joins from their own phone with the QR code shown next. Add here the heroes played from this phone." }),
      list,
      choice.locals.length < 5 ? h("button", { type: "button", class: "ghost big", text: "Add a player on this phone", onclick: () => { choice.locals.push({ name: "", hero: "" }); redraw(); } }) : null);
  }

  async function create() {
    const scenario = scenarioOf();
    const setup = {
      ...((scenario && scenario.setup) || { system: "dotr" }),
      host: { name: choice.host.name.trim() || "Host", hero: choice.host.hero || null },
    };
    if (choice.scenario === "custom") {
      if (Object.keys(choice.options).length) setup.options = { ...(setup.options || {}), ...choice.options };
      if (choice.tableDecks.length) setup.table_decks = choice.tableDecks;
    }
    const game = await api.createGame(setup, key);
    saveSeat(game.id, { joinCode: game.join_code, seat: game.seat, token: game.token, name: setup.host.name, hero: setup.host.hero });
    for (const player of choice.locals) {
      if (!player.name.trim()) continue;
      const joined = await api.join(game.join_code, player.name.trim(), player.hero || null);
      saveSeat(game.id, { joinCode: game.join_code, seat: joined.seat_id, token: joined.token, name: player.name.trim(), hero: player.hero, makeActive: false });
    }
    navigate(`/game/${game.id}?setup=1`, { replace: true });
  }

  return { stop() { alive = false; } };
}

