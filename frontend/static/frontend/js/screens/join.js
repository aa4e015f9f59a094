// Join a table: by the link in the host's QR code (/join/<code>) or a typed code. A phone that
// already sits at that table may go back to its seat, or take another (a new seat).

import { api } from "../api.js";
import { h, mount, uuid } from "../dom.js";
import { loadContent } from "../content.js";
import { gameForCode, saveSeat } from "../storage.js";
import { navigate } from "../navigation.js";
import { normaliseJoinCode } from "../joincode.js";
import { currentAccount, playerChoices } from "../account.js";
import { need, t } from "../i18n.js";
import { characterSelect } from "../talisman-characters.js";

await need("home");

export function show(app, typed) {
  const code = normaliseJoinCode(typed);
  const key = uuid();
  const known = code ? gameForCode(code) : null;
  const root = h("main", { class: "screen join" });
  mount(app, root);
  let hero = "";
  const codeInput = h("input", { name: "join_code", value: code, autocapitalize: "characters", autocomplete: "off", maxlength: 40, required: true, "aria-label": t("home.code"),
    onchange: () => preview() });
  const nameInput = h("input", { name: "name", placeholder: t("join.name"), maxlength: 60, required: true, autocomplete: "nickname", "aria-label": t("join.name") });
  const error = h("p", { class: "form-error", role: "alert" });
  const heroes = h("div", { class: "hero-grid", role: "radiogroup", "aria-label": t("join.hero") }, h("p", { class: "muted", text: t("join.loading_heroes") }));
  const submit = h("button", { type: "submit", class: "primary big", text: t("join.take_seat") });
  // Signed in to the award tracker: sit as one of the account's players (the game then enters
  // that player's history, and rewards won with this hero come along).
  const account = currentAccount();
  const playerSelect = h("select", { name: "player", "aria-label": t("join.player"), onchange: () => {
    const picked = playerSelect.selectedOptions[0];
    if (playerSelect.value && !nameInput.value.trim()) nameInput.value = picked.textContent;
  } }, h("option", { value: "", text: `— ${t("join.not_tracked")}` }));
  const playerField = account ? h("label", { class: "field" }, h("span", { class: "field-label", text: t("join.player") }), playerSelect,
    h("small", { class: "hint", text: t("join.signed_in", { name: account.username }) })) : null;
  if (account) {
    playerChoices().then((players) => {
      const groups = [...new Set(players.map((p) => p.group))];
      playerSelect.append(...groups.map((group) => h("optgroup", { label: group },
        players.filter((p) => p.group === group).map((p) => h("option", { value: String(p.id), text: p.name })))));
    }).catch(() => { playerField.append(h("small", { class: "form-error", text: t("join.players_failed") })); });
  }

  // The heroes already played at this table, each with its player's name (from the table's
  // preview, read again when the code changes or a hero is refused).
  const codeNote = h("small", { class: "hint", "aria-live": "polite" });
  let taken = [];
  let heroItems = [];
  const takenBy = (item) => taken.find((seat) => seat.hero === item.id || seat.name.toLowerCase() === item.name.toLowerCase());
  // What the table's game asks of a new player: a Defenders hero, a Talisman character, or
  // nothing more than a name (Battlefields: the player takes a side at the table).
  let system = "dotr";
  // What the server says this game's player names (`hero_choice` of the preview): a base hero,
  // a hero built from ability cards (The Hero's Calling) by the name its player gives it, either.
  let choice = "pack";
  const builtInput = h("input", { name: "hero-built", maxlength: 60, autocomplete: "off", "aria-label": t("join.hero_built"),
    oninput: (event) => {
      hero = event.target.value.trim();
      for (const radio of heroes.querySelectorAll("input[type=radio]")) radio.checked = false;
    } });
  const builtField = h("label", { class: "field", "data-testid": "hero-built" },
    h("span", { class: "field-label", text: t("join.hero_built") }), builtInput,
    h("small", { class: "hint", text: t("join.hero_built.hint") }));
  const heroField = h("div", { class: "field", "data-testid": "hero-field" }, h("span", { class: "field-label", text: t("join.your_hero") }), heroes);
  const drawHeroes = () => {
    if (system === "talisman-dragon") {
      const select = characterSelect({ name: "character", "aria-label": t("join.your_character"), onchange: (event) => { hero = event.target.value; } },
        { selected: hero, empty: t("join.character_later") });
      hero = select.value;
      heroField.hidden = false;
      heroField.replaceChildren(h("label", { class: "field-label", text: t("join.your_character") }), select);
      return;
    }
    if (system !== "dotr") {
      hero = "";
      heroField.hidden = true;
      return;
    }
    heroField.hidden = false;
    const built = choice === "built" || choice === "pack_or_built";
    const pack = choice !== "built";
    heroField.replaceChildren(...(built ? [builtField] : []),
      ...(pack ? [h("span", { class: "field-label", text: t(built ? "join.or_base_hero" : "join.your_hero") }), heroes] : []));
    if (!pack) {
      hero = builtInput.value.trim();
      return;
    }
    if (!heroItems.length) return;
    heroes.replaceChildren(...heroItems.flatMap((item) => {
      const owner = takenBy(item);
      if (owner && hero === item.id) hero = "";
      return [
        h("input", { type: "radio", name: "hero", id: `hero-${item.id}`, value: item.id, disabled: Boolean(owner), checked: hero === item.id, onchange: () => { hero = item.id; builtInput.value = ""; } }),
        h("label", { for: `hero-${item.id}`, class: `hero-option${owner ? " taken" : ""}`, "data-taken-by": owner ? owner.player : null },
          h("strong", { text: item.name }),
          h("small", { text: owner ? t("join.taken_by", { name: owner.player }) : t("join.life", { count: item.life }) })),
      ];
    }));
  };
  const preview = async () => {
    const joinCode = normaliseJoinCode(codeInput.value);
    codeNote.textContent = "";
    if (!joinCode) return;
    if (joinCode !== codeInput.value) codeInput.value = joinCode;
    try {
      const table = await api.joinPreview(joinCode);
      taken = table.heroes_taken || [];
      system = table.system || "dotr";
      choice = table.hero_choice || (system === "dotr" ? "pack" : "none");
      codeNote.textContent = table.players.length ? t("join.at_table", { names: table.players.join(", ") }) : "";
    } catch (problem) {
      taken = [];
      if (problem.status === 404) codeNote.textContent = t("join.no_table_yet");
    }
    drawHeroes();
  };

  loadContent("dotr-base").then((content) => {
    heroItems = Object.values(content.heroes);
    drawHeroes();
  }).catch(() => heroes.replaceChildren(h("p", { class: "muted", text: t("join.heroes_failed") }),
    h("input", { name: "hero-name", oninput: (event) => { hero = event.target.value; }, "aria-label": t("join.hero") })));

  const form = h("form", {
    class: "card",
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = "";
      const joinCode = normaliseJoinCode(codeInput.value);
      if (!joinCode || !nameInput.value.trim()) {
        error.textContent = t("join.need");
        return;
      }
      submit.disabled = true;
      try {
        const player = playerSelect.value ? Number(playerSelect.value) : null;
        const joined = await api.join(joinCode, nameInput.value.trim(), hero || null, key, { player, account: account && account.token });
        saveSeat(joined.game_id, { joinCode, seat: joined.seat_id, token: joined.token, name: nameInput.value.trim(), hero });
        navigate(`/game/${joined.game_id}`, { replace: true });
      } catch (problem) {
        error.textContent = problem.status === 404 ? t("join.no_table") : problem.message;
        submit.disabled = false;
        if (problem.code === "hero_taken") preview();
      }
    },
  },
  h("h2", { text: t("join.new_seat") }),
  h("label", { class: "field" }, h("span", { class: "field-label", text: t("join.code") }), codeInput, codeNote),
  h("label", { class: "field" }, h("span", { class: "field-label", text: t("join.name") }), nameInput),
  playerField,
  heroField,
  error,
  submit);

  mount(root,
    h("header", { class: "wizard-head" },
      h("a", { href: "/", class: "icon-btn", "data-link": "", "aria-label": t("home"), text: "✕" }),
      h("h1", { text: code ? t("join.table", { code }) : t("join.title") })),
    known ? h("section", { class: "card" },
      h("h2", { text: t("join.already") }),
      h("p", { class: "muted", text: t("join.already.hint") }),
      Object.entries(known.seats).map(([seat, info]) => h("a", {
        href: `/game/${known.id}`, "data-link": "", class: "button big",
        onclick: () => saveSeat(known.id, { ...info, seat, joinCode: known.joinCode }),
        text: t("join.continue", { name: info.hero ? `${info.name} (${info.hero})` : info.name }),
      }))) : null,
    form);
  if (!code) codeInput.focus();
  else {
    nameInput.focus();
    preview();
  }
  return null;
}
