// Moving between the app's screens without a reload. The router (router.js) listens for the
// history change; screens import this module, never the router, so neither imports the other.

export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  window.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
}
