#!/usr/bin/env bash
# Compares two builds of deeplink on the cached `GET /{code}` (an iPhone's landing page) and the
# AASA route, SQLite, in interleaved rounds, so the machine's drift falls on both alike. Each
# round starts each server on a fresh database with one link, warms it for DURATION, then measures.
#
#   git stash; swift build -c release --product deeplink --traits PostgreSQL; cp .build/release/deeplink /tmp/deeplink-old
#   git stash pop; swift build -c release --product deeplink --traits PostgreSQL
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

BENCH_BIN=$OLD source Benchmarks/server/common.sh

printf '%-6s %-5s %12s %9s %12s %9s\n' round build "GET req/s" "p99 ms" "AASA req/s" "p99 ms"
declare -A total
for round in $(seq 1 "$ROUNDS"); do
    for build in old new; do
        BIN=$OLD
        [[ $build == new ]] && BIN=$NEW
        start_server "$WORK/$round-$build.sqlite"
        measure "http://127.0.0.1:$PORT/$CODE" -H "Host: shop.example.com" -H "User-Agent: $IPHONE" >/dev/null
        read -r get _ get_p99 _ < <(measure "http://127.0.0.1:$PORT/$CODE" -H "Host: shop.example.com" -H "User-Agent: $IPHONE")
        read -r aasa _ aasa_p99 _ < <(measure "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" -H "Host: shop.example.com")
        kill "$PID"
        wait "$PID" 2>/dev/null || true
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
