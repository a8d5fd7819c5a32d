p='perf/bench_memory.cpp'
s=open(p).read()
old="""                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),
"""
new="""                                    stencil_config<BulkTensor, 2, 32, 128, 512>(),
                                    // DEV run C: more blocks with the 32-byte halo
                                    stencil_config<BulkTensor, 3, 20, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 4, 12, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 5, 12, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 16, 128, 256, 3>(),
                                    stencil_config<BulkTensor, 6, 8, 128, 256, 2>(),
                                    stencil_config<BulkTensor, 4, 16, 120, 256, 3>(),
                                    stencil_config<BulkTensor, 5, 12, 120, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 20, 120, 256, 2>(),
                                    stencil_config<BulkTensor, 3, 16, 128, 512, 1>(),
"""
assert s.count(old)==1
s=s.replace(old,new)
open(p,'w').write(s)
