#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct li_defect {
  int x, y, w, h;
  int klass;
  float score;
} li_defect;

void* li_open(int width, int frame_lines, const char* flat_path, const char* classifiers);
void li_close(void* h);
int li_push_line(void* h, const uint8_t* line);
int li_fetch_defects(void* h, li_defect* out, int max);
int li_write_report(void* h, const char* path);

#ifdef __cplusplus
}
#endif
