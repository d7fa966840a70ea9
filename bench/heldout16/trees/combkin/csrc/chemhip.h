#ifndef COMBKIN_CHEMHIP_H
#define COMBKIN_CHEMHIP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ck_context ck_context;

enum { CK_OK = 0, CK_EHIP = 1, CK_EIO = 2, CK_EPARSE = 3 };

ck_context* ck_create(int n_cells_max);
void ck_destroy(ck_context* ctx);
int ck_load_mechanism(ck_context* ctx, const char* path);
int ck_n_species(const ck_context* ctx);
int ck_register_state(ck_context* ctx, double* state, size_t n_cells);
int ck_unregister_state(ck_context* ctx);
int ck_integrate_registered(ck_context* ctx, size_t n_cells, double dt);
int ck_integrate_pageable(ck_context* ctx, double* state, size_t n_cells, double dt);
int ck_ignition_delay_table(ck_context* ctx, const double* temps, size_t n_temps, double pressure, double* tau_out);
int ck_write_species_budget(ck_context* ctx, const char* path);
const char* ck_error(void);

#ifdef __cplusplus
}
#endif

#endif
