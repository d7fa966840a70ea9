#ifndef PF_H
#define PF_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pf_sim pf_sim;

enum { PF_OK = 0, PF_EHIP = 1, PF_EIO = 2, PF_EARG = 3 };

pf_sim* pf_create(int nx, int ny, float dx, float dt, float undercooling, float anisotropy);
void pf_destroy(pf_sim* s);
const char* pf_last_error(void);

int pf_step(pf_sim* s, int n_steps);
int pf_snapshot(pf_sim* s, float* phi_out, float* temp_out);
int pf_seed_nuclei(pf_sim* s, const float* centers_xy, const float* radii, int n);
float pf_tip_radius(pf_sim* s);
int pf_write_vtk(pf_sim* s, const char* path);
int pf_attach_field(pf_sim* s, float* orientation, size_t n);
int pf_dump_checkpoint(pf_sim* s, const char* path);

#ifdef __cplusplus
}
#endif
#endif
