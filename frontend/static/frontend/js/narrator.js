// The steps the app resolves (the night, Sterling, the Winds of War, a dragon's fire, ...) one at
// a time, and read aloud with the browser's own speech synthesis in the reader's language.
// Used by the table's screen (screens/display.js) and by a phone that opts in (tabs/night.js).
// A step is public by construction: every seat reads the same steps (a hidden card is never in
// one), and only the events the reader may see are handed in.

import { lang } from "./i18n.js";

// The events whose steps are read: every event that carries steps (what the table mirrors on the
// board); the others only show in the log.
export function stepsOf(event) {
  return (event.steps || []).map((step, index, all) => ({
    seq: event.seq,
    type: event.type,
    summary: event.summary,
    actor: event.actor,
    index,
    of: all.length,
    text: step.text,
    places: step.places || [],
  }));
}

// The words as a player says them: a two-sided card's name "Pleasant Hill / Minotaur Forest"
// is said "Pleasant Hill, Minotaur Forest".
export function spoken(text) {
  return String(text).replace(/\s*\/\s*/g, ", ").replace(/\s+/g, " ").trim();
}

const TAGS = { en: "en-GB", de: "de-DE" };

// Reads a text aloud. `onNoVoice()` is called once when the browser has no voice for the
// reader's language (then nothing is read: a voice of another language would garble the names).
export class Speaker {
  constructor({ language = lang, onNoVoice = () => {} } = {}) {
    this.language = language;
    this.onNoVoice = onNoVoice;
    this.told = false;
    this.synth = typeof window !== "undefined" ? window.speechSynthesis : null;
    this.on = false;
    if (this.synth && this.synth.addEventListener) {
      this.synth.addEventListener("voiceschanged", () => { this.voice = undefined; });
    }
  }

  findVoice() {
    if (!this.synth) return null;
    const voices = this.synth.getVoices() || [];
    const mine = voices.filter((voice) => String(voice.lang || "").toLowerCase().replace("_", "-").startsWith(this.language));
    return mine.find((voice) => voice.localService) || mine[0] || null;
  }

  // Whether this device can read in the reader's language (says so once when it cannot). A
  // browser that has not listed its voices yet (an empty list: they load after the page) is
  // trusted with the language alone; it says so if it then has none (the utterance's error).
  able() {
    if (this.voice === undefined || this.voice === null) this.voice = this.findVoice();
    if (this.voice) return true;
    if (!(this.synth.getVoices() || []).length) return true;
    this.noVoice();
    return false;
  }

  noVoice() {
    if (this.told) return;
    this.told = true;
    this.onNoVoice();
  }

  // Reads `text`; `done()` when it was read (or could not be).
  say(text, done = () => {}) {
    if (!this.on || !this.synth || typeof SpeechSynthesisUtterance === "undefined" || !this.able()) {
      done();
      return false;
    }
    this.synth.cancel();
    const utterance = new SpeechSynthesisUtterance(spoken(text));
    utterance.lang = TAGS[this.language] || this.language;
    if (this.voice) {
      try { utterance.voice = this.voice; } catch { /* a voice the page cannot hand over: the language decides */ }
    }
    let finished = false;
    const end = () => { if (!finished) { finished = true; done(); } };
    utterance.onend = end;
    utterance.onerror = (event) => {
      if (["language-unavailable", "voice-unavailable", "synthesis-unavailable"].includes(event && event.error)) this.noVoice();
      end();
    };
    this.synth.speak(utterance);
    return true;
  }

  stop() {
    if (this.synth) this.synth.cancel();
  }
}

// The steps shown one at a time: `add(event)` queues an event's steps, `next()`/`previous()`
// move by hand, `auto` moves on by itself every `seconds` (and never before the step was read).
export class StepPlayer {
  constructor({ onShow, speaker, seconds = 6 }) {
    this.onShow = onShow;
    this.speaker = speaker;
    this.seconds = seconds;
    this.steps = [];
    this.at = -1;
    this.auto = true;
    this.timer = null;
    this.reading = false;
  }

  get current() {
    return this.at >= 0 ? this.steps[this.at] : null;
  }

  get waiting() {
    return this.steps.length - 1 - this.at;
  }

  add(event) {
    const steps = stepsOf(event);
    if (!steps.length) return;
    const idle = this.at === this.steps.length - 1 && !this.timer && !this.reading;
    this.steps.push(...steps);
    if (idle) this.show(this.at + 1);
    else this.onShow(this.current, this);
  }

  show(index) {
    if (index < 0 || index >= this.steps.length) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.at = index;
    const step = this.current;
    this.onShow(step, this);
    this.reading = true;
    this.speaker.say(step.text, () => {
      this.reading = false;
      if (this.at === index) this.schedule();
    });
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.auto || this.at >= this.steps.length - 1) return;
    this.timer = setTimeout(() => { this.timer = null; this.show(this.at + 1); }, this.seconds * 1000);
  }

  next() {
    this.show(this.at + 1);
  }

  previous() {
    this.show(this.at - 1);
  }

  setAuto(on) {
    this.auto = on;
    if (on && !this.reading) this.schedule();
    else if (!on) { clearTimeout(this.timer); this.timer = null; }
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.speaker.stop();
  }
}
