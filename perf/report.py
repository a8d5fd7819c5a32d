#!/usr/bin/env python3
"""Turns one etage_bench_gemm JSON (Google Benchmark) into a table, a markdown file and a plot.

    report.py <gemm.json> <out dir>

Writes <out dir>/<stem>.md and <out dir>/<stem>.png (stem of the JSON file name) and prints
the table. Per shape: one row per engine and stage count with its throughput (the median
over repetitions when there are repetitions), its share of the peer library (OpenBLAS or
cuBLAS, measured in the same process) and the spread (cv) over repetitions; the fastest
etage configuration of the shape is marked. The plot: throughput against stages per engine
at the largest square size, and % of peer against size for each engine's best stage count.
Needs only the standard library and matplotlib (run it with a python3 that has matplotlib;
on Debian, /usr/bin/python3 with python3-matplotlib).
"""
import json
import os
import re
import sys
from collections import OrderedDict

PEERS = ("OpenBLAS", "cuBLAS")
NAME = re.compile(r"^BM_Gemm<(?P<engine>[^,>]+)(?:,(?P<type>\w+))?>/stages:(?P<stages>\d+)"
                  r"/M:(?P<m>\d+)/N:(?P<n>\d+)/K:(?P<k>\d+)")


class Row:
    def __init__(self, engine, dtype, stages, shape):
        self.engine, self.dtype, self.stages, self.shape = engine, dtype, stages, shape
        self.flops = None      # FLOP/s (median over repetitions, or the single run)
        self.cv = None         # coefficient of variation of FLOP/s over repetitions
        self.ratio = None      # peer_ratio counter
        self.error = None
        self.label = ""
        self._iterations = []  # per-repetition FLOP/s when there are no aggregates

    @property
    def is_peer(self):
        return self.engine in PEERS


