#!/usr/bin/env python3
"""Seed inputs for the `pbn`, `usebio` and `csv` targets from the PBN, USEBIO and
travellers CSV texts that the workspace's tests and sources spell out as string literals
(raw, plain or byte strings, escapes decoded), so that a fuzzer starts from every shape
of file the tests know:

    python3 seeds_from_tests.py seeds     # writes seeds/pbn/*, seeds/usebio/*, seeds/csv/*
    cargo +nightly fuzz run pbn corpus/pbn seeds/pbn -- -dict=dict/pbn.dict

A literal counts as PBN when it holds a tag such as `[Board ` or `[ScoreTable `, as
USEBIO when it holds an element such as `<EVENT` or `<BOARD`, and as a travellers CSV
when its first line is a header with a board column (`board`, `gift` or `bord`).
"""

import hashlib
import re
import sys
from pathlib import Path

RAW = re.compile(r'b?r(#*)"(.*?)"\1', re.S)
PLAIN = re.compile(r'(?<![r#\w])(b?)"((?:[^"\\]|\\.)*)"', re.S)
PBN = re.compile(rb"\[(Board|Deal|ScoreTable|TotalScoreTable|Event|Contract|Scoring) ")
USEBIO = re.compile(rb"<(EVENT|USEBIO|BOARD|TRAVELLER_LINE|PARTICIPANTS)", re.I)
CSV = re.compile(rb"\A[^\n]*\b(board|gift|bord)\b[^\n]*[,;\t][^\n]*\n.", re.I | re.S)
KINDS = (("pbn", PBN), ("usebio", USEBIO), ("csv", CSV))
SIMPLE = {"n": b"\n", "t": b"\t", "r": b"\r", '"': b'"', "\\": b"\\", "'": b"'", "0": b"\0"}


def unescape(text: str, is_bytes: bool) -> bytes:
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out += c.encode()
            i += 1
            continue
        n = text[i + 1]
        if n == "\n":  # a line continuation drops the next line's leading blanks
            i += 2
            while i < len(text) and text[i] in " \t\n":
                i += 1
        elif n in SIMPLE:
            out += SIMPLE[n]
            i += 2
        elif n == "x":
            v = int(text[i + 2 : i + 4], 16)
            out += bytes([v]) if is_bytes else chr(v).encode()
            i += 4
        elif n == "u":
            j = text.index("}", i)
            out += chr(int(text[i + 3 : j], 16)).encode()
            i = j + 1
        else:
            out += n.encode()
            i += 2
    return bytes(out)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    dest = Path(sys.argv[1])
    crates = Path(__file__).resolve().parent.parent / "crates"
    written = dict.fromkeys((kind for kind, _ in KINDS), 0)
    for source in sorted(crates.rglob("*.rs")):
        text = source.read_text()
        literals = [m.group(2).encode() for m in RAW.finditer(text)]
        literals += [unescape(m.group(2), m.group(1) == "b") for m in PLAIN.finditer(text)]
        for lit in literals:
            kind = next((kind for kind, pattern in KINDS if pattern.search(lit)), None)
            if kind is None or len(lit) < 20:
                continue
            path = dest / kind / f"{source.stem}-{hashlib.sha1(lit).hexdigest()[:12]}"
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                path.write_bytes(lit)
                written[kind] += 1
    print(
        f"{written['pbn']} PBN, {written['usebio']} USEBIO and {written['csv']} CSV seeds"
        f" written to {dest}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
