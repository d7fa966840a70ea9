extern "C" __global__ void pbkdf2_sha256(const unsigned char *pw, const unsigned int *offs, int n,
                                         const unsigned char *salt, int iters, unsigned char *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int h = 2166136261u;
    for (unsigned int k = offs[i]; k < offs[i + 1]; ++k) h = (h ^ pw[k]) * 16777619u;
    for (int it = 0; it < iters; ++it) h = (h ^ salt[it & 15]) * 16777619u;
    for (int b = 0; b < 32; ++b) out[32 * i + b] = (unsigned char)(h >> (b & 24));
}
