#!/usr/bin/env python3
"""Where a fuzzing round's new code locations are.

libFuzzer's edge count (`cov`) also rises when an input takes a new path through the
standard library or another crate (a longer sort, a larger hash table, a multi-byte
character). To tell those apart from new paths through klaver's own readers, run the
round with its new locations printed and addresses fixed:

    setarch -R target/x86_64-unknown-linux-gnu/release/pbn corpus/pbn \\
        -max_total_time=900 -print_pcs=1 > pbn.log 2>&1
    python3 new_locations.py pbn.log pbn

Each location found after the corpus was loaded (`INITED`) is looked up with
`llvm-symbolizer --inlining` and counted as klaver's own code (the location itself is
in the workspace's `crates/`), library code inlined into a klaver function, or library
code.
"""

import subprocess
import sys
from pathlib import Path

# Where a position-independent executable is loaded when address randomisation is off.
BASE = 0x555555554000


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    log, target = Path(sys.argv[1]), sys.argv[2]
    here = Path(__file__).resolve().parent
    binary = here / "target/x86_64-unknown-linux-gnu/release" / target
    crates = str(here.parent / "crates") + "/"
    text = log.read_text(errors="replace")
    after = text[text.find("INITED"):] if "INITED" in text else ""
    pcs = [
        int(line.split("NEW_PC: ")[1].split()[0], 16)
        for line in after.splitlines()
        if "NEW_PC: " in line
    ]
    if not pcs:
        print("no new locations")
        return 0
    out = subprocess.run(
        ["llvm-symbolizer", "--inlining", "-e", str(binary)] + [hex(pc - BASE) for pc in pcs],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    counts = {"own": 0, "inlined": 0, "library": 0}
    for block in out.strip().split("\n\n"):
        lines = block.splitlines()
        frames = list(zip(lines[0::2], lines[1::2]))  # (function, file:line), innermost first
        ours = [place.startswith(crates) for _, place in frames]
        if frames and ours[0]:
            kind = "own"
        elif any(ours):
            kind = "inlined"
        else:
            kind = "library"
        counts[kind] += 1
        function, place = frames[0] if frames else ("?", "?")
        print(f"{kind:8} {function[:60]}  {place.rsplit('/', 3)[-1]}")
    print(
        f"{len(pcs)} new locations: {counts['own']} in klaver's own code, "
        f"{counts['inlined']} in library code inlined into klaver's, "
        f"{counts['library']} in libraries"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
