/* cuFFT plans (and their twiddle tables) shared by every context of the process. */
#include <math.h>
#include <pthread.h>

#include "sm_error.h"
#include "sm_internal.h"

#define SM_MAX_PLANS 8

typedef struct {
    int nfft;
    cufftHandle plan;
    float2* twiddle_h;
} sm_plan_entry;

static sm_plan_entry g_plans[SM_MAX_PLANS];
static int g_nplans = 0;
static pthread_mutex_t g_plan_lock = PTHREAD_MUTEX_INITIALIZER;

cufftHandle sm_plan_get(int nfft) {
    pthread_mutex_lock(&g_plan_lock);
    for (int i = 0; i < g_nplans; ++i) {
        if (g_plans[i].nfft == nfft) {
            const cufftHandle p = g_plans[i].plan;
            pthread_mutex_unlock(&g_plan_lock);
            return p;
        }
    }
    if (g_nplans == SM_MAX_PLANS) {
        fprintf(stderr, "specmon: more than %d FFT sizes in one process\n", SM_MAX_PLANS);
        abort();
    }
    sm_plan_entry* e = &g_plans[g_nplans++];
    e->nfft = nfft;
    SM_FATAL(cudaMallocHost((void**)&e->twiddle_h, nfft * sizeof(float2)));
    for (int k = 0; k < nfft; ++k) {
        e->twiddle_h[k].x = (float)cos(-2.0 * M_PI * k / nfft);
        e->twiddle_h[k].y = (float)sin(-2.0 * M_PI * k / nfft);
    }
    if (cufftPlanMany(&e->plan, 1, &nfft, NULL, 1, nfft, NULL, 1, nfft, CUFFT_C2C, 64) != CUFFT_SUCCESS) {
        fprintf(stderr, "specmon: cufftPlanMany(%d) failed\n", nfft);
        abort();
    }
    pthread_mutex_unlock(&g_plan_lock);
    return e->plan;
}
