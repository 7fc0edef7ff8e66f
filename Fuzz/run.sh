#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS seconds (default 30), seeded from the test fixtures.
#   Fuzz/run.sh 30                     every target, 30 s each (what .ci/run does)
#   Fuzz/run.sh 600 FuzzAASA           one target for ten minutes
# Fails on a crash, a leak, an out-of-memory or a slow input (over 10 s), leaving the input in
# .build-fuzz/findings/TARGET/ and a summary line per target on stdout.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd .. && pwd)
seconds=${1:-30}
shift || true
all=(FuzzConfigReader FuzzRouting FuzzParameterRegex FuzzDeferredClaim FuzzAASA FuzzAssetLinks FuzzAppLinksHTML FuzzAppLinkData
     FuzzFirebaseLongLink FuzzTakeoutCSV FuzzDashboardForm FuzzSignIn FuzzMaxMindDatabase)
targets=("${@:-${all[@]}}")
scratch="$root/.build-fuzz"

# The targets are declared only with DEEPLINK_FUZZ=1 (Package.swift). SwiftPM's tools 6 names an
# executable's entry point <target>_main, which clashes with libFuzzer's own main, so the targets
# link libFuzzer's driver without main (fuzzer_no_main) and start it themselves (FuzzDriver), with
# the coverage instrumentation -sanitize=fuzzer would have added.
toolchain_lib=$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib
fuzzer_no_main=$(ls "$toolchain_lib"/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a | head -1)
echo "== building ${#targets[@]} fuzz targets (release, AddressSanitizer, libFuzzer coverage)" >&2
for target in "${targets[@]}"; do
    (cd "$root" && DEEPLINK_FUZZ=1 swift build -c release --scratch-path "$scratch" --product "$target" \
        -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
        -Xlinker "$fuzzer_no_main" -Xlinker -lstdc++) >&2
done

# Seeds: the fixtures the unit tests use, split into the inputs each target reads.
seed() {
    local target=$1 corpus=$2
    mkdir -p "$corpus"
    python3 - "$target" "$corpus" "$root" <<'PY'
import glob, hashlib, json, os, sys
target, corpus, root = sys.argv[1:]
def put(data):
    data = data if isinstance(data, bytes) else data.encode()
    open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb").write(data)
def read(pattern):
    return [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, pattern)))]
configs = read("Examples/Shop/MobileDeepLinkingConfig.json") + read("Tests/Fixtures/Spec/*.json") + read("Tests/Fixtures/Association/ShopConfig.json")
cases = json.load(open(os.path.join(root, "Examples/Shop/deeplink-tests.json")))
urls = [c["url"] for c in (cases["cases"] if isinstance(cases, dict) else cases) if "url" in c]
if target == "FuzzConfigReader":
    for c in configs: put(c)
elif target == "FuzzRouting":
    for u in urls: put(u)
elif target == "FuzzParameterRegex":
    for c in configs:
        for route in json.loads(c).get("routes", {}).values():
            for p in (route.get("routeParameters") or {}).values():
                if "regex" in p: put(p["regex"].encode() + b"\0" + b"42")
    put(b"[\\r\\n-z]\0x")
elif target == "FuzzAASA":
    for f in read("Tests/Fixtures/Association/*.json") + read("Tests/Fixtures/Association/Generated/hosts/*/apple-app-site-association"):
        if b"applinks" in f or b"webcredentials" in f:
            for u in urls[:4] or ["https://shop.example.com/buy/1"]:
                put(u.encode() + b"\0" + f)
elif target == "FuzzAssetLinks":
    for f in read("Tests/Fixtures/Association/google-*.json") + read("Tests/Fixtures/Association/Generated/hosts/*/assetlinks.json"):
        put(f)
elif target == "FuzzAppLinksHTML":
    for f in read("Tests/Fixtures/AppLinks/*.html"): put(f)
elif target == "FuzzDeferredClaim":
    put('{"token":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}')
    put('{"token":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","device":{"platform":"ios","osVersion":"18.1","language":"en-GB","timeZone":"Europe/London","screen":"390x844"}}')
