"""The live page as headless Chromium shows it, for live_page_check.py,
live_page_waits_check.py and live_page_coroutines_check.py: the DOM after the
page's scripts ran, read into tables, screenshots, and durations spelled as the
page spells them."""
import decimal
import html.parser
import http.client
import struct
import subprocess


class Rows(html.parser.HTMLParser):
    """The page's table rows (cells' text, per table id; `tips`: their titles, shown
    when hovered, in the same places), the bars of its
    histogram, the text of the elements with an id among `texts` (elements that
    hold text only), and the classes of the elements with an id and of the tabs'
    buttons (as "tab:<name>")."""

    def __init__(self, texts=()):
        super().__init__()
        self.tables, self.table, self.row, self.text = {}, None, None, None
        self.tips, self.row_tips = {}, None
        self.bars = 0
        self.texts, self.wanted, self.reading = {}, set(texts), None
        self.classes = {}

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        for key, prefix in (("id", ""), ("data-tab", "tab:")):
            if key in attributes:
                self.classes[prefix + attributes[key]] = (attributes.get("class") or "").split()
        if attributes.get("id") in self.wanted:
            self.reading = attributes["id"]
            self.texts[self.reading] = ""
        # A bar of the histogram says what it counts when hovered.
        if tag == "div" and " calls up to " in attributes.get("title", ""):
            self.bars += 1
        if tag == "table":
            self.table = attributes.get("id")
            self.tables.setdefault(self.table, [])
            self.tips.setdefault(self.table, [])
        elif tag == "tr" and self.table:
            self.row, self.row_tips = [], []
        elif tag in ("td", "th") and self.row is not None:
            self.text = ""
            self.row_tips.append(attributes.get("title", ""))

    def handle_data(self, data):
        if self.text is not None:
            self.text += data
        if self.reading:
            self.texts[self.reading] += data

    def handle_endtag(self, tag):
        self.reading = None
        if tag in ("td", "th") and self.row is not None and self.text is not None:
            self.row.append(self.text.strip())
            self.text = None
        elif tag == "tr" and self.row is not None:
            self.tables[self.table].append(self.row)
            self.tips[self.table].append(self.row_tips)
            self.row = None
        elif tag == "table":
            self.table = None


def chromium(url, *options):
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
               "--virtual-time-budget=5000", "--window-size=1280,800", *options, url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120).stdout


def dom(url, texts=()):
    """The page at `url` after its scripts ran; `texts`: ids of elements whose text
    is wanted too."""
    parser = Rows(texts)
    parser.feed(chromium(url, "--dump-dom"))
    return parser


def screenshot(url, path):
    """Takes a screenshot of `url` into `path` and says what it is: 'PNG WxH'."""
    chromium(url, "--screenshot=" + path)
    with open(path, "rb") as image:
        header = image.read(24)
    width, height = struct.unpack(">II", header[16:24])
    kind = "PNG" if header[:8] == b"\x89PNG\r\n\x1a\n" else "not a PNG"
    return "%s %dx%d" % (kind, width, height)


def get(port, path):
    """(response, body) of GET `path` on the program's server."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    return response, response.read().decode()


def duration(ns):
    """The page's duration(): two decimals, halves rounded up as JavaScript's
    toFixed rounds them."""
    for unit, scale in (("s", 10**9), ("ms", 10**6), ("\u00b5s", 10**3)):
        if ns >= scale:
            value = decimal.Decimal(ns / scale).quantize(decimal.Decimal("0.01"),
                                                         decimal.ROUND_HALF_UP)
            return "%s %s" % (value, unit)
    return "%d ns" % ns
