#ifndef MD_H
#define MD_H
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct md_system {
  int n;
  float box[3];
  float cutoff, skin;
  float* h_pos;   /* pinned, n x 4 */
  float* h_vel;   /* pinned, n x 4 */
  float* d_pos;
  float* d_vel;
  float* d_force;
  int* d_nbr;     /* n x max_nbr */
  int* d_nnbr;
  int max_nbr;
} md_system;

md_system* md_system_create(int n, const float box[3], float cutoff, float skin, int max_nbr);
void md_system_destroy(md_system* s);
int md_build_neighbors(md_system* s);
int md_step(md_system* s, float dt);
int md_thermo(md_system* s, double out[4]);
int md_rdf(md_system* s, int nbins, float rmax, double* hist);
int md_write_frame(md_system* s, FILE* fp, int64_t step);
int md_read_restart(md_system* s, const char* path);

#ifdef __cplusplus
}
#endif
#endif