elif target == "FuzzFirebaseLongLink":
    put("https://shop.page.link/?link=https://shop.example.com/sales/1&apn=com.example.shop&afl=https://a.example/"
        "&isi=123&ibi=com.example.Shop&ifl=https://i.example/&ofl=https://o.example/&st=T+1&sd=D%0A2&utm_source=s")
    put("link=shop://cart&st=Summer%0A%0Asale&gclid=1")
    for f in read("Tests/Fixtures/Firebase/*.csv"):
        for line in f.decode(errors="replace").splitlines():
            for cell in line.split(","):
                if "?link=" in cell: put(cell.strip('"'))
elif target == "FuzzTakeoutCSV":
    for f in read("Tests/Fixtures/Firebase/*.csv"): put(f)
    put("Short link,Long link\r\nhttps://x.page.link/a,\"https://x.page.link/?link=shop://cart\"\r\n")
elif target == "FuzzDashboardForm":
    put("form_token=abc&code=spring-sale&deepLink=shop%3A%2F%2Fsales%2F3&campaign=Spring&fallbacks.webURL=https%3A%2F%2Fshop.example.com%2Fsales%2F3"
        "&utm.source=newsletter&utm.medium=email&utm.campaign=spring&preview.title=Spring+sale&preview.description=Up+to+30%25+off"
        "&preview.imageURL=https%3A%2F%2Fshop.example.com%2Fspring.png&expiresAt=2027-06-01T10%3A00%3A30")
    put("deepLink=https%3A%2F%2Fshop.example.com%2Fproducts%2F42&fallbacks.appStoreID=123456789&fallbacks.playPackage=com.example.shop")
    put("deepLink=shop%3A%2F%2Fcart&code=&expiresAt=2027-01-01T00%3A00")
elif target == "FuzzSignIn":
    put("form_token=abc&name=Maria&password=correct+horse+battery+staple&key=&address=81.2.69.160")
    put("key=dlk_0123456789ab_" + "0" * 64 + "&address=2001%3Adb8%3A1%3A2%3A3%3A4%3A5%3A6")
    put("name=maria%1B%5B31m&password=password1234&address=%3A%3Affff%3A81.2.69.160")
elif target == "FuzzMaxMindDatabase":
    # The test databases mmdb-writer wrote (Tests/Fixtures/GeoIP/make-fixtures.py), whole.
    for f in read("Tests/Fixtures/GeoIP/*.mmdb"): put(f)
elif target == "FuzzAppLinkData":
    put('{"target_url":"https://shop.example.com/sales/42","version":"1.0","extras":{"a":1},'
        '"referer_app_link":{"target_url":"fb://home","url":"fb://home","app_name":"Facebook"}}')
    put('{"target_url":"https://shop.example.com/","extras":[1]}')
PY
}

dictionary() {
    case $1 in
        FuzzRouting) echo Dictionaries/url.dict ;;
        FuzzMaxMindDatabase) echo Dictionaries/mmdb.dict ;;
        FuzzParameterRegex) echo Dictionaries/regex.dict ;;
        FuzzAppLinksHTML) echo Dictionaries/html.dict ;;
        *) echo Dictionaries/json.dict ;;
    esac
}

status=0
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    findings="$scratch/findings/$target"
    log="$scratch/logs/$target.log"
    mkdir -p "$findings" "$(dirname "$log")"
    seed "$target" "$corpus"
    # Swift's backtracer and ASan both catch signals; with both, a crash hangs instead of reporting.
    if SWIFT_BACKTRACE=enable=no \
        ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
        LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" \
        "$scratch/release/$target" "$corpus" -dict="$(dictionary "$target")" -max_total_time="$seconds" \
            -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
            -artifact_prefix="$findings/" >"$log" 2>&1; then
        result=ok
    else
        result=FAILED
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    coverage=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
    features=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
    printf '%-20s %-6s %8s s %12s runs  cov %6s  ft %7s  corpus %5s\n' "$target" "$result" "$seconds" "$runs" "$coverage" \
        "$features" "$(ls "$corpus" | wc -l)"
    if [[ $result == FAILED ]]; then
        grep -E 'ERROR|SUMMARY|Test unit written|Fatal error|panic' "$log" | head -20 >&2 || true
    fi
done
exit $status
