#ifndef GZ_GZ_H
#define GZ_GZ_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
typedef struct gz_context gz_context;
gz_context* gz_context_create(size_t max_chunk);
void gz_context_destroy(gz_context* ctx);
int64_t gz_compress(gz_context* ctx, const void* in, size_t n, void* out, size_t cap);
int64_t gz_decompress(gz_context* ctx, const void* in, size_t n, void* out, size_t cap);
int gz_compress_frames(gz_context* ctx, const void* const* frames, const size_t* sizes, int nframes, void* out);
int gz_hip_encode(const void* in, size_t n, void* out);
int gz_hip_dict_train(const void* samples, size_t n, void* dict, size_t dict_cap);
void* gz_dict_buffer(size_t bytes);
#ifdef __cplusplus
}
#endif
#endif
