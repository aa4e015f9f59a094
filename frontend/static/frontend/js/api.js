// The REST API (API.md) and nothing else: every screen goes through these calls.

import { uuid } from "./dom.js";
import { lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || t("request_failed", { status }));
    this.status = status;
    this.body = body || {};
    this.code = this.body.code || (status === 0 ? "network" : "error");
    this.fields = this.body.fields || null;
  }
}

export async function request(path, { method = "GET", body, token, key, cache = "no-store" } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  let response;
  try {
    response = await fetch(`/api/v1/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache,
    });
  } catch (error) {
    throw new ApiError(0, { code: "network", detail: t("network") });
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { code: "bad_response", detail: t("bad_response", { status: response.status }) };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// The actions on offer, asked again with the tag of the list the phone holds (`held`): null when
// that list is still current (304, no body), else the list with its tag.
async function actions(id, token, held) {
  const headers = { Accept: "application/json", "Accept-Language": lang, Authorization: `Bearer ${token}` };
  if (held) headers["If-None-Match"] = held;
  let response;
  try {
    response = await fetch(`/api/v1/games/${id}/actions/`, { headers, cache: "no-store" });
  } catch {
    throw new ApiError(0, { code: "network", detail: t("network") });
  }
  if (response.status === 304) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok || !data) throw new ApiError(response.status, data);
  return { ...data, tag: response.headers.get("ETag") };
}

export const api = {
  contentPacks: () => request("content/"),
  content: (pack) => request(`content/${pack}/`),
  // What the table screen reads of a pack; the browser keeps it and asks again with its ETag
  // (304 when unchanged), so a warm load costs a few hundred bytes.
  contentForTable: (pack) => request(`content/${pack}/?view=table`, { cache: "no-cache" }),
  contentTexts: (pack) => request(`content/${pack}/?view=texts`, { cache: "no-cache" }),
  // With an account token: each value the setup reads from a card says which of the account's
  // groups already taught it (a stale token falls back to the shipped values).
  scenarios: (token) => (token ? request("scenarios/", { token }).catch(() => request("scenarios/")) : request("scenarios/")),
  // The rule settings a setup of these expansions and this scenario uses (in player words).
  setupOptions: ({ expansions = [], scenario = null, easier = [], generals = [], agent = null } = {}) => {
    const query = new URLSearchParams();
    for (const name of expansions) query.append("expansions", name);
    if (scenario) query.set("scenario", scenario);
    for (const name of easier) query.append("easier", name);
    for (const pair of generals) query.append("generals", pair);
    if (agent) query.set("agent", agent);
    const text = query.toString();
    return request(`setup-options/${text ? `?${text}` : ""}`);
  },
  // `account`: an account token, sent only to sit as one of the account's players (`player`).
  createGame: (setup, key = uuid(), account) => request("games/", { method: "POST", body: setup, key, token: account }),
  join: (joinCode, name, hero, key = uuid(), { player, account } = {}) =>
    request("games/join/", { method: "POST", body: { join_code: joinCode, name, hero: hero || null, ...(player ? { player } : {}) }, key, token: player ? account : undefined }),
  // The table a code opens, before joining: its players and the heroes taken (by whom).
  joinPreview: (joinCode) => request(`games/join/${encodeURIComponent(joinCode)}/`),
  // view "table": the cold load, with the form of the first card waiting to be read only.
  game: (id, token, view) => request(view ? `games/${id}/?view=${view}` : `games/${id}/`, { token }),
  actions,
  act: (id, token, envelope, key) =>
    request(`games/${id}/actions/`, { method: "POST", body: envelope, token, key }),
  events: (id, token, after, limit = 100) =>
    request(`games/${id}/events/?after=${after}&limit=${limit}`, { token }),
  // The events from the one that began the last night on, however far back it lies.
  lastNight: (id, token, limit = 500) =>
    request(`games/${id}/events/?from=last_night&limit=${limit}`, { token }),
  // A new token for a seat whose phone was lost (the host's token); the old one stops working.
  showDisplay: (id, token) => request(`games/${id}/display/`, { method: "POST", token }),
  reissueSeat: (id, token, seat) => request(`games/${id}/seats/${seat}/token/`, { method: "POST", token }),
  // Threat forecasts: ask (idempotent per game version and settings), then read its progress.
  forecast: (id, token, settings) => request(`games/${id}/forecasts/`, { method: "POST", body: settings, token }),
  forecastRead: (id, token, forecastId) => request(`games/${id}/forecasts/${forecastId}/`, { token }),
  streamUrl: (id, after) => `/api/v1/games/${id}/stream/?after=${after}&lang=${lang}`,
};

// Reads a server-sent event stream from fetch's body reader: `message(fields)` for each message
// (`{event, data, id}`; a field sent on several lines joined by "\n"), while `going()` holds
// (asked after each read and before each message; once it fails the reader is cancelled).
export async function readEvents(reader, message, going = () => true) {
  const decoder = new TextDecoder();
  let buffer = "";
  const stop = () => { reader.cancel().catch(() => {}); };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (!going()) return stop();
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = {};
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        fields[name] = fields[name] === undefined ? text : `${fields[name]}\n${text}`;
      }
      if (!going()) return stop();
      message(fields);
    }
  }
}
