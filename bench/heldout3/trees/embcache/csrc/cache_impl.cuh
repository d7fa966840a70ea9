#pragma once

#include <unordered_map>

#include "embcache.h"

struct EmbCache {
    int64_t capacity = 0;
    int64_t dim = 0;
    int64_t used = 0;
    float* host_rows = nullptr;  // mapped pinned, [capacity, dim]
    float* dev_rows = nullptr;   // device alias of host_rows
    std::unordered_map<int64_t, int64_t> slot_of;
};
