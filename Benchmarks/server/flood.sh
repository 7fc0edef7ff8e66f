#!/usr/bin/env bash
# One visitor cannot slow the others (issue 43). A victim (wrk -t1 -c16) asks for a link's cached
# iPhone page while one client floods the server, and a probe asks for /healthz every 50 ms:
#   - qr:  32 connections on /{code}/qr.png and qr.svg with a random size (1-40) and margin
#          (0-8) per request, so most requests ask for an image not drawn yet;
#   - utm: 64 connections on /{code} as a desktop browser with a new utm_source per request,
#          so every request misses the rendered-page cache (the desktop page holds a QR code).
# Each flood runs between two quiet rounds; prints the victim's req/s quiet and under the flood,
# their ratio (goal: at least 0.5), the flood's own answers, and /healthz's worst time (goal: under
# 1 s). FLOOD_CONNECTIONS sets both floods' connections (16: as many as the victim's, which shows
# how the server shares itself per connection). Release build; BENCH_BIN names another deeplink
# to measure (before and after).
#
#   Benchmarks/server/flood.sh
#   DURATION=8s BENCH_BIN=/path/to/old/deeplink Benchmarks/server/flood.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
DURATION=${DURATION:-8s} CONNECTIONS=16 THREADS=1
source Benchmarks/server/common.sh

start_server "$WORK/flood.sqlite"
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
DESKTOP="Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"
victim="http://127.0.0.1:$PORT/$CODE"
curl -fs -A "$IPHONE" "$victim" >/dev/null

cat >"$WORK/qr.lua" <<LUA
math.randomseed(os.time())
request = function()
  local format = math.random(2) == 1 and "png" or "svg"
  return wrk.format("GET", "/$CODE/qr." .. format .. "?size=" .. math.random(40) .. "&margin=" .. math.random(0, 8))
end
LUA
cat >"$WORK/utm.lua" <<LUA
counter = 0
setup = function(thread) thread:set("id", tostring(math.random(1000000))) end
request = function()
  counter = counter + 1
  return wrk.format("GET", "/$CODE?utm_source=s" .. id .. "x" .. counter, {["User-Agent"] = "$DESKTOP"})
end
LUA

# Asks for /healthz every 50 ms until killed; prints the worst time in ms on exit.
probe() {
    python3 - "$PORT" >"$WORK/probe.out" <<'PY' &
import http.client, signal, sys, time
port = int(sys.argv[1])
worst, count = 0.0, 0
def report(*_):
    print(f"{worst:.1f} {count}")
    sys.exit(0)
signal.signal(signal.SIGTERM, report)
while True:
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        connection.close()
    except Exception:
        pass
    worst = max(worst, (time.perf_counter() - started) * 1000)
    count += 1
    time.sleep(0.05)
PY
    PROBE=$!
}

victim_rps() { measure "$victim" -H "User-Agent: $IPHONE" | awk '{print $1}'; }

printf '%-6s %12s %12s %7s %14s %16s\n' flood "quiet req/s" "flooded" ratio "flood answers" "/healthz worst"
for flood in qr utm; do
    quiet_before=$(victim_rps)
    flood_connections=${FLOOD_CONNECTIONS:-$([[ $flood == qr ]] && echo 32 || echo 64)}
    wrk -t1 -c"$flood_connections" -d"$DURATION" -s "$WORK/$flood.lua" "http://127.0.0.1:$PORT/" >"$WORK/$flood.out" &
    flooder=$!
    probe
    flooded=$(victim_rps)
    wait "$flooder"
    kill -TERM "$PROBE"
    wait "$PROBE" || true
    health=$(cat "$WORK/probe.out")
    quiet_after=$(victim_rps)
    flood_answers=$(awk '/Requests\/sec/ {print $2}' "$WORK/$flood.out")
    python3 - "$flood" "$quiet_before" "$quiet_after" "$flooded" "$flood_answers" "$health" <<'PY'
import sys
flood, before, after, flooded, answers, health = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
quiet = (before + after) / 2
ratio = flooded / quiet
worst = health.split()[0] if health.strip() else "?"
print(f"{flood:<6} {quiet:12.0f} {flooded:12.0f} {ratio:7.2f} {answers + ' req/s':>14} {worst + ' ms':>16}")
print(f"       goal: ratio at least 0.5 {'met' if ratio >= 0.5 else 'NOT met'}; /healthz under 1 s "
      f"{'met' if worst != '?' and float(worst) < 1000 else 'NOT met'}")
PY
done
