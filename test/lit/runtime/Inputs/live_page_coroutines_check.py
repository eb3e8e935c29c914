"""Drives test/lit/runtime/live_page_coroutines.cpp: starts a program whose
coroutines the plugin measured, with live metrics on a free port, opens the page's
Coroutines tab in headless Chromium, and prints what a person would check there,
with the figures of /coroutines to compare the cells with, and what promtool says
of /metrics.

usage: live_page_coroutines_check.py PROGRAM STOP_FILE SCREENSHOT.png"""
import json
import os
import re
import subprocess
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
    # Both naps ended: every instance but the parked one has.
    for _ in range(200):
        answer = json.loads(get(port, "/coroutines?limit=0")[1])
        naps = [row for row in answer["data"] if row["name"] == "app::nap"]
        if naps and naps[0]["completed"] == 2:
            break
        time.sleep(0.05)

    page = dom(base + "#tab=coroutines", texts=["coroutine-summary"])
    print("coroutines tab: %s, %s, table shown: %s" % (
        "open" if "active" in page.classes.get("tab:coroutines", []) else "closed",
        "hidden" if "hidden" in page.classes.get("tab:coroutines", []) else "shown",
        "hidden" not in page.classes.get("coroutine-view", []) and
        "hidden" in page.classes.get("coroutine-notice", [])))
    table = page.tables.get("coroutine-table", [])
    titles = table[0] if table else []
    print("columns: " + ", ".join(titles))
    rows = {row[0]: dict(zip(titles, row)) for row in table[1:] if row}
    print("rows: " + ", ".join(row[0] for row in table[1:] if row))
    for name, cells in rows.items():
        print("%s: %s" % (name, ", ".join(
            "%s %s" % (title, cells.get(title, "missing"))
            for title in ("Instances", "Completed", "Destroyed", "Resumes"))))
    print("app::park: Avg run %s, Avg susp %s" % (
        rows.get("app::park", {}).get("Avg run"), rows.get("app::park", {}).get("Avg susp")))

    # The times the page shows are /coroutines', formatted.
    answer = json.loads(get(port, "/coroutines?limit=0")[1])
    differences = []
    for data in answer["data"]:
        cells = rows.get(data["name"], {})
        ended = data["completed"] + data["destroyed"] > 0
        expected = {"Running": duration(data["running_ns"]),
                    "Suspended": duration(data["suspended_ns"]),
                    "Avg run": duration(data["avg_running_ns"]) if ended else "-",
                    "Avg susp": duration(data["avg_suspended_ns"]) if ended else "-"}
        differences += ["%s %s: page %s, route %s" % (data["name"], title, cells.get(title), text)
                        for title, text in expected.items() if cells.get(title) != text]
    print("times as /coroutines says: %s" % ("; ".join(differences) or "True"))
    naps = [row for row in answer["data"] if row["name"] == "app::nap"]
    print("app::nap suspended 40 ms or more an instance: %s" % (
        bool(naps) and naps[0]["avg_suspended_ns"] >= 40 * 10**6))
    print("summary: " + page.texts.get("coroutine-summary", "missing"))

    # The coroutine families as a scraper reads them.
    metrics = get(port, "/metrics")[1]
    checked = subprocess.run(["promtool", "check", "metrics"], input=metrics, text=True,
                             capture_output=True)
    print("metrics: promtool exit %d%s" % (
        checked.returncode, (": " + checked.stdout + checked.stderr) if checked.returncode else ""))
    for family in ("instances", "resumes"):
        found = re.search(r'^hotpath_coroutine_%s_total\{function="app::count_to"\} (\S+)$'
                          % family, metrics, re.M)
        print("hotpath_coroutine_%s_total app::count_to: %s" % (
            family, found.group(1) if found else "missing"))

    print("screenshot: " + screenshot(base + "#tab=coroutines", screenshot_path))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
