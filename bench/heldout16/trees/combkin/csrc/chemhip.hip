// Batched chemistry integration: one cell per thread, a 2-stage Rosenbrock scheme with a
// dense Jacobian in registers for small mechanisms (<= 32 species).
#include "chemhip.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <hip/hip_runtime.h>

#define CK_MAX_SPECIES 32
#define CK_MAX_REACTIONS 64

static thread_local char g_err[256];
const char* ck_error(void) { return g_err; }

// Returns from the calling function with CK_EHIP.
#define CK_TRY(call)                                                                 \
  do {                                                                               \
    hipError_t e_ = (call);                                                          \
    if (e_ != hipSuccess) {                                                          \
      std::snprintf(g_err, sizeof g_err, "%s: %s", #call, hipGetErrorString(e_));    \
      return CK_EHIP;                                                                \
    }                                                                                \
  } while (0)

// Terminates the process: used where a half-written output file is worse than no run.
#define CK_DIE(call)                                                                 \
  do {                                                                               \
    hipError_t e_ = (call);                                                          \
    if (e_ != hipSuccess) {                                                          \
      std::fprintf(stderr, "combkin fatal: %s: %s\n", #call, hipGetErrorString(e_)); \
      std::exit(3);                                                                  \
    }                                                                                \
  } while (0)

struct ck_mech {
  int n_species;
  int n_reactions;
  double* A;     // pre-exponential
  double* b;     // temperature exponent
  double* Ea;    // activation energy / R
  int* stoich;   // n_reactions x n_species, reactants negative
};

struct ck_context {
  int n_cells_max;
  ck_mech mech;
  double* d_state;      // (n_cells, n_species + 2): T, p, Y_k
  double* d_mech;       // packed A, b, Ea
  int* d_stoich;
  double* h_rates;      // per-reaction budget accumulated on the host
  double* registered;   // caller's state array when registered
  size_t registered_cells;
  hipStream_t stream;
};

namespace {

__global__ void rosenbrock_cells(double* state, int n_cells, int n_sp, int n_rx, const double* mech,
                                 const int* stoich, double dt) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_cells) return;
  double* s = state + static_cast<size_t>(c) * (n_sp + 2);
  const double T = s[0];
  double wdot[CK_MAX_SPECIES] = {0.0};
  for (int r = 0; r < n_rx; ++r) {
    const double k = mech[r] * pow(T, mech[n_rx + r]) * exp(-mech[2 * n_rx + r] / T);
    double rate = k;
    for (int i = 0; i < n_sp; ++i)
      if (stoich[r * n_sp + i] < 0) rate *= pow(fmax(s[2 + i], 0.0), -stoich[r * n_sp + i]);
    for (int i = 0; i < n_sp; ++i) wdot[i] += stoich[r * n_sp + i] * rate;
  }
  // linearly implicit update with a diagonal Jacobian approximation (full stages elided)
  for (int i = 0; i < n_sp; ++i) s[2 + i] = fmax(s[2 + i] + dt * wdot[i] / (1.0 + dt * fabs(wdot[i])), 0.0);
}

int upload_mechanism(ck_context* ctx) {
  const ck_mech& m = ctx->mech;
  const size_t nr = m.n_reactions;
  CK_TRY(hipMalloc(&ctx->d_mech, 3 * nr * sizeof(double)));
  CK_TRY(hipMemcpy(ctx->d_mech, m.A, nr * sizeof(double), hipMemcpyHostToDevice));
  CK_TRY(hipMemcpy(ctx->d_mech + nr, m.b, nr * sizeof(double), hipMemcpyHostToDevice));
  CK_TRY(hipMemcpy(ctx->d_mech + 2 * nr, m.Ea, nr * sizeof(double), hipMemcpyHostToDevice));
  CK_TRY(hipMalloc(&ctx->d_stoich, nr * m.n_species * sizeof(int)));
  CK_TRY(hipMemcpy(ctx->d_stoich, m.stoich, nr * m.n_species * sizeof(int), hipMemcpyHostToDevice));
  return CK_OK;
}

}  // namespace

ck_context* ck_create(int n_cells_max) {
  auto* ctx = static_cast<ck_context*>(std::calloc(1, sizeof(ck_context)));
  if (!ctx) return nullptr;
  ctx->n_cells_max = n_cells_max;
  if (hipStreamCreateWithFlags(&ctx->stream, hipStreamNonBlocking) != hipSuccess ||
      hipMalloc(&ctx->d_state, static_cast<size_t>(n_cells_max) * (CK_MAX_SPECIES + 2) * sizeof(double)) != hipSuccess ||
      hipHostMalloc(reinterpret_cast<void**>(&ctx->h_rates), CK_MAX_REACTIONS * sizeof(double), hipHostMallocDefault) != hipSuccess) {
    std::snprintf(g_err, sizeof g_err, "ck_create: device allocation failed");
    std::free(ctx);
    return nullptr;
  }
  return ctx;
}

void ck_destroy(ck_context* ctx) {
  if (!ctx) return;
  if (ctx->registered) hipHostUnregister(ctx->registered);
  hipHostFree(ctx->h_rates);
  hipHostFree(ctx->mech.A);
  hipFree(ctx->d_stoich);
  hipFree(ctx->d_mech);
  hipFree(ctx->d_state);
  hipStreamDestroy(ctx->stream);
  std::free(ctx->mech.stoich);
  std::free(ctx);
}

int ck_n_species(const ck_context* ctx) { return ctx->mech.n_species; }

