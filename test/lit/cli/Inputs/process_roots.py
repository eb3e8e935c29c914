"""Checks that each process of a `hotpath flamegraph --children` run has a root frame
of its own, `PROGRAM [PID]`, in the folded stacks and in the SVG alike.

usage: process_roots.py SVG FOLDED PROGRAM RAN

RAN is the program's output, with lines `ran FUNCTION in PID` (one per process). Every
folded stack that has a FUNCTION frame starts with `PROGRAM [PID]` of the process that
ran it; the roots are exactly these, one per process; and the SVG's frames at depth 1
are the same roots with the same samples.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_frames import read_frames  # noqa: E402


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    svg, folded, program, ran = sys.argv[1:]
    program = os.path.basename(program)
    expected = {}
    with open(ran) as lines:
        for line in lines:
            words = line.split()
            if len(words) == 4 and words[0] == "ran" and words[2] == "in":
                expected[words[1]] = "%s [%s]" % (program, words[3])
    if len(set(expected.values())) < 2:
        fail("expected two processes in %s, got %r" % (ran, expected))
    roots = {}
    with open(folded) as stacks:
        for line in stacks:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            frames = stack.split(";")
            roots[frames[0]] = roots.get(frames[0], 0) + int(count)
            for function, root in expected.items():
                named = any(f == function or f.startswith(function + "(") for f in frames)
                if named and frames[0] != root:
                    fail("%s ran in %s, but a stack of it starts with %s" % (function, root, frames[0]))
    if set(roots) != set(expected.values()):
        fail("roots %r, expected %r" % (sorted(roots), sorted(expected.values())))
    drawn = {f["name"]: f["count"] for f in read_frames(svg) if f["depth"] == 1}
    if drawn != roots:
        fail("the SVG's roots %r differ from the folded stacks' %r" % (drawn, roots))
    for root, count in sorted(roots.items()):
        print("ok %s: %d samples" % (root, count))


if __name__ == "__main__":
    main()
