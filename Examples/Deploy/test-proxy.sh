#!/usr/bin/env bash
# Runs Examples/Deploy/nginx.conf, as shipped but for its ports, certificates and site folder,
# in front of a live `deeplink serve` and a static website (see stack.sh), and checks that both
# answer through it over https: the association files on the website, a short link and its QR
# code on the link domain, the website's pages, and the desktop fallback landing on a page the
# website has.
# Exits non-zero on the first failed check. Takes about ten seconds once deeplink is built.
#
#   Examples/Deploy/test-proxy.sh            # builds deeplink (debug) first
#   DEEPLINK_BIN=path/to/deeplink Examples/Deploy/test-proxy.sh
set -euo pipefail
source "$(dirname "$0")/stack.sh"
IPHONE="Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
DESKTOP="Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"

create_link '{"code": "spring", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789",
    "webURL": "https://shop.example.com/sales/42"}, "preview": {"title": "Spring sale"}}'
echo "== the website: a static folder, and what deeplink generate writes for it"
mkdir -p "$WORK/site/sales"
echo '<!doctype html><title>Shop</title><h1>Welcome to Shop</h1>' >"$WORK/site/index.html"
echo '<!doctype html><title>Spring sale</title><h1>Spring sale on the website</h1>' >"$WORK/site/sales/42.html"
chmod -R a+rX "$WORK/site"
"$DEEPLINK_BIN" generate --config "$CONFIG" --out "$WORK/generated" >/dev/null

# request HOST PATH [curl options…]: prints "STATUS|CONTENT-TYPE|LOCATION" and leaves the body in $WORK/body.out.
request() {
    local host=$1 path=$2
    shift 2
    curl -s -k --max-time 5 --resolve "$host:$HTTPS_PORT:127.0.0.1" -o "$WORK/body.out" \
        -w '%{http_code}|%{content_type}|%{redirect_url}\n' "$@" "https://$host:$HTTPS_PORT$path"
}
# expect NAME ACTUAL EXPECTED: exact match.
expect() { [[ "$2" == "$3" ]] && echo "ok   $1" || fail "$1: expected '$3', got '$2'"; }
body_has() { grep -q -- "$2" "$WORK/body.out" && echo "ok   $1" || fail "$1: the body has no '$2': $(head -c 300 "$WORK/body.out")"; }

echo "== the website through nginx"
for path in /.well-known/apple-app-site-association /apple-app-site-association /.well-known/assetlinks.json; do
    IFS="|" read -r status type _ < <(request "$SITE_HOST" "$path")
    expect "$SITE_HOST$path answers 200 application/json" "$status $type" "200 application/json"
done
request "$SITE_HOST" /.well-known/apple-app-site-association >/dev/null
cmp -s "$WORK/body.out" "$WORK/generated/hosts/$SITE_HOST/.well-known/apple-app-site-association" \
    && echo "ok   the proxied AASA is byte for byte what deeplink generate writes" \
    || fail "the proxied AASA differs from deeplink generate's"
IFS="|" read -r status _ < <(request "$SITE_HOST" /)
expect "$SITE_HOST/ answers 200" "$status" 200
body_has "$SITE_HOST/ is the website's home page" "Welcome to Shop"
IFS="|" read -r status _ < <(request "$SITE_HOST" /sales/42)
expect "$SITE_HOST/sales/42 answers 200" "$status" 200
body_has "$SITE_HOST/sales/42 is the website's page" "Spring sale on the website"

echo "== the link domain through nginx"
for path in /.well-known/apple-app-site-association /.well-known/assetlinks.json; do
    IFS="|" read -r status type _ < <(request "$LINK_HOST" "$path")
    expect "$LINK_HOST$path answers 200 application/json" "$status $type" "200 application/json"
    cmp -s "$WORK/body.out" "$WORK/generated/hosts/$LINK_HOST$path" \
        && echo "ok   the link domain's $path is byte for byte what deeplink generate writes" \
        || fail "the link domain's $path differs from deeplink generate's"
done
IFS="|" read -r status type _ < <(request "$LINK_HOST" /spring -A "$IPHONE")
expect "an iPhone opening $LINK_HOST/spring gets the landing page" "$status $type" "200 text/html; charset=utf-8"
body_has "the landing page offers the App Store" 'data-store="apple"'
body_has "the landing page links its stylesheet" '/assets/pages.css?v='
stylesheet=$(grep -o '/assets/pages.css?v=[0-9a-f]*' "$WORK/body.out" | head -1)
IFS="|" read -r status type _ < <(request "$LINK_HOST" "$stylesheet")
expect "the stylesheet answers through the link domain" "$status $type" "200 text/css; charset=utf-8"
IFS="|" read -r status _ location < <(request "$LINK_HOST" /spring -A "$DESKTOP")
expect "a desktop opening $LINK_HOST/spring goes to the web fallback" "$status $location" "302 https://$SITE_HOST/sales/42"
IFS="|" read -r status _ < <(request "$SITE_HOST" /sales/42)
expect "and the website has that page" "$status" 200
IFS="|" read -r status type _ < <(request "$LINK_HOST" /spring/qr.png)
expect "$LINK_HOST/spring/qr.png is an image" "$status $type" "200 image/png"
if command -v zbarimg >/dev/null; then
    decoded=$(zbarimg --raw --quiet "$WORK/body.out" 2>/dev/null)
    expect "the QR code reads as the short link" "$decoded" "https://$LINK_HOST/spring"
fi
IFS="|" read -r status type _ < <(request "$LINK_HOST" /no-such-link -A "$IPHONE")
expect "an unknown code answers 404 with a page" "$status $type" "404 text/html; charset=utf-8"
body_has "an unknown code gets the server's own page" "Link not found"
IFS="|" read -r status location < <(curl -s --max-time 5 -o /dev/null -w '%{http_code}|%{redirect_url}\n' \
    -H "Host: $LINK_HOST" "http://127.0.0.1:$HTTP_PORT/spring")
expect "plain http redirects to https" "$status $location" "301 https://$LINK_HOST/spring"

echo "all proxy checks passed"
