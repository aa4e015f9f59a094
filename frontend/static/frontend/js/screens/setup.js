// Start a game: a wizard (expansions, scenario or custom, Generals, options, players and
// heroes) that creates the game through POST /api/v1/games/ and opens its setup checklist.
//
// What it sends: `expansions` (the boxes ticked), `scenario` and `easier` (a rulebook scenario
// of GET /api/v1/scenarios/ and the easier variants it allows), `generals` (per colour, or
// "random", when the Dragon expansion lets the table choose), `options`, `table_decks`, `host`
// and, for a signed-in account, `player` (the seat sits as one of the account's players).

import { api } from "../api.js";
import { h, mount, uuid } from "../dom.js";
import { COLOURS, FACTIONS, deckLabel, loadContent, locationName } from "../content.js";
import { factionBadge } from "../map.js";
import { saveSeat } from "../storage.js";
import { navigate } from "../navigation.js";
import { currentAccount, playerChoices } from "../account.js";
import { need, t } from "../i18n.js";

await need("home");

// A deck no pack lists (the Winds of War cards of the dragon scenarios) by the catalogue's name.
function deckWords(deck, content) {
  const key = `setup.deck.${deck}`;
  const word = t(key);
  return word === key ? deckLabel(deck, content) : word;
}

// A pack by its name in the reader's language, where the catalogue has one; else as printed.
function packName(pack) {
  const key = `setup.pack.${pack.id}`;
  const word = t(key);
  return word === key ? pack.name : word;
}

// "Cards" (what the setup reads from the table's cards) only when the setup needs something.
const ALL_STEPS = ["Expansions", "Scenario", "Generals", "Options", "Cards", "Players"];
const DRAGON = "dragon";

// A pack's expansion ("companions-catacombs") as a setup names it ("companions_catacombs").
const expansionOf = (pack) => String(pack.expansion || "").replace(/-/g, "_");

