#include <cassert>
#include <cstdio>

#include "ts/pinned.hpp"

int main() {
    ts::StagingPool pool(4, 1024);
    uint8_t* a = pool.acquire();
    uint8_t* b = pool.acquire();
    assert(a && b && a != b);
    pool.release(a);
    assert(pool.acquire() == a);
    std::puts("test_pool: ok");
    return 0;
}
