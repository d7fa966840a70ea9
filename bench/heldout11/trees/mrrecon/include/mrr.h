#ifndef MRR_H
#define MRR_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mrr_plan mrr_plan;
typedef struct mrr_scratch mrr_scratch;

int mrr_plan_create(int nx, int ny, int n_samples, float oversamp, int width, mrr_plan** out);
void mrr_plan_destroy(mrr_plan* plan);
int mrr_load_trajectory(mrr_plan* plan, const char* path);
int mrr_load_noise(const char* path, int coils, float* cov_out);
int mrr_gridding(mrr_plan* plan, const float* kdata, float* image);
const float* mrr_dcf(mrr_plan* plan, int traj_id);
int mrr_estimate_sens(mrr_plan* plan, float* calib, int coils, size_t coil_stride, float* sens_out);
int mrr_cg_sense(mrr_plan* plan, const float* kdata, const float* sens, int coils, int iters, float* image);
mrr_scratch* mrr_scratch_create(size_t bytes);
void mrr_scratch_destroy(mrr_scratch* s);
int mrr_pin(void* ptr, size_t bytes);
int mrr_unpin(void* ptr);

#ifdef __cplusplus
}
#endif
#endif
