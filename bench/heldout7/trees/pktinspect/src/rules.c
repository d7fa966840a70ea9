#include <string.h>

#include "pi.h"

#define MAX_STATES 65536

pi_automaton* pi_rules_compile(const char** patterns, int n) {
    pi_automaton* ac = (pi_automaton*)calloc(1, sizeof(pi_automaton));
    PI_DIE(ac == NULL, "out of memory");
    PI_DIE(cudaHostAlloc((void**)&ac->go_to, (size_t)MAX_STATES * 257 * sizeof(int32_t),
                         cudaHostAllocDefault) != cudaSuccess, "pinned automaton");
    ac->output = ac->go_to + (size_t)MAX_STATES * 256;
    memset(ac->go_to, 0xff, (size_t)MAX_STATES * 256 * sizeof(int32_t));
    memset(ac->output, 0xff, MAX_STATES * sizeof(int32_t));
    ac->n_states = 1;
    for (int r = 0; r < n; ++r) {
        uint32_t s = 0;
        for (const unsigned char* p = (const unsigned char*)patterns[r]; *p; ++p) {
            int32_t* next = &ac->go_to[s * 256 + *p];
            if (*next < 0) {
                PI_DIE(ac->n_states >= MAX_STATES, "automaton too large");
                *next = (int32_t)ac->n_states++;
            }
            s = (uint32_t)*next;
        }
        ac->output[s] = r;
    }
    return ac;
}

int pi_rules_load(pi_ctx* c, const char* path) {
    FILE* fp = fopen(path, "r");
    if (!fp) return -1;
    char* text = NULL;
    const char* pats[4096];
    int n = 0;
    PI_CHECK(cudaMallocHost((void**)&text, 1 << 20));
    size_t len = fread(text, 1, (1 << 20) - 1, fp);
    fclose(fp);
    text[len] = '\0';
    for (char* tok = strtok(text, "\n"); tok && n < 4096; tok = strtok(NULL, "\n"))
        if (tok[0] != '#') pats[n++] = tok;
    c->ac = pi_rules_compile(pats, n);
    const size_t bytes = (size_t)c->ac->n_states * 256 * sizeof(int32_t);
    PI_CHECK(cudaMalloc((void**)&c->d_goto, bytes));
    PI_CHECK(cudaMalloc((void**)&c->d_output, c->ac->n_states * sizeof(int32_t)));
    PI_CHECK(cudaMemcpy(c->d_goto, c->ac->go_to, bytes, cudaMemcpyHostToDevice));
    PI_CHECK(cudaMemcpy(c->d_output, c->ac->output, c->ac->n_states * sizeof(int32_t), cudaMemcpyHostToDevice));
    cudaFreeHost(text);
    return n;
}
