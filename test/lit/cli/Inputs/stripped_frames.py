"""Names the frames of a stripped program in folded stacks after the functions of its
unstripped copy.

usage: stripped_frames.py FOLDED MODULE NM_OUTPUT

In FOLDED (`a;b;c 42` lines) the frames of the stripped file MODULE are named
`MODULE+0xOFFSET`; NM_OUTPUT is `nm -S --defined-only` of the unstripped copy, which
has the same layout. Prints each distinct frame of MODULE once, sorted, with the
samples of the stacks through it, named FUNCTION when OFFSET is the start of FUNCTION,
FUNCTION+0xDELTA when OFFSET is inside FUNCTION, and MODULE+0xOFFSET when no function
covers it.
"""

import sys


def read_functions(path):
    functions = []
    with open(path, encoding="utf-8") as nm:
        for line in nm:
            fields = line.split()
            if len(fields) == 4 and fields[2] in ("T", "t"):
                functions.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return functions


def describe(offset, functions, module):
    for start, size, name in functions:
        if offset == start:
            return name
        if start < offset < start + size:
            return "%s+0x%x" % (name, offset - start)
    return "%s+0x%x" % (module, offset)


def main():
    folded, module, nm_output = sys.argv[1:]
    functions = read_functions(nm_output)
    prefix = module + "+0x"
    samples = {}
    with open(folded, encoding="utf-8") as stacks:
        for line in stacks:
            line = line.strip()
            if not line:
                continue
            stack, count = line.rsplit(" ", 1)
            for frame in set(stack.split(";")):
                if frame.startswith(prefix):
                    samples[frame] = samples.get(frame, 0) + int(count)
    named = {}
    for frame, count in samples.items():
        name = describe(int(frame[len(prefix):], 16), functions, module)
        named[name] = named.get(name, 0) + count
    for name in sorted(named):
        print(name, named[name])


if __name__ == "__main__":
    main()
