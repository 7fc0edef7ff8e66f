#!/usr/bin/env bash
# The cost of a link's rules on the hot path (issue 39): one server with a GeoIP database, three
# links, a plain one, one with 20 targets none of which holds for the visitor (so every target
# is tried: countries, languages and platforms), and one with the same 20 targets and 4 A/B
# variants, opened by a returning visitor (its dl_vid cookie sent) and by new visitors (none sent,
# so each answer draws a value and sets the cookie); in interleaved rounds as an iPhone that sends
# Accept-Language and a client address, `wrk -t2 -c64`, each round in an order rotated by one.
# Prints each round and the means ÷ the plain link's, measured in the same rounds.
#
#   Benchmarks/server/targets.sh                      # builds the release server
#   BENCH_BIN=.build/release/deeplink Benchmarks/server/targets.sh
#
# Environment: DURATION (default 10s), CONNECTIONS (64), THREADS (2), ROUNDS (4).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-4}
CONFIG=Examples/Shop/MobileDeepLinkingConfig.json
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
GEOIP=$PWD/Tests/Fixtures/GeoIP/country-v6-24.mmdb
source Benchmarks/server/common.sh

database=$WORK/targets.sqlite
TOKEN=$("$BIN" keys create --name bench --database "$database" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
PORT=$(free_port)
"$BIN" serve --config "$CONFIG" --database "$database" --port "$PORT" --log-level warning --connections-per-address 0 \
    --geoip-database "$GEOIP" --client-address-header X-Forwarded-For 2>"$WORK/serve.log" &
PID=$!
PIDS+=("$PID")
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
targets=$(python3 - <<'PY'
import json
countries = ["DE", "FR", "ES", "IT", "JP", "CN", "BR", "MX", "CA", "AU"]
languages = ["de", "fr", "es", "it", "ja", "zh", "pt", "nl", "sv", "ko"]
targets = []
for i in range(20):
    target = {"countries": [countries[i % 10], countries[(i + 3) % 10]], "languages": [languages[i % 10]], "platforms": ["ios", "android"],
              "webURL": f"https://shop.example.com/t{i}", "deepLink": f"shop://sales/{100 + i}"}
    targets.append(target)
print(json.dumps(targets))
PY
)
create() {
    curl -fs -X POST "http://127.0.0.1:$PORT/api/v1/links" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$1" >/dev/null
}
create '{"code": "plain", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"}, "preview": {"title": "Spring sale"}}'
create "{\"code\": \"ruled\", \"deepLink\": \"shop://sales/42\", \"fallbacks\": {\"appStoreID\": \"123456789\"}, \"preview\": {\"title\": \"Spring sale\"}, \"targets\": $targets}"
variants='[{"name": "a", "weight": 25}, {"name": "b", "weight": 25, "deepLink": "shop://sales/43"}, {"name": "c", "weight": 25, "deepLink": "shop://sales/44"}, {"name": "d", "weight": 25, "deepLink": "shop://sales/45"}]'
create "{\"code\": \"tested\", \"deepLink\": \"shop://sales/42\", \"fallbacks\": {\"appStoreID\": \"123456789\"}, \"preview\": {\"title\": \"Spring sale\"}, \"targets\": $targets, \"variants\": $variants}"
headers=(-H "Host: shop.example.com" -H "User-Agent: $IPHONE" -H "Accept-Language: en-GB,en;q=0.9" -H "X-Forwarded-For: 81.2.69.160")
# All answer a page for a British English speaker, whom no target holds for.
returning=(-H "Cookie: dl_vid=benchmarkVisitor0123456")
for code in plain ruled tested; do
    curl -fs "http://127.0.0.1:$PORT/$code" "${headers[@]}" | grep -q 'lang="en"'
    measure "http://127.0.0.1:$PORT/$code" "${headers[@]}" >/dev/null
done
curl -fsi "http://127.0.0.1:$PORT/tested" "${headers[@]}" | grep -qi '^set-cookie: dl_vid=' || { echo "a new visitor got no dl_vid cookie" >&2; exit 1; }

printf '%-6s %-10s %12s %9s\n' round link "req/s" "p99 ms"
declare -A total
runs=(plain ruled tested new)
for round in $(seq 1 "$ROUNDS"); do
    # Each round starts one further along, so a machine that speeds up or slows down over the
    # rounds favours none of the four.
    shift_by=$(((round - 1) % ${#runs[@]}))
    for run in "${runs[@]:shift_by}" "${runs[@]:0:shift_by}"; do
        case $run in
        tested) extra=("${returning[@]}"); code=tested ;;
        new) extra=(); code=tested ;;
        *) extra=(); code=$run ;;
        esac
        read -r rps _ p99 errors < <(measure "http://127.0.0.1:$PORT/$code" "${headers[@]}" "${extra[@]}")
        ((errors == 0)) || { echo "round $round $run: $errors errors" >&2; exit 1; }
        printf '%-6s %-10s %12s %9s\n' "$round" "$run" "$rps" "$p99"
        total[$run]=$((${total[$run]:-0} + rps))
    done
done
python3 - "$ROUNDS" "${total[plain]}" "${total[ruled]}" "${total[tested]}" "${total[new]}" <<'PY'
import sys
rounds, plain, ruled, tested, new = (int(v) for v in sys.argv[1:])
print(f"mean: plain {plain / rounds:.0f} req/s, 20 targets {ruled / rounds:.0f}, 20 targets + 4 variants {tested / rounds:.0f} "
      f"(returning visitor), {new / rounds:.0f} (new visitors)")
print(f"÷ plain: 20 targets {ruled / plain:.3f}; 20 targets + 4 variants {tested / plain:.3f} returning, {new / plain:.3f} new")
PY
