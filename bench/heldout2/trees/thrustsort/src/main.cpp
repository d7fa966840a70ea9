#include <cstdio>
#include <cstdlib>

#include "tsort/service.hpp"

int main(int argc, char** argv) {
  const std::size_t max_keys = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : (1u << 22);
  tsort::Service svc(max_keys, 64u << 20);
  if (argc > 1 && !svc.warm_cache(argv[1], 16u << 20)) {
    std::fprintf(stderr, "starting cold\n");
  }
  tsort::RequestQueue queue;
  svc.run(queue);
  return 0;
}