export function show(app) {
  const choice = {
    expansions: [],
    scenario: "standard", // "standard", a rulebook scenario's id, or "custom"
    easier: [],
    random: false,
    generals: {}, // colour -> General id, when the table chooses them
    options: {},
    entries: {}, // field id -> the value read from the card
    tableDecks: [],
    host: { name: "", hero: "", player: "" },
    locals: [],
  };
  const data = { packs: [], scenarios: [], content: null, dragon: null, players: null, settings: {} };
  let advancedOpen = false;
  let step = 0;
  let alive = true;
  const key = uuid(); // one creation, however often the button is pressed
  const account = currentAccount();

  const root = h("main", { class: "screen wizard" });
  mount(app, root);
  Promise.all([
    api.contentPacks().catch(() => []),
    api.scenarios(account ? account.token : undefined).catch(() => null),
    loadContent("dotr-base"),
    account ? playerChoices().catch(() => []) : Promise.resolve(null),
  ]).then(([packs, scenarios, content, players]) => {
    data.packs = packs;
    const list = Array.isArray(scenarios) ? scenarios : scenarios && scenarios.scenarios ? scenarios.scenarios : [];
    // This client plays Defenders of the Realm games; a scenario without a system is one too.
    data.scenarios = list.filter((item) => (item.system || "dotr") === "dotr");
    data.content = content;
    data.players = players;
    if (alive) render();
  }).catch((error) => {
    mount(root, h("h1", { text: t("setup.new") }), h("p", { class: "form-error", text: t("setup.load_failed", { error: error.message }) }),
      h("a", { href: "/", class: "button", "data-link": "", text: t("setup.back") }));
  });
  mount(root, h("h1", { text: t("setup.new") }), h("p", { class: "muted", text: t("setup.loading") }));

  // ---- what the choices mean -----------------------------------------------------------

  const setupId = (item) => (item.setup && item.setup.scenario) || item.id;
  const rulebook = () => data.scenarios.filter((item) => item.scenario && item.scenario.number);
  const standard = () => data.scenarios.find((item) => item.id === "standard") || null;
  const ownMix = () => data.scenarios.find((item) => item.scenario && setupId(item) === "custom") || null;

  // The scenario entry of GET /scenarios/ behind the choice.
  function entry() {
    if (choice.scenario === "custom") return inPlay().includes(DRAGON) ? ownMix() || standard() : standard();
    return data.scenarios.find((item) => setupId(item) === choice.scenario) || standard();
  }

  // The rulebook's scenario (its Generals, easier variants, ...), or null.
  function story() {
    const item = entry();
    return item && item.scenario && (choice.scenario !== "custom" || inPlay().includes(DRAGON)) ? item.scenario : null;
  }

  // The expansions in play: those ticked and those the scenario needs.
  function inPlay() {
    const item = choice.scenario === "custom" || choice.scenario === "standard" ? null
      : data.scenarios.find((s) => setupId(s) === choice.scenario);
    const needed = (item && item.scenario && item.scenario.expansions) || [];
    return [...new Set([...choice.expansions, ...needed])];
  }

  // The Generals the table may choose: with the Dragon expansion, unless the scenario names them.
  function generalsChosen() {
    const fixed = story() && Array.isArray(story().generals);
    return inPlay().includes(DRAGON) && !fixed;
  }

  // What the rule settings depend on: the expansions ticked, the scenario and its easier variants.
  function settingsQuery() {
    const item = entry();
    const sc = story();
    let scenario = (item && item.setup && item.setup.scenario) || null;
    if (choice.scenario === "custom" && !sc) scenario = null;
    const easier = sc ? choice.easier.filter((e) => (sc.easier || []).some((v) => v.id === e)) : [];
    // The Generals and the Agent decide which dragons' settings matter (Brimstone's fire, ...).
    let generals = [];
    if (generalsChosen()) generals = choice.random ? ["random"] : Object.entries(choice.generals).map(([c, g]) => `${c}:${g}`);
    const agent = typeof choice.options.agent === "string" ? choice.options.agent : null;
    return { expansions: [...choice.expansions], scenario, easier, generals, agent };
  }

  // The settings the server says this setup uses (GET /setup-options/), or null while loading.
  function settingsLoaded() {
    const query = settingsQuery();
    const key = JSON.stringify(query);
    const known = data.settings[key];
    if (known === undefined) {
      data.settings[key] = null;
      api.setupOptions(query).then((body) => { data.settings[key] = body.options || []; if (alive) render(); })
        .catch(() => { data.settings[key] = []; if (alive) render(); });
      return null;
    }
    return known;
  }

  const current = (setting) => (setting.name in choice.options ? choice.options[setting.name] : setting.default);

  // A setting that acts only with another's value (6 heroes, Sterling) is offered only then.
  function settingsOffered() {
    const settings = settingsLoaded() || [];
    const byName = Object.fromEntries(settings.map((s) => [s.name, s]));
    return settings.filter((setting) => Object.entries(setting.only_with || {}).every(([other, values]) => {
      const found = byName[other];
      return found && values.some((value) => JSON.stringify(value) === JSON.stringify(current(found)));
    }));
  }

  // What of a dragon General the players must enter before he can play (its `fillable`).
  function missingOf(generalId) {
    const pack = data.dragon && data.dragon.pack;
    if (!pack) return [];
    return (pack.fillable || []).filter((f) => f.item === generalId && f.required && (f.value === null || f.value === undefined))
      .map((f) => f.field.replace(/_/g, " "));
  }

  function generalName(id) {
    const found = (data.content.generals[id]) || (data.dragon && data.dragon.generals[id]);
    return found ? found.name : id;
  }

  function needDragon() {
    // From the Scenario step on: its Generals, and what of them nobody has entered yet.
    if (!data.dragon && step > 0 && (inPlay().includes(DRAGON) || rulebook().length)) {
      loadContent("dotr-dragon").then((content) => { data.dragon = content; if (alive) render(); }).catch(() => {});
      return true;
    }
    return false;
  }

  // ---- what the setup reads from the table's cards ---------------------------------------

  // Each card the setup reads (e.g. "Onyx's General card"), with the fields the app does not
  // know yet: the scenario's own, and those of the dragon Generals the table chose.
  function asks() {
    const item = entry();
    const sc = story();
    const found = [];
    if (sc && item && Array.isArray(item.entries)) found.push(...item.entries);
    if (generalsChosen()) {
      const byGeneral = (item && item.general_entries) || (standard() && standard().general_entries) || {};
      const chosen = choice.random ? Object.keys(byGeneral) : Object.values(choice.generals);
      for (const id of chosen) if (byGeneral[id]) found.push(byGeneral[id]);
    }
    // An option that needs a count from the table (the Winds of War deck), when it is on.
    const byOption = (item && item.option_entries) || (standard() && standard().option_entries) || {};
    if (inPlay().includes(DRAGON)) {
      for (const [option, ask] of Object.entries(byOption)) if (choice.options[option] === true) found.push(ask);
    }
    const seen = new Set();
    return found.filter((ask) => !seen.has(ask.item) && seen.add(ask.item))
      .map((ask) => ({ ...ask, fields: ask.fields.filter((f) => (f.known === null || f.known === undefined) && !taughtByGroups(f)) }))
      .filter((ask) => ask.fields.length);
  }

  // A number every group of this account (that has players to seat) entered in an earlier game:
  // the game of any of them starts knowing it, so the setup does not ask again.
  function taughtByGroups(field) {
    const groups = [...new Set((data.players || []).map((p) => p.groupId))];
    const taught = field.known_in_groups || [];
    return groups.length > 0 && groups.every((id) => taught.includes(id));
  }

  function steps() {
    return ALL_STEPS.filter((name) => name !== "Cards" || asks().length);
  }

  // ---- the steps -----------------------------------------------------------------------

  function render() {
    needDragon();
    const STEPS = steps();
    step = Math.min(step, STEPS.length - 1);
    const name = STEPS[step];
    const body = { Expansions: renderExpansions, Scenario: renderScenario, Generals: renderGenerals, Options: renderOptions,
      Cards: renderCards, Players: renderPlayers }[name]();
    const last = step === STEPS.length - 1;
    const error = h("div", { class: "form-error", role: "alert", "data-testid": "create-error" });
    const next = h("button", {
      class: "primary big",
      type: "button",
      text: t(last ? "setup.create" : "setup.next"),
      onclick: async () => {
        if (!last) { step += 1; render(); window.scrollTo(0, 0); return; }
        next.disabled = true;
        next.textContent = t("setup.creating");
        try {
          await create();
        } catch (problem) {
          showProblem(error, problem);
          next.disabled = false;
          next.textContent = t("setup.create");
        }
      },
    });
    mount(root,
      h("header", { class: "wizard-head" },
        h("a", { href: "/", class: "icon-btn", "data-link": "", "aria-label": t("setup.cancel"), text: "✕" }),
        h("h1", { text: t("setup.new") })),
      h("ol", { class: "progress", "aria-label": t("setup.steps") }, STEPS.map((name, i) =>
        h("li", { class: i === step ? "now" : i < step ? "done" : "", "aria-current": i === step ? "step" : null },
          h("button", { type: "button", class: "link", "aria-label": t(`setup.step.${name.toLowerCase()}`), onclick: () => { step = i; render(); }, text: t(`setup.short.${name.toLowerCase()}`) })))),
      h("section", { class: "card wizard-step", dataset: { step: name.toLowerCase() } }, h("h2", { text: t(name === "Cards" ? "setup.read_cards" : `setup.step.${name.toLowerCase()}`) }), body),
      error,
      h("div", { class: "row sticky-actions" },
        step > 0 ? h("button", { class: "ghost big", type: "button", text: t("setup.back"), onclick: () => { step -= 1; render(); } }) : null,
        next));
  }

  function showProblem(box, problem) {
    const fields = problem.fields ? Object.entries(problem.fields) : [];
    mount(box,
      h("strong", { class: "block", text: problem.status === 400 ? t("setup.refused", { error: problem.message }) : problem.message }),
      fields.length ? h("ul", { class: "problems" }, fields.map(([name, messages]) =>
        h("li", {}, h("strong", { text: `${name.replace(/_/g, " ")}: ` }), [].concat(messages).join(" ")))) : null,
      fields.some(([name]) => name.startsWith("generals") || name === "scenario")
        ? h("p", { class: "muted", text: t("setup.refused.hint") }) : null);
    box.scrollIntoView({ block: "center" });
  }

  function renderExpansions() {
    const packs = data.packs.length ? data.packs : [{ id: "dotr-base", name: t("setup.base_game"), expansion: "base", game_system: "dotr" }];
    return h("div", {},
      h("p", { class: "muted", text: t("setup.expansions.hint") }),
      packs.filter((pack) => (pack.game_system || "dotr") === "dotr").map((pack) => {
        const base = pack.expansion === "base";
        const name = expansionOf(pack);
        return h("label", { class: "toggle" },
          h("input", { type: "checkbox", name: "expansion", value: base ? "base" : name, checked: base || choice.expansions.includes(name), disabled: base,
            onchange: (event) => {
              choice.expansions = event.target.checked ? [...choice.expansions, name] : choice.expansions.filter((e) => e !== name);
            } }),
          h("span", {}, h("strong", { text: packName(pack) }), h("small", { class: "muted", text: base ? ` · ${t("setup.always")}` : "" })));
      }));
  }

  function renderScenario() {
    const cards = [];
    const card = (id, title, text, extra) => h("div", { class: `choice-card stack${choice.scenario === id ? " on" : ""}`, dataset: { scenario: id } },
      h("label", { class: "choice-main" },
        h("input", { type: "radio", name: "scenario", value: id, checked: choice.scenario === id,
          onchange: () => { choice.scenario = id; choice.easier = []; choice.random = false; render(); } }),
        h("span", { class: "grow" }, h("strong", { text: title }), h("small", { class: "muted", text }))),
      extra && [].concat(extra).some(Boolean) ? h("div", { class: "choice-extra" }, extra) : null);
    const plain = standard();
    cards.push(card("standard", t("setup.standard"), inPlay().includes(DRAGON)
      ? t("setup.standard.dragon")
      : (plain && plain.name) || t("setup.standard.base")));
    if (rulebook().length) cards.push(h("h3", { text: t("setup.scenarios") }));
    for (const item of rulebook()) {
      const id = setupId(item);
      const sc = item.scenario;
      const chosen = choice.scenario === id;
      const generals = Array.isArray(sc.generals) ? sc.generals : null;
      const missing = generals ? generals.filter((g) => missingOf(g).length) : [];
      cards.push(card(id, `${sc.number}. ${sc.name}`, sc.story, [
        h("small", { class: "block", text: generals ? t("setup.generals.named", { names: generals.map(generalName).join(", ") }) : t("setup.generals.chosen") }),
        h("small", { class: "block muted", text: t("setup.needs", { what: (sc.expansions || []).map((e) => e === DRAGON ? t("setup.dragon") : e).join(", ") || t("setup.nothing_more") }) }),
        missing.length ? h("small", { class: "block warn-text", text: t("setup.missing", { names: missing.map(generalName).join(", "), numbers: [...new Set(missing.flatMap(missingOf))].join(", ") }) }) : null,
        chosen && sc.rules && sc.rules.length ? h("ul", { class: "rules" }, sc.rules.map((rule) => h("li", { text: rule.text }))) : null,
        chosen ? easierPicker(sc) : null,
      ]));
    }
    cards.push(h("h3", { text: t("setup.own") }));
    cards.push(card("custom", t("setup.custom"), choice.expansions.includes(DRAGON)
      ? t("setup.custom.dragon")
      : t("setup.custom.base"),
    choice.scenario === "custom" && story() ? easierPicker(story()) : null));
    return h("div", { class: "choices" }, cards);
  }

  function easierPicker(sc) {
    if (!sc.easier || !sc.easier.length) return null;
    return h("fieldset", { class: "easier" },
      h("legend", { class: "field-label", text: t("setup.easier") }),
      sc.easier.map((variant) => h("label", { class: "toggle" },
        h("input", { type: "checkbox", name: "easier", value: variant.id, checked: choice.easier.includes(variant.id),
          onchange: (event) => { choice.easier = event.target.checked ? [...choice.easier, variant.id] : choice.easier.filter((e) => e !== variant.id); } }),
        h("span", { text: variant.text }))));
  }

  function renderGenerals() {
    const content = data.content;
    const sc = story();
    if (sc && Array.isArray(sc.generals)) {
      return h("div", {},
        h("p", { class: "muted", text: t("setup.sets_generals", { name: sc.name }) }),
        h("ul", { class: "list", "data-testid": "scenario-generals" }, sc.generals.map((id) => {
          const general = content.generals[id] || (data.dragon && data.dragon.generals[id]) || { name: id, colour: "red" };
          const missing = missingOf(id);
          return h("li", { class: "general-row" },
            factionBadge(general.colour, FACTIONS[general.colour].letter, 36),
            h("div", {},
              h("strong", { text: `${general.name} — ${general.faction || ""}` }),
              missing.length ? h("small", { class: "block warn-text", text: t("setup.not_entered", { what: missing.join(", ") }) }) : null));
        })));
    }
    if (generalsChosen()) {
      if (!data.dragon) return h("p", { class: "muted", text: t("setup.loading_dragons") });
      const candidates = (colour) => [...Object.values(content.generals), ...Object.values(data.dragon.generals)].filter((g) => g.colour === colour);
      return h("div", {},
        h("p", { class: "muted", text: t("setup.one_per_colour") }),
        h("label", { class: "toggle" },
          h("input", { type: "checkbox", name: "generals-random", checked: choice.random, onchange: (event) => { choice.random = event.target.checked; render(); } }),
          h("span", { text: t("setup.random") })),
        choice.random ? null : COLOURS.map((colour) => h("fieldset", { class: "field general-pick" },
          h("legend", { class: "field-label" }, factionBadge(colour, FACTIONS[colour].letter, 26), ` ${FACTIONS[colour].name} (${t(`colour.${colour}`)})`),
          h("div", { class: "segmented" }, candidates(colour).map((general, i) => {
            const id = `general-${colour}-${general.id}`;
            const current = choice.generals[colour] || candidates(colour)[0].id;
            const missing = general.dragon ? missingOf(general.id) : [];
            return [
              h("input", { type: "radio", name: `general-${colour}`, id, value: general.id, checked: current === general.id,
                onchange: () => { choice.generals[colour] = general.id; render(); } }),
              h("label", { for: id, class: "seg" }, general.name, i === 0 ? h("small", { class: "muted", text: ` ${t("setup.base")}` }) : null,
                missing.length ? h("small", { class: "warn-text", text: ` · ${t("setup.numbers_missing")}` }) : null),
            ];
          })))));
    }
    return h("div", {},
      h("p", { class: "muted", text: t("setup.four_generals") }),
      h("ul", { class: "list" }, Object.values(content.generals).map((general) => h("li", { class: "general-row" },
        factionBadge(general.colour, FACTIONS[general.colour].letter, 36),
        h("div", {},
          h("strong", { text: `${general.name} — ${general.faction}` }),
          h("small", { class: "muted block", text: `${t("setup.life_hit", { life: general.life, hit: general.to_hit })} · ${general.path.map((id) => locationName(content, id)).join(" → ")}` }),
          h("small", { class: "block", text: general.skill_summary || "" }))))));
  }

  function renderOptions() {
    const item = entry();
    const tableDecks = item && item.table_decks && item.table_decks.length ? item.table_decks : Object.keys(data.content.pack.decks);
    const parts = [];
    parts.push(h("h3", { text: t("setup.table_decks") }),
      h("p", { class: "muted", text: t("setup.table_decks.hint") }));
    for (const deck of tableDecks) {
      parts.push(h("label", { class: "toggle" },
        h("input", { type: "checkbox", name: "table-deck", value: deck, checked: choice.tableDecks.includes(deck),
          onchange: (event) => { choice.tableDecks = event.target.checked ? [...choice.tableDecks, deck] : choice.tableDecks.filter((d) => d !== deck); } }),
        h("span", { text: t("setup.physical", { deck: deckWords(deck, data.content) }) })));
    }
    parts.push(h("h3", { text: t("setup.rules") }));
    if (settingsLoaded() === null) {
      parts.push(h("p", { class: "muted", text: t("setup.rules.loading") }));
      return h("div", {}, parts);
    }
    const settings = settingsOffered();
    if (!settings.length) {
      parts.push(h("p", { class: "muted", text: t("setup.rules.none") }));
      return h("div", {}, parts);
    }
    parts.push(h("p", { class: "muted", text: story() && choice.scenario !== "custom"
      ? t("setup.rules.scenario", { name: story().name })
      : t("setup.rules.all") }));
    const grouped = (list) => {
      const groups = [];
      for (const setting of list) {
        let group = groups.find((g) => g.name === setting.group);
        if (!group) { group = { name: setting.group, settings: [] }; groups.push(group); }
        group.settings.push(setting);
      }
      return groups.map((group) => h("fieldset", { class: "setting-group" },
        h("legend", { class: "field-label", text: group.name }), group.settings.map(settingField)));
    };
    parts.push(h("div", { "data-testid": "settings-main" }, grouped(settings.filter((s) => !s.advanced))));
    const advanced = settings.filter((s) => s.advanced);
    if (advanced.length) {
      const box = h("details", { class: "advanced", "data-testid": "settings-advanced", open: advancedOpen || null,
        ontoggle: (event) => { advancedOpen = event.target.open; } },
      h("summary", { text: t("setup.advanced", { count: advanced.length }) }),
      h("p", { class: "muted", text: t("setup.advanced.hint") }),
      grouped(advanced));
      parts.push(box);
    }
    return h("div", {}, parts);
  }

  // One setting: its title, one plain sentence, its choices; where it comes from on request.
  function settingField(setting) {
    const id = `setting-${setting.name}`;
    const choices = setting.choices || setting.allowed.map((value) => ({ value, label: String(value) }));
    const changed = (value) => {
      if (JSON.stringify(value) === JSON.stringify(setting.default)) delete choice.options[setting.name];
      else choice.options[setting.name] = value;
      render();
    };
    const isToggle = choices.length === 2 && choices.every((c) => typeof c.value === "boolean");
    const control = isToggle
      ? h("label", { class: "toggle" },
        h("input", { type: "checkbox", id, name: setting.name, checked: current(setting) === true,
          onchange: (event) => changed(event.target.checked) }),
        h("span", { text: choices.find((c) => c.value === true).label }))
      : h("select", { id, name: setting.name, "aria-label": setting.title, onchange: (event) => changed(JSON.parse(event.target.value)) },
        choices.map((c) => h("option", { value: JSON.stringify(c.value),
          text: c.label + (JSON.stringify(c.value) === JSON.stringify(setting.default) ? ` (${t("setup.rulebook")})` : ""),
          selected: JSON.stringify(current(setting)) === JSON.stringify(c.value) })));
    return h("div", { class: "field setting", dataset: { setting: setting.name } },
      h("label", { class: "field-label", for: id, text: setting.title }),
      h("p", { class: "setting-sentence", text: setting.sentence }),
      control,
      h("details", { class: "hint provenance" }, h("summary", { text: t("setup.source") }),
        h("p", { text: setting.description }), h("p", { class: "muted", text: setting.source })));
  }

  // One screen for every value read from the cards, worded as the card prints it, with steppers.
  function renderCards() {
    const list = asks();
    const when = { if_dealt: t("setup.when.dealt"), if_returns: t("setup.when.returns") };
    return h("div", {},
      h("p", { class: "muted", text: t("setup.cards.hint") }),
      list.map((ask) => h("fieldset", { class: "card-read", dataset: { card: ask.item } },
        h("legend", { class: "field-label", text: ask.card }),
        when[ask.when] ? h("small", { class: "block muted", text: t("setup.needed", { when: when[ask.when] }) }) : null,
        ask.fields.map((field) => stepper(ask, field)))),
      h("button", { type: "button", class: "ghost big", "data-testid": "skip-cards", text: t("setup.skip"),
        onclick: () => { choice.entries = {}; step += 1; render(); window.scrollTo(0, 0); } }));
  }

  function stepper(ask, field) {
    const value = choice.entries[field.id];
    const set = (next) => {
      if (next === undefined) delete choice.entries[field.id];
      else choice.entries[field.id] = Math.max(field.minimum ?? 0, Math.min(field.maximum ?? 99, next));
      render();
    };
    const label = `${ask.card.replace(/ card$/, "")}: ${field.label}`;
    return h("div", { class: "stepper-row", dataset: { field: field.id } },
      h("span", { class: "grow", text: field.label }),
      h("div", { class: "stepper", role: "group", "aria-label": label },
        h("button", { type: "button", class: "ghost", "aria-label": t("setup.less", { what: label }), text: "−", disabled: value === undefined || value <= (field.minimum ?? 0),
          onclick: () => set(value - 1) }),
        h("output", { class: "stepper-value", "aria-live": "polite", text: value === undefined ? "▢" : String(value) }),
        h("button", { type: "button", class: "ghost", "aria-label": t("setup.more", { what: label }), text: "+", disabled: value !== undefined && value >= (field.maximum ?? 99),
          onclick: () => set(value === undefined ? (field.minimum ?? 0) : value + 1) })));
  }

  function heroPicker(name, current, onPick, taken) {
    // The Hero's Calling: every hero is built from ability cards and named by its player; a base
    // hero only where its setting allows one.
    if (!inPlay().includes("heros_calling")) return basePicker(name, current, onPick, taken);
    const typed = h("input", { name: `${name}-built`, maxlength: 60, autocomplete: "off", "aria-label": t("join.hero_built"), placeholder: t("join.hero_built"),
      value: current && !data.content.heroes[current] ? current : "",
      oninput: (event) => { onPick(event.target.value.trim()); for (const radio of wrap.querySelectorAll("input[type=radio]")) radio.checked = false; } });
    const wrap = h("div", { class: "field" }, typed);
    if (choice.options.hc_base_heroes) {
      wrap.append(h("span", { class: "field-label", text: t("join.or_base_hero") }),
        basePicker(name, current, (hero) => { typed.value = ""; onPick(hero); }, taken));
    }
    return wrap;
  }

  function basePicker(name, current, onPick, taken) {
    const wrap = h("div", { class: "hero-grid", role: "radiogroup", "aria-label": t("join.hero") });
    for (const hero of Object.values(data.content.heroes)) {
      const id = `${name}-${hero.id}`;
      wrap.append(h("input", { type: "radio", name, id, value: hero.id, checked: current === hero.id, disabled: taken.includes(hero.id) && current !== hero.id, onchange: () => onPick(hero.id) }),
        h("label", { for: id, class: "hero-option" }, h("strong", { text: hero.name }), h("small", { text: t("join.life", { count: hero.life }) })));
    }
    return wrap;
  }

  // With an account: which of its players sits in this seat (the game enters their history).
  function playerPicker(name, person, nameInput) {
    if (!data.players) return null;
    if (!data.players.length) {
      return h("p", { class: "muted small" }, `${t("setup.no_players")} `, h("a", { href: "/awards", "data-link": "", text: t("home.awards") }), t("home.api.end"));
    }
    const groups = [...new Set(data.players.map((p) => p.group))];
    return h("label", { class: "field" }, h("span", { class: "field-label", text: t("join.player") }),
      h("select", { name, onchange: (event) => {
        person.player = event.target.value;
        const picked = data.players.find((p) => String(p.id) === person.player);
        if (picked && nameInput && !nameInput.value.trim()) { nameInput.value = picked.name; person.name = picked.name; }
      } },
      h("option", { value: "", text: `— ${t("join.not_tracked")}` }),
      groups.map((group) => h("optgroup", { label: group }, data.players.filter((p) => p.group === group)
        .map((p) => h("option", { value: String(p.id), text: p.name, selected: String(p.id) === String(person.player) }))))));
  }

  function renderPlayers() {
    const taken = () => [choice.host.hero, ...choice.locals.map((p) => p.hero)].filter(Boolean);
    const hostName = h("input", { name: "host-name", value: choice.host.name, placeholder: t("join.name"), maxlength: 60, required: true, oninput: (event) => { choice.host.name = event.target.value; } });
    const list = h("div", {});
    const redraw = () => {
      list.replaceChildren(...choice.locals.map((player, i) => {
        const nameInput = h("input", { value: player.name, placeholder: t("setup.player_name", { n: i + 2 }), maxlength: 60, "aria-label": t("setup.player_name", { n: i + 2 }), oninput: (event) => { player.name = event.target.value; } });
        return h("div", { class: "card inner" },
          h("div", { class: "row" }, nameInput,
            h("button", { type: "button", class: "ghost", text: t("setup.remove"), onclick: () => { choice.locals.splice(i, 1); render(); } })),
          playerPicker(`local-${i}-player`, player, nameInput),
          heroPicker(`local-${i}`, player.hero, (hero) => { player.hero = hero; }, taken()));
      }));
    };
    redraw();
    return h("div", {},
      h("label", { class: "field" }, h("span", { class: "field-label", text: t("join.name") }), hostName),
      playerPicker("host-player", choice.host, hostName),
      data.players === null ? h("p", { class: "muted small" }, `${t("setup.keep")} `, h("a", { href: "/awards", "data-link": "", text: t("setup.sign_in") }), ` ${t("setup.first")}`) : null,
      h("div", { class: "field" }, h("span", { class: "field-label", text: t("join.your_hero") }), heroPicker("host-hero", choice.host.hero, (hero) => { choice.host.hero = hero; }, taken())),
      inPlay().includes("heros_calling") ? h("p", { class: "muted small", text: t("setup.heros_calling") }) : null,
      h("h3", { text: t("setup.sharing") }),
      h("p", { class: "muted", text: t("setup.sharing.hint") }),
      list,
      addPlayer(redraw));
  }

  // How many heroes the chosen boxes seat: the base game 1 to 4, the Dragon expansion's Rules for
  // 5 or 6 Players up to 6 (the game is set for as many as sit down here).
  function mostHeroes() {
    return inPlay().includes("dragon") ? 6 : 4;
  }

  function addPlayer(redraw) {
    const most = mostHeroes();
    if (1 + choice.locals.length < most) {
      return h("button", { type: "button", class: "ghost big", "data-testid": "add-player", text: t("setup.add_player"),
        onclick: () => { choice.locals.push({ name: "", hero: "", player: "" }); render(); } });
    }
    return h("p", { class: "muted", "data-testid": "seats-full", text: t(most === 6 ? "setup.seats_full.dragon" : "setup.seats_full", { count: most }) });
  }

  // The players sitting down now, and the number of heroes the game is set for.
  function seatedHeroes() {
    return 1 + choice.locals.filter((p) => p.name.trim()).length;
  }

  // The body of POST /api/v1/games/.
  function setupBody() {
    const item = entry();
    const sc = story();
    const setup = { ...((item && item.setup) || { system: "dotr" }) };
    if (choice.scenario === "custom" && !sc) delete setup.scenario; // the base game, your settings
    if (choice.expansions.length) setup.expansions = [...choice.expansions]; // a scenario adds its own
    if (sc && choice.easier.length) setup.easier = choice.easier.filter((e) => (sc.easier || []).some((v) => v.id === e));
    if (generalsChosen()) {
      if (choice.random) setup.generals = "random";
      else if (Object.keys(choice.generals).length) setup.generals = { ...choice.generals };
    }
    const offered = new Set(settingsOffered().map((s) => s.name));
    const options = Object.fromEntries(Object.entries(choice.options).filter(([name]) => offered.has(name)));
    // Five or six sitting down with the Dragon expansion: its Rules for 5 or 6 Players.
    const seated = Math.min(seatedHeroes(), mostHeroes());
    if (seated > 4 && inPlay().includes("dragon") && (options.player_count || 4) < seated) options.player_count = seated;
    if (Object.keys(options).length) setup.options = { ...(setup.options || {}), ...options };
    if (choice.tableDecks.length) setup.table_decks = choice.tableDecks;
    const asked = new Set(asks().flatMap((ask) => ask.fields.map((f) => f.id)));
    const entries = Object.fromEntries(Object.entries(choice.entries).filter(([id]) => asked.has(id)));
    if (Object.keys(entries).length) setup.entries = entries;
    setup.host = { name: choice.host.name.trim() || t("setup.host"), hero: choice.host.hero || null };
    if (choice.host.player) setup.player = Number(choice.host.player);
    // The players sharing this phone sit down with the game, in the same request: all or none.
    const others = choice.locals.slice(0, mostHeroes() - 1).filter((p) => p.name.trim())
      .map((p) => ({ name: p.name.trim(), hero: p.hero || null, ...(p.player ? { player: Number(p.player) } : {}) }));
    if (others.length) setup.seats = others;
    return setup;
  }

  // The settings of the setup as chosen now (the Generals may have changed since the Options step).
  async function ensureSettings() {
    const key = JSON.stringify(settingsQuery());
    if (!Array.isArray(data.settings[key])) data.settings[key] = (await api.setupOptions(settingsQuery())).options || [];
  }

  async function create() {
    await ensureSettings();
    const setup = setupBody();
    const token = account ? account.token : undefined;
    const tracked = setup.player || (setup.seats || []).some((p) => p.player);
    const game = await api.createGame(setup, key, tracked ? token : undefined);
    saveSeat(game.id, { joinCode: game.join_code, seat: game.seat, token: game.token, name: setup.host.name, hero: setup.host.hero });
    for (const seat of game.seats) {
      const token = (game.seat_tokens || {})[seat.id];
      if (token) saveSeat(game.id, { joinCode: game.join_code, seat: seat.id, token, name: seat.name, hero: seat.hero || "", makeActive: false });
    }
    navigate(`/game/${game.id}?setup=1`, { replace: true });
  }

  return { stop() { alive = false; } };
}
