#ifndef MP_INTERNAL_H
#define MP_INTERNAL_H

#include "mp_api.h"
#include "mp_check.h"

typedef struct {
    float rho;        /* kg/m^3 */
    float cp;         /* J/(kg K) */
    float k;          /* W/(m K) */
    float t_solidus;  /* K */
    float t_liquidus; /* K */
    float absorptivity;
} mp_material;

struct mp_ctx {
    int device;
    int nx, ny, nz;
    float dx_um;
    hipStream_t stream;
    mp_material* material_h;  /* portable: read by the layer and track streams */
    float* temp_d;            /* nx * ny * nz */
    float* depth_d;           /* nx * ny: max melt depth seen so far */
    float* powder_d;          /* nx * ny: packing fraction */
    unsigned char* plate_img; /* registered reference image, NULL if none */
    int history_len;
    float* history_d;         /* per-track peak temperatures */
};

#endif
