#ifndef GLYPHFORGE_SDF_H
#define GLYPHFORGE_SDF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GF_OK = 0, GF_ERR_CUDA = 1, GF_ERR_IO = 2, GF_ERR_FORMAT = 3, GF_ERR_STATE = 4 };

typedef struct {
  float x0, y0, x1, y1; /* one outline segment, em units */
} gf_segment;

int gf_init(int max_glyphs);
void gf_shutdown(void);
int gf_render_sdf(const gf_segment* segs, const int* seg_off, int n_glyphs, int size, float spread,
                  float* out);
int gf_pack_atlas(unsigned char* const* pages, int n_pages, size_t page_bytes, unsigned* checksum);
int gf_upload_coverage(const unsigned char* host, size_t n, unsigned* checksum);
int gf_load_font_table(const char* path, int max_glyphs, float* metrics, int* n_out);
int gf_dump_metrics(const char* path);

#ifdef __cplusplus
}
#endif

#endif
