#!/usr/bin/env python3
"""Turns one etage_bench_memory JSON (Google Benchmark) into a table, a markdown file and a plot.

    report_memory.py <memory.json> <out dir>

Writes <out dir>/<stem>.md and, when matplotlib is available, <out dir>/<stem>.png, and
prints the table. Per algorithm and shape: one row per configuration (engine/stages, the
Kokkos range version, the tuned plain Kokkos versions of the stencils and the transpose, the
copy peer) with its effective bandwidth (bytes that must move / time; the median over
repetitions when there are repetitions), its share of a copy of the same byte count within
the same memory space measured in the same process (peer_ratio), its speed relative to the
Kokkos range version and to the tuned Kokkos version of the same shape, and the host's
microseconds inside one call (host_us). The fastest etage configuration of each shape
is marked "best etage". The plot: GB/s per configuration, one panel per algorithm and shape
(three to a row), the best etage configuration highlighted, % of copy above each bar, the
copy's rate as a dashed line. Needs the standard library (and matplotlib for the plot: on
Debian /usr/bin/python3 with python3-matplotlib).
"""
import json
import os
import re
import sys
from collections import OrderedDict

NAME = re.compile(r"^BM_(?P<algo>Transpose|Stencil2D|Stencil3D|Reduce|Dot|Max|KokkosRange|KokkosRuns|KokkosTiles)<(?P<who>[^>]+)>"
                  r"/stages:(?P<stages>\d+)/(?P<shape>[^/]+(?:/[A-Z]+:\d+)*)")
COPY = re.compile(r"^BM_Copy/bytes:(?P<bytes>\d+)")
# The Kokkos peers: benchmark name -> configuration label, and label -> the column it is the
# base of ("range": x Kokkos range, "tuned": x Kokkos tuned).
PEERS = {"KokkosRange": "Kokkos range", "KokkosRuns": "Kokkos 16-byte runs", "KokkosTiles": "Kokkos 64x64 tiles"}
PEER_COLUMN = {"Kokkos range": "range", "Kokkos 16-byte runs": "tuned", "Kokkos 64x64 tiles": "tuned"}
NOT_ETAGE = (*PEER_COLUMN, "deep_copy")


def load(path):
    with open(path) as f:
        data = json.load(f)
    rows = OrderedDict()
    copies_seen = {}
    for b in data.get("benchmarks", []):
        run = b.get("run_name", b["name"]).replace("/manual_time", "")
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        m = NAME.match(run)
        c = COPY.match(run)
        if m:
            algo, who = m["algo"], m["who"]
            if algo in PEERS:
                algo, who = who, PEERS[algo]
            key = (algo, m["shape"], who, int(m["stages"]))
        elif c:
            # Each algorithm's block has its copy, and two may move the same byte count (the
            # 1 GiB transpose and the 2 GiB sum): number them in order of appearance.
            name = "bytes:" + c["bytes"]
            copies_seen[name] = copies_seen.get(name, 0) + 1
            key = ("Copy", name, "deep_copy", copies_seen[name] - 1)
        else:
            continue
        row = rows.setdefault(key, {"rate": None, "ratio": None, "host": None, "error": None})
        if b.get("error_occurred"):
            row["error"] = b.get("error_message", "error")
            continue
        row["rate"], row["ratio"], row["host"] = b.get("bytes/s"), b.get("peer_ratio"), b.get("host_us")
    return data.get("context", {}), rows


LEGEND = """GB/s: bytes that must move (inputs read once, outputs written once) per second. % of copy:
against Kokkos::deep_copy of the same byte count within the same memory space, measured in
the same process. x Kokkos range: speed relative to the plain Kokkos range version of the
same computation, one point per index (above 1: faster). x Kokkos tuned: speed relative to
the plain Kokkos kernel in the shape of the fastest hand-written one (above 1: faster): for
the stencils 4 points per thread with 16-byte loads and store, threads in blocks of 8 rows x
32 since d3f2d58, one row per block before (3D: each thread marching over 8 z planes); for the
transpose one 64 x 64 tile per team through padded team scratch. On a Kokkos peer's own row
the columns compare that peer with the other. host µs/call: the host's time inside one call
(launch preparation), which queued calls overlap with the device's work."""


def best_etage(rows):
    """The row key of the fastest etage configuration of each (algorithm, shape) that has one."""
    best = {}
    for key, r in rows.items():
        if key[2] not in NOT_ETAGE and r["rate"]:
            k = key[:2]
            if k not in best or r["rate"] > rows[best[k]]["rate"]:
                best[k] = key
    return best


