#!/usr/bin/python3
"""The flame graph as a browser shows it.

Renders known folded stacks with the renderer's test driver, then has headless Chromium
take screenshots (checked pixel by pixel with PIL) and dump the DOM after the embedded
script ran: with URL parameters (?s=REGEX searches, ?x=X&y=Y zooms onto the frame under
that point), and with a copy of the SVG that plays hover, click, Escape, Ctrl-F and
"Reset Search" events. Checks compare exact values (pixels within a stated tolerance);
any difference fails the test. Screenshots and SVGs stay in WORKDIR for a look.

Usage: check_flamegraph_render.py RENDERER WORKDIR
"""

import os
import shutil
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ElementTree

try:
    from PIL import Image
except ImportError:
    print("FAIL: PIL is missing: run this test with Debian's /usr/bin/python3 and the "
          "python3-pil package", file=sys.stderr)
    sys.exit(1)

SVG_NS = "{http://www.w3.org/2000/svg}"
CHROMIUM_TIMEOUT_SECONDS = 20
WINDOW = (1200, 600)
SEARCH_COLOR = (230, 0, 230)
ODD_NAME = "std::vector<int>::operator<&(a&&)"
FOLDED = f"""main;heavy_work;compute 50
main;heavy_work 30
main;light_work;{ODD_NAME} 15
main;light_work 5
"""

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", flush=True)
    return condition


