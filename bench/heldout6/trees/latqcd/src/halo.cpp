#include <array>
#include "lqcd/hip_check.h"
#include "lqcd/lattice.hpp"

namespace lqcd {

// Send/receive buffers for the 8 faces of the local sub-lattice (multi-rank runs).
class HaloExchanger {
 public:
  explicit HaloExchanger(const Lattice& lat) {
    for (int step = 0; step < 8; ++step) {
      const int mu = step / 2;
      face_bytes_[step] = lat.volume() / lat.L[mu] * 12 * sizeof(double);
      HIP_OR_DIE(hipHostMalloc(&bufs_[step], face_bytes_[step], hipHostMallocPortable));
    }
  }
  ~HaloExchanger() {
    for (void* b : bufs_) (void)hipHostFree(b);
  }
  void* face(int dir) { return bufs_[dir]; }

 private:
  std::array<void*, 8> bufs_{};
  std::array<std::size_t, 8> face_bytes_{};
};

HaloExchanger* make_exchanger(const Lattice& lat) { return new HaloExchanger(lat); }

}  // namespace lqcd
