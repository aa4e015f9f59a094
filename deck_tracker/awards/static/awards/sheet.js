// The printable Award Tracker: its Print button (kept out of the page: no inline script runs
// under the page's Content-Security-Policy).
for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => window.print());
}
