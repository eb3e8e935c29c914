"""Drives test/lit/runtime/live_page_waits.cpp: starts a program linked with
hotpath-wait with live metrics on a free port, opens the page's Waits tab in
headless Chromium, and prints what a person would check there, with the figures
of /functions_wait to compare the cells with.

usage: live_page_waits_check.py PROGRAM STOP_FILE SCREENSHOT.png"""
import json
import os
import sys
import time

from live_page_dom import dom, duration, get, screenshot
from live_program import start_live_program

program, stop_file, screenshot_path = sys.argv[1:4]


if os.path.exists(stop_file):
    os.remove(stop_file)
process, port = start_live_program([program, stop_file])
base = "http://127.0.0.1:%d/" % port

try:
    # app::add is called last: once it is counted, every wait of the other two is.
    for _ in range(200):
        if '"name":"app::add"' in get(port, "/functions_timing")[1]:
            break
        time.sleep(0.05)

    page = dom(base + "#tab=waits", texts=["wait-summary"])
    print("waits tab: %s, %s, table shown: %s" % (
        "open" if "active" in page.classes.get("tab:waits", []) else "closed",
        "greyed" if "unavailable" in page.classes.get("tab:waits", []) else "not greyed",
        "hidden" not in page.classes.get("wait-view", []) and
        "hidden" in page.classes.get("wait-notice", [])))
    table, tips = page.tables.get("wait-table", []), page.tips.get("wait-table", [])
    titles = table[0] if table else []
    print("columns: " + ", ".join(titles))
    rows = {row[0]: (row, tip) for row, tip in zip(table[1:], tips[1:]) if row}
    print("rows: " + ", ".join(row[0] for row in table[1:] if row))

    # Each cause's cell shows the time, its title the number of waits ("3 waits; self: ...").
    keys = {"Lock": "lock", "Condvar": "condition", "I/O": "io", "Sleep": "sleep", "Other": "other"}
    causes = [title for title in titles if title in keys]
    for name in ("app::nap", "app::read_pipe"):
        row, tip = rows.get(name, ([], []))
        cells, hovers = dict(zip(titles, row)), dict(zip(titles, tip))
        counts = ["%s %s" % (cause, "-" if cells.get(cause, "-") == "-"
                             else hovers.get(cause, "").split(";")[0]) for cause in causes]
        print("%s: Waits %s, %s, I/O bytes %s" % (
            name, cells.get("Waits", "missing"), ", ".join(counts), cells.get("I/O bytes")))

    # The times the page shows are /functions_wait's, formatted (% Wall is not
    # compared: the wall time grows while the program waits for the stop file).
    answer = json.loads(get(port, "/functions_wait?limit=0")[1])
    differences = []
    for data in answer.get("data", []):
        if data["name"] not in ("app::nap", "app::read_pipe"):
            continue
        cells = dict(zip(titles, rows.get(data["name"], ([], []))[0]))
        expected = {"Blocked": duration(data["total_ns"]), "Self": duration(data["self_ns"])}
        for cause in causes:
            figures = data["causes"][keys[cause]]
            expected[cause] = duration(figures["total_ns"]) if figures["count"] else "-"
        differences += ["%s %s: page %s, route %s" % (data["name"], title, cells.get(title), text)
                        for title, text in expected.items() if cells.get(title) != text]
    print("times as /functions_wait says: %s" % ("; ".join(differences) or "True"))
    print("summary: " + page.texts.get("wait-summary", "missing"))

    # The contended locks under the functions, as /locks has them.
    locks = page.tables.get("lock-table", [])
    print("locks shown: %s" % ("hidden" not in page.classes.get("lock-view", [])))
    print("lock columns: " + ", ".join(locks[0] if locks else []))
    for row in locks[1:]:
        print("lock: " + " | ".join(row))

    print("screenshot: " + screenshot(base + "#tab=waits", screenshot_path))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
