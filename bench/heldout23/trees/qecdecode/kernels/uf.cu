// Union-find cluster growth on the space-time matching graph (one thread per detector).
extern "C" __global__ void grow_clusters(const unsigned char* events, const float* weights,
                                         const int* adj, int max_deg, int n_det, int shots,
                                         unsigned char* flips, int n_data) {
  const int shot = blockIdx.y;
  const int d = blockIdx.x * blockDim.x + threadIdx.x;
  if (shot >= shots || d >= n_det) return;
  if (!events[(size_t)shot * n_det + d]) return;
  float best = 1e30f;
  int best_e = -1;
  for (int k = 0; k < max_deg; ++k) {
    const int e = adj[d * max_deg + k];
    if (e < 0) break;
    if (weights[e] < best) {
      best = weights[e];
      best_e = e;
    }
  }
  if (best_e >= 0 && best_e < n_data) flips[(size_t)shot * n_data + best_e] ^= 1;
}
