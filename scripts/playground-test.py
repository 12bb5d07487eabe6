#!/usr/bin/env python3
"""The playground (GET / of autoheight-server) in Debian's headless Chromium: the server's
prediction must be the browser's own line count, text after text.

Starts autoheight-server on a loopback port (--port 0; the port is read from its `listening`
log line), opens http://127.0.0.1:PORT/ in headless Chromium (scripts/browser-oracle/cdp.py,
--font-render-hinting=none), and for each of --count texts of
Tests/AutoHeightTests/Fixtures/browser-agreement.jsonl (several scripts, each text with the
bundled font that covers it, and its language):

  1. sets the page's controls (font, language, size, width, line height: the font's own,
     CSS line-height: normal, plus 0, 3 or 8 px) as a user would (value + input/change event),
     and waits until the page has shown the answer for them;
  2. focuses #editor, selects its text and types the new one with real input events
     (CDP Input.insertText, in up to three pieces sent back to back, so the page's debounce
     and its one-request-in-flight logic run);
  3. waits for #prediction to answer for it: data-pending="false" and data-text-length equal to
     the text's UTF-16 length (and a newer answer than before typing);
  4. asserts: #editor holds the text; Chromium drew every glyph with the page's web font
     (CSS.getPlatformFontsForNode on a <div> of the same style: a system fallback font would
     make the counts differ legitimately); the predicted line count (data-lines) equals the
     browser's own (data-browser-lines: round(scrollHeight / line-height) of the same box one
     line tall); the textarea has no overflow (scrollHeight <= clientHeight) and is exactly
     lines x line-height tall.

Then opens GET /chat and asserts that its one batch request answered every message and that no
drawn bubble is outlined (every bubble's text fills exactly its predicted height), scrolling
the virtualised list to its end so that every bubble is drawn and checked.

With --screenshots DIR, also saves DIR/playground.png and DIR/playground-chat.png (900x600,
Page.captureScreenshot) for the README.

Usage: scripts/playground-test.py [--server Server/.build/debug/autoheight-server]
           [--count 50] [--screenshots docs] [--chromium /usr/bin/chromium] [--verbose]
           [--white-space pre-wrap|break-spaces|normal] [--word-break normal|break-all|keep-all]
Exit status 0 when every text agrees, 1 otherwise (each disagreement printed).
"""
import argparse, base64, json, math, os, pathlib, select, subprocess, sys, tempfile, time, urllib.request

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "browser-oracle"))
from cdp import Chromium, ChromiumError  # noqa: E402

