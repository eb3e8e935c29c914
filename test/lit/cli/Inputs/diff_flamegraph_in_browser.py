"""A differential flame graph as headless Chromium shows it: the DOM after its script
ran, a screenshot (the slowed frame's middle pixel checked as the DOM is), and the same
graph searched (?s=REGEX) and zoomed (?x=X&y=Y) to show that both work on it as on
every flame graph. Uses the browser command line of the flame graph checks
(test/lit/runtime/Inputs/flamegraph_in_browser.py).

usage: diff_flamegraph_in_browser.py SVG PNG SLOWED OTHERS [CHECKED]

SLOWED is the function whose frames must be colored as a regression: red family
(red 255, green = blue), clearly saturated (green at most 120). OTHERS says what every
other frame must be: "neutral-or-blue" (near-white, or blue family: blue 255, red =
green) or "neutral" (near-white only). Near-white: no channel below 200. CHECKED, a
regular expression, limits OTHERS to the frames whose names match it (a runtime's own
frames, such as Go's runtime.asyncPreempt, come and go between runs). Prints the
title, subtitle and legend, one line per check, and "FAIL" lines with every frame on
failure."""
import os
import re
import sys
import urllib.parse
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "runtime", "Inputs"))
import subprocess  # noqa: E402

from flamegraph_in_browser import chromium  # noqa: E402
from PIL import Image  # noqa: E402  (Debian python3-pil, as the flame graph render checks)

SVG_NS = "{http://www.w3.org/2000/svg}"
SEARCH_COLOR = (230, 0, 230)
SATURATED_MAX_GREEN = 120
NEAR_WHITE_MIN = 200


def rgb(fill):
    found = re.fullmatch(r"rgb\((\d+),(\d+),(\d+)\)", fill or "")
    return tuple(int(value) for value in found.groups()) if found else None


def dom(svg_path, png_path, query=""):
    url = "file://" + os.path.abspath(svg_path) + query
    text = subprocess.run(chromium(png_path) + ["--dump-dom", url], capture_output=True,
                          text=True, timeout=60, check=True).stdout
    return ElementTree.fromstring(text.strip())


def frames_of(root):
    """[(name, (r, g, b), tooltip)] for every frame."""
    frames = []
    for element in root.iter(SVG_NS + "g"):
        if "frame" not in element.get("class", "").split():
            continue
        rect = element.find(SVG_NS + "rect")
        title = element.find(SVG_NS + "title")
        frames.append((element.get("data-name"), rgb(rect.get("fill")),
                       title.text if title is not None else ""))
    return frames


def text_of(root, identifier):
    for element in root.iter(SVG_NS + "text"):
        if element.get("id") == identifier:
            return element.text or ""
    return ""


def middle_of(root, name):
    """The pixel in the middle of the first frame named `name`."""
    for element in root.iter(SVG_NS + "g"):
        if element.get("data-name") == name:
            rect = element.find(SVG_NS + "rect")
            return (int(float(rect.get("x")) + float(rect.get("width")) / 2),
                    int(float(rect.get("y")) + float(rect.get("height")) / 2))
    return (0, 0)


def is_regression(color):
    red, green, blue = color[:3]
    return red == 255 and green == blue and green <= SATURATED_MAX_GREEN


def is_near_white(color):
    return min(color) >= NEAR_WHITE_MIN


def is_blue_family(color):
    red, green, blue = color
    return blue == 255 and red == green


def main():
    svg_path, png_path, slowed, others = sys.argv[1:5]
    checked = re.compile(sys.argv[5] if len(sys.argv) > 5 else "")
    root = dom(svg_path, png_path)
    frames = frames_of(root)
    print("title: " + text_of(root, "title"))
    print("subtitle: " + text_of(root, "subtitle"))
    print("legend: " + text_of(root, "legend"))
    failed = False
    slowed_frames = [frame for frame in frames if frame[0] == slowed]
    if slowed_frames and all(is_regression(color) for _, color, _ in slowed_frames):
        print("%s: regression, %s" % (slowed, " ".join(str(c) for _, c, _ in slowed_frames)))
        for _, _, tooltip in slowed_frames:
            print("tooltip: " + tooltip)
    else:
        print("FAIL: %s is not colored as a regression" % slowed)
        failed = True
    allowed = is_near_white if others == "neutral" else (
        lambda color: is_near_white(color) or is_blue_family(color))
    checked_others = [frame for frame in frames
                      if frame[0] != slowed and checked.search(frame[0])]
    wrong = [frame for frame in checked_others if not allowed(frame[1])]
    if wrong:
        print("FAIL: frames neither %s: %s" % (others, wrong))
        failed = True
    else:
        print("others: %d frames %s" % (len(checked_others), others))

    # Search works as in every flame graph: the matches take the search color, the
    # other frames keep their own.
    searched = frames_of(dom(svg_path, png_path, "?s=" + urllib.parse.quote(re.escape(slowed))))
    matched = [name for name, color, _ in searched if color == SEARCH_COLOR]
    kept = all(color == before[1] for (name, color, _), before in zip(searched, frames)
               if name != slowed)
    print("search: %s matched, others kept their colors: %s" % (" ".join(matched), kept))

    # Zoom too: onto the slowed frame (?x=X&y=Y, its middle), which then spans the whole
    # width in its own color.
    x, y = middle_of(root, slowed)
    zoomed_root = dom(svg_path, png_path, "?x=%d&y=%d" % (x, y))
    full_width = float(root.get("data-frame-width"))
    zoomed = [(float(element.find(SVG_NS + "rect").get("width")),
               rgb(element.find(SVG_NS + "rect").get("fill")))
              for element in zoomed_root.iter(SVG_NS + "g") if element.get("data-name") == slowed]
    print("zoom: %s %s" % (slowed, "spans the width in its color"
                           if zoomed and abs(zoomed[0][0] - full_width) < 0.01
                           and zoomed[0][1] == slowed_frames[0][1] else "did not zoom: %s" % zoomed))

    if os.path.exists(png_path):
        os.remove(png_path)
    height = int(float(root.get("height")))
    subprocess.run(chromium(png_path) + ["--window-size=1200,%d" % height,
                                         "--screenshot=" + png_path,
                                         "file://" + os.path.abspath(svg_path)],
                   capture_output=True, timeout=60, check=True)
    with open(png_path, "rb") as handle:
        is_png = handle.read(8) == b"\x89PNG\r\n\x1a\n"
    if not is_png:
        print("FAIL: the screenshot is not a PNG")
        failed = True
    else:
        # The pixel in the middle of the slowed frame, as the browser painted it.
        painted = Image.open(png_path).convert("RGB").getpixel(middle_of(root, slowed))
        print("screenshot: PNG, %s painted %s" % (
            slowed, "as a regression" if is_regression(painted) else str(painted)))
    if failed:
        for frame in frames:
            print("frame: %s %s %s" % frame)
        sys.exit(1)


if __name__ == "__main__":
    main()
