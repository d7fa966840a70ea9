#ifndef WAKE_H
#define WAKE_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WK_OK 0
#define WK_EBADSIZE 1001

typedef struct wk_ctx wk_ctx;

wk_ctx* wk_init(int n_turbines, const float* power_curve, int n_curve);
void wk_destroy(wk_ctx* ctx);
int wk_set_turbines(wk_ctx* ctx, const float* xy, const float* hub);
int wk_sweep_yaw(wk_ctx* ctx, float wind_dir, float wind_speed, const float* angles, int n_angles,
                 float* best_yaw);
int wk_eval_layout(wk_ctx* ctx, float wind_dir, float wind_speed, const float* yaw, float* power);
int wk_stage_inflow(wk_ctx* ctx, const float* profile, int n_levels);
int wk_load_terrain(wk_ctx* ctx, float* dem, int nx, int ny);
int wk_write_report(wk_ctx* ctx, const char* path);

#ifdef __cplusplus
}
#endif
#endif
