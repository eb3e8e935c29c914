"""A flame graph SVG as headless Chromium shows it: the DOM after its script ran
(the title, and the samples drawn for each function), and a screenshot. Run as a
script, it compares the graph drawn with the folded stacks it was made from:

usage: flamegraph_in_browser.py SVG FOLDED PNG FUNCTION...

prints the title, then "FUNCTION: drawn N, folded N" for each function (its frames'
counts summed, a function named with or without its parameter list), and whether
the screenshot is a PNG."""
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

SVG_NS = "{http://www.w3.org/2000/svg}"


def function_of(frame):
    """'app::read_pipe(int)' -> 'app::read_pipe'."""
    return frame.split("(", 1)[0]


def chromium(png_path):
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    profile = os.path.join(os.path.dirname(os.path.abspath(png_path)), "flamegraph-chromium-profile")
    return [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--hide-scrollbars", "--user-data-dir=" + profile]


def drawn(svg_path, png_path, functions):
    """(the graph's title, {function: samples drawn}, True when the screenshot is a PNG)."""
    url = "file://" + os.path.abspath(svg_path)
    browser = chromium(png_path)
    text = subprocess.run(browser + ["--dump-dom", url], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    root = ElementTree.fromstring(text.strip())
    title, counts = "", {}
    for element in root.iter():
        if element.tag == SVG_NS + "text" and element.get("id") == "title":
            title = element.text or ""
        if element.tag != SVG_NS + "g" or "frame" not in element.get("class", "").split():
            continue
        name = function_of(element.get("data-name") or "")
        if name in functions:
            counts[name] = counts.get(name, 0) + int(element.get("data-count"))
    if os.path.exists(png_path):
        os.remove(png_path)
    subprocess.run(browser + ["--window-size=1200,800", "--screenshot=" + png_path, url],
                   capture_output=True, timeout=60, check=True)
    with open(png_path, "rb") as handle:
        is_png = handle.read(8) == b"\x89PNG\r\n\x1a\n"
    return title, counts, is_png


def folded_counts(folded_path, functions):
    """{function: the counts of the stacks through it, each stack once}."""
    counts = {}
    with open(folded_path) as handle:
        for line in handle:
            stack, count = line.rstrip("\n").rsplit(" ", 1)
            for name in {function_of(frame) for frame in stack.split(";")} & set(functions):
                counts[name] = counts.get(name, 0) + int(count)
    return counts


def main():
    svg_path, folded_path, png_path = sys.argv[1:4]
    functions = sys.argv[4:]
    title, counts, is_png = drawn(svg_path, png_path, functions)
    folded = folded_counts(folded_path, functions)
    print("title: " + title)
    for name in functions:
        print("%s: drawn %d, folded %d" % (name, counts.get(name, 0), folded.get(name, 0)))
    print("screenshot: " + ("PNG" if is_png else "not a PNG"))


if __name__ == "__main__":
    main()
