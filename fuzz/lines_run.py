#!/usr/bin/env python3
"""Which lines of klaver's own code a fuzzing corpus runs, and what a later corpus adds.

libFuzzer's edge count and its new locations (`new_locations.py`) count machine-code
locations: one line of source inlined into three callers is three locations, and a new
path through the standard library counts as much as one through klaver's readers. This
script counts source lines instead, from a coverage build run over a whole corpus:

    cargo +nightly fuzz coverage pbn corpus/pbn          # writes coverage/pbn/coverage.profdata
    cp coverage/pbn/coverage.profdata before.profdata
    ... fuzz, merge ...
    cargo +nightly fuzz coverage pbn corpus/pbn
    python3 lines_run.py pbn coverage/pbn/coverage.profdata --before before.profdata

It prints, per source file of the workspace's `crates/`, how many of its instrumented
lines the corpus runs; with `--before` the lines it runs that the earlier profile did
not (and any the other way round), and with `--not-run pbn.rs` the lines of the files
whose path ends so that it does not run, each with its text. It needs the nightly
toolchain's llvm-cov (`rustup component add llvm-tools-preview --toolchain nightly`).
"""

import argparse
import functools
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CRATES = str(HERE.parent / "crates") + "/"


def llvm_cov() -> str:
    sysroot = subprocess.run(
        ["rustc", "+nightly", "--print", "sysroot"], capture_output=True, text=True, check=True
    ).stdout.strip()
    host = next(
        line.split(": ", 1)[1]
        for line in subprocess.run(
            ["rustc", "+nightly", "-vV"], capture_output=True, text=True, check=True
        ).stdout.splitlines()
        if line.startswith("host: ")
    )
    tool = Path(sysroot) / "lib/rustlib" / host / "bin/llvm-cov"
    if not tool.exists():
        sys.exit(f"{tool} is missing: rustup component add llvm-tools-preview --toolchain nightly")
    return str(tool)


def binary(target: str) -> Path:
    found = sorted(HERE.glob(f"target/*/coverage/*/release/{target}"))
    if not found:
        sys.exit(f"no coverage build of {target}: run cargo +nightly fuzz coverage {target} first")
    return found[0]


def lines(tool: str, target: str, profile: str) -> dict[str, dict[int, bool]]:
    """For each of klaver's source files, each instrumented line and whether it ran."""
    out = subprocess.run(
        [tool, "export", "-format=lcov", f"-instr-profile={profile}", str(binary(target))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    files: dict[str, dict[int, bool]] = {}
    current = None
    for line in out.splitlines():
        if line.startswith("SF:"):
            name = line[3:]
            current = files.setdefault(name[len(CRATES):], {}) if name.startswith(CRATES) else None
        elif line.startswith("DA:") and current is not None:
            number, count = line[3:].split(",")[:2]
            number = int(number)
            current[number] = current.get(number, False) or int(count) > 0
    return files


@functools.cache
def source(name: str) -> list[str]:
    try:
        return (Path(CRATES) / name).read_text().splitlines()
    except OSError:
        return []


def text_of(name: str, number: int) -> str:
    text = source(name)
    return text[number - 1].strip() if 0 < number <= len(text) else "?"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("target", help="the fuzz target: pbn, usebio, csv or contract")
    parser.add_argument("profile", help="the coverage.profdata of `cargo fuzz coverage`")
    parser.add_argument("--before", help="an earlier profile to compare with")
    parser.add_argument("--not-run", metavar="FILE", help="list the lines of FILE not run")
    args = parser.parse_args()
    tool, target = llvm_cov(), args.target
    now = lines(tool, target, args.profile)
    total_run = total = 0
    for name in sorted(now):
        run = sum(now[name].values())
        if run == 0:
            continue
        total_run += run
        total += len(now[name])
        print(f"{run:6} of {len(now[name]):5} lines  {name}")
    print(f"{total_run:6} of {total:5} lines in the files the corpus reaches")
    if args.not_run:
        for name in sorted(n for n in now if n.endswith(args.not_run)):
            for number, run in sorted(now[name].items()):
                if not run:
                    print(f"not run  {name}:{number}  {text_of(name, number)}")
    if args.before:
        before = lines(tool, target, args.before)
        gained = lost = 0
        for name in sorted(set(now) | set(before)):
            a, b = before.get(name, {}), now.get(name, {})
            for number in sorted(set(a) | set(b)):
                if b.get(number) and not a.get(number):
                    gained += 1
                    print(f"new   {name}:{number}  {text_of(name, number)}")
                elif a.get(number) and not b.get(number):
                    lost += 1
                    print(f"gone  {name}:{number}  {text_of(name, number)}")
        print(f"{gained} lines of klaver's code run now that did not before, {lost} the other way")
    return 0


if __name__ == "__main__":
    sys.exit(main())
