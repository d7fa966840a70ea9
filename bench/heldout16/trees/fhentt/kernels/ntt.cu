#include <cstdint>

__device__ __forceinline__ uint64_t mulmod(uint64_t a, uint64_t b, uint64_t q) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) % q);
}

// One Cooley-Tukey stage over all limbs; blockIdx.y selects the limb.
extern "C" __global__ void ntt_stage(uint64_t* data, const uint64_t* twiddles, const uint64_t* moduli,
                                     unsigned n, unsigned m) {
  const unsigned limb = blockIdx.y;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / 2) return;
  const uint64_t q = moduli[limb];
  uint64_t* a = data + static_cast<size_t>(limb) * n;
  const unsigned j = i / m, k = i % m;
  const unsigned u = 2 * j * m + k, v = u + m;
  const uint64_t w = twiddles[static_cast<size_t>(limb) * n + m + k];
  const uint64_t t = mulmod(a[v], w, q);
  a[v] = a[u] >= t ? a[u] - t : a[u] + q - t;
  a[u] = a[u] + t >= q ? a[u] + t - q : a[u] + t;
}

extern "C" __global__ void rescale_limb(uint64_t* data, const uint64_t* moduli, unsigned n, unsigned top) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned limb = blockIdx.y;
  if (i >= n || limb >= top) return;
  const uint64_t q = moduli[limb];
  const uint64_t last = data[static_cast<size_t>(top) * n + i] % q;
  uint64_t* a = data + static_cast<size_t>(limb) * n;
  a[i] = a[i] >= last ? a[i] - last : a[i] + q - last;
}
