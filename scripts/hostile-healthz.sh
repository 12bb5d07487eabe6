#!/usr/bin/env bash
# /healthz latency while hostile clients hit autoheight-server (docs/service.md): for DURATION
# seconds, in parallel and over and over, slow-loris bodies (one byte every 200 ms), 100 MB
# bodies, invalid UTF-8, JSON nested 100,000 deep, 10,000 widths and a font path outside the
# allowed directories, while /healthz is polled every 50 ms. Prints each hostile client's
# statuses, then the polls' count, statuses and latency percentiles. Loopback only; needs the
# release server (make server) and curl.
#   scripts/hostile-healthz.sh [DURATION (20)]
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-20}
SERVER=Server/.build/release/autoheight-server
[[ -x $SERVER ]] || { echo "hostile-healthz: $SERVER missing: run make server" >&2; exit 1; }
work=$(mktemp -d)
server_pid=
cleanup() {
    jobs -p | xargs -r kill 2>/dev/null || true
    [[ -n $server_pid ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

"$SERVER" --port 0 --request-timeout 2 2>"$work/log" &
server_pid=$!
for _ in $(seq 100); do
    port=$(sed -n 's/.*"port":\([0-9]*\).*/\1/p; s/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/log" | head -1)
    [[ -n $port ]] && break
    sleep 0.1
done
[[ -n ${port:-} ]] || { echo "hostile-healthz: the server did not start" >&2; cat "$work/log" >&2; exit 1; }
url=http://127.0.0.1:$port

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
open(f"{work}/nested.json", "w").write('{"text": "x", "widths": [240], "style": ' + "[" * 100000 + "]" * 100000 + "}")
open(f"{work}/widths.json", "w").write(json.dumps({"text": "hello", "widths": list(range(1, 10001))}))
open(f"{work}/font.json", "w").write(json.dumps({"text": "hello", "widths": [240], "style": {"fontFile": "/etc/passwd"}}))
with open(f"{work}/utf8.json", "wb") as out:
    out.write(b'{"text": "caf\xc3 \xff", "widths": [240]}')
PY
head -c 104857600 /dev/zero >"$work/big.bin"

end=$((SECONDS + DURATION))
hostile() {  # name, then curl's arguments; records each answer's status
    local name=$1
    shift
    while ((SECONDS < end)); do
        curl -s -o /dev/null -w '%{http_code}\n' --max-time 10 "$@" >>"$work/$name.status" 2>/dev/null || echo "closed" >>"$work/$name.status"
    done
}
slow_loris() {  # a body announced as 1,000 bytes, sent one byte every 200 ms
    while ((SECONDS < end)); do
        python3 - "$port" >>"$work/slow-loris.status" <<'PY' || true
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
s.settimeout(0.2)
answer = b""
for _ in range(100):
    try:
        s.sendall(b" ")
    except OSError:
        break
    try:
        answer = s.recv(200)
        if answer:
            break
    except socket.timeout:
        pass
print(answer.split(b" ")[1].decode() if answer.startswith(b"HTTP/") else "closed")
PY
    done
}
for _ in 1 2 3; do slow_loris & done
hostile big -H 'Content-Type: application/json' --data-binary @"$work/big.bin" "$url/v1/measure" &
hostile utf8 --data-binary @"$work/utf8.json" "$url/v1/measure" &
hostile nested --data-binary @"$work/nested.json" "$url/v1/measure" &
hostile widths --data-binary @"$work/widths.json" "$url/v1/measure" &
hostile font --data-binary @"$work/font.json" "$url/v1/measure" &

while ((SECONDS < end)); do
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' --max-time 5 "$url/healthz" >>"$work/healthz" || echo "failed 5" >>"$work/healthz"
    sleep 0.05
done
wait "$(jobs -p | grep -v "^$server_pid$" | head -1)" 2>/dev/null || true
sleep 1

for name in slow-loris big utf8 nested widths font; do
    printf '%-11s %s\n' "$name" "$(sort "$work/$name.status" 2>/dev/null | uniq -c | tr -s ' ' | tr '\n' ';')"
done
python3 - "$work/healthz" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
times = sorted(float(t) * 1000 for _, t in rows)
statuses = {}
for status, _ in rows:
    statuses[status] = statuses.get(status, 0) + 1
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
print(f"healthz: {len(rows)} polls, statuses {statuses}, p50 {pick(0.5):.1f} ms, "
      f"p99 {pick(0.99):.1f} ms, max {times[-1]:.1f} ms")
PY
