#pragma once

/// Thin inline-PTX wrappers, one per instruction (namespace etage::ptx).
#include <etage/ptx/address.hpp>
#include <etage/ptx/bulk_tensor.hpp>
#include <etage/ptx/cache_policy.hpp>
#include <etage/ptx/config.hpp>
#include <etage/ptx/cp_async.hpp>
#include <etage/ptx/mbarrier.hpp>
