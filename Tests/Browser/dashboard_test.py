#!/usr/bin/env python3
"""Drives the dashboard in headless Chromium (Selenium) as a marketer would.

Started by Tests/Browser/run.sh against a running `deeplink serve`. Reads DASHBOARD_URL (the
server's base URL), DASHBOARD_KEY (an admin API key) and SCREENSHOTS (a folder). Signs in,
creates a link with a bad deep link and sees the error beside the field, fixes it, finds it by
search, makes clicks as an iPhone and an Android phone (one of which goes to Google Play and
whose install is then claimed), reads the numbers on the link's page, downloads its QR code and
decodes it with zbarimg, creates and revokes a key, signs out and is refused. Then the security
checks: a form without its token, a forged session cookie and another site's form are refused.
Every page is captured at phone and desktop widths. Exits 1 on the first failed check.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = os.environ["DASHBOARD_URL"].rstrip("/")
# Requests outside the browser (clicks, the claim, the security checks) go straight to deeplink
# serve when the browser reaches it through a proxy under a name only the browser resolves.
DIRECT = os.environ.get("DASHBOARD_DIRECT_URL", BASE).rstrip("/")
KEY = os.environ["DASHBOARD_KEY"]
USER = os.environ.get("DASHBOARD_USER")
PASSWORD = os.environ.get("DASHBOARD_PASSWORD")
SHOTS = os.environ.get("SCREENSHOTS", "browser-screenshots")
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
checks = 0


current_driver = None


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        print(f"FAIL: {what}", file=sys.stderr)
        if current_driver is not None:
            # What the browser showed, to see why.
            os.makedirs(SHOTS, exist_ok=True)
            current_driver.save_screenshot(os.path.join(SHOTS, "FAILED.png"))
            print(f"the page was {current_driver.current_url}; see {SHOTS}/FAILED.png", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def browser():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,900"]:
        options.add_argument(argument)
    # Behind the example deployment: the link host is mapped to nginx, whose certificate is self-signed.
    if os.environ.get("DASHBOARD_HOST_RULES"):
        options.add_argument("--host-resolver-rules=" + os.environ["DASHBOARD_HOST_RULES"])
        options.add_argument("--ignore-certificate-errors")
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def shoot(driver, name):
    """Captures the current page at each width, whole page height."""
    os.makedirs(SHOTS, exist_ok=True)
    for label, (width, height) in SIZES.items():
        driver.set_window_size(width, height)
        full = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(max(height, full + 140), 6000))
        driver.save_screenshot(os.path.join(SHOTS, f"{name}-{label}.png"))
    driver.set_window_size(*SIZES["desktop"])


def http(path, method="GET", headers=None, data=None):
    """A request outside the browser that does not follow redirects: (status, headers, body)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(DIRECT + path, method=method, headers=headers or {}, data=data)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def follow(driver, element):
    """Clicks a link or a submit button and waits until the next page has replaced this one."""
    page = driver.find_element(By.TAG_NAME, "html")
    element.click()
    WebDriverWait(driver, 15).until(lambda _: replaced(page))


def replaced(element):
    """Whether a page's element is gone from the document.

    Selenium's `staleness_of` only counts `StaleElementReferenceException`; while the next page
    loads, chromedriver may instead answer "unknown error: Node with given id does not belong to
    the document" for the same state, which failed a CI run (stop 21), so that counts too.
    """
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in (error.msg or ""):
            return True
        raise


def text(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css).text.strip()


def main():
    global current_driver
    driver = browser()
    current_driver = driver
    try:
        run(driver)
    finally:
        driver.quit()
    print(f"{checks} checks passed; screenshots in {SHOTS}")


