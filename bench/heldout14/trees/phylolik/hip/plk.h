#pragma once
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define PLK_TRY(x) do { if ((x) != hipSuccess) return -1; } while (0)
#define PLK_DIE(cond, msg) do { if (cond) { fprintf(stderr, "plk: %s\n", msg); abort(); } } while (0)

typedef struct plk_instance {
  int ntips, npat, nstates, ncat;
  double* partials;   /* pinned staging for tip partials */
  double* d_partials;
  double* d_matrices;
  double* pattern_w;
} plk_instance;

extern "C" {
plk_instance* plk_create(int ntips, int npat, int nstates, int ncat);
void plk_destroy(plk_instance* inst);
int plk_set_tip_states(plk_instance* inst, int* states, size_t n);
int plk_update_matrices(plk_instance* inst, const double* edge_lengths, int nedge);
double plk_site_likelihoods(plk_instance* inst, double* out);
double* plk_make_split_buffer(int nsplits);
void plk_free_host(void* p);
int plk_load_model(const char* path, double** rates, int* n);
int plk_save_trace(const char* path, const double* lnl, int n);
void plk_dump_ancestral(const char* path, plk_instance* inst);
}
