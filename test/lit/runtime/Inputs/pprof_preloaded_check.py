"""Reads the files a program that measures nothing writes when run with
libhotpath-cpu preloaded: the pprof profile with `go tool pprof`, the speedscope
file as JSON, and compares both with the folded stacks of the same run.

usage: pprof_preloaded_check.py PROFILE SPEEDSCOPE FOLDED

Prints what it found, one fact a line.
"""
import json
import re
import subprocess
import sys


def run(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


def main():
    profile, speedscope, folded = sys.argv[1:4]
    folded_samples = 0
    with open(folded) as lines:
        for line in lines:
            folded_samples += int(line.rsplit(" ", 1)[1])

    raw = run("go", "tool", "pprof", "-raw", profile)
    header = next(line for line in raw.splitlines() if "/" in line and "count" in line)
    types = [t.split("/")[0] for t in header.split()]
    default = next(t.split("/")[0] for t in header.split() if "[dflt]" in t)
    period = int(re.search(r"^Period: (\d+)", raw, re.M).group(1))
    values = [[int(v) for v in line.split(":", 1)[0].split()]
              for line in raw.splitlines() if re.match(r"\s+\d+(\s+\d+)+:", line)]
    samples = sum(v[types.index("samples")] for v in values)
    wall = sum(v[types.index("wall")] for v in values)
    print(f"pprof: {samples} samples, folded stacks: {folded_samples}")
    print(f"pprof: default sample type {default}, wall {wall}")
    top = run("go", "tool", "pprof", "-top", "-nodecount=2", profile)
    rows = [line.split()[-1] for line in top.splitlines() if re.match(r"\s*[0-9.]+m?s\s", line)]
    print(f"pprof top: {', '.join(rows)}")
    # A location's line: `ID: ADDRESS M=N NAME FILE:LINE s=START(SYSTEM NAME)`.
    symbols = sorted(set(re.findall(r" (heavy|light) \S+ s=\d+\(([^)]*\))\)", raw)))
    print("pprof system names: " + ", ".join(f"{name} {symbol}" for name, symbol in symbols))

    with open(speedscope) as file:
        document = json.load(file)
    kinds = [(p["type"], p["unit"]) for p in document["profiles"]]
    print(f"speedscope: profiles {kinds}")
    weight = sum(document["profiles"][0]["weights"])
    print(f"speedscope: {round(weight / period)} periods of samples, folded stacks: "
          f"{folded_samples}")
    names = [frame["name"] for frame in document["shared"]["frames"]]
    print(f"speedscope: heavy(int) {'named' if 'heavy(int)' in names else 'missing'}")


main()
