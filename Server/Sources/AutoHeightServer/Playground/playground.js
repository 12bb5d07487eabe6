// The playground (GET /): the textarea's height comes from the server's prediction.
//
// On every input (at most one request in flight; the next one leaves at most 50 ms after the
// last keystroke, or as soon as the one in flight is answered) the page sends the text to
// POST /v1/measure with profile "web", the bundled font it draws with (style key bundledFont,
// the file served at /fonts/NAME), the size, the px line height, the width and the CSS
// properties, and sets the textarea's height to lines x line-height. Beside it, <output
// id="prediction"> shows the answer (data-lines, data-height, data-text-length: the UTF-16
// length of the text the answer is for; data-sequence: the request's number; data-pending:
// "true" while a newer text waits for its answer) and the browser's own count for the same text, from a
// hidden copy of the box one line tall (data-browser-lines: round(scrollHeight / line-height)),
// with a mark when they differ (data-agrees="false") or the textarea overflows.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const editor = $("editor");
  const mirror = $("mirror");
  const frame = $("frame");
  const output = $("prediction");
  const controls = {
    font: $("font"), language: $("language"), size: $("size"), width: $("width"), widthRange: $("width-range"),
    lineHeight: $("line-height"), whiteSpace: $("white-space"), wordBreak: $("word-break"), browser: $("browser"),
  };
  const DELAY_MS = 50;

  /** The CSS family of a bundled font file (playground.css declares them). */
  const family = (file) => "AH " + file.replace(/\.ttf$/, "");

  /** The settings the controls give now. */
  function settings() {
    const number = (input, fallback) => {
      const value = Number(input.value);
      return Number.isFinite(value) && value > 0 ? value : fallback;
    };
    return {
      font: controls.font.value,
      language: controls.language.value.trim() || "en",
      size: number(controls.size, 16),
      width: number(controls.width, 320),
      lineHeight: number(controls.lineHeight, 24),
      whiteSpace: controls.whiteSpace.value,
      wordBreak: controls.wordBreak.value,
      browser: controls.browser.value,
    };
  }

  /** The request's style: the CLI's options in camelCase (docs/service.md). */
  function style(s) {
    const style = {
      profile: "web", bundledFont: s.font, size: s.size, lineHeight: String(s.lineHeight), language: s.language,
      whiteSpace: s.whiteSpace, wordBreak: s.wordBreak,
    };
    if (s.browser) style.browser = s.browser;
    return style;
  }

  /** The box's CSS from the settings, on the editor and its mirror alike. */
  function applyStyle(s) {
    const root = document.documentElement.style;
    root.setProperty("--font-family", `"${family(s.font)}"`);
    root.setProperty("--font-size", s.size + "px");
    root.setProperty("--line-height", s.lineHeight + "px");
    root.setProperty("--width", s.width + "px");
    for (const box of [editor, mirror]) {
      box.style.whiteSpace = s.whiteSpace;
      box.style.wordBreak = s.wordBreak;
      box.lang = s.language;
    }
  }

  const fontLoads = new Map();
  /** Resolves when the font file has loaded (the browser's count means nothing before). */
  function fontReady(s) {
    const key = s.font;
    if (!fontLoads.has(key)) {
      fontLoads.set(key, document.fonts.load(`${s.size}px "${family(s.font)}"`).catch(() => []));
    }
    return fontLoads.get(key);
  }

  // --- requests: one in flight, the latest text always sent last ---
  let timer = null;
  let inFlight = false;
  let dirty = false;
  let sent = 0;       // sequence number of the last request sent
  let shown = 0;      // of the last answer shown

  function schedule(delay = DELAY_MS) {
    output.dataset.pending = "true";
    if (inFlight) { dirty = true; return; }
    if (timer === null) timer = setTimeout(send, delay);
  }

  async function send() {
    timer = null;
    inFlight = true;
    dirty = false;
    const sequence = ++sent;
    const text = editor.value;
    const s = settings();
    try {
      const response = await fetch("/v1/measure", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: sequence, text, widths: [s.width], style: style(s) }),
      });
      const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      if (sequence > shown) {
        shown = sequence;
        output.dataset.sequence = sequence;
        if (response.ok) await show(body[0], text, s); else showError(body.error || `HTTP ${response.status}`, text);
      }
    } catch (error) {
      if (sequence > shown) {
        shown = sequence;
        output.dataset.sequence = sequence;
        showError(String(error), text);
      }
    }
    inFlight = false;
    if (dirty) send(); else if (timer === null) output.dataset.pending = "false";
  }

  /** The answer for `text` with settings `s`: the editor's height, and the browser's own count. */
  async function show(result, text, s) {
    await fontReady(s);
    const lineHeight = s.lineHeight;
    editor.style.height = result.lines * lineHeight + "px";
    mirror.value = text;
    const browserLines = Math.round(mirror.scrollHeight / lineHeight);
    const current = text === editor.value;
    const overflows = current && editor.scrollHeight > editor.clientHeight;
    const agrees = browserLines === result.lines;
    delete output.dataset.error;
    Object.assign(output.dataset, {
      lines: result.lines, height: result.height, textLength: text.length, browserLines,
      agrees: String(agrees), overflows: String(overflows), missingGlyphs: result.missingGlyphs,
    });
    frame.dataset.agrees = String(agrees);
    frame.dataset.overflows = String(overflows);
    const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    $("server-lines").textContent = plural(result.lines, "line");
    $("server-height").textContent = `${+result.height.toFixed(2)} px`;
    $("browser-lines").textContent = plural(browserLines, "line");
    $("max-line-width").textContent = `${+result.maxLineWidth.toFixed(2)} of ${s.width} px`;
    $("mark").textContent = agrees && !overflows ? "✓ the browser agrees"
      : agrees ? "✗ the textarea overflows"
      : `✗ differs: the browser draws ${plural(browserLines, "line")}, the server predicted ${result.lines}`;
    const notes = [];
    if (result.missingGlyphs > 0) {
      notes.push(`${plural(result.missingGlyphs, "character")} not in ${s.font}: the browser draws them with another font, so the counts may differ.`);
    }
    if (overflows && agrees && normal.key === `${s.font} ${s.size}` && lineHeight < normal.lineHeight) {
      notes.push(`The lines agree, but at ${lineHeight} px the glyphs of this font reach past the last line box (its own line height is ${normal.lineHeight} px), so the textarea scrolls by ${editor.scrollHeight - editor.clientHeight} px.`);
    }
    if (s.whiteSpace === "normal") {
      notes.push("white-space: normal collapses spaces for the server; a Chromium textarea keeps pre-wrap whatever its white-space (docs/browser-agreement.md).");
    }
    $("note").textContent = notes.join(" ");
  }

  function showError(message, text) {
    Object.assign(output.dataset, { error: message, textLength: text.length, lines: "", height: "", agrees: "false" });
    $("server-lines").textContent = "–";
    $("server-height").textContent = "–";
    $("mark").textContent = "✗ " + message;
    $("note").textContent = "";
  }

  // --- the font's own line height (CSS line-height: normal, from the server) ---
  // Below it, the glyphs reach past their line box: the last line's overflow makes the
  // textarea's scrollHeight a few px more than lines x line-height, and the page says so.
  let normal = { key: "", lineHeight: 0 };
  async function refreshNormal(raise) {
    const s = settings();
    const key = `${s.font} ${s.size}`;
    if (normal.key !== key) {
      try {
        const response = await fetch("/v1/measure", {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: "", widths: [100], style: { profile: "web", bundledFont: s.font, size: s.size, lineHeight: "normal" } }),
        });
        if (!response.ok) return;
        normal = { key, lineHeight: (await response.json())[0].height };
      } catch {
        return;
      }
    }
    $("normal-line-height").textContent = `normal: ${normal.lineHeight} px`;
    const current = settings();
    if (raise && `${current.font} ${current.size}` === key && current.lineHeight < normal.lineHeight) {
      controls.lineHeight.value = Math.ceil(normal.lineHeight);
      changed();
    }
  }

  // --- controls ---
  function changed() {
    applyStyle(settings());
    schedule(0);
  }
  controls.font.addEventListener("change", () => {
    const language = controls.font.selectedOptions[0]?.dataset.language;
    if (language) controls.language.value = language;
    changed();
    refreshNormal(true);
  });
  controls.size.addEventListener("input", () => refreshNormal(false));
  controls.widthRange.addEventListener("input", () => { controls.width.value = controls.widthRange.value; changed(); });
  controls.width.addEventListener("input", () => { controls.widthRange.value = controls.width.value; changed(); });
  for (const name of ["language", "size", "lineHeight", "whiteSpace", "wordBreak", "browser"]) {
    controls[name].addEventListener(controls[name].tagName === "SELECT" ? "change" : "input", changed);
  }
  $("controls").addEventListener("submit", (event) => event.preventDefault());
  editor.addEventListener("input", () => schedule());

  /** The engine of the browser the page runs in (Gecko, WebKit without Blink, else Blink): the
   *  prediction is for the textarea the reader sees. */
  function ownEngine() {
    const agent = navigator.userAgent;
    if (/\bGecko\/\d/.test(agent) && /Firefox\//.test(agent)) return "firefox";
    if (/AppleWebKit\//.test(agent) && !/(Chrome|Chromium|CriOS|Edg)\//.test(agent)) return "webkit";
    return "chromium";
  }

  // For scripts and tests: the settings the controls give, and a bundled font's CSS family.
  window.playground = { settings, family };

  controls.browser.value = ownEngine();
  applyStyle(settings());
  refreshNormal(false);
  schedule(0);
})();
