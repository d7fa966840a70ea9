extern "C" __global__ void ntlm_md4(const unsigned char *pw, const unsigned int *offs, int n, unsigned char *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int a = 0x67452301u;
    for (unsigned int k = offs[i]; k < offs[i + 1]; ++k) a = (a << 3 | a >> 29) ^ pw[k];
    for (int b = 0; b < 16; ++b) out[16 * i + b] = (unsigned char)(a >> (b & 24));
}
