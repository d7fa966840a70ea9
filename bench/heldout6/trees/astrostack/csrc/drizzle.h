#ifndef DRIZZLE_H
#define DRIZZLE_H
#ifdef __cplusplus
extern "C" {
#endif
int drizzle_init(int h, int w, float scale, float pixfrac);
int drizzle_frame(const float* frame, int h, int w, float dx, float dy);
int drizzle_write_fits(const char* path);
int drizzle_load_weights(const char* path);
void drizzle_shutdown(void);
#ifdef __cplusplus
}
#endif
#endif
