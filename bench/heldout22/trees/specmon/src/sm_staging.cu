/* Page-locked staging for host input the caller may have in pageable memory. */
#include "sm_error.h"
#include "sm_internal.h"

int sm_stage_alloc(void** p, size_t bytes) {
    *p = NULL;
    SM_TRY(cudaMallocHost(p, bytes));
    return 0;
}

void sm_stage_free(void* p) {
    if (p) cudaFreeHost(p);
}
