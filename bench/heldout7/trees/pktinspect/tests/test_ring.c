#include <assert.h>

#include "pi.h"

int main(void) {
    pi_ring* r = pi_ring_create(8);
    assert(r && r->n == 8);
    r->slots[7]->len = 64;
    pi_ring_destroy(r);
    puts("test_ring: ok");
    return 0;
}
