// The chat thread (GET /chat): a virtualised list whose row heights come from the server.
//
// The messages (/assets/chat-messages.json: the repository's Samples/ texts and messages in
// other scripts, each with its bundled font, or the bundled stack when it mixes scripts) are
// measured in ONE request, POST /v1/measure/batch (NDJSON, one record per message with its own
// style), before anything is drawn. Every bubble's top is then known, so the list places the
// bubbles absolutely and draws only those in view (and a screen's worth around), as a
// virtualised list must. Each drawn bubble is checked: its text's own height in the browser
// (an inner block of height auto) against the predicted lines x line-height; a bubble that
// overflows or underfills is outlined (data-fit), and #chat-status counts them.
"use strict";

(async () => {
  const thread = document.getElementById("thread");
  const spacer = document.getElementById("spacer");
  const status = document.getElementById("chat-status");
  const GAP = 24;          // between bubbles (room for the meta line)
  const PADDING_Y = 8;     // .bubble's vertical padding (playground.css)
  const OVERSCAN = 600;    // px drawn above and below the view

  // The bundled stack, in the server's order (BundledFonts.defaultFileNames).
  const STACK = ["NotoSans-Regular.ttf", "NanumGothic.ttf", "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf"];
  const family = (file) => `"AH ${file.replace(/\.ttf$/, "")}"`;
  const fail = (message) => {
    status.dataset.state = "error";
    status.textContent = message;
  };

  let data;
  try {
    data = await (await fetch("/assets/chat-messages.json")).json();
  } catch (error) {
    return fail(`the messages could not be read: ${error}`);
  }
  const { width, size, lineHeight, messages } = data;

  // Fonts first: the browser's check below means nothing before they load.
  const files = new Set(messages.flatMap((m) => (m.font ? [m.font] : STACK)));
  await Promise.all([...files].map((file) => document.fonts.load(`${size}px ${family(file)}`).catch(() => [])));

  // One batch request for every message.
  const body = messages.map((m, index) => {
    const style = { profile: "web", size, lineHeight: String(lineHeight), language: m.language };
    if (m.font) style.bundledFont = m.font;
    return JSON.stringify({ id: index, text: m.text, widths: [width], style });
  }).join("\n") + "\n";
  const started = performance.now();
  let results;
  try {
    const response = await fetch("/v1/measure/batch", {
      method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body,
    });
    const text = await response.text();
    if (!response.ok) return fail(`POST /v1/measure/batch: ${response.status} ${text}`);
    results = text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
  } catch (error) {
    return fail(`POST /v1/measure/batch failed: ${error}`);
  }
  const elapsed = performance.now() - started;
  const byId = new Map(results.map((r) => [r.id, r]));

  // Layout from the predictions alone: each row's top and height.
  const rows = [];
  let top = GAP / 2;
  messages.forEach((message, index) => {
    const result = byId.get(index);
    const lines = result && !result.error ? result.lines : 1;
    const height = lines * lineHeight + 2 * PADDING_Y;
    rows.push({ message, result, lines, top, height });
    top += height + GAP;
  });
  spacer.style.height = top + "px";
  const problems = results.filter((r) => r.error).length;

  const drawn = new Map();   // index -> element
  const fits = new Map();    // index -> "fits" | "overflows" | "underfills"

  function bubble(row, index) {
    const { message, result, lines } = row;
    const element = document.createElement("div");
    element.className = "bubble " + (message.from === "me" ? "me" : "them");
    element.style.top = row.top + "px";
    element.dataset.index = index;
    element.dataset.lines = lines;
    const box = document.createElement("div");
    box.className = "measured";
    box.dir = "auto";
    box.lang = message.language;
    box.style.fontFamily = message.font ? family(message.font) : STACK.map(family).join(", ");
    box.style.fontSize = size + "px";
    box.style.lineHeight = lineHeight + "px";
    // As narrow as the widest line (a bubble shrinks to its text): the same breaks as at the
    // full width, since every line fits and no line's next word did.
    const maxLine = result && !result.error ? result.maxLineWidth : width;
    box.style.width = Math.min(width, Math.ceil(maxLine) + 1) + "px";
    box.style.height = lines * lineHeight + "px";
    const content = document.createElement("div");   // height auto: the browser's own height
    content.textContent = message.text;
    box.append(content);
    const meta = document.createElement("div");
    meta.className = "meta";
    meta.textContent = result && result.error ? `error: ${result.error}`
      : `${message.font || "bundled stack"} · ${lines} ${lines === 1 ? "line" : "lines"}`;
    element.append(box, meta);
    return { element, box, content };
  }

  function check(index, parts) {
    const predicted = rows[index].lines * lineHeight;
    const actual = parts.content.getBoundingClientRect().height;
    const fit = Math.abs(actual - predicted) < 0.5 ? "fits" : actual > predicted ? "overflows" : "underfills";
    parts.element.dataset.fit = fit;
    parts.element.dataset.browserLines = Math.round(actual / lineHeight);
    fits.set(index, fit);
  }

  function draw() {
    const from = thread.scrollTop - OVERSCAN;
    const to = thread.scrollTop + thread.clientHeight + OVERSCAN;
    rows.forEach((row, index) => {
      const visible = row.top + row.height >= from && row.top <= to;
      if (visible && !drawn.has(index)) {
        const parts = bubble(row, index);
        thread.append(parts.element);
        drawn.set(index, parts.element);
        check(index, parts);
      } else if (!visible && drawn.has(index)) {
        drawn.get(index).remove();
        drawn.delete(index);
      }
    });
    const outlined = [...fits.values()].filter((fit) => fit !== "fits").length;
    Object.assign(status.dataset, {
      state: "ready", messages: rows.length, drawn: drawn.size, checked: fits.size, outlined,
    });
    status.textContent = `${rows.length} messages, heights from one batch request (${Math.round(elapsed)} ms` +
      `${problems ? `, ${problems} errors` : ""}); ${drawn.size} drawn now, ${fits.size} checked so far, ` +
      `${outlined} outlined.`;
  }

  let frame = 0;
  thread.addEventListener("scroll", () => {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); });
  });
  draw();
})();
