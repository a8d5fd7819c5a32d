#!/usr/bin/env python3
"""Session 18, run A: writes l2_tail_demotion.cu (to argv[1]) from session 17's l2_after_effect.cu
(perf/results/h200/2026-11-30-001af65-explore/scripts) with one more post condition:
Dlast:M / Dfirst:M demote (applypriority evict_normal) only the last / first M MiB of A. The
sweep's grid-stride loop reads A in address order, so the last MiB are the last loaded.
Build: nvcc -O3 -std=c++20 -arch=sm_90a -o build/dev6/l2_tail_demotion <argv[1]>"""
import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
src = (here.parents[1] / '2026-11-30-001af65-explore/scripts/l2_after_effect.cu').read_text()
old = '''  if (cond.find("+D") != std::string::npos) {'''
new = '''  if (auto p = cond.find("+Dlast:"); p != std::string::npos || cond.find("+Dfirst:") != std::string::npos) {
    bool const tail = p != std::string::npos;
    size_t const mib = std::strtoull(cond.c_str() + cond.find(':') + 1, nullptr, 10);
    size_t const bytes = std::min(big, mib << 20);
    char const* base = (char const*)A + (tail ? big - bytes : 0);
    float const ms = time_queued(1, [&] { demote<<<grid, 256>>>(base, bytes / 128); });
    char buf[96]; std::snprintf(buf, sizeof buf, "demote %s %zu MiB of A %.1f us", tail ? "last" : "first", mib, ms * 1000.f); post = buf;
  } else if (cond.find("+D") != std::string::npos) {'''
assert src.count(old) == 1
header = '''// Session 18, run A: which lines an L2 evict_last stream leaves persisting. Derived from session
// 17's l2_after_effect.cu (perf/results/h200/2026-11-30-001af65-explore/scripts), with one more
// post condition: Dlast:M / Dfirst:M demote (applypriority evict_normal) only the last / first M MiB
// of A. The sweep's grid-stride loop reads A in address order, so the last MiB are the last loaded.
// Session 17's header follows.
'''
pathlib.Path(sys.argv[1]).write_text(header + src.replace(old, new))