def load(path):
    with open(path) as f:
        data = json.load(f)
    rows = OrderedDict()
    for b in data.get("benchmarks", []):
        run = b.get("run_name", b["name"])
        m = NAME.match(run)
        if not m:
            continue
        shape = (int(m["m"]), int(m["n"]), int(m["k"]))
        key = (m["type"] or "float", shape, m["engine"], int(m["stages"]))
        row = rows.setdefault(key, Row(m["engine"], key[0], key[3], shape))
        if b.get("error_occurred"):
            row.error = b.get("error_message", "error")
            continue
        row.label = b.get("label", row.label)
        if b.get("run_type") == "aggregate":
            agg = b.get("aggregate_name")
            if agg == "median":
                row.flops, row.ratio = b.get("FLOP/s"), b.get("peer_ratio")
            elif agg == "cv":
                row.cv = b.get("FLOP/s")
        else:
            row._iterations.append((b.get("FLOP/s"), b.get("peer_ratio")))
    for row in rows.values():
        if row.flops is None and row._iterations and row.error is None:
            vals = sorted(row._iterations, key=lambda x: x[0] or 0)
            row.flops, row.ratio = vals[len(vals) // 2]
    return data.get("context", {}), list(rows.values())


def group(rows):
    """{(dtype, shape): [rows]} in run order, the peer first."""
    shapes = OrderedDict()
    for r in rows:
        shapes.setdefault((r.dtype, r.shape), []).append(r)
    for k in shapes:
        shapes[k].sort(key=lambda r: (not r.is_peer,))
    return shapes


def peer_of(rs):
    return next((r for r in rs if r.is_peer and r.flops), None)


def percent(r, peer):
    if r.flops is None:
        return None
    if peer is not None and peer.flops:
        return 100.0 * r.flops / peer.flops
    return 100.0 * r.ratio if r.ratio else None


def best_of(rs):
    ok = [r for r in rs if not r.is_peer and r.flops]
    return max(ok, key=lambda r: r.flops) if ok else None


def unit_for(rows):
    top = max((r.flops for r in rows if r.flops), default=0)
    return (1e12, "TFLOP/s") if top >= 1e12 else (1e9, "GFLOP/s")


def shape_title(dtype, shape):
    m, n, k = shape
    dims = f"M=N=K={m}" if m == n == k else f"M={m} N={n} K={k}"
    return f"{dtype} {dims}"


def table_rows(rs, scale):
    peer, best = peer_of(rs), best_of(rs)
    out = []
    for r in rs:
        if r.error:
            # A wrong result is a failure, not a configuration that does not fit.
            what = "FAILED" if r.error.startswith("wrong result") else "skipped"
            out.append((r.engine, "-" if r.is_peer else str(r.stages), what, "", "", r.error))
            continue
        if r.flops is None:
            continue
        pct = percent(r, peer)
        cv = f"{100 * r.cv:.1f}%" if r.cv is not None else ""
        mark = "best" if r is best else ""
        out.append((r.engine, "-" if r.is_peer else str(r.stages), f"{r.flops / scale:.2f}",
                    f"{pct:.1f}" if pct is not None else "?", cv, mark))
    return out


def context_lines(ctx):
    where = ctx.get("device") or f"{ctx.get('execution_space', '?')} on {ctx.get('num_cpus', '?')} CPUs " \
                                  f"@ {ctx.get('mhz_per_cpu', '?')} MHz ({ctx.get('host_name', '?')})"
    lines = [f"etage {ctx.get('etage_git', '?')} ({ctx.get('etage_build_type', '?')}), "
             f"Kokkos {ctx.get('kokkos_version', '?')}, {where}",
             f"peer: {ctx.get('peer_version', ctx.get('peer', '?'))}"
             + (f", {ctx['peer_math']}" if "peer_math" in ctx else "")
             + (f", {ctx['peer_threads']} threads" if "peer_threads" in ctx else ""),
             f"date: {ctx.get('date', '?')}"]
    load = ctx.get("load_avg")
    if load and not ctx.get("device"):
        busy = load[0] > ctx.get("num_cpus", 1)
        note = " (other work was running: host numbers may be low and noisy)" if busy else ""
        lines[-1] += f", load average at start {load[0]:.2f}{note}"
    return lines


def text_table(ctx, shapes, scale, unit):
    peer_name = next((r.engine for rs in shapes.values() for r in rs if r.is_peer), "peer")
    head = ("engine", "stages", unit, f"% of {peer_name}", "cv", "")
    lines = context_lines(ctx)
    for (dtype, shape), rs in shapes.items():
        body = table_rows(rs, scale)
        widths = [max(len(str(x[i])) for x in [head] + body) for i in range(5)]
        lines.append("")
        lines.append(shape_title(dtype, shape))
        fmt = "  {:<%d}  {:>%d}  {:>%d}  {:>%d}  {:>%d}  {}" % tuple(widths)
        lines.append(fmt.format(*head).rstrip())
        for row in body:
            if row[2] in ("skipped", "FAILED"):
                lines.append(f"  {row[0]:<{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]}: {row[5]}")
            else:
                lines.append(fmt.format(*row[:5], "<- best" if row[5] else "").rstrip())
    return "\n".join(lines)


def markdown(ctx, shapes, scale, unit):
    peer_name = next((r.engine for rs in shapes.values() for r in rs if r.is_peer), "peer")
    out = ["# etage GEMM benchmark", ""] + [f"- {l}" for l in context_lines(ctx)]
    for (dtype, shape), rs in shapes.items():
        out += ["", f"## {shape_title(dtype, shape)}", "",
                f"| engine | stages | {unit} | % of {peer_name} | cv | |", "|---|---:|---:|---:|---:|---|"]
        for row in table_rows(rs, scale):
            if row[2] in ("skipped", "FAILED"):
                out.append(f"| {row[0]} | {row[1]} | {row[2]} | | | {row[5].replace('|', '/')} |")
            else:
                b = "**" if row[5] else ""
                out.append(f"| {b}{row[0]}{b} | {row[1]} | {b}{row[2]}{b} | {row[3]} | {row[4]} | {row[5]} |")
    return "\n".join(out) + "\n"


def plot(ctx, shapes, scale, unit, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write(f"report.py: {sys.executable} has no matplotlib; {path} not written "
                         "(on Debian: apt-get install python3-matplotlib, run with /usr/bin/python3)\n")
        return False

    square = {k: rs for k, rs in shapes.items() if k[1][0] == k[1][1] == k[1][2]}
    dtype = "float" if any(k[0] == "float" for k in square) else next((k[0] for k in square), None)
    square = {k: rs for k, rs in square.items() if k[0] == dtype}
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 6))
    if not square:
        fig.text(0.5, 0.5, "no square-shape results", ha="center")
        fig.savefig(path, dpi=120)
        return True
    engines = list(OrderedDict.fromkeys(r.engine for rs in square.values() for r in rs if not r.is_peer))
    colors = {e: f"C{i}" for i, e in enumerate(engines)}

    # Left: throughput against stages at the largest square size.
    largest = max(square, key=lambda k: k[1][0])
    rs = square[largest]
    for e in engines:
        pts = sorted((r.stages, r.flops / scale, (r.cv or 0) * r.flops / scale)
                     for r in rs if r.engine == e and r.flops)
        if pts:
            ax1.errorbar([p[0] for p in pts], [p[1] for p in pts], yerr=[p[2] for p in pts], fmt="o-",
                         color=colors[e], capsize=3, label=e)
        skipped = [r.stages for r in rs if r.engine == e and r.error]
        if skipped:
            ax1.plot(skipped, [0] * len(skipped), "x", color=colors[e], ms=9, clip_on=False,
                     label=f"{e}: skipped (x)")
    peer = peer_of(rs)
    if peer:
        ax1.axhline(peer.flops / scale, color="k", ls="--", lw=1, label=peer.engine)
    ax1.set_xlabel("stages")
    ax1.set_ylabel(unit)
    ax1.set_title(f"Throughput vs stages, {shape_title(*largest)} (bars: stddev)")
    ax1.set_ylim(bottom=0)
    ax1.xaxis.get_major_locator().set_params(integer=True)
    ax1.grid(alpha=0.3)
    ax1.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize=8, frameon=False)

    # Right: % of peer against size for each engine's best stage count.
    sizes = sorted(k[1][0] for k in square)
    for i, e in enumerate(engines):
        xs, ys, notes = [], [], []
        for n in sizes:
            rs = square[(dtype, (n, n, n))]
            cand = [r for r in rs if r.engine == e and r.flops]
            if not cand:
                continue
            b = max(cand, key=lambda r: r.flops)
            p = percent(b, peer_of(rs))
            if p is None:
                continue
            xs.append(n), ys.append(p), notes.append(b.stages)
        if xs:
            ax2.plot(xs, ys, "o-", color=colors[e], label=f"{e} (labels: best stages)")
            for x, y, s in zip(xs, ys, notes):
                ax2.annotate(f"{s}", (x, y), textcoords="offset points", xytext=(5, 4 if i % 2 == 0 else -11), fontsize=8,
                             color=colors[e])
    peer_name = next((r.engine for rs in square.values() for r in rs if r.is_peer), "peer")
    ax2.axhline(100, color="k", ls="--", lw=1, label=peer_name)
    ax2.set_xscale("log", base=2)
    ax2.set_xticks(sizes)
    ax2.set_xticklabels([str(s) for s in sizes])
    ax2.set_xlabel("M = N = K")
    ax2.set_ylabel(f"% of {peer_name}")
    ax2.set_title(f"Best configuration per engine vs {peer_name} ({dtype})")
    ax2.set_ylim(bottom=0)
    ax2.grid(alpha=0.3)
    ax2.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize=8, frameon=False)

    fig.suptitle("etage GEMM  |  " + context_lines(ctx)[0], fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return True


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    src, outdir = argv[1], argv[2]
    ctx, rows = load(src)
    if not rows:
        sys.stderr.write(f"report.py: no BM_Gemm results in {src}\n")
        return 1
    shapes = group(rows)
    scale, unit = unit_for(rows)
    os.makedirs(outdir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(src))[0]
    print(text_table(ctx, shapes, scale, unit))
    md = os.path.join(outdir, stem + ".md")
    with open(md, "w") as f:
        f.write(markdown(ctx, shapes, scale, unit))
    png = os.path.join(outdir, stem + ".png")
    print(f"\nwrote {md}")
    if plot(ctx, shapes, scale, unit, png):
        print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
