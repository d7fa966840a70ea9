#ifndef OB_H
#define OB_H
#include <stddef.h>
#include <stdint.h>

typedef struct ob_context ob_context;

ob_context* ob_context_create(int max_levels, int max_symbols);
void ob_context_destroy(ob_context* ctx);
int ob_snapshot(ob_context* ctx, const int64_t* prices, const int64_t* sizes, int levels, float* out_features);
int ob_load_calendar(ob_context* ctx, const char* path);

#endif
