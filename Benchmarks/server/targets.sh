#!/usr/bin/env bash
# The cost of a link's targets on the hot path (issue 39): one server with a GeoIP database, two
# links, a plain one and one with 20 targets none of which holds for the visitor (so every target
# is tried: countries, languages and platforms), opened in interleaved rounds as an iPhone that
# sends Accept-Language and a client address, `wrk -t2 -c64`. Prints each round and the mean of
# the 20-target link ÷ the plain one, measured in the same rounds.
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
headers=(-H "Host: shop.example.com" -H "User-Agent: $IPHONE" -H "Accept-Language: en-GB,en;q=0.9" -H "X-Forwarded-For: 81.2.69.160")
# Both answer the same page but for the link's own URL: no target holds for a British English speaker.
for code in plain ruled; do
    curl -fs "http://127.0.0.1:$PORT/$code" "${headers[@]}" | grep -q 'lang="en"'
    measure "http://127.0.0.1:$PORT/$code" "${headers[@]}" >/dev/null
done

printf '%-6s %-6s %12s %9s\n' round link "req/s" "p99 ms"
declare -A total
for round in $(seq 1 "$ROUNDS"); do
    for code in plain ruled; do
        read -r rps _ p99 errors < <(measure "http://127.0.0.1:$PORT/$code" "${headers[@]}")
        ((errors == 0)) || { echo "round $round $code: $errors errors" >&2; exit 1; }
        printf '%-6s %-6s %12s %9s\n' "$round" "$code" "$rps" "$p99"
        total[$code]=$((${total[$code]:-0} + rps))
    done
done
python3 - "$ROUNDS" "${total[plain]}" "${total[ruled]}" <<'PY'
import sys
rounds, plain, ruled = (int(v) for v in sys.argv[1:])
print(f"mean: plain {plain / rounds:.0f} req/s, 20 targets {ruled / rounds:.0f} req/s; 20 targets ÷ plain {ruled / plain:.3f}")
PY
