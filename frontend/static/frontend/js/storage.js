// This phone's seats: one token per game and seat, kept in localStorage.
// {gameId: {joinCode, active: seatId, seats: {seatId: {token, name, hero}}, updated}}

const KEY = "dotr.games";

function read() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

function write(all) {
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function savedGames() {
  return Object.entries(read())
    .map(([id, info]) => ({ id, ...info }))
    .sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

export function savedGame(id) {
  return read()[id] || null;
}

export function saveSeat(gameId, { joinCode, seat, token, name, hero, makeActive = true }) {
  const all = read();
  const game = all[gameId] || { seats: {} };
  game.joinCode = joinCode || game.joinCode;
  game.seats[seat] = { token, name, hero: hero || null };
  if (makeActive || !game.active) game.active = seat;
  game.updated = Date.now();
  all[gameId] = game;
  write(all);
}

export function setActiveSeat(gameId, seat) {
  const all = read();
  if (!all[gameId] || !all[gameId].seats[seat]) return;
  all[gameId].active = seat;
  all[gameId].updated = Date.now();
  write(all);
}

export function updateSeatInfo(gameId, seat, info) {
  const all = read();
  if (!all[gameId] || !all[gameId].seats[seat]) return;
  Object.assign(all[gameId].seats[seat], info);
  write(all);
}

// A seat moved to another phone: this phone's token for it no longer works.
export function forgetSeat(gameId, seat) {
  const all = read();
  const game = all[gameId];
  if (!game || !game.seats[seat]) return;
  delete game.seats[seat];
  if (game.active === seat) game.active = Object.keys(game.seats)[0];
  if (!Object.keys(game.seats).length) delete all[gameId];
  write(all);
}

export function forgetGame(gameId) {
  const all = read();
  delete all[gameId];
  write(all);
}

export function gameForCode(code) {
  const wanted = (code || "").toUpperCase();
  return savedGames().find((game) => (game.joinCode || "").toUpperCase() === wanted) || null;
}

// The table as this phone last saw it (game view, recent events, when), shown read-only when
// the server cannot be reached. One per game and seat.
export function lastSeen(gameId, seat) {
  try {
    return JSON.parse(localStorage.getItem(`dotr.last.${gameId}.${seat}`)) || null;
  } catch {
    return null;
  }
}

export function saveLastSeen(gameId, seat, value) {
  try {
    localStorage.setItem(`dotr.last.${gameId}.${seat}`, JSON.stringify(value));
  } catch {
    /* the phone's storage is full: the table is shown live only */
  }
}
