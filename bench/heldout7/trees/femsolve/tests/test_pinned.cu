#include <cassert>
#include <cstdio>

#include "fem/pinned.hpp"

int main() {
    fem::PinnedArray<double> a(16);
    for (int i = 0; i < 16; ++i) a[i] = i;
    assert(a[15] == 15.0);
    std::puts("test_pinned: ok");
    return 0;
}
