# Temporary exploration (never committed): more teams per SM. Transpose 64x64 BulkTensor/2 with
# register room for 3 teams (40 registers); 2D stencil 32x64 with room for 4 and 5 teams.
p='./perf/bench_memory.cpp'
s=open(p).read()
old='''                                    transpose_config<BulkTensor, 2, 64, 256>(),'''
new='''                                    transpose_config<BulkTensor, 2, 64, 256>(),
                                    transpose_config<BulkTensor, 2, 64, 0, 3>(),
                                    transpose_config<CpAsync, 2, 64, 0, 3>(),
                                    stencil_config<BulkTensor, 4, 32, 64, 256, 4>(),
                                    stencil_config<BulkTensor, 4, 32, 64, 256, 5>(),
                                    stencil_config<BulkTensor, 3, 32, 64, 256, 5>(),
                                    stencil_config<BulkTensor, 3, 32, 64, 256, 6>(),'''
assert old in s; s=s.replace(old,new)
open(p,'w').write(s)
