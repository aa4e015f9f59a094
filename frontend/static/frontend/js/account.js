// The award tracker's account on this phone: its token (acct_...) is kept in localStorage apart
// from the seat tokens (dotr.games), and sent only to the account endpoints, or to a create or
// join that seats one of the account's players. Loaded on demand (not by the table screen).

import { ApiError, request } from "./api.js";
import { need, t } from "./i18n.js";

await need("home");

const KEY = "dotr.account";

export function currentAccount() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY));
    return value && value.token ? value : null;
  } catch {
    return null;
  }
}

export function saveAccount({ token, username }) {
  localStorage.setItem(KEY, JSON.stringify({ token, username }));
}

export function forgetAccount() {
  localStorage.removeItem(KEY);
}

const auth = () => (currentAccount() || {}).token;

export const accounts = {
  register: (username, password) => request("accounts/", { method: "POST", body: { username, password } }),
  signIn: (username, password) => request("accounts/token/", { method: "POST", body: { username, password } }),
  signOut: () => request("accounts/token/", { method: "DELETE", token: auth() }),
  me: () => request("accounts/me/", { token: auth() }),
  groups: () => request("groups/", { token: auth() }),
  createGroup: (name) => request("groups/", { method: "POST", body: { name }, token: auth() }),
  players: (group) => request(group ? `players/?group=${group}` : "players/", { token: auth() }),
  player: (id) => request(`players/${id}/`, { token: auth() }),
  createPlayer: (group, name) => request("players/", { method: "POST", body: { group, name }, token: auth() }),
  renameGroup: (group, name) => request(`groups/${group}/`, { method: "PATCH", body: { name }, token: auth() }),
  deleteGroup: (group) => request(`groups/${group}/`, { method: "DELETE", token: auth() }),
  renamePlayer: (id, name) => request(`players/${id}/`, { method: "PATCH", body: { name }, token: auth() }),
  // The player is this account (the owner's or a member's username; "" for none).
  linkPlayer: (id, account) => request(`players/${id}/`, { method: "PATCH", body: { account }, token: auth() }),
  // The owner lets a member record games for the players who are not accounts.
  setRecorder: (group, username, canRecord) => request(`groups/${group}/members/${encodeURIComponent(username)}/`, { method: "PATCH", body: { can_record: canRecord }, token: auth() }),
  deletePlayer: (id) => request(`players/${id}/`, { method: "DELETE", token: auth() }),
  // Newest first, a page at a time: { records, count, page, pages, next }.
  statistics: (group) => request(`groups/${group}/statistics/`, { token: auth() }),
  // A finished game as a BG Stats play, and the link that opens it in BG Stats.
  bgstats: (uid) => request(`history/${uid}/bgstats/`, { token: auth() }),
  history: (group, page = 1) => request(`history/?group=${group}&order=newest&page=${page}`, { token: auth() }),
  invitations: () => request("invitations/", { token: auth() }),
  answerInvitation: (id, accept) => request(`invitations/${id}/${accept ? "accept" : "decline"}/`, { method: "POST", token: auth() }),
  invite: (group, username) => request(`groups/${group}/members/`, { method: "POST", body: { username }, token: auth() }),
  leave: (group, username) => request(`groups/${group}/members/${encodeURIComponent(username)}/`, { method: "DELETE", token: auth() }),
  importAwards: (body) => request("awards/import/", { method: "POST", body, token: auth() }),
};

// The players this account may seat, each with its group's name, for a <select>.
export async function playerChoices() {
  if (!currentAccount()) return [];
  const [groups, players] = await Promise.all([accounts.groups(), accounts.players()]);
  const names = Object.fromEntries(groups.map((group) => [group.id, group.name]));
  return players.map((player) => ({ id: player.id, name: player.name, groupId: player.group, group: names[player.group] || t("account.group", { id: player.group }) }));
}

// An export or the printable sheet: fetched with the account token (a plain link cannot send
// it), handed to the browser as a file or opened in a new tab.
export async function fetchFile(path) {
  let response;
  try {
    response = await fetch(`/api/v1/${path}`, { headers: { Authorization: `Bearer ${auth()}` }, cache: "no-store" });
  } catch {
    throw new ApiError(0, { code: "network", detail: t("network") });
  }
  if (!response.ok) {
    let body = null;
    try { body = await response.json(); } catch { /* not JSON */ }
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = disposition.match(/filename="([^"]+)"/);
  return { blob: await response.blob(), filename: match ? match[1] : path.split("/").pop() };
}
