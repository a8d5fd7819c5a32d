#!/usr/bin/env python3
"""Reads the team timelines written under ETAGE_DEV_TL (rank,start,end,smid; ns) and prints, per
file: the kernel span, the most teams resident at once (C), the efficiency sum(team time) /
(span * C), the head (until C * 0.9 teams first run) and the tail (after the concurrency last
falls below C * 0.9), and team durations per z range. Usage: timeline.py CSV..."""
import sys

def analyse(path):
    hdr, rows = '', []
    for line in open(path):
        if line.startswith('#'):
            hdr = line[1:].strip()
            continue
        r, s, e, sm = (int(x) for x in line.split(','))
        rows.append((r, s, e, sm))
    kv = hdr.split()
    meta = {kv[i]: kv[i + 1] for i in range(0, len(kv) - 1, 2)}
    blocks, ranges = int(meta['blocks']), int(meta['ranges'])
    t0 = min(r[1] for r in rows)
    t1 = max(r[2] for r in rows)
    span = t1 - t0
    ev = sorted([(r[1], 1) for r in rows] + [(r[2], -1) for r in rows], key=lambda x: (x[0], x[1]))
    c, cmax, trace = 0, 0, []
    for t, d in ev:
        c += d
        cmax = max(cmax, c)
        trace.append((t, c))
    thr = 0.9 * cmax
    head = next(t for t, c in trace if c >= thr) - t0
    last_hi = max(t for t, c in trace if c >= thr)
    # time after which concurrency stays below thr
    tail = t1 - next(t for t, c in trace if t > last_hi or t == t1) if last_hi < t1 else 0
    busy = sum(r[2] - r[1] for r in rows)
    eff = busy / (span * cmax)
    durs = sorted(r[2] - r[1] for r in rows)
    q = lambda p: durs[min(len(durs) - 1, int(p * len(durs)))] / 1e3
    per_range = []
    for k in range(ranges):
        d = [r[2] - r[1] for r in rows if r[0] // blocks == k]
        per_range.append(sum(d) / len(d) / 1e3 if d else 0)
    # busy-slot integral in the tail window vs full
    print(f"{path.split('/')[-1]}: {hdr}")
    print(f"  span {span/1e3:.1f} us, teams {len(rows)}, max resident {cmax}, efficiency {100*eff:.1f} %, "
          f"head {head/1e3:.1f} us, tail {tail/1e3:.1f} us ({100*tail/span:.1f} % of span)")
    print(f"  team us: p10 {q(0.1):.1f} p50 {q(0.5):.1f} p90 {q(0.9):.1f} max {q(1.0):.1f}; "
          f"per range mean: " + ' '.join(f"{x:.0f}" for x in per_range))
    sms = {}
    for r in rows:
        sms.setdefault(r[3], 0)
        sms[r[3]] += r[2] - r[1]
    v = sorted(sms.values())
    print(f"  SMs {len(sms)}: busy team-us per SM min {v[0]/1e3:.0f} median {v[len(v)//2]/1e3:.0f} max {v[-1]/1e3:.0f}")
    nz, nx = int(meta['nz']), int(meta['nx'])
    bx = (nx + int(meta['BI']) - 1) // int(meta['BI'])
    S = {r[0]: (r[1], r[2]) for r in rows}
    pt = durs[len(durs) // 2] / (nz / ranges + 2)
    dx, dy = [], []
    for r, (s0, _) in S.items():
        if r % blocks % bx != bx - 1 and r + 1 in S and (r + 1) // blocks == r // blocks:
            dx.append(abs(S[r + 1][0] - s0) / pt)
        if r + bx in S and (r + bx) // blocks == r // blocks:
            dy.append(abs(S[r + bx][0] - s0) / pt)
    dx.sort(); dy.sort()
    pq = lambda a, p: a[int(p * (len(a) - 1))]
    print(f"  plane time {pt/1e3:.2f} us; start offsets in planes: x-neighbours p50 {pq(dx,.5):.2f} p90 {pq(dx,.9):.2f}, "
          f"y-neighbours p50 {pq(dy,.5):.2f} p90 {pq(dy,.9):.2f}")
    spread = []
    for i in range(1, 20):
        t = t0 + span * i / 20
        zs = sorted(dev_z(k, nz, ranges, float(meta['q'])) + (t - s0) / pt
                    for k, s0, e0 in ((r // blocks, S[r][0], S[r][1]) for r in S) if s0 <= t < e0)
        spread.append(pq(zs, .9) - pq(zs, .1))
    print("  p10-p90 spread of the resident teams' current plane: " + ' '.join(f"{x:.0f}" for x in spread))

def dev_z(k, nz, ranges, q):
    """First plane of z range k (the dev switch's formula; q = 1: equal ranges)."""
    if q == 1.0:
        return nz * k // ranges
    return int(nz * (1 - q ** k) / (1 - q ** ranges))

for p in sys.argv[1:]:
    try:
        analyse(p)
    except Exception as e:
        print(p, 'error', e)
