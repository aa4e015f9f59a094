// History and the award tracker (/awards): sign up or sign in, groups and their players, the
// finished games (won or lost, Generals, heroes and who played them, the rewards won), the
// group's exports (JSON, CSV, the printable Award Tracker sheet) and an import.
// Everything goes through the account endpoints of the REST API with the account token.

import { h, mount, sheet, toast } from "../dom.js";
import { accounts, currentAccount, fetchFile, forgetAccount, saveAccount } from "../account.js";
import { fameChart, winLossChart } from "../charts.js";
import { need, t } from "../i18n.js";

await need("awards");

// The Award Tracker's abbreviations (Dragon expansion rulebook), as the history gives them.
const GENERALS = {
  S: "Sapphire", V: "Varkolak", G: "Gorgutt", B: "Balazarg", HDS: "High Dragon Sapphire", OD: "Onyx",
  HD: "Hemlock", BRD: "Brimstone", LV: "Lord Vileheart", GBC: "Gash Bloodclaw", YZ: "Ygzell",
};
const GROUP_KEY = "dotr.awards.group";

export function show(app) {
  const root = h("main", { class: "screen awards" });
  mount(app, root);
  let alive = true;
  const data = { groups: null, players: null, history: null, historyNext: null, statistics: null, invitations: [], error: "", imported: null };
  let group = Number(new URLSearchParams(location.search).get("group") || localStorage.getItem(GROUP_KEY)) || null;
  let loads = 0; // only the latest load of a group shows
  let groupLoads = 0; // and of the groups: a group created meanwhile is not lost
  // Made once, so a render while the list loads keeps what is being typed.
  const groupName = h("input", { name: "group-name", placeholder: t("awards.group.example"), maxlength: 80, "aria-label": t("awards.group.new") });
  const playerName = h("input", { name: "player-name", placeholder: t("awards.player.name"), maxlength: 60, "aria-label": t("awards.player.new") });
  const importFile = h("input", { type: "file", name: "import-file", accept: ".json,.csv,application/json,text/csv", "aria-label": t("awards.file") });
  const inviteName = h("input", { name: "invite-username", placeholder: t("awards.their_username"), maxlength: 150, autocapitalize: "off", "aria-label": t("awards.invite_username") });

  const head = () => h("header", { class: "wizard-head" },
    h("a", { href: "/", class: "icon-btn", "data-link": "", "aria-label": t("awards.home"), text: "✕" }),
    h("h1", { text: t("awards.title") }));

  function render() {
    if (!alive) return;
    const account = currentAccount();
    if (!account) { mount(root, head(), signInForm()); return; }
    mount(root, head(),
      h("section", { class: "card row account-row" },
        h("span", { class: "grow" }, `${t("awards.signed_in")} `, h("strong", { "data-testid": "account-name", text: account.username })),
        h("button", { type: "button", class: "ghost", text: t("awards.sign_out"), onclick: signOut })),
      data.error ? h("p", { class: "form-error", role: "alert", text: data.error }) : null,
      invitationsCard(),
      groupsCard(),
      group && data.groups && data.groups.some((g) => g.id === group) ? [membersCard(), historyCard(), chartsCard(), playersCard(), filesCard()] : null);
  }

  // ---- account -------------------------------------------------------------------------

  function signInForm() {
    let mode = "signin";
    const username = h("input", { name: "username", autocomplete: "username", autocapitalize: "off", maxlength: 150, required: true, "aria-label": t("awards.username") });
    const password = h("input", { name: "password", type: "password", autocomplete: "current-password", minlength: 8, maxlength: 128, required: true, "aria-label": t("awards.password"), class: "text" });
    const error = h("p", { class: "form-error", role: "alert" });
    const submit = h("button", { type: "submit", class: "primary big", text: t("awards.sign_in") });
    const tabs = h("div", { class: "segmented", role: "tablist" });
    const setMode = (next) => {
      mode = next;
      submit.textContent = t(mode === "signin" ? "awards.sign_in" : "awards.create_account");
      password.autocomplete = mode === "signin" ? "current-password" : "new-password";
      tabs.querySelectorAll("button").forEach((b) => {
        b.classList.toggle("on", b.dataset.mode === mode);
        b.setAttribute("aria-selected", String(b.dataset.mode === mode));
      });
    };
    tabs.append(
      h("button", { type: "button", class: "seg on", role: "tab", "aria-selected": "true", dataset: { mode: "signin" }, text: t("awards.sign_in"), onclick: () => setMode("signin") }),
      h("button", { type: "button", class: "seg", role: "tab", "aria-selected": "false", dataset: { mode: "signup" }, text: t("awards.create_an_account"), onclick: () => setMode("signup") }));
    return h("form", {
      class: "card",
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        if (!username.value.trim() || password.value.length < 8) {
          error.textContent = t("awards.need");
          return;
        }
        submit.disabled = true;
        try {
          const call = mode === "signin" ? accounts.signIn : accounts.register;
          const result = await call(username.value.trim(), password.value);
          saveAccount({ token: result.token, username: result.username });
          toast(t(mode === "signin" ? "awards.welcome" : "awards.created", { name: result.username }), "ok");
          load();
        } catch (problem) {
          error.textContent = fieldsText(problem);
          submit.disabled = false;
        }
      },
    },
    h("h2", { text: t("awards.keep") }),
    h("p", { class: "muted", text: t("awards.keep.hint") }),
    tabs,
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("awards.username") }), username),
    h("label", { class: "field" }, h("span", { class: "field-label", text: t("awards.password") }), password),
    error,
    submit);
  }

  async function signOut() {
    try { await accounts.signOut(); } catch { /* the token may be gone already */ }
    forgetAccount();
    Object.assign(data, { groups: null, players: null, history: null, historyNext: null, statistics: null, invitations: [], error: "" });
    render();
  }

  // ---- invitations and members ---------------------------------------------------------

  // An account joins a group only by accepting the owner's invitation.
  function invitationsCard() {
    if (!data.invitations.length) return null;
    return h("section", { class: "card", "data-testid": "invitations" },
      h("h2", { text: t("awards.invitations") }),
      h("ul", { class: "list" }, data.invitations.map((invitation) => h("li", { class: "list-row", "data-testid": "invitation" },
        h("span", { class: "grow" }, h("strong", { text: invitation.group_name }), h("small", { class: "muted", text: ` · ${t("awards.from", { name: invitation.owner })}` })),
        h("button", { type: "button", class: "primary", text: t("awards.accept"), onclick: () => answer(invitation, true) }),
        h("button", { type: "button", class: "ghost", text: t("awards.decline"), onclick: () => answer(invitation, false) })))));
  }

  async function answer(invitation, accept) {
    try {
      await accounts.answerInvitation(invitation.id, accept);
      toast(accept ? t("awards.joined", { name: invitation.group_name }) : t("awards.declined"), "ok");
      if (accept) group = invitation.group;
      load();
    } catch (problem) { data.error = fieldsText(problem); render(); }
  }

  function membersCard() {
    const current = data.groups.find((g) => g.id === group);
    const account = currentAccount();
    const invite = inviteName;
    return h("section", { class: "card", "data-testid": "members" },
      h("h2", { text: t("awards.members") }),
      h("p", { class: "muted", text: [current.owner, ...current.members].join(", ") }),
      // The owner lets a member record games for the players who are not accounts.
      current.is_owner && current.members.length ? h("ul", { class: "list", "data-testid": "recorders" }, current.members.map((member) => h("li", {},
        h("label", { class: "toggle" },
          h("input", { type: "checkbox", name: "can-record", value: member, checked: (current.recorders || []).includes(member),
            onchange: async (event) => {
              try {
                const changed = await accounts.setRecorder(group, member, event.target.checked);
                data.groups = data.groups.map((g) => (g.id === changed.id ? changed : g));
                render();
              } catch (problem) { data.error = fieldsText(problem); render(); }
            } }),
          h("span", { text: t("awards.can_record", { name: member }) }))))) : null,
      current.invited && current.invited.length ? h("p", { class: "muted small", "data-testid": "invited", text: t("awards.invited", { names: current.invited.join(", ") }) }) : null,
      current.is_owner
        ? h("form", { class: "row", onsubmit: async (event) => {
          event.preventDefault();
          if (!invite.value.trim()) return;
          try {
            const changed = await accounts.invite(group, invite.value.trim());
            invite.value = "";
            data.groups = data.groups.map((g) => (g.id === changed.id ? changed : g));
            toast(t("awards.invitation_sent"), "ok");
            render();
          } catch (problem) { data.error = fieldsText(problem); render(); }
        } }, invite, h("button", { type: "submit", class: "primary", text: t("awards.invite") }))
        : h("button", { type: "button", class: "ghost", "data-testid": "leave-group", text: t("awards.leave"), onclick: () => {
          // Leaving cannot be undone from this phone (only an invitation brings one back): asked.
          sheet(t("awards.leave.title", { name: current.name }), (body, close) => body.append(
            h("p", { text: t("awards.leave.sure", { name: current.name }) }),
            h("div", { class: "row" },
              h("button", { type: "button", class: "ghost", "data-testid": "stay-in-group", text: t("awards.leave.stay"), onclick: close }),
              h("button", { type: "button", class: "primary danger", "data-testid": "confirm-leave", text: t("awards.leave"), onclick: async () => {
                close();
                try {
                  await accounts.leave(group, account.username);
                  toast(t("awards.left", { name: current.name }), "ok");
                  data.groups = data.groups.filter((g) => g.id !== current.id);
                  group = null;
                  load();
                } catch (problem) { data.error = fieldsText(problem); render(); }
              } }))));
        } }));
  }

  // ---- groups and players --------------------------------------------------------------

  function groupsCard() {
    const name = groupName;
    const groups = data.groups;
    return h("section", { class: "card", "data-testid": "groups" },
      h("h2", { text: t("awards.groups") }),
      groups === null ? h("p", { class: "muted", text: t("awards.loading") })
        : groups.length ? [
          h("div", { class: "segmented group-tabs" }, groups.map((g) => h("button", {
            type: "button", class: `seg${g.id === group ? " on" : ""}`, "aria-pressed": String(g.id === group),
            "data-testid": "group-tab", onclick: () => choose(g.id), text: groupLabel(g, groups),
          }))),
          ownerActions(groups.find((g) => g.id === group)),
        ]
          : h("p", { class: "muted", text: t("awards.groups.none") }),
      h("form", { class: "row", onsubmit: async (event) => {
        event.preventDefault();
        if (!name.value.trim()) return;
        try {
          const made = await accounts.createGroup(name.value.trim());
          name.value = "";
          groupLoads += 1;
          data.groups = [...(data.groups || []), made];
          choose(made.id);
        } catch (problem) { data.error = fieldsText(problem); render(); }
      } }, name, h("button", { type: "submit", class: "primary", disabled: groups === null, text: t("awards.create") })));
  }

  // Two groups of one name are told apart by their owner ("Friday table · ada").
  function groupLabel(g, groups) {
    const twin = groups.some((other) => other.id !== g.id && other.name === g.name);
    return twin || !g.is_owner ? `${g.name} · ${g.owner}` : g.name;
  }

  // The owner renames or deletes the chosen group.
  function ownerActions(current) {
    if (!current || !current.is_owner) return null;
    return h("div", { class: "row wrap" },
      h("button", { type: "button", class: "ghost", "data-testid": "rename-group", text: t("awards.rename"),
        onclick: () => renameSheet(t("awards.rename.what", { name: current.name }), current.name, 80, async (name) => {
          const changed = await accounts.renameGroup(current.id, name);
          data.groups = data.groups.map((g) => (g.id === changed.id ? changed : g));
          toast(t("awards.renamed", { name: changed.name }), "ok");
          render();
        }) }),
      h("button", { type: "button", class: "ghost danger", "data-testid": "delete-group", text: t("awards.delete_group"),
        onclick: () => confirmSheet(t("awards.delete.what", { name: current.name }),
          t("awards.delete_group.hint", { name: current.name }),
          t("awards.delete_group"), async () => {
            await accounts.deleteGroup(current.id);
            toast(t("awards.deleted", { name: current.name }), "ok");
            data.groups = data.groups.filter((g) => g.id !== current.id);
            group = null;
            load();
          }) }));
  }

  function renameSheet(title, value, maxlength, save) {
    sheet(title, (body, close) => {
      const input = h("input", { name: "new-name", value, maxlength, required: true, "aria-label": t("awards.new_name") });
      const error = h("p", { class: "form-error", role: "alert" });
      body.append(h("form", { class: "action-form", onsubmit: async (event) => {
        event.preventDefault();
        if (!input.value.trim()) { error.textContent = t("awards.a_name"); return; }
        try { await save(input.value.trim()); close(); } catch (problem) { error.textContent = fieldsText(problem); }
      } }, h("label", { class: "field" }, h("span", { class: "field-label", text: t("awards.name") }), input), error,
      h("button", { type: "submit", class: "primary big", text: t("awards.save") })));
    });
  }

  function confirmSheet(title, text, verb, run) {
    sheet(title, (body, close) => {
      const error = h("p", { class: "form-error", role: "alert" });
      body.append(h("p", { text }), error,
        h("button", { type: "button", class: "danger big", "data-testid": "confirm-delete", text: verb, onclick: async () => {
          try { await run(); close(); } catch (problem) { error.textContent = fieldsText(problem); }
        } }),
        h("button", { type: "button", class: "ghost big", text: t("awards.keep_it"), onclick: close }));
    });
  }

  // A player's statistics, from the group's finished games (computed by the statistics task),
  // with rename and delete for the group's owner.
  function playerSheet(p, current) {
    const stats = p.stats || { games: 0, wins: 0, losses: 0, fame: { minor: 0, major: 0, total: 0 }, by_general: {}, by_hero: {}, rewards: {}, reward_names: {} };
    const rows = (table) => Object.values(table).sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
    const wl = (row) => t("awards.wl", { count: row.games, wins: row.wins, losses: row.losses });
    sheet(p.name, (body, close) => {
      body.append(h("div", { "data-testid": "player-stats" },
        h("dl", { class: "facts" },
          h("dt", { text: t("awards.games") }), h("dd", { text: wl(stats) }),
          h("dt", { text: t("awards.fame") }), h("dd", { text: t("awards.fame.value", { total: stats.fame.total, minor: stats.fame.minor, major: stats.fame.major }) }),
          p.account ? [h("dt", { text: t("awards.account") }), h("dd", { text: p.account })] : null),
        rows(stats.by_hero).length ? [h("h3", { text: t("awards.heroes_played") }),
          h("ul", { class: "list" }, rows(stats.by_hero).map((row) => h("li", { class: "list-row" },
            h("strong", { class: "grow", text: row.name }), h("small", { class: "muted", text: `${wl(row)} · ${t("awards.fame.count", { count: row.fame })}` }))))] : null,
        rows(stats.by_general).length ? [h("h3", { text: t("awards.against") }),
          h("ul", { class: "list" }, rows(stats.by_general).map((row) => h("li", { class: "list-row" },
            h("strong", { class: "grow", text: row.name }), h("small", { class: "muted", text: wl(row) }))))] : null,
        Object.keys(stats.rewards).length ? [h("h3", { text: t("awards.rewards_won") }),
          h("p", { text: Object.entries(stats.rewards).map(([card, n]) => `${(stats.reward_names || {})[card] || card}${n > 1 ? ` ×${n}` : ""}`).join(", ") })] : null,
        stats.games ? null : h("p", { class: "muted", text: t("awards.no_game", { name: p.name }) })));
      if (current && current.is_owner) {
        // Which account this player is (the owner's or a member's): their games then enter the
        // player's history from their own phone.
        const accountsHere = [current.owner, ...current.members];
        const link = h("select", { name: "player-account", "data-testid": "player-account", "aria-label": t("awards.account"),
          onchange: async (event) => {
            try {
              const changed = await accounts.linkPlayer(p.id, event.target.value);
              data.players = data.players.map((x) => (x.id === changed.id ? { ...x, ...changed } : x));
              toast(event.target.value ? t("awards.linked", { name: p.name, account: event.target.value }) : t("awards.unlinked", { name: p.name }), "ok");
            } catch (problem) { toast(fieldsText(problem), "error"); event.target.value = p.account || ""; }
          } },
          h("option", { value: "", text: t("awards.no_account"), selected: !p.account }),
          accountsHere.map((name) => h("option", { value: name, text: name, selected: p.account === name })));
        body.append(h("label", { class: "field" }, h("span", { class: "field-label", text: t("awards.account") }), link));
        body.append(h("div", { class: "row wrap" },
          h("button", { type: "button", class: "ghost", "data-testid": "rename-player", text: t("awards.rename"), onclick: () => {
            close();
            renameSheet(t("awards.rename.what", { name: p.name }), p.name, 60, async (name) => {
              const changed = await accounts.renamePlayer(p.id, name);
              data.players = data.players.map((x) => (x.id === changed.id ? changed : x));
              render();
            });
          } }),
          h("button", { type: "button", class: "ghost danger", "data-testid": "delete-player", text: t("awards.delete"), onclick: () => {
            close();
            confirmSheet(t("awards.delete.what", { name: p.name }), t("awards.delete_player.hint", { name: p.name }), t("awards.delete_player"), async () => {
              await accounts.deletePlayer(p.id);
              data.players = data.players.filter((x) => x.id !== p.id);
              toast(t("awards.deleted", { name: p.name }), "ok");
              render();
            });
          } })));
      }
    });
  }

  function playersCard() {
    const name = playerName;
    const players = data.players;
    const current = data.groups.find((g) => g.id === group);
    return h("section", { class: "card", "data-testid": "players" },
      h("h2", { text: t("awards.players") }),
      players === null ? h("p", { class: "muted", text: t("awards.loading") })
        : players.length ? h("ul", { class: "list" }, players.map((p) => h("li", { "data-testid": "player-row" },
          h("button", { type: "button", class: "list-button player-open", "data-testid": "player-open", onclick: () => playerSheet(p, current) },
            h("span", { class: "grow" }, h("strong", { text: p.name }), p.account ? h("small", { class: "muted", text: ` · ${p.account}` }) : null),
            p.stats ? h("small", { class: "muted", text: t("awards.wl", { count: p.stats.games, wins: p.stats.wins, losses: p.stats.losses }) }) : null))))
          : h("p", { class: "muted", text: t("awards.players.none") }),
      !current.is_owner ? h("p", { class: "muted small", text: t("awards.owner_adds", { name: current.owner }) }) : h("form", { class: "row", onsubmit: async (event) => {
        event.preventDefault();
        if (!name.value.trim()) return;
        try {
          const made = await accounts.createPlayer(group, name.value.trim());
          name.value = "";
          data.players = [...data.players, made]; // the answer has the player's statistics
          render();
        } catch (problem) { data.error = fieldsText(problem); render(); }
      } }, name, h("button", { type: "submit", class: "primary", disabled: players === null, text: t("awards.add") })));
  }

  // ---- history -------------------------------------------------------------------------

  function historyCard() {
    const records = data.history;
    return h("section", { class: "card", "data-testid": "history" },
      h("h2", { text: t("awards.finished") }),
      records === null ? h("p", { class: "muted", text: t("awards.loading") })
        : records.length ? [
          h("ul", { class: "list history-list" }, records.map(recordRow)),
          data.historyNext ? h("button", { type: "button", class: "ghost", "data-testid": "older-games", text: t("awards.older"), onclick: olderGames }) : null,
        ]
          : h("p", { class: "muted", text: t("awards.finished.none") }));
  }

  function recordRow(record) {
    const won = record.result === "W";
    return h("li", { class: "record", "data-testid": "history-row", "data-result": record.result },
      h("div", { class: "row" },
        h("span", { class: `result result-${won ? "won" : "lost"}`, "aria-label": t(won ? "charts.won.head" : "charts.lost.head"), text: record.result }),
        h("span", { class: "grow" },
          h("strong", { text: record.scenario ? record.scenario.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) : t(won ? "awards.saved" : "awards.fell") }),
          h("small", { class: "muted block", text: `${new Date(record.played_on + "T12:00:00").toLocaleDateString()}${record.reason ? ` · ${record.reason}` : ""}` }))),
      h("dl", { class: "facts" },
        h("dt", { text: t("awards.generals") }), h("dd", { "data-testid": "record-generals", text: record.generals.map((code) => GENERALS[code] || code).join(", ") }),
        h("dt", { text: t("awards.heroes") }), h("dd", { text: record.heroes.map((hero) => `${hero.hero_name} (${hero.player_name || "—"})`).join(", ") || "—" }),
        h("dt", { text: t("awards.rewards") }), h("dd", { "data-testid": "record-rewards" }, record.rewards.length
          ? h("ul", { class: "plain" }, record.rewards.map((r) => h("li", {}, h("strong", { class: "reward", text: r.name }), ` — ${r.hero_name} (${r.player_name || "—"})`)))
          : "—")),
      bgStatsExport(record));
  }

  // The history as pictures: the group's statistics (computed by the server's task) as charts.
  function chartsCard() {
    const figures = data.statistics;
    if (!figures || !figures.games) return null;
    return h("section", { class: "card charts", "data-testid": "charts" },
      h("h2", { text: t("awards.pictures") }),
      h("p", { class: "muted", text: t("awards.pictures.count", { count: figures.games, wins: figures.wins, losses: figures.losses }) }),
      winLossChart(t("awards.per_general"), figures.by_general, { testid: "chart-generals" }),
      winLossChart(t("awards.per_scenario"), figures.by_scenario, { testid: "chart-scenarios" }),
      winLossChart(t("awards.per_hero"), figures.by_hero, { testid: "chart-heroes" }),
      winLossChart(t("awards.per_player"), figures.by_player, { testid: "chart-players" }),
      fameChart(t("awards.fame_over_time"), figures.fame, { testid: "chart-fame" }));
  }

  // Export to BG Stats: one tap asks the server for the play, then a link opens it in the app.
  function bgStatsExport(record) {
    const slot = h("div", { class: "row bgstats", "data-testid": "bgstats" });
    const ask = h("button", { type: "button", class: "ghost", "data-testid": "bgstats-export", text: t("awards.bgstats") });
    ask.onclick = async () => {
      ask.disabled = true;
      try {
        const { play, url } = await accounts.bgstats(record.uid);
        const file = new Blob([JSON.stringify(play, null, 2)], { type: "application/json" });
        mount(slot,
          h("a", { class: "button", href: url, target: "_blank", rel: "noopener", "data-testid": "bgstats-open", text: t("awards.bgstats.open") }),
          h("a", { class: "button ghost", href: URL.createObjectURL(file), download: `bgstats-play-${record.played_on}.json`, text: t("awards.bgstats.download") }));
      } catch (problem) {
        ask.disabled = false;
        toast(problem.message);
      }
    };
    slot.append(ask);
    return slot;
  }

  async function olderGames() {
    const wanted = group;
    try {
      const page = await accounts.history(wanted, data.historyNext);
      if (wanted !== group) return;
      data.history = [...data.history, ...page.records];
      data.historyNext = page.next;
    } catch (problem) { data.error = problem.message; }
    render();
  }

  // ---- exports, the sheet, import ------------------------------------------------------

  function filesCard() {
    const file = importFile;
    const result = h("p", { class: "muted", role: "status" });
    const shown = (text) => { data.imported = text; render(); };
    const download = async (path, button) => {
      button.disabled = true;
      try {
        const { blob, filename } = await fetchFile(path);
        const link = h("a", { href: URL.createObjectURL(blob), download: filename });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      } catch (problem) { toast(problem.message, "error"); }
      button.disabled = false;
    };
    const sheet = async () => {
      const tab = window.open("", "_blank"); // now, while the tap counts: after a fetch it is blocked
      try {
        const { blob } = await fetchFile(`awards/sheet/?group=${group}`);
        const url = URL.createObjectURL(new Blob([blob], { type: "text/html" }));
        if (tab) tab.location.href = url;
        else location.href = url;
      } catch (problem) {
        if (tab) tab.close();
        toast(problem.message, "error");
      }
    };
    return h("section", { class: "card", "data-testid": "files" },
      h("h2", { text: t("awards.tracker") }),
      h("div", { class: "file-links" },
        h("a", { href: `/api/v1/awards/export.json?group=${group}`, class: "button", "data-testid": "export-json", text: t("awards.export_json"),
          onclick: (event) => { event.preventDefault(); download(`awards/export.json?group=${group}`, event.currentTarget); } }),
        h("a", { href: `/api/v1/awards/export.csv?group=${group}`, class: "button", "data-testid": "export-csv", text: t("awards.export_csv"),
          onclick: (event) => { event.preventDefault(); download(`awards/export.csv?group=${group}`, event.currentTarget); } }),
        h("a", { href: `/api/v1/awards/sheet/?group=${group}`, class: "button", "data-testid": "sheet", target: "_blank", text: t("awards.printable"),
          onclick: (event) => { event.preventDefault(); sheet(); } })),
      h("form", { class: "import-form", onsubmit: async (event) => {
        event.preventDefault();
        const chosen = file.files && file.files[0];
        if (!chosen) { shown(t("awards.choose_export")); return; }
        const text = await chosen.text();
        let body;
        if (/\.csv$/i.test(chosen.name) || !text.trim().startsWith("{")) body = { group, csv: text };
        else {
          try { body = { group, document: JSON.parse(text) }; } catch { shown(t("awards.not_json")); return; }
        }
        try {
          const counts = await accounts.importAwards(body);
          file.value = "";
          data.imported = t("awards.imported", { games: t("charts.games", { count: counts.games_created }), skipped: t("charts.games", { count: counts.games_skipped }), players: t("awards.new_players", { count: counts.players_created }) });
          load();
        } catch (problem) { shown(fieldsText(problem)); }
      } },
      h("h3", { text: t("awards.import") }),
      h("p", { class: "muted small", text: t("awards.import.hint") }),
      file, h("button", { type: "submit", class: "ghost big", text: t("awards.import.submit") }),
      data.imported ? h("div", { class: "banner", "data-testid": "import-result" }, h("p", { class: "grow", text: data.imported }),
        h("button", { type: "button", class: "ghost", text: t("awards.dismiss"), onclick: () => { data.imported = null; render(); } })) : result));
  }

  // ---- loading -------------------------------------------------------------------------

  function choose(id) {
    group = id;
    localStorage.setItem(GROUP_KEY, String(id));
    history.replaceState({}, "", `/awards?group=${id}`);
    data.players = null;
    data.history = null;
    data.historyNext = null;
    data.imported = null;
    data.statistics = null;
    render();
    loadGroup();
  }

  async function load() {
    data.error = "";
    render();
    groupLoads += 1;
    const mine = groupLoads;
    try {
      const [groups, invitations] = await Promise.all([accounts.groups(), accounts.invitations()]);
      if (mine !== groupLoads) return;
      data.groups = groups;
      data.invitations = invitations;
      if (!data.groups.some((g) => g.id === group)) group = data.groups.length ? data.groups[0].id : null;
      render();
      if (group) await loadGroup();
    } catch (problem) {
      if (problem.status === 401 || problem.status === 403) { forgetAccount(); data.error = ""; render(); return; }
      data.error = problem.message;
      render();
    }
  }

  async function loadGroup() {
    const wanted = group;
    loads += 1;
    const mine = loads;
    try {
      const [players, history, statistics] = await Promise.all([accounts.players(wanted), accounts.history(wanted),
        accounts.statistics(wanted).catch(() => null)]);
      // The list has no statistics: each player's come from the player's own record.
      const withStats = await Promise.all(players.map((p) => accounts.player(p.id).catch(() => p)));
      if (wanted !== group || mine !== loads) return;
      data.history = history.records;
      data.historyNext = history.next;
      data.statistics = statistics && statistics.figures;
      data.players = withStats;
    } catch (problem) {
      data.error = problem.message;
    }
    render();
  }

  if (currentAccount()) load();
  else render();
  return { stop() { alive = false; } };
}

function fieldsText(problem) {
  const fields = problem.fields ? Object.entries(problem.fields).map(([k, v]) => `${k}: ${[].concat(v).join(" ")}`).join("; ") : "";
  return fields ? `${problem.message} ${fields}` : problem.message;
}
