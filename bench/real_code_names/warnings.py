#!/usr/bin/env python3
"""Compares the compiler warnings of two build logs, by warning option.

    warnings.py [--labels A,B] BUILD_LOG_A BUILD_LOG_B

Counts the lines of each log that are a GCC or Clang warning (`file:line:col:
warning: text [-Wname]`), by the option in brackets (`(no option)` for warnings
without one), and prints a table of both counts with the difference, then the
warnings of B whose text (the path's directory taken off) is not among A's. The
same warning from a header included by several files counts once per file, as the
compiler prints it.

The exit status is 0 whatever the figures (this is a measurement); 2 when a log
cannot be read.
"""

import argparse
import collections
import os
import re
import sys

WARNING = re.compile(r"^(?P<path>[^:\s][^:]*):\d+:\d+: warning: (?P<text>.*?)(?: \[(?P<option>-W[^\]]+)\])?$")


def warnings_of(path):
    """The (option, file name, message) of every warning line of the log at path."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            match = WARNING.match(line.rstrip("\n"))
            if match:
                found.append(
                    (
                        match.group("option") or "(no option)",
                        os.path.basename(match.group("path")),
                        match.group("text"),
                    )
                )
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--labels", default="A,B")
    parser.add_argument("log_a")
    parser.add_argument("log_b")
    arguments = parser.parse_args()
    labels = arguments.labels.split(",")
    if len(labels) != 2:
        parser.error("--labels takes two names separated by a comma")
    try:
        first, second = warnings_of(arguments.log_a), warnings_of(arguments.log_b)
    except OSError as error:
        print(f"warnings.py: cannot read {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    counts = [collections.Counter(option for option, _, _ in found) for found in (first, second)]
    options = sorted(set(counts[0]) | set(counts[1]))
    width = max([len("option"), len("total")] + [len(option) for option in options])
    print(f"{'option':<{width}} {labels[0]:>10} {labels[1]:>10} {'difference':>10}")
    for option in options:
        a, b = counts[0][option], counts[1][option]
        print(f"{option:<{width}} {a:>10} {b:>10} {b - a:>+10}")
    print(f"{'total':<{width}} {len(first):>10} {len(second):>10} {len(second) - len(first):>+10}")
    only_second = collections.Counter(second) - collections.Counter(first)
    if only_second:
        print(f"\nwarnings of {labels[1]} not in {labels[0]}:")
        for (option, name, text), count in sorted(only_second.items()):
            print(f"  {count} x {name}: {text} [{option}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
