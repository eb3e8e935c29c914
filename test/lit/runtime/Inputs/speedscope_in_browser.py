"""A speedscope file as speedscope itself shows it, in headless Chromium: its page
(installed by scripts/install-npm-tools.sh) loads the file the way its command
line does (a script calling speedscope.loadFileFromBase64, named in the page's
#localProfilePath), then:

- in the sandwich view, the DOM's table of functions, heaviest self time first;
- in the time-ordered flame view, a screenshot.

usage: speedscope_in_browser.py PAGE PROFILE.json PNG [PROFILE-NAME]

With PROFILE-NAME, speedscope opens the file's profile of that name instead of the
one the file names (activeProfileIndex).

Prints the profile speedscope opened (its name in the toolbar), the first function
of the table, and whether the screenshot is a PNG.
"""
import base64
import html
import json
import os
import re
import shutil
import subprocess
import sys


def chromium(profile_dir):
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    return [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--hide-scrollbars", "--user-data-dir=" + profile_dir, "--window-size=1200,600",
            "--virtual-time-budget=5000"]


def main():
    page, profile_path, png = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(profile_path, "rb") as profile:
        content = profile.read()
    if len(sys.argv) > 4:
        document = json.loads(content)
        names = [p["name"] for p in document["profiles"]]
        if sys.argv[4] not in names:
            print("no profile named %s in %s" % (sys.argv[4], names))
            sys.exit(1)
        document["activeProfileIndex"] = names.index(sys.argv[4])
        content = json.dumps(document).encode()
    loader = os.path.abspath(profile_path) + ".load.js"
    with open(loader, "w") as script:
        script.write("speedscope.loadFileFromBase64(%s, %s)" % (
            json.dumps(os.path.basename(profile_path)),
            json.dumps(base64.b64encode(content).decode())))
    browser = chromium(os.path.join(os.path.dirname(os.path.abspath(png)), "speedscope-chromium"))
    url = "file://" + page + "#view=sandwich&localProfilePath=" + loader
    dom = subprocess.run(browser + ["--dump-dom", url], capture_output=True, text=True,
                         timeout=120).stdout
    # The toolbar's title: the profile's name, followed by "(i/n)" when the file has
    # several.
    toolbar = re.search(
        r"Sandwich</div></div>(?:<div[^>]*><span>)?([^<]+?)\s*(?:<span|<div|</span>)", dom)
    symbols = [html.unescape(name) for name in re.findall(r"</span>([^<]+)</td>", dom)]
    print("opened: %s" % (html.unescape(toolbar.group(1)) if toolbar else "nothing"))
    print("first function: %s" % (symbols[0] if symbols else "none"))
    url = "file://" + page + "#localProfilePath=" + loader
    subprocess.run(browser + ["--screenshot=" + png, url], capture_output=True, timeout=120)
    with open(png, "rb") as image:
        print("screenshot: %s" % ("PNG" if image.read(8) == b"\x89PNG\r\n\x1a\n" else "not a PNG"))


if __name__ == "__main__":
    main()
