#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { int kind; double strike, expiry, barrier, notional; } mcp_option;
typedef struct mcp_ctx mcp_ctx;

mcp_ctx* mcp_create(int n_paths, int n_steps, uint64_t seed);
void mcp_destroy(mcp_ctx* ctx);
int mcp_set_curve(mcp_ctx* ctx, const double* t, const double* r, int n);
int mcp_price_batch(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol, double rate, double* out);
int mcp_price_path_dependent(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol, double rate, double* out);
int mcp_greeks(mcp_ctx* ctx, const mcp_option* opts, int n, double spot, double vol, double rate, double* out);
int mcp_calibrate(mcp_ctx* ctx, const double* quotes, int n, double* params);
int mcp_export_paths(mcp_ctx* ctx, const char* path, int n);
int mcp_load_surface(mcp_ctx* ctx, const char* path);

#ifdef __cplusplus
}
#endif
