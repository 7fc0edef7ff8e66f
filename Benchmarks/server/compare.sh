#!/usr/bin/env bash
# Compares two builds of deeplink on the cached `GET /{code}` (an iPhone's landing page) and the
# AASA route, SQLite, in interleaved rounds, so the machine's drift falls on both alike. Each
# round starts each server on a fresh database with one link, warms it for DURATION, then measures.
#
#   git stash; swift build -c release --product deeplink; cp .build/release/deeplink /tmp/deeplink-old
#   git stash pop; swift build -c release --product deeplink
#   Benchmarks/server/compare.sh /tmp/deeplink-old .build/release/deeplink
#
# Environment: DURATION (default 10s), CONNECTIONS (64), THREADS (2), ROUNDS (4).
set -euo pipefail
cd "$(dirname "$0")/../.."
OLD=$1
NEW=$2
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-4}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }

WORK=$(mktemp -d)
PID=
cleanup() {
    [[ -n "$PID" ]] && kill "$PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# Starts a build on a fresh database with link `bench`; sets PORT and PID.
start() {
    local bin=$1 database
    database="$WORK/$RANDOM$RANDOM.sqlite"
    local token
    token=$("$bin" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    PORT=$(free_port)
    "$bin" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 2>>"$WORK/serve.log" &
    PID=$!
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    curl -fs -X POST "http://127.0.0.1:$PORT/api/v1/links" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d '{"code": "bench", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"}, "preview": {"title": "Spring sale"}}' >/dev/null
}

# Prints "requests/s p99_ms".
measure() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "Host: shop.example.com" "$@" | python3 -c '
import re, sys
text = sys.stdin.read()
m = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
print(f"{rps:.0f} {p99:.2f}")'
}

printf '%-6s %-5s %12s %9s %12s %9s\n' round build "GET req/s" "p99 ms" "AASA req/s" "p99 ms"
declare -A total
for round in $(seq 1 "$ROUNDS"); do
    for build in old new; do
        bin=$OLD
        [[ $build == new ]] && bin=$NEW
        start "$bin"
        measure -H "User-Agent: $IPHONE" "http://127.0.0.1:$PORT/bench" >/dev/null
        read -r get get_p99 < <(measure -H "User-Agent: $IPHONE" "http://127.0.0.1:$PORT/bench")
        read -r aasa aasa_p99 < <(measure "http://127.0.0.1:$PORT/.well-known/apple-app-site-association")
        kill "$PID"
        wait "$PID" 2>/dev/null || true
        PID=
        printf '%-6s %-5s %12s %9s %12s %9s\n' "$round" "$build" "$get" "$get_p99" "$aasa" "$aasa_p99"
        total[$build-get]=$((${total[$build-get]:-0} + get))
        total[$build-aasa]=$((${total[$build-aasa]:-0} + aasa))
    done
done
python3 - "${total[old-get]}" "${total[new-get]}" "${total[old-aasa]}" "${total[new-aasa]}" "$ROUNDS" <<'PY'
import sys
og, ng, oa, na, rounds = (int(v) for v in sys.argv[1:])
print(f"mean GET /{{code}}: old {og / rounds:.0f}, new {ng / rounds:.0f} req/s (new ÷ old {ng / og:.2f})")
print(f"mean AASA:         old {oa / rounds:.0f}, new {na / rounds:.0f} req/s (new ÷ old {na / oa:.2f})")
PY