def run(driver):
    # Sign in.
    driver.get(BASE + "/dashboard")
    check(driver.current_url.startswith(BASE + "/dashboard/sign-in"), "an unsigned visitor is sent to the sign-in page")
    shoot(driver, "01-sign-in")
    driver.find_element(By.ID, "key").send_keys("dlk_000000000000_" + "0" * 64)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    check("not valid" in text(driver, ".error"), "a wrong key is refused with a message")
    driver.find_element(By.ID, "key").send_keys(KEY)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    check(driver.current_url.startswith(BASE + "/dashboard/links"), "the admin key signs in and shows the links")
    cookie = driver.get_cookie("deeplink_session")
    check(cookie is not None and cookie.get("httpOnly") and cookie.get("sameSite") == "Strict", "the session cookie is HttpOnly and SameSite=Strict")
    if BASE.startswith("https://"):
        check(cookie.get("secure"), "over https the session cookie is Secure")

    # Create a link with a deep link the router does not route, then fix it.
    campaign = "winter-" + uuid.uuid4().hex[:8]
    follow(driver, driver.find_element(By.LINK_TEXT, "New link"))
    driver.find_element(By.ID, "field-deepLink").send_keys("shop://nowhere/42")
    driver.find_element(By.ID, "field-code").send_keys("x")
    driver.find_element(By.ID, "field-fallbacks-appStoreID").send_keys("abc")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]"))
    marked = [element.get_attribute("id") for element in driver.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]")]
    check(marked == ["field-deepLink", "field-code", "field-fallbacks-appStoreID"], f"every bad field is marked at once: {marked}")
    check("fix the 3 fields marked below" in driver.page_source, "the form says how many fields to fix")
    shoot(driver, "02-every-field-error")
    driver.find_element(By.ID, "field-code").clear()
    driver.find_element(By.ID, "field-fallbacks-appStoreID").clear()
    driver.find_element(By.ID, "field-utm-campaign").send_keys(campaign)
    driver.find_element(By.ID, "field-utm-source").send_keys("newsletter")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]"))
    error = text(driver, "#field-deepLink-error")
    check("does not route shop://nowhere/42" in error, f"the deep link's error is beside its field: {error}")
    check(driver.find_element(By.ID, "field-utm-campaign").get_attribute("value") == campaign, "the other fields keep what was typed")
    shoot(driver, "02-new-link-error")
    field = driver.find_element(By.ID, "field-deepLink")
    field.clear()
    field.send_keys("shop://sales/42")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]"))
    check("/dashboard/links/" in driver.current_url, "the fixed link is created and shown")
    code = driver.find_element(By.TAG_NAME, "h1").text.strip()
    short_url = driver.find_element(By.ID, "short-url").get_attribute("value")
    check(short_url.endswith("/" + code), f"the page shows the short URL {short_url}")

    # Find it by search.
    driver.get(BASE + "/dashboard/links")
    driver.find_element(By.ID, "q").send_keys(campaign.upper())
    Select(driver.find_element(By.ID, "filter")).select_by_value("active")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.search button"))
    codes = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "table.list tbody th a")]
    check(codes == [code], f"searching for the campaign finds the link: {codes}")
    shoot(driver, "03-links-search")

    # Clicks: two iPhones, three Android phones; one Android goes to Google Play and installs.
    for agent in [IPHONE, IPHONE, ANDROID, ANDROID, ANDROID]:
        status, _, _ = http("/" + code, headers={"User-Agent": agent})
        check(status in (200, 302), f"opening the link as a phone answers its page or the app's intent (got {status})")
    status, headers, _ = http(f"/{code}/install?store=google", headers={"User-Agent": ANDROID})
    check(status == 302 and "play.google.com" in headers.get("Location", ""), "the Android store button goes to Google Play")
    play = urllib.parse.urlparse(headers["Location"])
    referrer = urllib.parse.parse_qs(urllib.parse.parse_qs(play.query)["referrer"][0])
    token = referrer["deeplink_click"][0]
    body = json.dumps({"token": token, "device": {"platform": "android"}}).encode()
    status, _, answer = http("/api/v1/deferred/claim", "POST", {"Content-Type": "application/json"}, body)
    check(status == 200 and json.loads(answer)["match"] == "token", "the installed app claims the click")

    # Read the numbers on the link's page.
    driver.get(f"{BASE}/dashboard/links/{code}?days=7")
    check(text(driver, "#total-clicks") == "5", f"the page counts 5 clicks (shows {text(driver, '#total-clicks')})")
    platforms = {row.find_element(By.TAG_NAME, "th").text: row.find_element(By.TAG_NAME, "td").text
                 for row in driver.find_elements(By.CSS_SELECTOR, "#by-platform tbody tr")}
    check(platforms == {"Android": "3", "iPhone and iPad": "2"}, f"clicks by platform: {platforms}")
    check(text(driver, "#store-hops") == "1" and text(driver, "#installs") == "1", "the funnel shows 1 store visit and 1 install")
    # One chart shows at each width, with a bar a day: the phone's is drawn narrower so its text reads.
    for label, chart in [("desktop", "svg.chart-wide"), ("phone", "svg.chart-narrow")]:
        driver.set_window_size(*SIZES[label])
        shown = [element for element in driver.find_elements(By.CSS_SELECTOR, "svg.chart") if element.is_displayed()]
        bars = driver.find_elements(By.CSS_SELECTOR, chart + " rect")
        check(len(shown) == 1 and "chart-" + ("wide" if label == "desktop" else "narrow") in shown[0].get_attribute("class")
              and len(bars) == 7, f"at {label} width one chart shows, with a bar for each of 7 days")
        size = driver.execute_script("return parseFloat(getComputedStyle(arguments[0]).fontSize) * arguments[0].getScreenCTM().a",
                                     driver.find_element(By.CSS_SELECTOR, chart + " text"))
        check(size >= 9, f"at {label} width the chart's axis text is at least 9 px ({size:.1f})")
    driver.set_window_size(*SIZES["desktop"])
    shoot(driver, "04-link-numbers")
    # The dark scheme, as the system asks for it.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.refresh()
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check(background == "rgb(13, 17, 23)", f"in the dark scheme the page is dark ({background})")
    shoot(driver, "04-link-numbers-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    driver.refresh()

    # The QR code: download the PNG the page links to and decode it.
    png = driver.find_element(By.PARTIAL_LINK_TEXT, "Download PNG").get_attribute("href")
    status, _, image = http(urllib.parse.urlparse(png).path + "?" + urllib.parse.urlparse(png).query)
    check(status == 200 and image[:8] == b"\x89PNG\r\n\x1a\n", "the QR code downloads as a PNG")
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(image)
        file.flush()
        decoded = subprocess.run(["zbarimg", "--quiet", "--raw", file.name], capture_output=True, text=True).stdout.strip()
    check(decoded.endswith("/" + code), f"the QR code decodes to the link's URL ({decoded})")

    # CSV of the same numbers.
    csv_href = driver.find_element(By.PARTIAL_LINK_TEXT, "Download CSV").get_attribute("href")
    session = {"Cookie": f"deeplink_session={cookie['value']}"}
    status, headers, csv = http(urllib.parse.urlparse(csv_href).path + "?" + urllib.parse.urlparse(csv_href).query, headers=session)
    check(status == 200 and b"platform,android,3" in csv and b"funnel,claimed_installs,1" in csv, "the CSV has the same numbers")

    # The list, sorted by its Clicks column: most first, the link's 5 clicks beside it.
    driver.get(BASE + "/dashboard/links")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "table.list th a[href*='sort=clicks']"))
    check("sort=clicks" in driver.current_url, "the Clicks heading sorts the list by clicks")
    rows = [(row.find_element(By.CSS_SELECTOR, "th a").text, row.find_element(By.CSS_SELECTOR, "td.number").text)
            for row in driver.find_elements(By.CSS_SELECTOR, "table.list tbody tr")]
    counts = [int(count.replace(",", "")) for _, count in rows]
    check(counts == sorted(counts, reverse=True) and (code, "5") in rows, f"most clicks first, the link with its 5: {rows[:3]}")
    check(Select(driver.find_element(By.ID, "sort")).first_selected_option.get_attribute("value") == "clicks",
          "the Order box says the list is by clicks")
    for label in ["desktop", "phone"]:
        driver.set_window_size(*SIZES[label])
        overflow = driver.execute_script(
            "const t = document.querySelector('table.list'); return t.scrollWidth - t.parentElement.clientWidth")
        check(overflow <= 0, f"at {label} width the list fits its column ({overflow} px over)")
    shoot(driver, "03-links-by-clicks")

    # Overall numbers and health.
    driver.get(BASE + "/dashboard/numbers")
    check(int(text(driver, "#total-clicks")) >= 5, "the overall numbers include the link's clicks")
    # Any range of days, through the From/To form.
    today = driver.find_element(By.NAME, "to").get_attribute("value")
    driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.NAME, "from"), today)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.range-form button"))
    check(f"All links: {today} to {today} (UTC)" in driver.page_source, f"the From/To form shows one day ({today})")
    check(len(driver.find_elements(By.CSS_SELECTOR, "svg.chart-wide rect")) == 1, "a one-day range has one bar")
    shoot(driver, "05-numbers")
    driver.get(BASE + "/dashboard/health")
    check("apple-app-site-association" in driver.page_source, "the health page shows the association files")
    shoot(driver, "06-health")

    # Keys: create one (shown once) with a scope, after giving the key again; revoke it.
    driver.get(BASE + "/dashboard/keys")
    check(driver.find_element(By.NAME, "scope_links_read").is_selected(), "a new key reads links unless told otherwise")
    driver.find_element(By.ID, "key-name").send_keys("browser test")
    driver.find_element(By.ID, "key-confirm").send_keys("dlk_000000000000_" + "0" * 64)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/dashboard/keys'] button"))
    check("no key was created" in text(driver, ".error"), "a key is not made without the signing-in key given again")
    driver.find_element(By.ID, "key-name").clear()
    driver.find_element(By.ID, "key-name").send_keys("browser test")
    driver.find_element(By.ID, "key-confirm").send_keys(KEY)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/dashboard/keys'] button"))
    new_token = driver.find_element(By.ID, "new-token").get_attribute("value")
    check(new_token.startswith("dlk_"), "a new key's token is shown")
    check("links:read" in driver.find_element(By.TAG_NAME, "table").text, "the list shows the new key's scope")
    shoot(driver, "07-keys-created")
    status, _, _ = http("/api/v1/links?limit=1", headers={"Authorization": f"Bearer {new_token}"})
    check(status == 200, "the new key works on the admin API")
    status, _, body = http("/api/v1/links", method="POST", data=b'{"deepLink": "shop://sales/1"}',
                           headers={"Authorization": f"Bearer {new_token}", "Content-Type": "application/json"})
    check(status == 403 and b"insufficient-scope" in body, "the read-only key cannot create a link")
    driver.get(BASE + "/dashboard/keys")
    check("last used" in driver.page_source.lower(), "the keys list says when each key was last used")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "a[aria-label='Revoke browser test']"))
    check("Revoke the key browser test?" in driver.page_source, "revoking asks first")
    check("You are signed in with this key" not in driver.page_source, "the confirmation says nothing of signing out for another key")
    shoot(driver, "08-keys-confirm-revoke")
    status, _, _ = http("/api/v1/links?limit=1", headers={"Authorization": f"Bearer {new_token}"})
    check(status == 200, "asking revokes nothing")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.actions button.danger"))
    check("Key revoked" in driver.page_source, "revoking says so")
    check("browser test" not in driver.find_element(By.TAG_NAME, "table").text, "the revoked key leaves the list")
    check("Show the 1 revoked" in driver.page_source or "revoked</a>" in driver.page_source, "the list offers to show revoked keys")
    status, _, _ = http("/api/v1/links?limit=1", headers={"Authorization": f"Bearer {new_token}"})
    check(status == 401, "the revoked key is refused by the admin API")
    shoot(driver, "08-keys")

    # Tags: the list filters by one, each link shows its tags, and a tag's page sums its links' numbers.
    auth = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}
    status, _, _ = http(f"/api/v1/links/{code}", "PATCH", auth, json.dumps({"tags": ["spring sale", "email"]}).encode())
    check(status == 200, "the link is tagged through the admin API")
    driver.get(BASE + "/dashboard/links?tag=" + urllib.parse.quote("spring sale"))
    codes = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "table.list tbody th a")]
    check(codes == [code], f"the list filtered by a tag shows its link: {codes}")
    chips = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "a.tag")]
    check(chips == ["email", "spring sale"], f"the row shows the link's tags: {chips}")
    shoot(driver, "09-links-by-tag")
    follow(driver, driver.find_element(By.ID, "tag-numbers"))
    check("Links tagged “spring sale”" in driver.page_source, "the tag's page names the tag")
    check(int(text(driver, "#total-clicks")) >= 5, "the tag's numbers sum its link's clicks")
    shoot(driver, "09-tag")

    # Webhooks: a refused URL says why; a new endpoint shows its secret once; its deliveries are listed.
    driver.get(BASE + "/dashboard/webhooks")
    driver.find_element(By.ID, "webhook-url").send_keys("ftp://hooks.example/in")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/dashboard/webhooks'] button"))
    check("must be https, not ftp" in text(driver, ".error"), "a webhook URL that is not https is refused, saying why")
    driver.find_element(By.ID, "webhook-url").clear()
    driver.find_element(By.ID, "webhook-url").send_keys("http://127.0.0.1:9/in")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/dashboard/webhooks'] button"))
    secret = driver.find_element(By.ID, "new-secret").get_attribute("value")
    check(secret.startswith("whsec_"), "a new endpoint's secret is shown")
    shoot(driver, "10-webhooks-created")
    status, _, _ = http(f"/api/v1/links/{code}", "PATCH", auth, json.dumps({"note": "webhook"}).encode())
    driver.get(BASE + "/dashboard/webhooks")
    check(secret not in driver.page_source, "the secret is shown once")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "table.list tbody th a"))
    check("link.updated" in driver.page_source, "the endpoint's log lists the change's message")
    shoot(driver, "10-webhook-deliveries")

    # Delete with confirmation, on a duplicate of the link.
    driver.get(f"{BASE}/dashboard/new-link?from={code}")
    check(driver.find_element(By.ID, "field-utm-campaign").get_attribute("value") == campaign, "duplicating fills in the link's fields")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]"))
    copy = driver.find_element(By.TAG_NAME, "h1").text.strip()
    check(copy != code, "the duplicate gets its own code")
    follow(driver, driver.find_element(By.LINK_TEXT, "Delete"))
    shoot(driver, "09-delete")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.actions button"))
    check(f"Link {copy} deleted" in driver.page_source, "the duplicate is deleted after confirmation")
    status, _, _ = http("/" + copy, headers={"User-Agent": IPHONE})
    check(status == 404, "the deleted link answers 404")

    # Security: no token, a forged cookie, another site's form.
    form = urllib.parse.urlencode({"deepLink": "shop://sales/1"}).encode()
    formType = {"Content-Type": "application/x-www-form-urlencoded"}
    status, _, _ = http("/dashboard/new-link", "POST", {**formType, **session}, form)
    check(status == 403, f"a form without its token is refused (got {status})")
    status, _, _ = http("/dashboard/new-link", "POST", {**formType, "Cookie": "deeplink_session=" + "f" * 64}, form)
    check(status == 403, f"a forged session cookie is refused (got {status})")
    token = driver.find_element(By.CSS_SELECTOR, "input[name=form_token]").get_attribute("value")
    forged = urllib.parse.urlencode({"deepLink": "shop://sales/1", "form_token": token}).encode()
    status, _, _ = http("/dashboard/new-link", "POST", {**formType, **session, "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, forged)
    check(status == 403, f"another site's form is refused even with the token (got {status})")

    # Sign out; the old session is refused.
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.signout button"))
    check(driver.current_url.startswith(BASE + "/dashboard/sign-in"), "signing out returns to the sign-in page")
    driver.get(BASE + "/dashboard/links")
    check(driver.current_url.startswith(BASE + "/dashboard/sign-in"), "after signing out the links are refused")
    status, headers, _ = http("/dashboard/links", headers=session)
    check(status == 303 and "sign-in" in headers.get("Location", ""), "the signed-out cookie no longer opens the dashboard")

    # A dashboard user made with `deeplink users create` signs in with a password.
    if USER and PASSWORD:
        driver.get(BASE + "/dashboard/sign-in")
        driver.find_element(By.ID, "name").send_keys(USER)
        driver.find_element(By.ID, "password").send_keys(PASSWORD + "x")
        follow(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        check("not valid" in text(driver, ".error"), "a wrong password is refused")
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        follow(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        check(driver.current_url.startswith(BASE + "/dashboard/links") and USER in text(driver, ".who"), "the dashboard user signs in")


if __name__ == "__main__":
    main()
