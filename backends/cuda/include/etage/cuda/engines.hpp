#pragma once
/// The CUDA engines: RegisterDoubleBuffer, CpAsync, BulkTensor (Synchronous comes from the
/// portable implementation in <etage/host/synchronous.hpp>).
#include <etage/cuda/bulk_tensor.hpp>
#include <etage/cuda/cp_async.hpp>
#include <etage/cuda/register_double_buffer.hpp>
#include <etage/cuda/support.hpp>
