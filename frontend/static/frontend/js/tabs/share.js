// Sharing a link from phone to phone: a QR code of it and the phone's share sheet (used by the
// invitation and by moving a seat to a new phone).

import { h, toast } from "../dom.js";
import { need, t } from "../i18n.js";

await need("table");

// A QR code of `url` (the encoder is loaded on demand).
export function qrBox(url, label = t("qr.for", { url })) {
  const qr = h("div", { class: "qr", "aria-label": label, role: "img" }, h("p", { class: "muted", text: t("qr.drawing") }));
  import("../../vendor/qrcode-generator.js").then(({ qrcode }) => {
    const code128 = qrcode(0, "M");
    code128.addData(url);
    code128.make();
    qr.innerHTML = code128.createSvgTag({ cellSize: 6, margin: 3, scalable: true });
  }).catch(() => qr.replaceChildren(h("p", { class: "muted", text: t("qr.failed") })));
  return qr;
}

// The link's Share button: the phone's share sheet, else the clipboard.
export function shareButton(url, title) {
  return h("button", {
    type: "button", class: "ghost",
    onclick: async () => {
      try {
        if (navigator.share) await navigator.share({ title, url });
        else { await navigator.clipboard.writeText(url); toast(t("share.copied"), "ok"); }
      } catch { /* dismissed */ }
    },
    text: t("share"),
  });
}