def table(rows):
    lines = ["| algorithm | shape | configuration | GB/s | % of copy | x Kokkos range | x Kokkos tuned | host µs/call | |",
             "|---|---|---|---:|---:|---:|---:|---:|---|"]
    peer = {"range": {}, "tuned": {}}
    for (algo, shape, who, stages), r in rows.items():
        if who in PEER_COLUMN and r["rate"]:
            peer[PEER_COLUMN[who]][(algo, shape)] = r["rate"]
    marked = set(best_etage(rows).values())
    for key, r in rows.items():
        algo, shape, who, stages = key
        config = who if who in NOT_ETAGE else f"{who}/{stages}"
        if r["error"]:
            error = r["error"][:80].replace("|", "/")
            lines.append(f"| {algo} | {shape} | {config} | — | — | — | — | — | error: {error} |")
            continue
        gbs = (r["rate"] or 0) / 1e9
        pct = 100 * (r["ratio"] or 0)
        host = f"{r['host']:.1f}" if r["host"] is not None else "—"
        vs = []
        for column in ("range", "tuned"):
            base = peer[column].get((algo, shape))
            own = PEER_COLUMN.get(who) == column
            vs.append(f"{r['rate'] / base:.2f}" if base and r["rate"] and not own and who != "deep_copy" else "")
        mark = "best etage" if key in marked else ""
        lines.append(f"| {algo} | {shape} | {config} | {gbs:.1f} | {pct:.0f} % | {vs[0]} | {vs[1]} | {host} | {mark} |")
    return "\n".join(lines)


def plot(rows, png, title=""):
    """One panel per (algorithm, shape), three to a row: GB/s per configuration (Kokkos peers in
    grey, etage in blue, the best etage configuration of the panel darker), the configuration's
    % of copy above its bar, and the copy's rate for the same bytes as a dashed line."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not available: no plot", file=sys.stderr)
        return False
    panels = [k for k in OrderedDict(((k[0], k[1]), 1) for k in rows) if k[0] != "Copy"]
    panels = [(a, sh) for a, sh in panels if any(r["rate"] for k, r in rows.items() if (k[0], k[1]) == (a, sh))]
    order = list(OrderedDict((a, 1) for a, _ in panels))
    panels.sort(key=lambda p: order.index(p[0]))  # each algorithm's shapes side by side
    if not panels:
        return False
    most = max(sum(1 for k, r in rows.items() if (k[0], k[1]) == p and r["rate"]) for p in panels)
    ncols = min(3, len(panels))
    nrows = (len(panels) + ncols - 1) // ncols
    width = max(4.5, 0.28 * most + 1.5)
    fig, axes = plt.subplots(nrows, ncols, figsize=(width * ncols, 4.8 * nrows), squeeze=False)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    best_key = best_etage(rows)
    for ax, (algo, shape) in zip(axes.flat, panels):
        items = [(k, r) for k, r in rows.items() if (k[0], k[1]) == (algo, shape) and r["rate"]]
        labels = [k[2] if k[2] in NOT_ETAGE else f"{k[2]}/{k[3]}" for k, _ in items]
        colors = ["#a6a6a6" if k[2] in NOT_ETAGE else "#1f4e99" if k == best_key.get((algo, shape)) else "#5b9bd5"
                  for k, _ in items]
        rates = [r["rate"] / 1e9 for _, r in items]
        ax.bar(range(len(items)), rates, color=colors)
        for i, (_, r) in enumerate(items):
            if r["ratio"]:
                ax.text(i, rates[i], f"{100 * r['ratio']:.0f}%", ha="center", va="bottom", fontsize=6)
        ax.set_xticks(range(len(items)))
        ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=7)
        ax.set_title(f"{algo} {shape}", fontsize=9)
        ax.set_ylabel("GB/s (effective)")
        copies = sorted(r["rate"] / r["ratio"] / 1e9 for _, r in items if r["ratio"])
        top = max(rates + copies[-1:])
        ax.set_ylim(0, 1.15 * top)
        if copies:
            ax.axhline(copies[len(copies) // 2], color="gray", linestyle="--", linewidth=1, label="copy, same bytes")
            ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(title + "\nbars: grey Kokkos peers, blue etage, dark blue the best etage configuration; "
                 "labels: % of copy", fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.6 / (4.8 * nrows)))
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return True


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    context, rows = load(sys.argv[1])
    os.makedirs(sys.argv[2], exist_ok=True)
    stem = os.path.splitext(os.path.basename(sys.argv[1]))[0]
    head = ", ".join(f"{k}: {context[k]}" for k in ("execution_space", "device", "etage_git", "kokkos_version",
                                                    "calls_per_sample") if k in context)
    load_avg = context.get("load_avg")
    if load_avg and not context.get("device") and load_avg[0] > context.get("num_cpus", 1):
        # As perf/report.py: a busy host gives low and noisy rows (the copy peer too).
        head += f", load average at start {load_avg[0]:.2f} (other work was running: host numbers may be low and noisy)"
    text = f"# etage memory-bound algorithms\n\n{head}\n\n{table(rows)}\n\n{LEGEND}\n"
    with open(os.path.join(sys.argv[2], stem + ".md"), "w") as f:
        f.write(text)
    print(text)
    plot(rows, os.path.join(sys.argv[2], stem + ".png"), "etage memory-bound algorithms — " + head)
    return 0


if __name__ == "__main__":
    sys.exit(main())
