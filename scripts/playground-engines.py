#!/usr/bin/python3
"""The playground (GET / of autoheight-server) in Firefox or WebKit: its browser control must
start at the engine it runs in, and each prediction must equal that browser's own line count.

A maintainers' check beside scripts/playground-test.py (Chromium, in CI): it drives the engine
through scripts/browser-oracle/measure_engines.py (Firefox over Marionette, WebKitGTK under Xvfb;
run with Debian's /usr/bin/python3, `apt-get install firefox-esr gir1.2-webkit2-4.1 python3-gi
xvfb`). Texts: COUNT random texts (seeded) of the engine's committed fixture
(Tests/AutoHeightTests/Fixtures/browser-agreement-ENGINE.jsonl, Thai left out in Firefox: Gecko's
Thai segmenter, docs/browser-agreement.md), each at its narrowest covered width, 16 px, its font.
The text is set as the editor's value with an input event (Marionette has no text input).

  scripts/playground-engines.py --engine firefox --server Server/.build/debug/autoheight-server
"""
import argparse, json, os, random, socket, subprocess, sys, time

HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(HERE, "browser-oracle"))
from measure_engines import DRIVERS  # noqa: E402

SET_CONTROLS = """(() => { const c = %s; const set = (id, v, t) => { const e = document.getElementById(id);
  if (e.value === String(v)) return; e.value = String(v); e.dispatchEvent(new Event(t, {bubbles: true})); };
  set('font', c.font, 'change'); set('language', c.language, 'input'); set('size', c.size, 'input');
  set('width', c.width, 'input'); return true; })()"""
SET_TEXT = """(() => { const e = document.getElementById('editor'); e.value = %s;
  e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True, choices=["firefox", "webkit"])
    ap.add_argument("--server", default=os.path.join(HERE, "..", "Server", ".build", "debug", "autoheight-server"))
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--port", type=int, default=18931)
    a = ap.parse_args()
    fixture = os.path.join(HERE, "..", "Tests", "AutoHeightTests", "Fixtures", f"browser-agreement-{a.engine}.jsonl")
    records = [json.loads(line) for line in open(fixture, encoding="utf-8")]
    records = [r for r in records if len(r["text"]) < 600 and not (a.engine == "firefox" and r["file"] == "th")]
    random.seed(a.seed)
    picked = random.sample(records, min(a.count, len(records)))
    server = subprocess.Popen([a.server, "--port", str(a.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", a.port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        driver = DRIVERS[a.engine]()
        driver.navigate(f"http://127.0.0.1:{a.port}/")
        time.sleep(1.5)
        control = driver.evaluate("document.getElementById('browser').value")
        if control != a.engine:
            sys.exit(f"the browser control says {control!r} in {driver.version}")
        differ = []
        for record in picked:
            width = min(int(w) for w in record["lines"])
            case = {"font": record["font"], "language": record["language"], "size": 16, "width": width}
            driver.evaluate(SET_CONTROLS % json.dumps(case))
            time.sleep(0.3)
            driver.evaluate(SET_TEXT % json.dumps(record["text"]))
            length = len(record["text"].encode("utf-16-le")) // 2
            for _ in range(400):
                answer = driver.evaluate("({...document.getElementById('prediction').dataset})")
                if (answer.get("pending") == "false" and answer.get("textLength") == str(length)
                        and answer.get("browserLines")):
                    break
                time.sleep(0.05)
            else:
                sys.exit(f"{record['id']}: no answer")
            if answer["lines"] != answer["browserLines"]:
                differ.append(f"{record['id']}@{width}: predicted {answer['lines']}, {a.engine} {answer['browserLines']}")
        print(f"{driver.version}: {len(picked) - len(differ)} of {len(picked)} predictions equal the browser's own count")
        for line in differ:
            print("  " + line)
        sys.exit(1 if differ else 0)
    finally:
        if driver:
            driver.close()
        server.terminate()


main()
