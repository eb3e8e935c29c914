#!/usr/bin/env python3
"""Deterministic input documents for the packages' hot workloads.

    documents.py json RECORDS OUTPUT     a JSON array of RECORDS nested records
    documents.py xml TOOLS OUTPUT        an XML tool profile of TOOLS <Tool> elements,
                                         as pugixml's docs/samples/xgconsole.xml

The same arguments always give the same bytes (a fixed seed), so that a workload
parsing the document makes the same calls in every run and every build. The
documents mix what parsers branch on: nesting, escapes in strings, integers,
decimals with exponents, true, false and null; attributes, text and entities.
"""

import random
import sys

SEED = 20261127
WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa")


def word_list(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def json_string(rng):
    """A JSON string literal, now and then with escapes and a non-ASCII character."""
    text = word_list(rng, rng.randint(1, 6))
    kind = rng.randrange(8)
    if kind == 0:
        text += ' \\"quoted\\" \\\\ tab\\t'
    elif kind == 1:
        text += " \\u00e9t\\u00e9 caf\u00e9"
    return '"' + text + '"'


def json_number(rng):
    kind = rng.randrange(3)
    if kind == 0:
        return str(rng.randint(-10**9, 10**9))
    if kind == 1:
        return repr(round(rng.uniform(-1000, 1000), rng.randint(1, 9)))
    return f"{rng.uniform(1, 10):.6f}e{rng.randint(-30, 30)}"


def json_value(rng, depth):
    kind = rng.randrange(10 if depth < 4 else 7)
    if kind < 3:
        return json_string(rng)
    if kind < 6:
        return json_number(rng)
    if kind == 6:
        return rng.choice(("true", "false", "null"))
    if kind < 9:
        members = (f'"{rng.choice(WORDS)}_{i}": {json_value(rng, depth + 1)}' for i in range(rng.randint(0, 6)))
        return "{" + ", ".join(members) + "}"
    return "[" + ", ".join(json_value(rng, depth + 1) for _ in range(rng.randint(0, 8))) + "]"


def write_json(rng, records, out):
    out.write("[\n")
    for i in range(records):
        fields = [
            f'"id": {i}',
            f'"name": {json_string(rng)}',
            f'"score": {json_number(rng)}',
            f'"tags": [{", ".join(json_string(rng) for _ in range(rng.randint(0, 4)))}]',
            f'"detail": {json_value(rng, 1)}',
        ]
        out.write("  {" + ", ".join(fields) + "}" + (",\n" if i + 1 < records else "\n"))
    out.write("]\n")


def write_xml(rng, tools, out):
    out.write('<?xml version="1.0"?>\n<Profile FormatVersion="1">\n  <Tools>\n')
    for i in range(tools):
        remote = rng.choice(("true", "false"))
        caption = rng.choice(("lastparam", "firstparam", "name"))
        # The one build system comes last: the sample's second query looks for it.
        description = "the build system" if i + 1 == tools else word_list(rng, rng.randint(2, 8))
        if rng.randrange(6) == 0:
            description += " &amp; &lt;more&gt;"
        out.write(
            f'    <Tool Filename="tool{i}.exe" AllowRemote="{remote}" AllowIntercept="{rng.choice(("true", "false"))}"'
            f' DeriveCaptionFrom="{caption}" Params="-n {rng.randint(0, 99)}">\n'
            f"      <Description>{description}</Description>\n"
            "    </Tool>\n"
        )
    out.write("  </Tools>\n</Profile>\n")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("json", "xml") or not sys.argv[2].isdigit():
        sys.exit("usage: documents.py json|xml COUNT OUTPUT")
    rng = random.Random(SEED)
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        (write_json if sys.argv[1] == "json" else write_xml)(rng, int(sys.argv[2]), out)


if __name__ == "__main__":
    main()
