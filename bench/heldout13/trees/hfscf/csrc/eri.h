#ifndef HFSCF_ERI_H
#define HFSCF_ERI_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eri_engine eri_engine;

/* Shells are given as (first AO, number of AOs, first primitive, number of primitives, angular momentum). */
eri_engine* eri_engine_create(int nbf, int nshell, const int* shells, const double* prims, int nprim, double screen_tol);
void eri_engine_destroy(eri_engine* e);
/* Coulomb and exchange matrices J[D], K[D] for a symmetric density D (nbf x nbf, row-major). */
int eri_build_jk(eri_engine* e, const double* D, double* J, double* K, int nbf);

int eri_load_basis_cache(const char* path, double** data, size_t* count);
void eri_release_basis_cache(double* data);
int eri_save_fock(const char* path, const double* F, int nbf);

#ifdef __cplusplus
}
#endif
#endif
