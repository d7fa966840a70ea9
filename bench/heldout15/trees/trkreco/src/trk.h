#ifndef TRK_H
#define TRK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRK_MAX_TRACK_HITS 32
#define TRK_SEED_STRIDE 9
#define TRK_MODULE_FLOATS 12

typedef struct trk_track {
  float state[5]; /* d0, z0, phi, theta, q/p */
  float cov[15];
  int hit_idx[TRK_MAX_TRACK_HITS];
  int n_hits;
  float chi2;
} trk_track;

typedef struct trk_geometry {
  unsigned n_modules;
  float* d_modules;
} trk_geometry;

int trk_load_geometry(const char* path, trk_geometry** out);
void trk_free_geometry(trk_geometry* g);
int trk_read_calib(const char* path, float* out, int n);

float* trk_alloc_hit_ring(int n_slots, int max_hits);
void trk_free_hit_ring(float* ring);
float* trk_make_seed_buffer(int n_hits, int max_seeds);
void trk_free_buffer(float* buf);

int trk_find_seeds(const trk_geometry* g, const float* hits, int n_hits, float* seeds,
                   int max_seeds, float delta_phi, float delta_z);
int trk_fit_tracks(const trk_geometry* g, trk_track* tracks, int n_tracks);

void* trk_ambiguity_create(int max_tracks);
int trk_resolve_ambiguity(void* handle, const trk_track* tracks, int n, int* keep);
void trk_ambiguity_destroy(void* handle);

int trk_write_tracks(const char* path, const trk_track* tracks, int n);

#ifdef __cplusplus
}
#endif

#endif /* TRK_H */
