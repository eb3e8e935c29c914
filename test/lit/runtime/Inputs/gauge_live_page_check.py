"""Drives test/lit/runtime/gauges_live_page.cpp: starts Inputs/gauge_program.cpp
with live metrics on a free port, once it recorded everything opens the page's
Gauges tab in headless Chromium and prints what a person would check there, then
/gauges, and what promtool says of /metrics with its counter and gauge samples.

usage: gauge_live_page_check.py PROGRAM STOP_FILE SCREENSHOT.png"""
import json
import os
import re
import subprocess
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
    # The program's last update is the UTF-8 gauge.
    for _ in range(200):
        answer = json.loads(get(port, "/gauges")[1])
        if any(row["name"] == "latency \u00b5s" for row in answer["data"]):
            break
        time.sleep(0.05)

    page = dom(base + "#tab=gauges", texts=["gauge-summary"])
    print("gauges tab: %s, %s, table shown: %s" % (
        "open" if "active" in page.classes.get("tab:gauges", []) else "closed",
        "hidden" if "hidden" in page.classes.get("tab:gauges", []) else "shown",
        "hidden" not in page.classes.get("gauge-view", []) and
        "hidden" in page.classes.get("gauge-notice", [])))
    table = page.tables.get("gauge-table", [])
    print("columns: " + ", ".join(table[0] if table else []))
    for row in table[1:]:
        print("row: " + " | ".join(row))
    print("summary: " + page.texts.get("gauge-summary", "missing"))

    print("/gauges: " + get(port, "/gauges")[1])

    metrics = get(port, "/metrics")[1]
    checked = subprocess.run(["promtool", "check", "metrics"], input=metrics, text=True,
                             capture_output=True)
    print("metrics: promtool exit %d%s" % (
        checked.returncode, (": " + checked.stdout + checked.stderr) if checked.returncode else ""))
    for line in metrics.splitlines():
        if re.match(r"(# TYPE )?hotpath_(counters|gauges)", line):
            print(line)

    print("screenshot: " + screenshot(base + "#tab=gauges", screenshot_path))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
