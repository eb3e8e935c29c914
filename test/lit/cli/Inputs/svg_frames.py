"""Checks the frames of a flame graph SVG written by `hotpath flamegraph`.

usage: svg_frames.py FILE CHECK...

Each frame is a <g class="frame"> element with data-name, data-count and data-depth
attributes and a <rect> with its position and fill. A NAME matches a frame named NAME,
or NAME followed by a parameter list ("heavy" matches "heavy(long)"). Checks:

  NAME            some frame is NAME
  !NAME           no frame is NAME
  NAME>OTHER      NAME's samples (summed over its frames) exceed OTHER's
  NAME>K*OTHER    NAME's samples exceed K times OTHER's
  NAME<<OTHER     NAME's first frame starts left of OTHER's
  NAME>=N         NAME has at least N samples
  NAME@D          every NAME frame is at depth D (0 is the "all" frame)
  total>=N        the graph holds at least N samples
  inverted        roots at the top (depth 0 above depth 1)
  upright         roots at the bottom
  fill=blue|hot   every frame's color is in that palette's range

Prints every frame on failure and exits 1.
"""

import html
import re
import sys

FRAME = re.compile(
    r'<g class="frame" data-name="([^"]*)" data-count="(\d+)" data-start="(\d+)" '
    r'data-depth="(\d+)">.*?<rect x="[^"]*" y="([^"]*)" [^>]*fill="rgb\((\d+),(\d+),(\d+)\)"'
)


def read_frames(path):
    with open(path, encoding="utf-8") as svg:
        text = svg.read()
    frames = []
    for match in FRAME.finditer(text):
        name, count, start, depth, y, red, green, blue = match.groups()
        frames.append(
            {
                "name": html.unescape(name),
                "count": int(count),
                "start": int(start),
                "depth": int(depth),
                "y": float(y),
                "rgb": (int(red), int(green), int(blue)),
            }
        )
    return frames


def named(frames, name):
    return [f for f in frames if f["name"] == name or f["name"].startswith(name + "(")]


def samples(frames, name):
    return sum(f["count"] for f in named(frames, name))


def check(frames, spec):
    if spec == "inverted" or spec == "upright":
        top = [f["y"] for f in frames if f["depth"] == 0]
        below = [f["y"] for f in frames if f["depth"] == 1]
        if not top or not below:
            return False
        return (top[0] < below[0]) == (spec == "inverted")
    if spec.startswith("fill="):
        palette = spec[len("fill="):]
        for frame in frames:
            red, green, blue = frame["rgb"]
            if palette == "blue" and not (blue > red and blue > green):
                return False
            if palette == "hot" and not (red > blue and red >= green):
                return False
        return bool(frames)
    if spec.startswith("total>="):
        return samples(frames, "all") >= int(spec[len("total>="):])
    if spec.startswith("!"):
        return not named(frames, spec[1:])
    if "<<" in spec:
        name, other = spec.split("<<", 1)
        left, right = named(frames, name), named(frames, other)
        return bool(left and right) and min(f["start"] for f in left) < min(
            f["start"] for f in right
        )
    if ">=" in spec:
        name, minimum = spec.split(">=", 1)
        return samples(frames, name) >= int(minimum)
    if ">" in spec:
        name, other = spec.split(">", 1)
        factor = 1.0
        if "*" in other:
            factor, other = other.split("*", 1)
            factor = float(factor)
        return samples(frames, name) > factor * samples(frames, other)
    if "@" in spec:
        name, depth = spec.rsplit("@", 1)
        found = named(frames, name)
        return bool(found) and all(f["depth"] == int(depth) for f in found)
    return bool(named(frames, spec))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    frames = read_frames(sys.argv[1])
    failed = [spec for spec in sys.argv[2:] if not check(frames, spec)]
    if not frames or failed:
        print("failed: %s" % (", ".join(failed) or "no frames"), file=sys.stderr)
        for frame in frames:
            print(
                "  depth %(depth)d start %(start)d count %(count)d %(name)s rgb%(rgb)s" % frame,
                file=sys.stderr,
            )
        sys.exit(1)


if __name__ == "__main__":
    main()
