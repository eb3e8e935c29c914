"""Writes a small CPU profile the way Go's runtime/pprof does (sample types
samples/count and cpu/nanoseconds, main.main -> main.work), gzipped, to the file named
by the first argument: a pprof profile whose sample types no hotpath profile has.

usage: write_cpu_profile.py OUT.pb.gz"""
import gzip
import sys


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def integer(field, value):
    return varint(field << 3) + varint(value)


def message(field, payload):
    return varint((field << 3) | 2) + varint(len(payload)) + payload


def packed(field, values):
    return message(field, b"".join(varint(value) for value in values))


STRINGS = ["", "samples", "count", "cpu", "nanoseconds", "main.main", "main.work"]

profile = b"".join([
    message(1, integer(1, 1) + integer(2, 2)),
    message(1, integer(1, 3) + integer(2, 4)),
    message(2, packed(1, [2, 1]) + packed(2, [5, 50000000])),
    message(4, integer(1, 1) + message(4, integer(1, 1))),
    message(4, integer(1, 2) + message(4, integer(1, 2))),
    message(5, integer(1, 1) + integer(2, 5)),
    message(5, integer(1, 2) + integer(2, 6)),
] + [message(6, text.encode()) for text in STRINGS] + [integer(12, 10000000)])

with open(sys.argv[1], "wb") as handle:
    handle.write(gzip.compress(profile))
