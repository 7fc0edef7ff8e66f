#!/usr/bin/env bash
# Compares builds of deeplink with a bare Hummingbird app (the framework's ceiling: the same bytes
# from memory, no middleware) on the cached `GET /{code}` (an iPhone's landing page) and the AASA
# route, SQLite, in interleaved rounds, so the machine's drift falls on every contender alike. Each
# round starts each deeplink on a fresh database with one link, warms it for DURATION, then
# measures; the bare app answers with the bytes the first deeplink answered.
#
#   Benchmarks/server/compare.sh .build/release/deeplink                  # one build ÷ the bare app
#   git stash; swift build -c release --product deeplink --traits PostgreSQL; cp .build/release/deeplink /tmp/deeplink-old
#   git stash pop; swift build -c release --product deeplink --traits PostgreSQL
#   Benchmarks/server/compare.sh /tmp/deeplink-old .build/release/deeplink # new ÷ old, each ÷ the bare app
#
# Environment: DURATION (default 10s), CONNECTIONS (64), THREADS (2), ROUNDS (4).
set -euo pipefail
cd "$(dirname "$0")/../.."
if (($# == 1)); then BUILDS=(new); NEW=$1; OLD=$1; else BUILDS=(old new); OLD=$1; NEW=$2; fi
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-4}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"

swift build -c release --package-path Benchmarks --product bare-hummingbird >&2
BARE_BIN=$(swift build -c release --package-path Benchmarks --show-bin-path)/bare-hummingbird
BENCH_BIN=$OLD source Benchmarks/server/common.sh

printf '%-6s %-5s %12s %9s %12s %9s\n' round build "GET req/s" "p99 ms" "AASA req/s" "p99 ms"
declare -A total
for round in $(seq 1 "$ROUNDS"); do
    for build in "${BUILDS[@]}" bare; do
        if [[ $build == bare ]]; then
            PORT=$(free_port)
            "$BARE_BIN" "$PORT" "$WORK/aasa.json" "$WORK/page.html" 2>"$WORK/bare.log" &
            PID=$!
            PIDS+=("$PID")
            for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" >/dev/null && break; sleep 0.1; done
        else
            BIN=$OLD
            [[ $build == new ]] && BIN=$NEW
            start_server "$WORK/$round-$build.sqlite"
            if [[ ! -f $WORK/page.html ]]; then
                curl -fs "http://127.0.0.1:$PORT/$CODE" -H "Host: shop.example.com" -H "User-Agent: $IPHONE" -o "$WORK/page.html"
                curl -fs "http://127.0.0.1:$PORT/.well-known/apple-app-site-association" -H "Host: shop.example.com" -o "$WORK/aasa.json"
            fi
        fi
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
python3 - "$ROUNDS" "${total[old-get]:-0}" "${total[new-get]}" "${total[bare-get]}" "${total[old-aasa]:-0}" "${total[new-aasa]}" "${total[bare-aasa]}" <<'PY'
import sys
rounds, og, ng, bg, oa, na, ba = (int(v) for v in sys.argv[1:])
for name, old, new, bare in (("GET /{code}", og, ng, bg), ("AASA", oa, na, ba)):
    line = f"mean {name + ':':13} new {new / rounds:.0f} req/s, bare {bare / rounds:.0f}; new ÷ bare {new / bare:.2f}"
    if old:
        line += f"; old {old / rounds:.0f}, old ÷ bare {old / bare:.2f}, new ÷ old {new / old:.2f}"
    print(line)
PY
