#include <cassert>
#include <cstdio>
#include <cstring>
#include <utility>

#include "genalign/pinned.hpp"

using genalign::PinnedBuffer;
using genalign::StagingPool;

static void test_move_leaves_source_empty() {
    PinnedBuffer<int> a(1024);
    for (int i = 0; i < 1024; ++i) {
        a[i] = i;
    }
    PinnedBuffer<int> b(std::move(a));
    assert(a.data() == nullptr && a.size() == 0);
    assert(b.size() == 1024 && b[1023] == 1023);
}

static void test_pool_round_trip() {
    StagingPool pool(2, 4096);
    const int s0 = pool.acquire();
    const int s1 = pool.acquire();
    assert(s0 != s1);
    std::memset(pool.slot_ptr(s0), 0xab, pool.slot_bytes());
    pool.release(s0);
    assert(pool.acquire() == s0);
    pool.release(s0);
    pool.release(s1);
}

int main() {
    test_move_leaves_source_empty();
    test_pool_round_trip();
    std::puts("ok");
    return 0;
}
