#!/usr/bin/env bash
# Webhook deliveries that do not wait for each other (issue 43). A loopback receiver has three
# endpoints: /fast answers 204 at once, /silent never answers, /slow answers after 30 s. All three
# take link.created. 200 links are created in one bulk request; prints how long until the fast
# endpoint has all 200 (goal: within 20 s while the other two hold their slots). Then COUNT more
# links (default 2,000) and the fast endpoint's deliveries per second (goal: at least 300).
# Release build; BENCH_BIN names another deeplink to measure (before and after).
#
#   Benchmarks/server/webhooks.sh
#   COUNT=5000 BENCH_BIN=/path/to/old/deeplink Benchmarks/server/webhooks.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DURATION=1s CONNECTIONS=1 THREADS=1
COUNT=${COUNT:-2000}
source Benchmarks/server/common.sh

RECEIVER_PORT=$(free_port)
python3 - "$RECEIVER_PORT" <<'PY' &
import http.server, socketserver, sys, threading, time
port = int(sys.argv[1])
lock = threading.Lock()
fast = 0
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_GET(self):
        body = str(fast).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_POST(self):
        global fast
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/silent":
            time.sleep(3600)
        elif self.path == "/slow":
            time.sleep(30)
        else:
            with lock: fast += 1
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()
class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 256
Server(("127.0.0.1", port), Handler).serve_forever()
PY
PIDS+=("$!")

database="$WORK/webhooks.sqlite"
TOKEN=$("$BIN" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
PORT=$(free_port)
"$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level error --allow-private-webhook-urls \
    --writes-per-minute-per-key 100000000 --writes-per-minute-per-address 100000000 --connections-per-address 0 \
    2>"$WORK/serve.log" &
PIDS+=("$!")
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && curl -fs "http://127.0.0.1:$RECEIVER_PORT/" >/dev/null && break; sleep 0.1; done

api() { curl -fs -X "$1" "http://127.0.0.1:$PORT$2" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' "${@:3}"; }
for path in fast silent slow; do
    api POST /api/v1/webhooks -d "{\"url\": \"http://127.0.0.1:$RECEIVER_PORT/$path\", \"events\": [\"link.created\"]}" >/dev/null
done
# The server reads which event types some endpoint takes every 5 seconds.
sleep 6

# Creates links PREFIX-0 … PREFIX-(N-1), 1,000 per bulk request.
create_links() {
    local prefix=$1 count=$2
    python3 - "$prefix" "$count" >"$WORK/bulk-$prefix" <<'PY'
import json, sys
prefix, count = sys.argv[1], int(sys.argv[2])
for start in range(0, count, 1000):
    links = [{"code": f"{prefix}-{n}", "deepLink": f"shop://sales/{n}"} for n in range(start, min(count, start + 1000))]
    print(json.dumps({"links": links}))
PY
    while read -r body; do api POST /api/v1/links/bulk -d "$body" >/dev/null; done <"$WORK/bulk-$prefix"
}

# Waits until the fast endpoint has TARGET messages or LIMIT seconds passed; prints the seconds.
wait_for() {
    python3 - "$RECEIVER_PORT" "$1" "$2" "$3" <<'PY'
import sys, time, urllib.request
port, target, limit, started = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
while True:
    got = int(urllib.request.urlopen(f"http://127.0.0.1:{port}/").read())
    if got >= target or time.time() - started > limit: break
    time.sleep(0.02)
print(f"{time.time() - started:.2f} {got}")
PY
}

started=$(python3 -c 'import time; print(time.time())')
create_links isolation 200
read -r seconds got < <(wait_for 200 60 "$started")
echo "200 link.created with a silent and a 30 s endpoint: the fast endpoint had $got after $seconds s" \
    "(goal: all 200 within 20 s: $([[ $got -ge 200 ]] && python3 -c "import sys; print('met' if float(sys.argv[1]) <= 20 else 'NOT met')" "$seconds" || echo 'NOT met'))"

started=$(python3 -c 'import time; print(time.time())')
create_links throughput "$COUNT"
read -r seconds got < <(wait_for $((200 + COUNT)) 300 "$started")
python3 - "$COUNT" "$seconds" "$got" <<'PY'
import sys
count, seconds, got = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]) - 200
rate = got / seconds
print(f"{count} more link.created: {got} delivered to the fast endpoint in {seconds:.2f} s, {rate:.0f} deliveries/s "
      f"(goal: at least 300: {'met' if got >= count and rate >= 300 else 'NOT met'})")
PY
