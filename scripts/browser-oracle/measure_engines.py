#!/usr/bin/python3
"""AutoHeight's copy of ../shared/tools/browser-oracle/measure_engines.py (with marionette.py),
over this folder's measure.py (its page takes --css; here only through Oracle(css=...)).

Browser oracle in Firefox (Gecko) or WebKit (WebKitGTK): the same page, CSS and method as
measure.py (Chromium), line counts of texts in a real <textarea>.

The page, its CSS and its JavaScript are measure.py's own (PAGE and SCRIPT are imported from it,
the script is placed in a <script> element at the end of the page), served with the font from a
python http.server bound to 127.0.0.1 (Firefox does not load a file:// font into a file:// page:
each file is its own origin). For each text, `lines = round(textarea.scrollHeight / 20)` at each
width.

  --engine firefox   Debian's firefox-esr, headless, driven over Marionette (marionette.py), with
                     a fresh profile whose prefs are FIREFOX_PREFS below.
  --engine webkit    WebKitGTK (gir1.2-webkit2-4.1, python3-gi: run with Debian's
                     /usr/bin/python3) in a Gtk.OffscreenWindow on a private Xvfb display, with
                     GTK's font options set to no hinting (WEBKIT_GTK_SETTINGS below).

`covered`: Firefox and WebKit have no CSS.getPlatformFontsForNode. A text is covered when (1)
the Chromium oracle marked the same (id, width) covered (--covered-from: the expected-browser
file for the same corpus file) and (2) every code point of the text that is not Cc, Cf, Zl or Zp
is in the font's cmap (fontTools). Without --covered-from only (2) is used.

`--probe-fallback` checks that against the engine itself: the page gets a second font after
the oracle font, mapping every code point of the corpus to one wide blank glyph, in two widths;
a text whose width differs between them was (partly) drawn with a fallback font.

Output: one JSON object per text per width, in corpus order: {"id", "width", "lines", "covered"}
(with --line-ranges also "lineRanges", as in measure.py).

  measure_engines.py --engine firefox --corpus en.jsonl --font NotoSans-Regular.ttf \
      --language en --widths 120,200,320,560 --covered-from expected-browser/en.jsonl --out F
  measure_engines.py --engine webkit --sanity --font NotoSans-Regular.ttf --corpus en.jsonl
      # empty text, LF, CR LF, CR, a long word, textarea = div, unhinted advances; then exit
"""
import argparse, atexit, functools, http.server, json, os, pathlib, shutil, subprocess, sys
import tempfile, threading, time, unicodedata

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from measure import PAGE, SCRIPT, read_corpus, web_font  # noqa: E402

# Firefox prefs (user.js of a fresh profile). Each is recorded in settings.json by generate_engines.py.
FIREFOX_PREFS = {
    # gfxFT2FontBase::ShouldRoundXOffset() is false with this pref, so glyph advances are
    # FreeType's linearHoriAdvance (unhinted, fractional; Gecko then keeps each advance in app
    # units of 1/60 px) whatever hinting fontconfig asks for. Without it, fontconfig's
    # hintstyle medium/full would give hinted advances rounded to whole pixels (Debian's default
    # hintslight already gives unhinted ones; the pref makes it independent of the system).
    "gfx.text.subpixel-position.force-enabled": True,
    "gfx.text.subpixel-position.force-disabled": False,
    # one device pixel per CSS pixel, as headless Chromium (no system DPI guess)
    "layout.css.devPixelsPerPx": "1.0",
    # web fonts on, no minimum font size, no font inflation, no fingerprinting protection
    # (which would hide fonts and change metrics); all system fonts visible to fallback
    "browser.display.use_document_fonts": 1,
    "gfx.downloadable_fonts.enabled": True,
    "font.minimum-size.x-western": 0,
    "font.size.inflation.minTwips": 0,
    "font.size.inflation.emPerLine": 0,
    "privacy.resistFingerprinting": False,
    "privacy.fingerprintingProtection": False,
    "layout.css.font-visibility.standard": 3,
    "layout.css.font-visibility.private": 3,
    "layout.css.font-visibility.trackingprotection": 3,
    # no spell checking (the textarea has spellcheck=false anyway)
    "layout.spellcheckDefault": 0,
    # quiet automation profile
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.aboutwelcome.enabled": False,
    "extensions.autoDisableScopes": 0,
    "dom.disable_open_during_load": False,
}