def fatal(message):
    print(f"FAIL: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def find_chromium():
    for candidate in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(candidate)
        if path:
            return path
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    fatal("Chromium is not installed (no chromium, chromium-browser or google-chrome on "
          "PATH): this test needs a headless browser (Debian package chromium)")
    return None


class Browser:
    def __init__(self, executable, workdir):
        self.executable = executable
        self.profile = os.path.join(workdir, "chromium-profile")

    def run(self, *arguments):
        # Console messages go to stderr, where script errors are caught.
        command = [self.executable, "--headless", "--no-sandbox", "--disable-gpu",
                   "--no-first-run", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                   f"--user-data-dir={self.profile}", *arguments]
        try:
            result = subprocess.run(command, capture_output=True, text=True,
                                    timeout=CHROMIUM_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            fatal(f"Chromium took more than {CHROMIUM_TIMEOUT_SECONDS} s: {' '.join(command)}")
        if result.returncode != 0:
            fatal(f"Chromium failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")
        for line in result.stderr.splitlines():
            check(":CONSOLE" not in line or "Uncaught" not in line,
                  f"script error with {arguments[-1]}: {line}")
        return result.stdout

    def screenshot(self, url, png):
        if os.path.exists(png):
            os.remove(png)
        self.run(f"--window-size={WINDOW[0]},{WINDOW[1]}", f"--screenshot={png}", url)
        if not os.path.exists(png):
            fatal(f"Chromium wrote no screenshot of {url}")
        return Image.open(png).convert("RGB")

    def dom(self, url):
        text = self.run("--dump-dom", url).strip()
        try:
            return ElementTree.fromstring(text)
        except ElementTree.ParseError as error:
            fatal(f"the DOM of {url} is not XML ({error}):\n{text[:2000]}")
        return None


def rgb(fill):
    """'rgb(1,2,3)' -> (1, 2, 3)."""
    assert fill.startswith("rgb(") and fill.endswith(")"), fill
    return tuple(int(part) for part in fill[4:-1].split(","))


def frames_of(root):
    """name -> list of {classes, x, y, width, height, fill, label} for every frame."""
    frames = {}
    for g in root.iter(f"{SVG_NS}g"):
        classes = g.get("class", "").split()
        if "frame" not in classes:
            continue
        rect = g.find(f"{SVG_NS}rect")
        text = g.find(f"{SVG_NS}text")
        frames.setdefault(g.get("data-name"), []).append({
            "classes": classes,
            "count": int(g.get("data-count")),
            "tooltip": g.find(f"{SVG_NS}title").text,
            "x": float(rect.get("x")),
            "y": float(rect.get("y")),
            "width": float(rect.get("width")),
            "height": float(rect.get("height")),
            "fill": rgb(rect.get("fill")),
            "label": text.text if text is not None else None,
        })
    return frames


def the_frame(frames, name):
    found = frames.get(name, [])
    if len(found) != 1:
        fatal(f"expected one frame named {name!r}, found {len(found)}")
    return found[0]


def element_by_id(root, identifier):
    for element in root.iter():
        if element.get("id") == identifier:
            return element
    fatal(f"no element with id {identifier!r}")
    return None


def close(a, b, tolerance=6):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def run_in_row(image, y, color, x_from=0):
    """(first x, pixel count) of the pixels close to `color` on row y, from x_from."""
    xs = [x for x in range(x_from, image.width) if close(image.getpixel((x, y)), color)]
    return (xs[0], len(xs)) if xs else (None, 0)


def label_free_row(frame):
    """The pixel row one below a frame's top: inside its rectangle, above the tallest letter
    of its label, and below the rounded corners."""
    return int(frame["y"]) + 1


def url_of(path, **params):
    query = urllib.parse.urlencode(params)
    return "file://" + path + ("?" + query if query else "")


def render(renderer, folded_path, svg_path, *options):
    result = subprocess.run([renderer, *options, folded_path, svg_path],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        fatal(f"the renderer failed: {result.stderr}")
    with open(svg_path, encoding="utf-8") as svg:
        try:
            return ElementTree.fromstring(svg.read())
        except ElementTree.ParseError as error:
            fatal(f"{svg_path} is not well-formed XML: {error}")
    return None


def check_written_svg(svg):
    frames = frames_of(svg)
    check(sorted(frames) == sorted(["all", "main", "heavy_work", "light_work", "compute",
                                    ODD_NAME]),
          f"frames of the SVG: {sorted(frames)}")
    odd = the_frame(frames, ODD_NAME)
    check(odd["tooltip"] == f"{ODD_NAME} (15 samples, 15.00%)",
          f"tooltip of the escaped name: {odd['tooltip']!r}")
    check(odd["label"] == "std::vector<int>::ope..", f"label of the escaped name: {odd['label']!r}")
    heavy = the_frame(frames, "heavy_work")
    check(heavy["tooltip"] == "heavy_work (80 samples, 80.00%)",
          f"tooltip of heavy_work: {heavy['tooltip']!r}")
    return frames


def check_screenshot(image, frames):
    check(image.size == WINDOW, f"screenshot size {image.size}")
    heavy = the_frame(frames, "heavy_work")
    light = the_frame(frames, "light_work")
    all_frame = the_frame(frames, "all")

    # Not blank: the graph area has many colors and few white pixels.
    graph = image.crop((0, 0, WINDOW[0], int(all_frame["y"] + all_frame["height"])))
    colors = graph.getcolors(maxcolors=1 << 20)
    check(colors is not None and len(colors) > 20,
          f"the graph has {len(colors) if colors else 'too many'} colors")
    white = sum(count for count, color in colors or [] if color == (255, 255, 255))
    check(white < graph.width * graph.height // 20, f"{white} white pixels in the graph area")

    row = label_free_row(heavy)
    heavy_color = image.getpixel((int(heavy["x"] + heavy["width"] / 2), row))
    light_color = image.getpixel((int(light["x"] + light["width"] / 2), row))
    red, green, blue = heavy_color
    check(red >= 200 and blue <= 60 and red > blue + 140,
          f"heavy_work is drawn in {heavy_color}, not a warm color of the hot palette")
    check(close(heavy_color, heavy["fill"], 3),
          f"heavy_work is drawn in {heavy_color}, the SVG says {heavy['fill']}")
    check(close(light_color, light["fill"], 3),
          f"light_work is drawn in {light_color}, the SVG says {light['fill']}")
    heavy_start, heavy_pixels = run_in_row(image, row, heavy_color)
    light_start, light_pixels = run_in_row(image, row, light_color,
                                           int(heavy["x"] + heavy["width"]))
    check(heavy_start is not None and abs(heavy_start - 10) <= 1,
          f"heavy_work starts at x={heavy_start}, expected 10")
    check(light_start is not None and abs(light_start - 954) <= 1,
          f"light_work starts at x={light_start}, expected 954")
    share = heavy_pixels / max(1, heavy_pixels + light_pixels)
    print(f"heavy_work {heavy_pixels} px, light_work {light_pixels} px: {share:.4f}")
    check(abs(share - 0.80) <= 0.02,
          f"heavy_work is {share:.4f} of the heavy+light span ({heavy_pixels} and "
          f"{light_pixels} px), expected 0.80 +- 0.02")
    check(abs(heavy_pixels - 944) <= 0.02 * 944,
          f"heavy_work is {heavy_pixels} px wide, expected 944")

    # Labels are drawn: dark pixels on the left of heavy_work, under its top rows.
    label_box = image.crop((int(heavy["x"]) + 2, int(heavy["y"]) + 3,
                            int(heavy["x"]) + 80, int(heavy["y"] + heavy["height"]) - 1))
    dark = sum(1 for pixel in label_box.getdata() if sum(pixel) < 200)
    check(dark > 30, f"no label drawn on heavy_work ({dark} dark pixels)")
    # The title, centered above the graph.
    title_box = image.crop((520, 5, 680, 30))
    dark = sum(1 for pixel in title_box.getdata() if sum(pixel) < 200)
    check(dark > 50, f"no title drawn ({dark} dark pixels)")


def check_search(browser, svg_path, regex, expected_matches, expected_text):
    dom = browser.dom(url_of(svg_path, s=regex))
    frames = frames_of(dom)
    highlighted = sorted(name for name, found in frames.items()
                         for frame in found if frame["fill"] == SEARCH_COLOR)
    marked = sorted(name for name, found in frames.items()
                    for frame in found if "match" in frame["classes"])
    check(highlighted == sorted(expected_matches),
          f"?s={regex}: highlighted frames {highlighted}, expected {sorted(expected_matches)}")
    check(marked == sorted(expected_matches), f"?s={regex}: frames of class match {marked}")
    matched = element_by_id(dom, "matched")
    check(matched.text == expected_text,
          f"?s={regex}: the matched line says {matched.text!r}, expected {expected_text!r}")
    check("hide" not in matched.get("class", "").split(), f"?s={regex}: the matched line is hidden")
    search = element_by_id(dom, "search")
    check(search.text == "Reset Search", f"?s={regex}: the search control says {search.text!r}")


def check_zoom(browser, svg_path, written_frames, png):
    heavy = the_frame(written_frames, "heavy_work")
    x = heavy["x"] + heavy["width"] / 2
    y = heavy["y"] + heavy["height"] / 2
    url = url_of(svg_path, x=f"{x:.2f}", y=f"{y:.2f}")
    frames = frames_of(browser.dom(url))

    def state(name):
        frame = the_frame(frames, name)
        return ("hidden" if "hide" in frame["classes"] else
                "ancestor" if "ancestor" in frame["classes"] else "shown")

    expected = {"all": "ancestor", "main": "ancestor", "heavy_work": "shown",
                "compute": "shown", "light_work": "hidden", ODD_NAME: "hidden"}
    for name, wanted in expected.items():
        check(state(name) == wanted, f"zoomed on heavy_work: {name} is {state(name)}, "
                                     f"expected {wanted}")
    zoomed = the_frame(frames, "heavy_work")
    check((zoomed["x"], zoomed["width"]) == (10.0, 1180.0),
          f"zoomed heavy_work at x={zoomed['x']} width={zoomed['width']}, expected 10 and 1180")
    compute = the_frame(frames, "compute")
    check((compute["x"], compute["width"]) == (10.0, 737.5),
          f"zoomed compute at x={compute['x']} width={compute['width']}, expected 10 and 737.5")
    for name in ("all", "main"):
        frame = the_frame(frames, name)
        check(frame["width"] == 1180.0, f"zoomed: ancestor {name} is {frame['width']} px wide")

    # On screen: heavy_work's color across the whole width, light_work's nowhere.
    image = browser.screenshot(url, png)
    row = label_free_row(heavy)
    start, pixels = run_in_row(image, row, heavy["fill"], 0)
    check(start is not None and abs(start - 10) <= 1 and abs(pixels - 1180) <= 4,
          f"zoomed heavy_work drawn from x={start} over {pixels} px, expected 10 and 1180")
    _, light_pixels = run_in_row(image, row, the_frame(frames, "light_work")["fill"], 0)
    check(light_pixels == 0, f"zoomed: light_work still drawn over {light_pixels} px")


# Appended to a copy of the SVG, after the flame graph's own script: plays a user's
# events and writes what the page showed after each one into attributes of the root.
INTERACTION_SCRIPT = """<script type="text/ecmascript"><![CDATA[
(function () {
  var root = document.documentElement;
  function frame(name) {
    return Array.from(document.querySelectorAll('g.frame')).find(function (g) {
      return g.getAttribute('data-name') === name;
    });
  }
  function rect(name) { return frame(name).querySelector('rect'); }
  function label(name) {
    var text = frame(name).querySelector('text');
    return text ? text.textContent : '';
  }
  function record(key, value) { root.setAttribute('data-seen-' + key, value); }
  var details = document.getElementById('details');

  rect('heavy_work').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  record('hover', details.textContent);
  rect('heavy_work').dispatchEvent(new MouseEvent('mouseout', {bubbles: true}));
  record('out', details.textContent);

  rect('light_work').dispatchEvent(new MouseEvent('click', {bubbles: true}));
  record('zoom-heavy', frame('heavy_work').getAttribute('class'));
  record('zoom-light', rect('light_work').getAttribute('x') + ' ' +
                       rect('light_work').getAttribute('width'));
  record('zoom-odd', rect(ODD).getAttribute('width') + ' ' + label(ODD));
  record('zoom-unzoom', document.getElementById('unzoom').getAttribute('class'));
  window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));
  record('escape-heavy', frame('heavy_work').getAttribute('class'));
  record('escape-odd', rect(ODD).getAttribute('x') + ' ' + rect(ODD).getAttribute('width') +
                       ' ' + label(ODD));
  record('escape-unzoom', document.getElementById('unzoom').getAttribute('class'));

  window.prompt = function () { return 'light'; };
  window.dispatchEvent(new KeyboardEvent('keydown', {key: 'f', ctrlKey: true}));
  record('search', document.getElementById('matched').textContent + ' ' +
                   rect('light_work').getAttribute('fill'));
  document.getElementById('search').dispatchEvent(new MouseEvent('click', {bubbles: true}));
  record('reset', document.getElementById('matched').getAttribute('class') + ' ' +
                  document.getElementById('search').textContent + ' ' +
                  (rect('light_work').getAttribute('fill') === 'rgb(230,0,230)'));
})();
]]></script>
</svg>
"""


def check_interaction(browser, svg_path, written_frames, workdir):
    with open(svg_path, encoding="utf-8") as svg:
        document = svg.read()
    script = INTERACTION_SCRIPT.replace("ODD", "'" + ODD_NAME + "'")
    played = os.path.join(workdir, "interaction.svg")
    with open(played, "w", encoding="utf-8") as svg:
        svg.write(document[:document.rindex("</svg>")] + script)
    root = browser.dom(url_of(played))
    odd = the_frame(written_frames, ODD_NAME)
    expected = {
        "hover": "Function: heavy_work (80 samples, 80.00%)",
        "out": " ",
        "zoom-heavy": "frame hide",
        "zoom-light": "10.00 1180.00",
        # 15 of light_work's 20 samples: 885 px, room for the whole name again.
        "zoom-odd": "885.00 " + ODD_NAME,
        "zoom-unzoom": "control",
        "escape-heavy": "frame",
        "escape-odd": f"{odd['x']:.2f} {odd['width']:.2f} {odd['label']}",
        "escape-unzoom": "control hide",
        "search": "Matched: 20.0% rgb(230,0,230)",
        "reset": "hide Search false",
    }
    for key, wanted in expected.items():
        seen = root.get("data-seen-" + key)
        check(seen == wanted, f"interaction {key}: saw {seen!r}, expected {wanted!r}")


def check_inverted(browser, renderer, folded_path, workdir):
    svg_path = os.path.join(workdir, "inverted.svg")
    frames = frames_of(render(renderer, folded_path, svg_path, "--inverted"))
    all_frame = the_frame(frames, "all")
    heavy = the_frame(frames, "heavy_work")
    check(all_frame["y"] < the_frame(frames, "main")["y"] < heavy["y"]
          < the_frame(frames, "compute")["y"],
          "inverted: the root is not at the top")
    image = browser.screenshot(url_of(svg_path), os.path.join(workdir, "inverted.png"))
    top_color = image.getpixel((600, label_free_row(all_frame)))
    check(close(top_color, all_frame["fill"], 3),
          f"inverted: the top row is {top_color}, the root's color is {all_frame['fill']}")
    row = label_free_row(heavy)
    _, pixels = run_in_row(image, row, heavy["fill"])
    check(abs(pixels - 944) <= 0.02 * 944, f"inverted: heavy_work is {pixels} px wide")


def main():
    if len(sys.argv) != 3:
        fatal("usage: check_flamegraph_render.py RENDERER WORKDIR")
    renderer, workdir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    browser = Browser(find_chromium(), workdir)
    os.makedirs(workdir, exist_ok=True)
    folded_path = os.path.join(workdir, "stacks.folded")
    with open(folded_path, "w", encoding="utf-8") as folded:
        folded.write(FOLDED)

    svg_path = os.path.join(workdir, "flamegraph.svg")
    written = check_written_svg(render(renderer, folded_path, svg_path))
    check_screenshot(browser.screenshot(url_of(svg_path), os.path.join(workdir, "flamegraph.png")),
                     written)
    check_search(browser, svg_path, "heavy", ["heavy_work"], "Matched: 80.0%")
    check_search(browser, svg_path, "^std::", [ODD_NAME], "Matched: 15.0%")
    # Nested matches count once: compute is inside heavy_work.
    check_search(browser, svg_path, "_work|compute", ["heavy_work", "light_work", "compute"],
                 "Matched: 100.0%")
    check_search(browser, svg_path, "compute|operator<&", ["compute", ODD_NAME], "Matched: 65.0%")
    check_zoom(browser, svg_path, written, os.path.join(workdir, "zoomed.png"))
    check_interaction(browser, svg_path, written, workdir)
    check_inverted(browser, renderer, folded_path, workdir)

    if failures:
        print(f"{len(failures)} check(s) failed; pictures and SVGs are in {workdir}")
        sys.exit(1)
    print(f"all checks passed; pictures and SVGs are in {workdir}")


if __name__ == "__main__":
    main()
