#!/usr/bin/env python3
"""Memory attempt 34: per variant (v0, v1, v2), row and size, the min-max over rounds of the %
of copy each process measured (peer_ratio, the median of 3 repetitions; perf/report_memory.py's
load). Usage: tabulate34.py DIR (the run's r/ folder with vV-R.json)."""
import pathlib
import sys
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[4]))
from report_memory import load  # noqa: E402

d = pathlib.Path(sys.argv[1])
ratios = defaultdict(list)
for f in sorted(d.glob("v*-*.json")):
    variant = f.stem.split("-")[0]
    for key, r in load(f)[1].items():
        if key[0] != "Copy" and r["ratio"]:
            ratios[(key[0], key[1], key[2], key[3], variant)].append(100 * r["ratio"])
keys = sorted({k[:4] for k in ratios})
variants = sorted({k[4] for k in ratios})
print("| algorithm | shape | engine/stages | " + " | ".join(variants) + " |")
print("|---|---|---|" + "---:|" * len(variants))
for k in keys:
    cells = []
    for v in variants:
        x = ratios.get((*k, v), [])
        cells.append(f"{min(x):.1f}–{max(x):.1f} ({len(x)})" if x else "")
    print(f"| {k[0]} | {k[1]} | {k[2]}/{k[3]} | " + " | ".join(cells) + " |")
