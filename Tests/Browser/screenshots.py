#!/usr/bin/env python3
"""Opens the link server's pages in headless Chromium as an iPhone, an Android in-app browser, an
iPad asking for the desktop site, and a desktop, light and dark, takes a screenshot of each and
checks what each visitor can do there.

Run by Examples/Deploy/screenshots.sh, which starts `deeplink serve` and nginx with the shipped
Examples/Deploy/nginx.conf and passes their https port: Chromium resolves go.shop.example.com
and shop.example.com to it, so pages load as they would in production, with the website's
icon and preview images and the desktop fallback landing on the website.

Checks: an iPhone sees the App Store and never Google Play; Android sees Google Play and never
the App Store; a desktop without a web fallback sees a QR code that zbarimg reads back as the
short link; an iPad with a Mac's User-Agent sees the App Store instead of the QR code, and the
QR code when scripts are off; no page breaks its Content-Security-Policy.
"""

import argparse
import datetime
import json
import math
import os
import struct
import subprocess
import sys
import time
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

LINK_HOST = "go.shop.example.com"
SITE_HOST = "shop.example.com"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/18.0 Mobile/15E148 Safari/604.1")
ANDROID_IN_APP = ("Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 "
                  "(KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36 Instagram 339.0.0.0")
MAC_SAFARI = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
              "Version/18.0 Safari/605.1.15")
WINDOWS_CHROME = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/126.0.0.0 Safari/537.36")

PHONE = (390, 844)
TABLET = (820, 1180)
DESKTOP = (1280, 800)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--https-port", type=int, required=True, help="nginx's https port")
    parser.add_argument("--api", required=True, help="deeplink serve's own address, e.g. http://127.0.0.1:8080")
    parser.add_argument("--token", required=True, help="an admin API key")
    parser.add_argument("--site", required=True, help="the website's folder, which nginx serves")
    parser.add_argument("--out", required=True, help="where the screenshots go")
    arguments = parser.parse_args()

    write_site(arguments.site)
    create_links(arguments.api, arguments.token)
    os.makedirs(arguments.out, exist_ok=True)

    browser = start_browser(arguments.https_port)
    try:
        shots = Screenshots(browser, arguments.out)
        for scheme in ("light", "dark"):
            shots.take(f"iphone-{scheme}", "/spring", IPHONE, PHONE, scheme, mobile=True)
            expect_buttons(browser, present=["Open in app", "Download on the App Store"], absent=["Google Play"])
            shots.take(f"android-{scheme}", "/spring", ANDROID_IN_APP, PHONE, scheme, mobile=True)
            expect_buttons(browser, present=["Open in app", "Get it on Google Play"], absent=["App Store"])
            shots.take(f"desktop-web-fallback-{scheme}", "/spring", WINDOWS_CHROME, DESKTOP, scheme)
            expect(browser.current_url == f"https://{SITE_HOST}/sales/42", f"the desktop is on the website: {browser.current_url}")
            path = shots.take(f"desktop-qr-{scheme}", "/summer", WINDOWS_CHROME, DESKTOP, scheme)
            expect_qr_code(path, f"https://{LINK_HOST}/summer")
            shots.take(f"ipad-{scheme}", "/summer", MAC_SAFARI, TABLET, scheme, mobile=True, touch=True)
            expect_buttons(browser, present=["Open in app", "Download on the App Store"], absent=["Google Play"])
            expect(not visible(browser, ".qr"), "the iPad does not see the QR code")
            shots.take(f"not-found-{scheme}", "/no-such-link", IPHONE, PHONE, scheme, mobile=True)
            expect(browser.find_element(By.TAG_NAME, "h1").text == "Link not found", "the unknown code's page says so")
            shots.take(f"expired-{scheme}", "/winter", IPHONE, PHONE, scheme, mobile=True)
            expect(browser.find_element(By.TAG_NAME, "h1").text == "Link expired", "the expired link's page says so")
        shots.take("ipad-without-scripts", "/summer", MAC_SAFARI, TABLET, "light", mobile=True, touch=True, scripts=False)
        expect(visible(browser, ".qr"), "without scripts the iPad gets the desktop page's QR code")
        expect_buttons(browser, present=["App Store"], absent=[])
        shots.take("mac-desktop-qr", "/summer", MAC_SAFARI, DESKTOP, "light")
        expect(visible(browser, ".qr"), "a Mac sees the QR code")
        expect(not visible(browser, "a[data-store]"), "a Mac does not see the iPad's buttons")
        problems = [entry["message"] for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]
        expect(not problems, f"no page broke its Content-Security-Policy: {problems}")
        print(f"{len(shots.taken)} screenshots in {arguments.out}")
    finally:
        browser.quit()