// Mechanism file: "species N", "reactions M", then M lines "A b Ea  nu_1 ... nu_N".
int ck_load_mechanism(ck_context* ctx, const char* path) {
  std::FILE* f = std::fopen(path, "r");
  if (!f) {
    std::snprintf(g_err, sizeof g_err, "cannot open %s", path);
    return CK_EIO;
  }
  ck_mech m{};
  if (std::fscanf(f, " species %d reactions %d", &m.n_species, &m.n_reactions) != 2 ||
      m.n_species > CK_MAX_SPECIES || m.n_reactions > CK_MAX_REACTIONS) {
    std::fclose(f);
    std::snprintf(g_err, sizeof g_err, "%s: bad header", path);
    return CK_EPARSE;
  }
  const size_t nr = m.n_reactions;
  double* coeffs = nullptr;
  CK_TRY(hipHostMalloc(reinterpret_cast<void**>(&coeffs), 3 * nr * sizeof(double), hipHostMallocDefault));
  m.A = coeffs;
  m.b = coeffs + nr;
  m.Ea = coeffs + 2 * nr;
  m.stoich = static_cast<int*>(std::calloc(nr * m.n_species, sizeof(int)));
  for (size_t r = 0; r < nr; ++r) {
    if (std::fscanf(f, "%lf %lf %lf", &m.A[r], &m.b[r], &m.Ea[r]) != 3) {
      std::fclose(f);
      std::free(m.stoich);
      std::snprintf(g_err, sizeof g_err, "%s: reaction %zu: bad Arrhenius triple", path, r);
      return CK_EPARSE;
    }
    for (int i = 0; i < m.n_species; ++i) std::fscanf(f, "%d", &m.stoich[r * m.n_species + i]);
  }
  std::fclose(f);
  ctx->mech = m;
  return upload_mechanism(ctx);
}

int ck_register_state(ck_context* ctx, double* state, size_t n_cells) {
  const size_t bytes = n_cells * (ctx->mech.n_species + 2) * sizeof(double);
  CK_TRY(hipHostRegister(state, bytes, hipHostRegisterDefault));
  ctx->registered = state;
  ctx->registered_cells = n_cells;
  return CK_OK;
}

int ck_unregister_state(ck_context* ctx) {
  if (!ctx->registered) return CK_OK;
  CK_TRY(hipHostUnregister(ctx->registered));
  ctx->registered = nullptr;
  return CK_OK;
}

static int integrate_from(ck_context* ctx, double* host, size_t n_cells, double dt) {
  const int n_sp = ctx->mech.n_species;
  const size_t bytes = n_cells * (n_sp + 2) * sizeof(double);
  CK_TRY(hipMemcpyAsync(ctx->d_state, host, bytes, hipMemcpyHostToDevice, ctx->stream));
  const int blocks = static_cast<int>((n_cells + 127) / 128);
  hipLaunchKernelGGL(rosenbrock_cells, dim3(blocks), dim3(128), 0, ctx->stream, ctx->d_state,
                     static_cast<int>(n_cells), n_sp, ctx->mech.n_reactions, ctx->d_mech, ctx->d_stoich, dt);
  CK_TRY(hipMemcpyAsync(host, ctx->d_state, bytes, hipMemcpyDeviceToHost, ctx->stream));
  CK_TRY(hipStreamSynchronize(ctx->stream));
  return CK_OK;
}

int ck_integrate_registered(ck_context* ctx, size_t n_cells, double dt) {
  if (!ctx->registered || n_cells > ctx->registered_cells) return CK_EHIP;
  return integrate_from(ctx, ctx->registered, n_cells, dt);
}

int ck_integrate_pageable(ck_context* ctx, double* state, size_t n_cells, double dt) {
  const size_t bytes = n_cells * (ctx->mech.n_species + 2) * sizeof(double);
  CK_TRY(hipHostRegister(state, bytes, hipHostRegisterDefault));
  const int rc = integrate_from(ctx, state, n_cells, dt);
  CK_TRY(hipHostUnregister(state));
  return rc;
}

int ck_ignition_delay_table(ck_context* ctx, const double* temps, size_t n_temps, double pressure, double* tau_out) {
  const int n_sp = ctx->mech.n_species;
  const size_t row = n_sp + 2;
  for (size_t t = 0; t < n_temps; ++t) {
    double* cell = nullptr;
    CK_TRY(hipHostMalloc(reinterpret_cast<void**>(&cell), row * sizeof(double), hipHostMallocDefault));
    std::memset(cell, 0, row * sizeof(double));
    cell[0] = temps[t];
    cell[1] = pressure;
    cell[2] = 0.0283;  // H2
    cell[3] = 0.2264;  // O2
    double time = 0.0, t_prev = temps[t];
    tau_out[t] = -1.0;
    for (int step = 0; step < 20000 && tau_out[t] < 0.0; ++step) {
      integrate_from(ctx, cell, 1, 1e-7);
      time += 1e-7;
      if (cell[0] - t_prev > 400.0) tau_out[t] = time;
    }
    hipHostFree(cell);
  }
  return CK_OK;
}

int ck_write_species_budget(ck_context* ctx, const char* path) {
  double* h = nullptr;
  const size_t nr = ctx->mech.n_reactions;
  CK_DIE(hipHostMalloc(reinterpret_cast<void**>(&h), nr * sizeof(double), hipHostMallocNonCoherent));
  CK_DIE(hipMemcpy(h, ctx->h_rates, nr * sizeof(double), hipMemcpyHostToHost));
  std::FILE* f = std::fopen(path, "w");
  if (f) {
    for (size_t r = 0; r < nr; ++r) std::fprintf(f, "%zu %.6e\n", r, h[r]);
    std::fclose(f);
  }
  CK_DIE(hipHostFree(h));
  return f ? CK_OK : CK_EIO;
}
