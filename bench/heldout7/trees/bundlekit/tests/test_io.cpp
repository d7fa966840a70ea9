#include <cassert>
#include <cstdio>

#include "ba/problem.hpp"

int main() {
    FILE* fp = std::fopen("tiny.bal", "w");
    std::fprintf(fp, "1 1 1\n0 0 1.0 2.0\n0 0 0 0 0 1 500 0 0\n0.1 0.2 5.0\n");
    std::fclose(fp);
    ba::Problem p;
    assert(ba::load_bal("tiny.bal", p));
    assert(p.n_cameras == 1 && p.points.size() == 3);
    std::puts("test_io: ok");
    return 0;
}
