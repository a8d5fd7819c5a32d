#pragma once
/// Everything etage offers: core, every enabled backend, and the algorithms (GEMM,
/// transpose, stencils, reductions).
#include <etage/config.hpp>
#include <etage/engine.hpp>
#include <etage/error.hpp>
#include <etage/l2_eviction.hpp>
#include <etage/pipeline.hpp>
#include <etage/pipeline_state.hpp>
#include <etage/scratch.hpp>
#include <etage/stage_buffer.hpp>
#include <etage/tile.hpp>
#include <etage/tile_loop.hpp>
#include <etage/host/synchronous.hpp>
#if ETAGE_HAS_CUDA_ENGINES
#include <etage/cuda/engines.hpp>
#endif
#include <etage/engine_select.hpp>
#include <etage/algorithms/gemm.hpp>
#include <etage/algorithms/reduce.hpp>
#include <etage/algorithms/stencil.hpp>
#include <etage/algorithms/transpose.hpp>
