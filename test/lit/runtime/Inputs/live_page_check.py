"""Drives test/lit/runtime/live_page.cpp: starts the program with live metrics on
a free port, loads the page in headless Chromium (the DOM after the page's
scripts ran, and a screenshot) and prints what a person would check.

usage: live_page_check.py PROGRAM STOP_FILE SCREENSHOT.png"""
import html.parser
import http.client
import os
import re
import struct
import subprocess
import sys
import time

from live_program import start_live_program

program, stop_file, screenshot = sys.argv[1:4]


class Rows(html.parser.HTMLParser):
    """The page's table rows (cells' text, per table id) and the bars of its
    histogram."""

    def __init__(self):
        super().__init__()
        self.tables, self.table, self.row, self.text = {}, None, None, None
        self.bars = 0

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        # A bar of the histogram says what it counts when hovered.
        if tag == "div" and " calls up to " in attributes.get("title", ""):
            self.bars += 1
        if tag == "table":
            self.table = attributes.get("id")
            self.tables.setdefault(self.table, [])
        elif tag == "tr" and self.table:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.text = ""

    def handle_data(self, data):
        if self.text is not None:
            self.text += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.row is not None and self.text is not None:
            self.row.append(self.text.strip())
            self.text = None
        elif tag == "tr" and self.row is not None:
            self.tables[self.table].append(self.row)
            self.row = None
        elif tag == "table":
            self.table = None


def chromium(url, *options):
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--virtual-time-budget=5000", "--window-size=1280,800", *options, url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


def dom(url):
    parser = Rows()
    parser.feed(chromium(url, "--dump-dom"))
    return parser


if os.path.exists(stop_file):
    os.remove(stop_file)
process, port = start_live_program([program, stop_file])
base = "http://127.0.0.1:%d/" % port
def get(path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    return response, response.read().decode()


try:
    # The program makes its calls first: wait until the last of them is counted.
    for _ in range(200):
        if '"name":"app::fast","signature":"app::fast()","calls":40,' in get("/functions_timing")[1]:
            break
        time.sleep(0.05)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/")
    response = connection.getresponse()
    page = response.read().decode()
    # src=, href= or url() pointing anywhere but the program itself.
    outside = re.findall(r"""(?:src|href)\s*=\s*["'](?:https?:)?//|url\(\s*["']?https?:""", page)
    print("page: %d %s, no address outside the program: %s" % (
        response.status, response.getheader("Content-Type").split(";")[0], not outside))

    functions = dom(base).tables.get("function-table", [])
    rows = [row for row in functions[1:] if row and row[0].startswith("app::")]
    print("table: " + ", ".join("%s %s" % (row[0], row[1]) for row in rows))

    detail = dom(base + "#function=app%3A%3Amedium")
    logs = [row for row in detail.tables.get("logs", [])[1:] if row]
    bars = detail.bars
    print("detail: app::medium, histogram bars %d, recent calls %d" % (bars, len(logs)))

    threads = dom(base + "#tab=threads").tables.get("thread-table", [])
    main_rows = [row for row in threads[1:] if row and row[0] == "main"]
    print("threads tab: main %s" % (main_rows[0][2] if main_rows else "missing"))

    chromium(base, "--screenshot=" + screenshot)
    with open(screenshot, "rb") as image:
        header = image.read(24)
    width, height = struct.unpack(">II", header[16:24])
    print("screenshot: %s %dx%d" % ("PNG" if header[:8] == b"\x89PNG\r\n\x1a\n" else "not a PNG",
                                    width, height))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
