#!/usr/bin/env bash
# Load test of autoheight-server on loopback (the tables in docs/service.md):
#  1. wrk, keep-alive, CONNECTIONS connections, each request one 60-character message (1,000
#     distinct ones cut from bindings/fixtures/corpus.jsonl, rotated) at one width, POST /v1/measure;
#  2. POST /v1/measure/batch with RECORDS corpus records at two widths, against
#     `autoheight measure --jsonl-input - --jobs 2` on the same records (outputs compared).
# Needs the release builds (make server build); installs wrk when missing. Loopback only.
# Environment: DURATION (30s), CONNECTIONS (64), THREADS (wrk threads, 1), WORKERS (server, 2),
# RECORDS (100000), ROUNDS (3: each batch timing is the best of ROUNDS), SOAK (seconds: when
# set, then SOAK seconds of the same wrk load, a batch of 5,062 corpus records each minute, and
# the server's resident size, peak and file descriptors printed each minute).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-1}
WORKERS=${WORKERS:-2}
RECORDS=${RECORDS:-100000}
ROUNDS=${ROUNDS:-3}
SERVER=Server/.build/release/autoheight-server
CLI=.build/release/autoheight
for binary in "$SERVER" "$CLI"; do
    [[ -x $binary ]] || { echo "load-test-server: $binary missing: run make server build" >&2; exit 1; }
done
if ! command -v wrk >/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then apt-get install -y wrk >/dev/null; else sudo apt-get install -y wrk >/dev/null; fi
fi
work=$(mktemp -d)
server_pid=
cleanup() {
    [[ -n $server_pid ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The messages (a Lua table of request bodies) and the batch records.
python3 - "$work" "$RECORDS" <<'PY'
import json, sys
work, records = sys.argv[1], int(sys.argv[2])
texts = [json.loads(line)["text"] for line in open("bindings/fixtures/corpus.jsonl", encoding="utf-8")]
messages = []
for text in texts:
    flat = " ".join(text.split())
    if len(flat) >= 60:
        messages.append(flat[:60])
    if len(messages) == 1000:
        break
with open(f"{work}/measure.lua", "w", encoding="utf-8") as lua:
    lua.write("local bodies = {\n")
    for message in messages:
        lua.write("[==[" + json.dumps({"text": message, "widths": [240]}, ensure_ascii=False) + "]==],\n")
    lua.write("}\n")
    lua.write("""
local requests = {}
local next = 0
init = function(args)
    for index, body in ipairs(bodies) do
        requests[index] = wrk.format("POST", "/v1/measure", {["Content-Type"] = "application/json"}, body)
    end
end
request = function()
    next = next % #requests + 1
    return requests[next]
end
""")
with open(f"{work}/batch.jsonl", "w", encoding="utf-8") as out:
    for index in range(records):
        out.write(json.dumps({"id": index, "text": texts[index % len(texts)]}, ensure_ascii=False) + "\n")
PY

# Starts a server (extra arguments after the defaults), sets server_pid and url.
start_server() {
    : >"$work/server.log"
    "$SERVER" --port 0 --workers "$WORKERS" "$@" 2>"$work/server.log" &
    server_pid=$!
    port=
    for _ in $(seq 100); do
        port=$(grep -o '"port":"[0-9]*"' "$work/server.log" 2>/dev/null | grep -o '[0-9]*' || true)
        [[ -n $port ]] && break
        sleep 0.1
    done
    [[ -n $port ]] || { echo "load-test-server: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
    url="http://127.0.0.1:$port"
}
stop_server() {
    kill -TERM "$server_pid" && wait "$server_pid" || { echo "load-test-server: the server did not exit 0" >&2; exit 1; }
    server_pid=
}

echo "$(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
start_server
echo "server pid $server_pid on $url, --workers $WORKERS"

echo "== warm-up (5 s)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$work/measure.lua" "$url/v1/measure" >/dev/null
echo "== POST /v1/measure: one 60-character message per request, $CONNECTIONS connections, $DURATION"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$work/measure.lua" "$url/v1/measure"
echo "server: $(ps -o rss=,nlwp= -p "$server_pid" | awk '{printf "RSS %.1f MB, %d threads", $1/1024, $2}'), $(ls /proc/$server_pid/fd | wc -l) fds"

stop_server

seconds() { python3 -c "import sys; print(f'{float(sys.argv[1]):.2f}')" "$1"; }
best() { sort -n | head -1; }
# Cold against cold: each round a new server with the CLI's segment-cache size (16 MiB), so
# neither side starts with fonts loaded or words shaped; the CLI and the server alternate.
echo "== batch: $RECORDS corpus records at 2 widths, best of $ROUNDS (a new server each round)"
server_times=()
cli_times=()
for _ in $(seq "$ROUNDS"); do
    start_server --segment-cache-bytes 16777216
    start=$(date +%s.%N)
    curl -sS --fail -H 'Content-Type: application/x-ndjson' --data-binary "@$work/batch.jsonl" \
        "$url/v1/measure/batch?widths=240,320" -o "$work/server.jsonl"
    end=$(date +%s.%N)
    server_times+=("$(echo "$end - $start" | bc)")
    rss=$(ps -o rss= -p "$server_pid" | awk '{printf "%.1f MB", $1/1024}')
    stop_server
    start=$(date +%s.%N)
    "$CLI" measure --jsonl-input - --widths 240,320 -O jsonl --jobs 2 <"$work/batch.jsonl" >"$work/cli.jsonl"
    end=$(date +%s.%N)
    cli_times+=("$(echo "$end - $start" | bc)")
done
cmp "$work/server.jsonl" "$work/cli.jsonl" && echo "outputs identical ($(wc -l <"$work/cli.jsonl") lines)"
server_best=$(printf '%s\n' "${server_times[@]}" | best)
cli_best=$(printf '%s\n' "${cli_times[@]}" | best)
echo "server batch: $(seconds "$server_best") s ($(echo "$RECORDS / $server_best" | bc) records/s), RSS after $rss; runs: ${server_times[*]}"
echo "CLI --jobs 2: $(seconds "$cli_best") s ($(echo "$RECORDS / $cli_best" | bc) records/s); runs: ${cli_times[*]}"
echo "server / CLI throughput: $(echo "scale=2; $cli_best / $server_best" | bc)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if [[ -n ${SOAK:-} ]]; then
    echo "== soak: $SOAK s of wrk on /v1/measure, a 5,062-record batch each minute"
    head -5062 "$work/batch.jsonl" >"$work/soak.jsonl"
    start_server
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SOAK}s" --latency -s "$work/measure.lua" "$url/v1/measure" >"$work/soak-wrk.txt" &
    wrk_pid=$!
    for minute in $(seq 1 $((SOAK / 60))); do
        sleep 55
        curl -sS --fail --data-binary "@$work/soak.jsonl" "$url/v1/measure/batch?widths=240,320" -o /dev/null
        echo "minute $minute: RSS $(ps -o rss= -p "$server_pid" | tr -d ' ') KB, peak $(awk '/VmHWM/ {print $2}' /proc/"$server_pid"/status) KB, $(ls /proc/"$server_pid"/fd | wc -l) fds, load $(cut -d' ' -f1 /proc/loadavg)"
    done
    wait "$wrk_pid"
    cat "$work/soak-wrk.txt"
    stop_server
    echo "server exited 0 after SIGTERM"
fi
