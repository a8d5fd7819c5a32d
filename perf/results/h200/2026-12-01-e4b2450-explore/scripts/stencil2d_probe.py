#!/usr/bin/env python3
"""Session 18 run F: adds stencil2d_probe.cpp and its CMake target to an unpatched copy of the
tree given as argv[1]."""
import pathlib
import shutil
import sys

here = pathlib.Path(__file__).resolve().parent
root = pathlib.Path(sys.argv[1])
shutil.copy(here / 'stencil2d_probe.cpp', root / 'perf/stencil2d_probe.cpp')
p = root / 'perf/CMakeLists.txt'
p.write_text(p.read_text() + '\nadd_executable(stencil2d_probe stencil2d_probe.cpp)\n'
             'target_link_libraries(stencil2d_probe PRIVATE etage::etage)\n')
print('stencil2d probe', root)