# GtkSettings that WebKitGTK's UI process forwards to its web process (font options of the
# "screen"): antialiasing on, no hinting (so no hinted, rounded advances), grayscale, 96 dpi.
WEBKIT_GTK_SETTINGS = {
    "gtk-xft-antialias": 1,
    "gtk-xft-hinting": 0,
    "gtk-xft-hintstyle": "hintnone",
    "gtk-xft-rgba": "none",
    "gtk-xft-dpi": 96 * 1024,
}


class PageServer:
    """http.server on 127.0.0.1 (ephemeral port) serving one directory, in a thread."""

    def __init__(self, directory):
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def end_headers(self):
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

        handler = functools.partial(Quiet, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/{name}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def wrap(expression):
    """JavaScript that evaluates an expression, awaits it, and gives it back as JSON text."""
    return ("return Promise.resolve().then(() => (%s)).then("
            "v => JSON.stringify({value: v === undefined ? null : v}),"
            " e => JSON.stringify({error: String(e) + ' ' + String(e && e.stack)}));" % expression)


def unwrap(text, expression):
    reply = json.loads(text)
    if "error" in reply:
        raise RuntimeError(f"JavaScript error in {expression[:80]!r}: {reply['error']}")
    return reply["value"]


class FirefoxDriver:
    name = "firefox"

    def __init__(self, binary=None):
        from marionette import Firefox
        self.browser = Firefox(binary, prefs=FIREFOX_PREFS)
        self.browser.call("WebDriver:SetTimeouts", {"script": 600000, "pageLoad": 60000})
        self.version = "Firefox " + self.browser.version
        self.user_agent = self.evaluate("navigator.userAgent")

    def navigate(self, url):
        self.browser.navigate(url)

    def evaluate(self, expression):
        body = ("const done = arguments[arguments.length - 1]; "
                "(function () { %s })().then(done);" % wrap(expression))
        return unwrap(self.browser.execute_async(body), expression)

    def close(self):
        self.browser.close()


_XVFB = []  # one private Xvfb per process, for every WebKitDriver; stopped at exit


class WebKitDriver:
    name = "webkit"

    def __init__(self, binary=None):
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            self._start_xvfb()
        os.environ.setdefault("GDK_BACKEND", "x11")
        os.environ.setdefault("NO_AT_BRIDGE", "1")
        os.environ.setdefault("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
        if os.geteuid() == 0:  # bubblewrap cannot sandbox the web process as root in a container
            os.environ.setdefault("WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS", "1")
        import gi
        gi.require_version("Gtk", "3.0")
        gi.require_version("WebKit2", "4.1")
        gi.require_version("JavaScriptCore", "4.1")
        from gi.repository import GLib, Gtk, WebKit2
        self.GLib, self.Gtk, self.WebKit2 = GLib, Gtk, WebKit2
        Gtk.init([])
        gtk_settings = Gtk.Settings.get_default()
        for key, value in WEBKIT_GTK_SETTINGS.items():
            gtk_settings.set_property(key, value)
        self.view = WebKit2.WebView()
        settings = self.view.get_settings()
        settings.set_enable_javascript(True)
        settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        settings.set_minimum_font_size(0)
        settings.set_enable_write_console_messages_to_stdout(False)
        settings.set_enable_page_cache(False)
        self.window = Gtk.OffscreenWindow()
        self.window.set_default_size(1280, 1024)
        self.window.add(self.view)
        self.window.show_all()
        self.version = "WebKitGTK %d.%d.%d" % (WebKit2.get_major_version(),
                                               WebKit2.get_minor_version(),
                                               WebKit2.get_micro_version())
        self.navigate("about:blank")
        self.user_agent = self.evaluate("navigator.userAgent")

    @staticmethod
    def _start_xvfb():
        read, write = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten",
             "tcp", "-dpi", "96"], pass_fds=(write,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 64)
            if not chunk:
                raise RuntimeError("Xvfb did not start (apt-get install xvfb)")
            number += chunk
        os.close(read)
        os.environ["DISPLAY"] = ":" + number.decode().strip()
        _XVFB.append(xvfb)

        def stop():
            xvfb.terminate()
            xvfb.wait()
        atexit.register(stop)

    def _wait(self, predicate, timeout, what):
        context = self.GLib.MainContext.default()
        deadline = time.time() + timeout
        while not predicate():
            if time.time() > deadline:
                raise RuntimeError(f"WebKit: timed out waiting for {what}")
            context.iteration(True)

    def navigate(self, url):
        state = {"done": False, "error": None}

        def changed(view, event):
            if event == self.WebKit2.LoadEvent.FINISHED:
                state["done"] = True

        def failed(view, event, uri, error):
            state["error"] = f"{uri}: {error.message}"
            state["done"] = True
            return False

        handlers = [self.view.connect("load-changed", changed),
                    self.view.connect("load-failed", failed)]
        self.view.load_uri(url)
        try:
            self._wait(lambda: state["done"], 60, "page load")
        finally:
            for h in handlers:
                self.view.disconnect(h)
        if state["error"]:
            raise RuntimeError("WebKit could not load " + state["error"])

    def evaluate(self, expression):
        state = {}

        def finished(view, result, _data):
            try:
                state["value"] = view.call_async_javascript_function_finish(result).to_string()
            except Exception as e:  # GLib.Error
                state["error"] = str(e)

        self.view.call_async_javascript_function(wrap(expression), -1, None, None, None, None,
                                                 finished, None)
        self._wait(lambda: state, 600, "JavaScript")
        if "error" in state:
            raise RuntimeError(f"WebKit JavaScript: {state['error']}")
        return unwrap(state["value"], expression)

    def close(self):
        self.window.destroy()
        context = self.GLib.MainContext.default()
        while context.pending():
            context.iteration(False)


DRIVERS = {"firefox": FirefoxDriver, "webkit": WebKitDriver}

IGNORED_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


class Cmap:
    """Code points of a font's cmap; `covers(text)`: every code point that is not Cc, Cf, Zl or
    Zp is mapped (the same check measure.py's coverage was verified against)."""

    def __init__(self, font):
        from fontTools.ttLib import TTFont
        self.points = set(TTFont(font, lazy=True).getBestCmap())

    def covers(self, text):
        return all(ord(ch) in self.points or unicodedata.category(ch) in IGNORED_CATEGORIES
                   for ch in text)


PROBE_ADVANCES = (3000, 5000)  # font units per 1000-unit em: 3 em and 5 em


def probe_font(path, codepoints, advance):
    """A font whose one glyph (blank, `advance` units wide) every given code point maps to."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "probe"])
    fb.setupCharacterMap({cp: "probe" for cp in codepoints})
    fb.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "probe": TTGlyphPen(None).glyph()})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "probe": (advance, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": f"Probe{advance}", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(path)


PROBE_PAGE = """<style>
@font-face {{ font-family: "Probe{a}"; src: url("{url_a}"); font-display: block; }}
@font-face {{ font-family: "Probe{b}"; src: url("{url_b}"); font-display: block; }}
.probe {{ position: absolute; left: 0; top: 0; font-size: {size}px; white-space: pre;
  tab-size: 8; font-kerning: normal; font-synthesis: none; }}
</style>
<span id="probeA" class="probe" lang="{lang}" style='font-family: "OracleFont", "Probe{a}"'></span>
<span id="probeB" class="probe" lang="{lang}" style='font-family: "OracleFont", "Probe{b}"'></span>
<script>
window.probe = function (texts) {{
  const a = document.getElementById('probeA'), b = document.getElementById('probeB');
  return texts.map(t => {{
    a.textContent = b.textContent = t.replace(/[\\r\\n]/g, ' ');
    return Math.abs(a.getBoundingClientRect().width - b.getBoundingClientRect().width) > 0.01;
  }});
}};
</script>
"""


class Oracle:
    def __init__(self, engine, font, size, language, line_height, binary=None,
                 probe_codepoints=None, css=""):
        self.dir = tempfile.mkdtemp(prefix="browser-oracle-page-")
        self.server = None
        self.driver = None
        try:
            served = web_font(font, self.dir)
            name = "font-" + os.path.basename(served)
            shutil.copyfile(served, os.path.join(self.dir, name))
            self.server = PageServer(self.dir)
            page = PAGE.format(lang=language, font_url=self.server.url(name), size=size,
                               line_height=line_height, css=css,
                               line_height_css=f"{line_height}px",
                               textarea_height=f"{line_height}px")
            script = SCRIPT % {"line_height": line_height, "normal": "false"}
            page = page.replace("</body>", "<script>\n" + script + "</script>\n</body>")
            if probe_codepoints:  # diagnostic only: never in a page that measures lines
                urls = []
                for advance in PROBE_ADVANCES:
                    probe_font(os.path.join(self.dir, f"probe{advance}.ttf"), probe_codepoints,
                               advance)
                    urls.append(self.server.url(f"probe{advance}.ttf"))
                a, b = PROBE_ADVANCES
                page = page.replace("</body>", PROBE_PAGE.format(
                    a=a, b=b, url_a=urls[0], url_b=urls[1], size=size, lang=language)
                    + "</body>")
            pathlib.Path(self.dir, "oracle.html").write_text(page, encoding="utf-8")
            self.driver = DRIVERS[engine](binary)
            self.version = self.driver.version
            self.driver.navigate(self.server.url("oracle.html"))
            loaded = self.driver.evaluate(
                f"document.fonts.load('{size}px OracleFont').then(f => f.length, e => String(e))")
            if loaded != 1:
                raise SystemExit(f"{engine} could not load {font} through @font-face: {loaded}")
            if not self.driver.evaluate("typeof window.oracle === 'object'"):
                raise SystemExit(f"{engine}: the oracle script did not run")
            if probe_codepoints:
                for advance in PROBE_ADVANCES:
                    if self.driver.evaluate(f"document.fonts.load('{size}px Probe{advance}')"
                                            ".then(f => f.length, e => String(e))") != 1:
                        raise SystemExit(f"{engine} could not load the probe font")
            self.cmap = Cmap(font)
        except BaseException:
            self.close()
            raise

    def covered(self, text):
        return self.cmap.covers(text)

    def evaluate(self, expression):
        return self.driver.evaluate(expression)

    def measure(self, texts, widths, method="textarea", ranges=False):
        return self.driver.evaluate("oracle.run(%s, %s, %s, %s)" % (
            json.dumps(texts), json.dumps(widths), json.dumps(method), json.dumps(ranges)))

    def width(self, text):
        return self.driver.evaluate("oracle.width(%s)" % json.dumps(text))

    def fell_back(self, texts):
        """Per text: did the engine draw any character with the probe font (the next family
        after OracleFont), i.e. fall back? Needs probe_codepoints."""
        return self.driver.evaluate("probe(%s)" % json.dumps(texts))

    def close(self):
        if self.driver:
            self.driver.close()
        if self.server:
            self.server.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def load_covered(path):
    """(id, width) -> covered from a Chromium expected-browser file."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                o = json.loads(line)
                table[(o["id"], float(o["width"]))] = bool(o["covered"])
    return table


def probe_text(cmap):
    """A few letters of the font (its own script) for height checks."""
    letters = [cp for cp in sorted(cmap.points)
               if unicodedata.category(chr(cp)) == "Lo" or chr(cp).isalpha()]
    preferred = [cp for cp in letters if cp >= 0x370] or letters
    return "".join(chr(cp) for cp in preferred[:3]) or "a"


def sanity(oracle, font, size, widths, corpus=None, limit=50):
    """Engine checks; returns (report lines, all passed)."""
    from fontTools.ttLib import TTFont
    results, ok = [], True

    def check(name, passed, detail):
        nonlocal ok
        ok &= bool(passed)
        results.append({"check": name, "pass": bool(passed), **detail})

    for name, text, want in (("empty text = 1 line", "", 1), ("'a\\n' = 2 lines", "a\n", 2),
                             ("'a\\r\\nb' = 2 lines", "a\r\nb", 2),
                             ("'a\\rb' = 2 lines", "a\rb", 2), ("'a' = 1 line", "a", 1)):
        got = oracle.measure([text], widths)[0]["lines"]
        check(name, all(g == want for g in got), {"lines": got})
    # scrollHeight may exceed 20 px per line by the font's ascent + descent overflow of the first
    # or last line box (a constant, not per line): round() absorbs it while it is under 10 px
    heights = oracle.evaluate("[1, 2, 3].map(n => (oracle.ta.value = Array(n).fill(%s).join('\\n'),"
                              " oracle.ta.style.width = '560px', oracle.ta.scrollHeight))"
                              % json.dumps(probe_text(oracle.cmap)))
    extra = [h - 20 * n for n, h in zip((1, 2, 3), heights)]
    check("scrollHeight of 1, 2, 3 lines = 20 px each + a constant under 10 px",
          len(set(extra)) == 1 and 0 <= extra[0] < 10, {"scrollHeight": heights})
    letter = "x" if ord("x") in oracle.cmap.points else probe_text(oracle.cmap)[0]
    word = letter * 40
    w = oracle.width(word)
    got = oracle.measure([word], [120])[0]["lines"][0]
    check("a word wider than the box breaks", got > 1 and got >= w / 120,
          {"text": f"{letter!r} x 40", "width_px": round(w, 3), "lines@120": got})
    three = None
    if corpus:  # the first text of the corpus, in the font alone, that is 3 lines at 120 px
        for record in list(read_corpus(corpus))[:300]:
            if oracle.covered(record["text"]) and \
                    oracle.measure([record["text"]], [120])[0]["lines"][0] == 3:
                three = record["text"]
                break
    if three is None and ord("q") in oracle.cmap.points:
        three = "The quick brown fox jumps over"  # The quick | brown fox | jumps over
    if three is not None:
        ta = oracle.measure([three], [120])[0]["lines"][0]
        div = oracle.measure([three], [120], "div")[0]["lines"][0]
        check("a 3-line text at 120 px: textarea = div = 3", ta == div == 3,
              {"text": three[:40], "textarea": ta, "div": div})
    # unhinted fractional advances: ten 'm' against hmtx
    # (a letter that does not join or kern with itself: m, alef, alef, ka, ko kai, ga)
    tt = TTFont(font, lazy=True)
    cmap = tt.getBestCmap()
    char = next((c for c in "m\u0627\u05d0\u0915\u0e01\uac00" if ord(c) in cmap), None)
    if char:
        design = 10 * tt["hmtx"][cmap[ord(char)]][0] * size / tt["head"].unitsPerEm
        got = oracle.width(char * 10)
        check(f"10 x {char!r} width vs hmtx (unhinted advances)", abs(got - design) < 0.1,
              {"width_px": round(got, 4), "hmtx_px": round(design, 4)})
    if corpus:
        # texts the font covers alone (fallback fonts with other ascents can make a div's line
        # boxes taller than 20 px, which the textarea's rounding does not see)
        records = [r for r in read_corpus(corpus) if oracle.covered(r["text"])][:limit]
        texts = [r["text"] for r in records]
        a = oracle.measure(texts, widths, "textarea")
        b = oracle.measure(texts, widths, "div")
        diff = [(r["id"], w, x, y) for r, ra, rb in zip(records, a, b)
                for w, x, y in zip(widths, ra["lines"], rb["lines"]) if x != y]
        check(f"--method div = textarea on {len(texts)} texts of {os.path.basename(corpus)}",
              not diff, {"cases": len(texts) * len(widths), "differ": diff[:5],
                         "differ_count": len(diff)})
    return results, ok


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", choices=sorted(DRIVERS), required=True)
    p.add_argument("--corpus")
    p.add_argument("--font", required=True, help="a single-face .ttf/.otf file")
    p.add_argument("--face", type=int, default=0, help="only 0: @font-face cannot pick a face")
    p.add_argument("--size", type=float, default=16)
    p.add_argument("--language", default="en", help="the html lang attribute")
    p.add_argument("--widths", default="120,200,320,560")
    p.add_argument("--line-height", type=float, default=20)
    p.add_argument("--method", choices=("textarea", "div"), default="textarea")
    p.add_argument("--line-ranges", action="store_true", help="add the div's line ranges")
    p.add_argument("--ids", help="comma-separated ids to measure (default: all)")
    p.add_argument("--batch", type=int, default=50, help="texts per JavaScript call")
    p.add_argument("--covered-from", help="Chromium's expected-browser file for this corpus")
    p.add_argument("--sanity", action="store_true",
                   help="run the engine checks (with --corpus: also textarea = div on "
                        "--sanity-texts texts) and exit")
    p.add_argument("--sanity-texts", type=int, default=50)
    p.add_argument("--probe-fallback", action="store_true",
                   help="diagnostic: instead of line counts, write {id, covered, fellBack} per "
                        "text, fellBack from a second page font that maps every code point of "
                        "the corpus to one wide blank glyph (the engine's own fallback decision)")
    p.add_argument("--out", help="output file (default stdout)")
    p.add_argument("--binary", help="firefox binary (default: firefox-esr on PATH)")
    a = p.parse_args()
    if a.face != 0:
        raise SystemExit("only face 0 of a single-face font file is supported")
    widths = [float(w) if "." in w else int(w) for w in a.widths.split(",")]
    started = time.time()
    probe_codepoints = None
    if a.probe_fallback:
        if not a.corpus:
            raise SystemExit("--probe-fallback needs --corpus")
        # not the controls (tab, LF, CR): spacing and line ends, never drawn with a glyph (a tab
        # in the probe font's cmap was checked to change nothing)
        probe_codepoints = sorted({ord(ch) for r in read_corpus(a.corpus) for ch in r["text"]
                                   if unicodedata.category(ch) != "Cc"})
    oracle = Oracle(a.engine, a.font, a.size, a.language, a.line_height, a.binary,
                    probe_codepoints)
    try:
        if a.sanity:
            results, ok = sanity(oracle, a.font, a.size, widths, a.corpus, a.sanity_texts)
            for r in results:
                print(json.dumps(r, ensure_ascii=False))
            print(f"{oracle.version}: {'all checks pass' if ok else 'CHECKS FAILED'}",
                  file=sys.stderr)
            raise SystemExit(0 if ok else 1)
        if not a.corpus:
            raise SystemExit("--corpus is required")
        ids = set(a.ids.split(",")) if a.ids else None
        records = list(read_corpus(a.corpus, ids))
        chromium = load_covered(a.covered_from) if a.covered_from else None
        if a.probe_fallback:
            out = open(a.out, "w", encoding="utf-8") if a.out else sys.stdout
            disagree = 0
            for start in range(0, len(records), a.batch):
                batch = records[start:start + a.batch]
                for record, fell in zip(batch, oracle.fell_back([r["text"] for r in batch])):
                    covered = oracle.covered(record["text"])
                    if chromium is not None:
                        covered = covered and all(v for (i, _), v in chromium.items()
                                                  if i == record["id"])
                    disagree += covered == fell
                    out.write(json.dumps({"id": record["id"], "covered": covered,
                                          "fellBack": fell}) + "\n")
            if out is not sys.stdout:
                out.close()
            print(f"{os.path.basename(a.corpus)}: {len(records)} texts, covered and the "
                  f"engine's own fallback disagree on {disagree}, {oracle.version}",
                  file=sys.stderr)
            return
        missing = uncovered = 0
        out = open(a.out, "w", encoding="utf-8") if a.out else sys.stdout
        try:
            for start in range(0, len(records), a.batch):
                batch = records[start:start + a.batch]
                results = oracle.measure([r["text"] for r in batch], widths, a.method,
                                         a.line_ranges)
                for record, result in zip(batch, results):
                    cmap = oracle.covered(record["text"])
                    any_uncovered = not cmap
                    for index, width in enumerate(widths):
                        covered = cmap
                        if chromium is not None:
                            key = (record["id"], float(width))
                            if key in chromium:
                                covered = covered and chromium[key]
                            else:
                                missing += 1
                        any_uncovered |= not covered
                        o = {"id": record["id"], "width": width,
                             "lines": result["lines"][index], "covered": covered}
                        if a.line_ranges:
                            o["lineRanges"] = [r[1:] for r in result["ranges"][index]]
                        out.write(json.dumps(o, ensure_ascii=False) + "\n")
                    uncovered += any_uncovered
        finally:
            if out is not sys.stdout:
                out.close()
        note = f", {missing} cases not in --covered-from (cmap only)" if missing else ""
        print(f"{os.path.basename(a.corpus)}: {len(records)} texts x {len(widths)} widths, "
              f"{uncovered} texts not covered{note}, {time.time() - started:.1f} s, "
              f"{oracle.version}", file=sys.stderr)
    finally:
        oracle.close()


if __name__ == "__main__":
    main()
