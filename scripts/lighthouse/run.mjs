// Runs Lighthouse (mobile preset) on each page of a plan and writes its reports.
//
//   node scripts/lighthouse/run.mjs plan.json
//
// plan.json: {"out": "<dir>", "runs": n, "pages": [{"name", "url", "storage": {key: value} | null}]}.
// Each page is audited `runs` times, each on a fresh Chromium; run i's reports are
// <name>.<i>.html and .json.
// A page with `storage` (a seat's token, as the create and join screens leave it) is opened on
// a fresh Chromium that first visits `storageOrigin` (a JSON page: no app code runs, so no
// service worker and no cached asset) to write localStorage; Lighthouse then loads the page
// without resetting that storage. Scores go to stdout as one JSON line per page.
// Chromium comes from CHROME_PATH, with the flags this machine needs.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
mkdirSync(plan.out, { recursive: true });

const runs = [];
for (const page of plan.pages) for (let run = 0; run < (plan.runs || 1); run += 1) runs.push({ page, run });

for (const { page, run } of runs) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const [tab] = await browser.pages();
    if (page.storage) {
      await tab.goto(page.storageOrigin);
      await tab.evaluate((items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }, page.storage);
    }
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: ["html", "json"],
      logLevel: "error",
      disableStorageReset: Boolean(page.storage),
    }, undefined, tab);
    const [html, json] = result.report;
    writeFileSync(join(plan.out, `${page.name}.${run}.html`), html);
    writeFileSync(join(plan.out, `${page.name}.${run}.json`), json);
    const lhr = result.lhr;
    const audit = (id) => lhr.audits[id] && lhr.audits[id].numericValue;
    const failing = Object.fromEntries(["accessibility", "best-practices"].map((id) => [id,
      lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => ref.id)]));
    console.log(JSON.stringify({
      name: page.name,
      run,
      url: page.url,
      scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, c.score])),
      metrics: {
        fcp_ms: audit("first-contentful-paint"),
        lcp_ms: audit("largest-contentful-paint"),
        tbt_ms: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        si_ms: audit("speed-index"),
        transfer_bytes: audit("total-byte-weight"),
      },
      failing,
    }));
    await browser.disconnect();
  } finally {
    await chrome.kill();
  }
}