FIXTURE = ROOT / "Tests/AutoHeightTests/Fixtures/browser-agreement.jsonl"
# Texts per fixture file: 50 in all, every script of the fixture.
QUOTAS = {"en": 7, "de": 5, "ru": 6, "vi": 5, "ko": 7, "ar": 6, "he": 4, "hi": 5, "th": 5}
# Line heights: the font's own (CSS line-height: normal, from the server) plus these px. Below
# it the glyphs reach past the last line box and the textarea's scrollHeight grows by that
# overflow, whatever the line count (the page says so): the no-overflow check needs room.
LINE_HEIGHT_EXTRA = (0, 3, 8)
SIZES = (16, 16, 16, 14, 18)
TIMEOUT = 20.0  # seconds to wait for one answer (a stuck page fails the test, it never hangs)


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def pick_texts(count):
    """A fixed, spread-out choice of fixture texts: QUOTAS per file (scaled to `count`), every
    k-th text of the file in order, leaving out texts with controls other than tab and LF
    (a textarea's typing does not insert them as such)."""
    by_file = {}
    with open(FIXTURE, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            text = record["text"]
            if any(ord(c) < 0x20 and c not in "\t\n" for c in text) or "\u2028" in text or "\u2029" in text:
                continue
            by_file.setdefault(record["file"], []).append(record)
    total = sum(QUOTAS.values())
    picked = []
    for name, quota in QUOTAS.items():
        records = by_file.get(name, [])
        want = max(1, round(quota * count / total))
        step = max(1, len(records) // want)
        picked += records[::step][:want]
    picked = picked[:count]
    cases = []
    for index, record in enumerate(picked):
        widths = sorted(int(w) for w in record["lines"])
        cases.append({
            "id": record["id"], "text": record["text"], "font": record["font"], "language": record["language"],
            "width": widths[index % len(widths)], "extra": LINE_HEIGHT_EXTRA[index % len(LINE_HEIGHT_EXTRA)],
            "size": SIZES[index % len(SIZES)],
        })
    return cases


class Server:
    """autoheight-server on 127.0.0.1, any free port; stopped with SIGTERM."""

    def __init__(self, binary):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"no server at {binary}: build it (make server, or "
                             "cd Server && swift build --scratch-path .build)")
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0"], cwd=ROOT,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.port = None
        deadline = time.monotonic() + 60
        buffer = b""
        while self.port is None:
            if time.monotonic() > deadline:
                self.stop()
                raise SystemExit("the server did not log 'listening' within 60 s")
            ready, _, _ = select.select([self.proc.stderr], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(self.proc.stderr.fileno(), 65536)
            if not chunk:
                raise SystemExit(f"the server exited with {self.proc.wait()} before listening: "
                                 + buffer.decode(errors="replace"))
            buffer += chunk
            for line in buffer.split(b"\n"):
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if entry.get("message") == "listening":
                    self.port = int(entry["port"])
        # Keep draining its log so that it never blocks on a full pipe.
        self.drain = subprocess.Popen(["cat"], stdin=self.proc.stderr, stdout=self.log)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            status = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        if getattr(self, "drain", None):
            self.drain.wait()
        return status


class Page:
    """The playground in a Chromium tab."""

    def __init__(self, browser):
        self.browser = browser

    def js(self, expression):
        return self.browser.evaluate(expression)

    def wait(self, expression, what, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise ChromiumError(f"timed out after {timeout:.0f} s waiting for {what}")
            time.sleep(0.01)

    def prediction(self):
        return self.js("({...document.getElementById('prediction').dataset,"
                       " value: document.getElementById('editor').value,"
                       " scrollHeight: document.getElementById('editor').scrollHeight,"
                       " clientHeight: document.getElementById('editor').clientHeight})")

    def settled(self, length):
        """Waits for the answer for a text of `length` UTF-16 units, none pending."""
        return self.wait(
            "(() => { const d = document.getElementById('prediction').dataset;"
            f" return d.pending === 'false' && d.textLength === '{length}' && d.sequence; }})()",
            f"#prediction to answer for a text of length {length}")

    def set_controls(self, case):
        """Sets the controls as a user would (value, then the event the page listens to)."""
        self.js("""(() => {
          const c = %s;
          const set = (id, value, type) => {
            const e = document.getElementById(id);
            if (e.value === String(value)) return;
            e.value = String(value);
            e.dispatchEvent(new Event(type, {bubbles: true}));
          };
          set('font', c.font, 'change');
          set('language', c.language, 'input');
          set('size', c.size, 'input');
          set('width', c.width, 'input');
          set('line-height', c.lineHeight, 'input');
          set('white-space', c.whiteSpace || 'pre-wrap', 'change');
          set('word-break', c.wordBreak || 'normal', 'change');
          return true;
        })()""" % json.dumps(case))

    def type(self, text):
        """Selects the editor's text and types `text` over it with real input events."""
        self.js("(() => { const e = document.getElementById('editor'); e.focus(); e.select(); return true; })()")
        pieces = [text] if len(text) < 12 else [text[:len(text) // 3], text[len(text) // 3:2 * len(text) // 3],
                                                text[2 * len(text) // 3:]]
        for piece in pieces:
            self.browser.call("Input.insertText", text=piece)


def covered(browser, page, case):
    """True when Chromium draws every glyph of the text with the page's web font."""
    page.js("""(() => {
      let d = document.getElementById('coverage-probe');
      if (!d) {
        d = document.createElement('div');
        d.id = 'coverage-probe';
        d.className = 'measured';
        d.style.position = 'absolute'; d.style.left = '-10000px'; d.style.top = '0';
        document.body.append(d);
      }
      const c = %s;
      d.style.width = c.width + 'px';
      d.lang = c.language;
      d.textContent = c.text;
      return d.getBoundingClientRect().height;
    })()""" % json.dumps(case))
    root = browser.call("DOM.getDocument", depth=-1)["root"]
    node = browser.call("DOM.querySelector", nodeId=root["nodeId"], selector="#coverage-probe")["nodeId"]
    fonts = browser.call("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]
    return all(f.get("isCustomFont") for f in fonts), [f.get("familyName") for f in fonts]


def normal_line_height(server, font, size):
    """The font's line-height: normal at `size`, as the server measures it (one empty line)."""
    body = json.dumps({"text": "", "widths": [100],
                       "style": {"profile": "web", "bundledFont": font, "size": size, "lineHeight": "normal"}})
    request = urllib.request.Request(server.url + "/v1/measure", data=body.encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return math.ceil(json.loads(response.read())[0]["height"])


def screenshot(browser, path):
    data = browser.call("Page.captureScreenshot", format="png")["data"]
    pathlib.Path(path).write_bytes(base64.b64decode(data))


def run_playground(browser, server, cases, verbose):
    page = Page(browser)
    browser.navigate(server.url + "/")
    page.settled(page.js("document.getElementById('editor').value.length"))
    failures = []
    for number, case in enumerate(cases, 1):
        case["lineHeight"] = normal_line_height(server, case["font"], case["size"]) + case["extra"]
        page.set_controls(case)
        page.settled(page.js("document.getElementById('editor').value.length"))
        before = int(page.js("document.getElementById('prediction').dataset.sequence"))
        text = case["text"].replace("\r\n", "\n").replace("\r", "\n")
        length = utf16_length(text)
        page.type(text)
        page.wait("(() => { const d = document.getElementById('prediction').dataset;"
                  f" return d.pending === 'false' && d.textLength === '{length}' && +d.sequence > {before}; }})()",
                  f"#prediction to answer for text {case['id']}")
        p = page.prediction()
        ok_cover, families = covered(browser, page, case)
        problems = []
        if p["value"] != text:
            problems.append("the editor does not hold the text typed")
        if not ok_cover:
            problems.append(f"Chromium fell back to another font ({families}): pick another text")
        if p.get("error"):
            problems.append(f"the server answered an error: {p['error']}")
        lines = int(p.get("lines") or -1)
        browser_lines = int(p.get("browserLines") or -2)
        if lines != browser_lines:
            problems.append(f"predicted {lines} lines, the browser draws {browser_lines}")
        if p["scrollHeight"] > p["clientHeight"]:
            problems.append(f"the textarea overflows: scrollHeight {p['scrollHeight']} > clientHeight {p['clientHeight']}")
        if p["clientHeight"] != lines * case["lineHeight"]:
            problems.append(f"the textarea is {p['clientHeight']} px tall, not {lines} x {case['lineHeight']}")
        if p.get("agrees") != "true" or p.get("overflows") != "false":
            problems.append(f"the page marks a difference (data-agrees={p.get('agrees')}, "
                            f"data-overflows={p.get('overflows')})")
        status = "ok" if not problems else "FAIL"
        if verbose or problems:
            print(f"  {number:2} {case['id']:<12} {case['font']:<31} {case['size']:>2}px/{case['lineHeight']}px "
                  f"w{case['width']:<4} {lines} lines, browser {browser_lines}: {status}"
                  + ("".join(f"\n       {x}" for x in problems)))
        if problems:
            failures.append((case, problems))
    return failures


def run_chat(browser, server):
    browser.navigate(server.url + "/chat")
    page = Page(browser)
    page.wait("document.getElementById('chat-status').dataset.state !== 'loading'", "the chat thread")
    state = page.js("({...document.getElementById('chat-status').dataset})")
    if state.get("state") != "ready":
        message = page.js("document.getElementById('chat-status').textContent")
        return [f"the chat thread did not load: {message}"]
    # Scroll to the end, a screen at a time, so that every bubble is drawn and checked.
    page.js("""new Promise(resolve => {
      const t = document.getElementById('thread');
      const step = () => {
        if (t.scrollTop + t.clientHeight >= t.scrollHeight - 1) { t.scrollTop = 0; return setTimeout(resolve, 50); }
        t.scrollTop += t.clientHeight;
        requestAnimationFrame(() => requestAnimationFrame(step));
      };
      step();
    })""")
    page.wait("(() => { const d = document.getElementById('chat-status').dataset;"
              " return d.checked === d.messages; })()", "every bubble to be drawn and checked")
    state = page.js("({...document.getElementById('chat-status').dataset})")
    problems = []
    if state.get("outlined") != "0":
        problems.append(f"{state.get('outlined')} of {state.get('messages')} bubbles outlined")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default=str(ROOT / "Server/.build/debug/autoheight-server"))
    parser.add_argument("--count", type=int, default=50, help="texts to type (default 50)")
    parser.add_argument("--screenshots", help="save playground.png and playground-chat.png here")
    parser.add_argument("--chromium", help="browser binary (default: chromium on PATH)")
    parser.add_argument("--white-space", default="pre-wrap", choices=("pre-wrap", "break-spaces", "normal"),
                        help="the page's white-space for every text (default pre-wrap; a Chromium textarea "
                             "keeps pre-wrap whatever its white-space, so normal differs by design)")
    parser.add_argument("--word-break", default="normal", choices=("normal", "break-all", "keep-all"),
                        help="the page's word-break for every text (default normal)")
    parser.add_argument("--verbose", action="store_true", help="a line per text")
    args = parser.parse_args()
    started = time.monotonic()
    cases = pick_texts(args.count)
    for case in cases:
        case["whiteSpace"], case["wordBreak"] = args.white_space, args.word_break
    server = Server(args.server)
    failures = []
    chat_problems = []
    try:
        browser = Chromium(args.chromium)
        try:
            browser.call("Emulation.setDeviceMetricsOverride", width=900, height=600, deviceScaleFactor=1,
                         mobile=False)
            browser.call("DOM.enable")
            browser.call("CSS.enable")
            failures = run_playground(browser, server, cases, args.verbose)
            chat_problems = run_chat(browser, server)
            if args.screenshots:
                directory = pathlib.Path(args.screenshots)
                directory.mkdir(parents=True, exist_ok=True)
                screenshot(browser, directory / "playground-chat.png")
                browser.navigate(server.url + "/")
                page = Page(browser)
                page.settled(page.js("document.getElementById('editor').value.length"))
                page.js("document.getElementById('editor').focus(), true")
                screenshot(browser, directory / "playground.png")
            version = browser.version.get("product", "chromium")
        finally:
            browser.close()
    finally:
        status = server.stop()
    scripts = sorted({c["id"].split("-")[0] for c in cases})
    agreed = len(cases) - len(failures)
    print(f"playground: {agreed} of {len(cases)} texts ({', '.join(scripts)}) typed into #editor: "
          f"the predicted line count is the browser's and the textarea does not overflow"
          f"{'' if not failures else ' — ' + str(len(failures)) + ' FAILED'}; {version}")
    print("chat: " + ("every bubble fills exactly its predicted height" if not chat_problems
                      else "; ".join(chat_problems)))
    if status != 0:
        print(f"the server exited with {status} after SIGTERM")
    print(f"{time.monotonic() - started:.1f} s")
    return 1 if failures or chat_problems or status != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
