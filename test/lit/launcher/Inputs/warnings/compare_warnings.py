"""Compares the warnings of a build without hotpath with those of an instrumented
build of the same source: exits 1, listing them, when the instrumented build has a
warning the other has not (by file name, line and text; the copies' directories do
not count). Prints "N without hotpath, M with, none new".

usage: compare_warnings.py LABEL PLAIN.log INSTRUMENTED.log"""
import os
import re
import sys

WARNING = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?:\d+:)? warning: (?P<text>.*)$")


def warnings(path):
    found = set()
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            match = WARNING.match(line.rstrip("\n"))
            if match:
                found.add((os.path.basename(match["file"]), int(match["line"]), match["text"]))
    return found


label, plain_log, instrumented_log = sys.argv[1:4]
plain, instrumented = warnings(plain_log), warnings(instrumented_log)
new = sorted(instrumented - plain)
if new:
    print("%s: %d new warnings:" % (label, len(new)))
    for name, line, text in new:
        print("  %s:%d: %s" % (name, line, text))
    sys.exit(1)
print("%s: %d without hotpath, %d with, none new" % (label, len(plain), len(instrumented)))
