// A join code as typed, read forgivingly (the server reads it the same way): any case, spaces,
// dashes and stray marks dropped, full-width characters read as plain ones, and the letters
// that look like digits read as those digits (O as 0, I and l as 1); no code is drawn with them.

const LOOK_ALIKES = { O: "0", I: "1", L: "1" };

export function normaliseJoinCode(typed) {
  return String(typed || "")
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/[OIL]/g, (ch) => LOOK_ALIKES[ch]);
}