def start_browser(https_port):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--ignore-certificate-errors",
                     f"--host-resolver-rules=MAP {LINK_HOST} 127.0.0.1:{https_port}, MAP {SITE_HOST} 127.0.0.1:{https_port}",
                     "--window-size=1280,1200", "--force-color-profile=srgb"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


class Screenshots:
    """Opens a page as one visitor and saves what the screen shows."""

    def __init__(self, browser, folder):
        self.browser = browser
        self.folder = folder
        self.taken = []

    def take(self, name, path, user_agent, size, scheme, mobile=False, touch=False, scripts=True):
        cdp = self.browser.execute_cdp_cmd
        width, height = size
        cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": mobile})
        cdp("Emulation.setUserAgentOverride", {"userAgent": user_agent})
        cdp("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5} if touch else {"enabled": False})
        cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        cdp("Emulation.setScriptExecutionDisabled", {"value": not scripts})
        self.browser.get(f"https://{LINK_HOST}{path}")
        self.browser.execute_script("return document.fonts && document.fonts.ready") if scripts else time.sleep(0.3)
        wait_for_images(self.browser, scripts)
        file = os.path.join(self.folder, f"{name}.png")
        with open(file, "wb") as image:
            image.write(self.browser.get_screenshot_as_png())
        self.taken.append(file)
        print(f"  {name}.png  {path} as {user_agent.split(')')[0]})")
        return file


def wait_for_images(browser, scripts):
    if not scripts:
        time.sleep(0.5)
        return
    deadline = time.time() + 5
    while time.time() < deadline:
        if browser.execute_script("return [...document.images].every(i => i.complete)"):
            return
        time.sleep(0.1)


def visible(browser, selector):
    return any(element.is_displayed() for element in browser.find_elements(By.CSS_SELECTOR, selector))


def expect_buttons(browser, present, absent):
    shown = " | ".join(element.text for element in browser.find_elements(By.TAG_NAME, "a") if element.is_displayed())
    for text in present:
        expect(text in shown, f"the page shows '{text}': {shown}")
    for text in absent:
        expect(text not in shown, f"the page does not show '{text}': {shown}")


def expect_qr_code(path, url):
    decoded = subprocess.run(["zbarimg", "--raw", "--quiet", path], capture_output=True, text=True).stdout.strip()
    expect(decoded == url, f"zbarimg reads the QR code in {os.path.basename(path)} as {url}" + ("" if decoded == url else f": {decoded!r}"))


def expect(condition, message):
    if not condition:
        sys.exit(f"FAIL: {message}")
    print(f"ok   {message}")


def create_links(api, token):
    in_three_seconds = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)
    links = [
        {"code": "spring", "deepLink": "shop://sales/42",
         "fallbacks": {"appStoreID": "123456789", "webURL": f"https://{SITE_HOST}/sales/42"},
         "preview": {"title": "Spring sale", "description": "Up to 50% off the new season’s favourites, this week only.",
                     "imageURL": f"https://{SITE_HOST}/images/spring.png"}},
        {"code": "summer", "deepLink": "shop://sales/43", "fallbacks": {"appStoreID": "123456789"},
         "preview": {"title": "The summer collection", "description": "Light layers, bright colours and free returns.",
                     "imageURL": f"https://{SITE_HOST}/images/summer.png"}},
        {"code": "winter", "deepLink": "shop://sales/41", "fallbacks": {"appStoreID": "123456789"},
         "preview": {"title": "Winter clearance"}, "expiresAt": in_three_seconds.strftime("%Y-%m-%dT%H:%M:%SZ")},
    ]
    for link in links:
        request = urllib.request.Request(
            f"{api}/api/v1/links", data=json.dumps(link).encode(), method="POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).close()
    time.sleep(max(0, (in_three_seconds - datetime.datetime.now(datetime.timezone.utc)).total_seconds() + 1))


# The website: a home page, the spring sale's page, the app's icon and the links' preview
# images, drawn here so the repository holds no binary files.

def write_site(folder):
    os.makedirs(os.path.join(folder, "images"), exist_ok=True)
    os.makedirs(os.path.join(folder, "sales"), exist_ok=True)
    with open(os.path.join(folder, "icon.png"), "wb") as file:
        file.write(icon_png(256))
    with open(os.path.join(folder, "images", "spring.png"), "wb") as file:
        file.write(poster_png(960, 503, ((255, 183, 178), (255, 111, 145)), [(0.18, 0.3, 0.22, (255, 240, 245)),
                                                                              (0.82, 0.72, 0.3, (255, 214, 102)),
                                                                              (0.55, 0.15, 0.12, (255, 255, 255))]))
    with open(os.path.join(folder, "images", "summer.png"), "wb") as file:
        file.write(poster_png(960, 503, ((72, 202, 228), (0, 119, 182)), [(0.78, 0.28, 0.26, (255, 209, 102)),
                                                                          (0.2, 0.8, 0.34, (144, 224, 239)),
                                                                          (0.42, 0.2, 0.1, (255, 255, 255))]))
    page = """<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title} · Shop</title><style>
body{{margin:0;font:16px/1.5 -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;color:#1d1d1f;background:#fff}}
header{{display:flex;align-items:center;gap:12px;padding:18px 48px;border-bottom:1px solid #eee;font-weight:700;font-size:20px}}
header img{{width:36px;height:36px;border-radius:8px}} nav{{margin-left:auto;font-weight:500;font-size:15px;color:#555}}
nav a{{color:inherit;text-decoration:none;margin-left:24px}}
.hero{{padding:56px 48px;display:grid;grid-template-columns:1fr 1fr;gap:48px;align-items:center;max-width:1100px;margin:auto}}
.hero img{{width:100%;border-radius:20px}} h1{{font-size:44px;line-height:1.1;margin:0 0 16px}}
.cta{{display:inline-block;margin-top:20px;padding:14px 24px;border-radius:12px;background:#0a66ff;color:#fff;text-decoration:none;font-weight:600}}
</style></head><body><header><img src="/icon.png" alt="">Shop<nav><a href="/">New in</a><a href="/">Women</a><a href="/">Men</a>
<a href="/sales/42">Sale</a></nav></header><section class="hero"><div><h1>{title}</h1><p>{text}</p>
<a class="cta" href="/">Shop now</a></div><img src="/images/spring.png" alt=""></section></body></html>
"""
    with open(os.path.join(folder, "index.html"), "w") as file:
        file.write(page.format(title="Welcome to Shop", text="Clothes for every season, delivered in two days."))
    with open(os.path.join(folder, "sales", "42.html"), "w") as file:
        file.write(page.format(title="Spring sale", text="Up to 50% off the new season’s favourites, this week only."))


def png(width, height, pixel):
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


def mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def coverage(distance):
    """How much of a pixel a shape covers, from its signed distance: anti-aliased edges."""
    return min(1.0, max(0.0, 0.5 - distance))


def rounded_box(x, y, left, top, right, bottom, radius):
    cx, cy = (left + right) / 2, (top + bottom) / 2
    qx, qy = abs(x - cx) - (right - left) / 2 + radius, abs(y - cy) - (bottom - top) / 2 + radius
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius


def icon_png(size):
    """A shopping bag on a blue rounded square."""
    top, bottom = (58, 140, 255), (10, 80, 214)
    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        background = mix(top, bottom, py / size)
        bag = coverage(rounded_box(px, py, size * 0.26, size * 0.4, size * 0.74, size * 0.8, size * 0.07))
        ring = abs(math.hypot(px - size / 2, py - size * 0.4) - size * 0.13) - size * 0.035
        handle = coverage(ring) if py < size * 0.4 else 0
        white = max(bag, handle)
        color = mix(background, (255, 255, 255), white)
        return (*color, 255)
    return png(size, size, pixel)


def poster_png(width, height, gradient, circles):
    """A diagonal gradient with soft circles: the kind of art a sale's preview image has."""
    def pixel(x, y):
        t = (x / width + y / height) / 2
        color = mix(gradient[0], gradient[1], t)
        for cx, cy, r, tint in circles:
            distance = math.hypot(x - cx * width, y - cy * height) - r * height
            color = mix(color, tint, 0.85 * coverage(distance / 1.5))
        return color
    rows_pixel = lambda x, y: (*pixel(x, y), 255)
    return png(width, height, rows_pixel)


if __name__ == "__main__":
    main()
