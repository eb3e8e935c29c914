"""Drives test/lit/runtime/live_page.cpp: starts the program with live metrics on
a free port, loads the page in headless Chromium (the DOM after the page's
scripts ran, and a screenshot) and prints what a person would check.

usage: live_page_check.py PROGRAM STOP_FILE SCREENSHOT.png"""
import os
import re
import sys
import time

from live_page_dom import dom, get, screenshot
from live_program import start_live_program

program, stop_file, screenshot_path = sys.argv[1:4]

if os.path.exists(stop_file):
    os.remove(stop_file)
process, port = start_live_program([program, stop_file])
base = "http://127.0.0.1:%d/" % port

try:
    # The program makes its calls first: wait until the last of them is counted.
    for _ in range(200):
        timing = get(port, "/functions_timing")[1]
        if '"name":"app::fast","signature":"app::fast()","calls":40,' in timing:
            break
        time.sleep(0.05)
    response, page = get(port, "/")
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

    # Without hotpath-wait the Waits tab is there, greyed, and says why it is empty.
    waits = dom(base + "#tab=waits", texts=["wait-notice"])
    print("waits tab: %s, open: %s, table hidden: %s, says: %s" % (
        "greyed" if "unavailable" in waits.classes.get("tab:waits", []) else "not greyed",
        "active" in waits.classes.get("tab:waits", []),
        "hidden" in waits.classes.get("wait-view", []),
        waits.texts.get("wait-notice", "nothing")))
    # No coroutine ran: the Coroutines tab is not there (live_page_coroutines.cpp has one).
    print("coroutines tab: %s" % (
        "hidden" if "hidden" in waits.classes.get("tab:coroutines", []) else "shown"))

    print("screenshot: " + screenshot(base, screenshot_path))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
