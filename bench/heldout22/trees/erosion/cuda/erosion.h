#ifndef EROSION_H
#define EROSION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct er_ctx er_ctx;

typedef struct {
    float inertia, capacity, deposition, erosion, evaporation, gravity;
    int max_lifetime;
    int brush_radius;
} er_params;

typedef struct {
    float min_h, max_h, mean_h, eroded, deposited;
} er_tile_stat;

er_ctx* er_init(int width, int height, const er_params* params);
void er_destroy(er_ctx* ctx);
int er_upload(er_ctx* ctx, const float* heights);
int er_download(er_ctx* ctx, float* heights);
/* Simulates n droplets starting at the given seed positions (2 floats each). */
int er_droplets(er_ctx* ctx, const float* seeds, int n);
/* Per-tile statistics of the current heightmap, tiles of tile x tile cells. */
int er_tile_stats(er_ctx* ctx, int tile, er_tile_stat* out, int max_tiles);
int er_dump_debug(er_ctx* ctx, const char* path);

#ifdef __cplusplus
}
#endif
#endif
