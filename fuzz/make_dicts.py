#!/usr/bin/env python3
"""Writes libFuzzer dictionaries (dict/*.dict) from the readers' own words.

A fuzzer finds a keyword such as `NOT PLAYED` or `TRAVELLER_LINE` only by changing one
byte at a time; given the words the readers look for, it tries them whole. The words are
the short string literals of each reader's source (error messages left out), plus the
punctuation of each format. Run it again when a reader learns new words:

    python3 make_dicts.py
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IO = ROOT / "crates/klaver-io/src"
CORE = ROOT / "crates/klaver-core/src"

SOURCES = {
    "csv": [IO / "travellers.rs", IO / "detect.rs", IO / "exchange.rs", CORE / "notation.rs"],
    "pbn": [IO / "pbn.rs", IO / "detect.rs", CORE / "notation.rs"],
    "usebio": [IO / "usebio.rs", IO / "detect.rs", CORE / "notation.rs"],
    "contract": [CORE / "notation.rs"],
}

# The punctuation of each format, which no literal spells out whole.
SYNTAX = {
    "csv": [",", '"', '""', "\r\n", "\n", ";", "{", "}", "[", "]", ":", '":"', "null", "true", "false"],
    "pbn": ["[", "]", ' "', '"]', "{", "}", "%", "\r\n", "\\", ":", "[ScoreTable \"", "\\2R", "\\5L"],
    "usebio": ["<", ">", "</", "/>", '="', "<![CDATA[", "]]>", "<!--", "-->", "&#", "&#x", "<?xml version=\"1.0\" encoding=\"", "\ufeff"],
    "contract": ["=", "+", "-", " ", "x", "xx"],
}


def unescape(body: str) -> str:
    """A Rust string literal's text."""
    simple = {"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\\": "\\", '"': '"', "'": "'"}

    def one(m: re.Match) -> str:
        e = m.group(1)
        if e.startswith("u{"):
            return chr(int(e[2:-1], 16))
        if e.startswith("x"):
            return chr(int(e[1:], 16))
        return simple[e]

    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)", one, body)


def literals(path: Path) -> set[str]:
    """Short string literals outside the tests that are not messages, and multi-byte
    character literals."""
    text = path.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
    found = set()
    for m in re.finditer(r'(?<![A-Za-z0-9_])b?"((?:[^"\\\n]|\\.)*)"', text):
        word = unescape(m.group(1))
        if not word or len(word) > 24 or "{" in word:
            continue
        if re.search(r"[a-z]{3,} [a-z]{3,}", word):  # a message, not a word
            continue
        found.add(word)
    # A character the reader matches on that is more than one byte (a suit symbol, a
    # Turkish letter, a typographic minus) is found a byte at a time just as slowly.
    for m in re.finditer(r"'((?:[^'\\\n]|\\u\{[0-9a-fA-F]+\}))'", text):
        ch = unescape(m.group(1))
        if len(ch.encode("utf-8")) > 1:
            found.add(ch)
    return found


def escape(word: str) -> str:
    out = []
    for b in word.encode("utf-8"):
        c = chr(b)
        if c in '\\"':
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\x{b:02X}")
    return '"' + "".join(out) + '"'


def main() -> None:
    for target, sources in SOURCES.items():
        words = set(SYNTAX[target])
        for s in sources:
            words |= literals(s)
        lines = [f"# {target}: written by make_dicts.py from the readers' sources"]
        lines += [escape(w) for w in sorted(words)]
        (ROOT / "fuzz/dict" / f"{target}.dict").write_text("\n".join(lines) + "\n")
        print(f"dict/{target}.dict: {len(words)} words")


if __name__ == "__main__":
    main()
