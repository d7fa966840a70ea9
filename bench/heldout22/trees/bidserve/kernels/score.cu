// Two-tower scoring kernel, compiled to PTX by the build pipeline (kernels/score.ptx).
extern "C" __global__ void score_ads(const float* user, const unsigned* ad_ids, const float* ad_emb,
                                     const float* weights, int dim, int n, float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* a = ad_emb + (size_t)ad_ids[i] * dim;
    float s = weights[0];
    for (int k = 0; k < dim; ++k) s += user[k] * a[k] * weights[1 + k];
    out[i] = 1.f / (1.f + __expf(-s));
}
