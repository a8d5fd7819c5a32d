#!/usr/bin/env python3
"""Turns one etage_bench_barrier JSON (Google Benchmark) into a markdown table.

    report_barrier.py <barrier.json> <out dir>

Writes <out dir>/<stem>.md and prints it: one row per synchronisation primitive with its
nanoseconds per iteration (the median over repetitions when there are repetitions, else
the single run), and what one iteration is. Needs the standard library only.
"""
import json
import os
import sys

WHAT = {
    "BM_MbarrierRoundTrip": "one thread: mbarrier.arrive + try_wait.parity until the phase completes",
    "BM_MbarrierHandoff": "producer lane -> full barrier -> consumer lane -> empty barrier -> producer lane",
    "BM_CpAsyncCommitWait": "one warp: cp.async.cg 16 B (L2-resident) + commit_group + wait_group 0",
    "BM_CpAsyncEmptyGroup": "one warp: commit_group + wait_group 0, no copy",
    "BM_TeamBarrier": "Kokkos team_barrier, 256 threads",
}


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    path, out = argv[1], argv[2]
    with open(path) as f:
        data = json.load(f)
    rows = {}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"]).replace("/manual_time", "")
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("error_occurred"):
            rows[name] = None
            continue
        if b.get("run_type") == "aggregate" or name not in rows:
            rows[name] = b.get("ns")
    ctx = data.get("context", {})
    head = ", ".join(f"{k}: {ctx[k]}" for k in ("device", "etage_git", "date") if k in ctx)
    lines = ["# etage synchronisation latency", "", head, "",
             "| primitive | ns per iteration | one iteration |", "|---|---:|---|"]
    for name, ns in rows.items():
        value = "error" if ns is None else f"{ns:.1f}"
        lines.append(f"| {name[3:]} | {value} | {WHAT.get(name, '')} |")
    text = "\n".join(lines) + "\n"
    print(text)
    stem = os.path.splitext(os.path.basename(path))[0]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, stem + ".md"), "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
