/* Reference image of the empty build plate, read by the recoater-streak detector kernel. */
#include "mp_internal.h"

int mp_attach_plate_image(mp_ctx* ctx, unsigned char* img, size_t n_bytes, int width, int height) {
    if (ctx->plate_img) {
        hipHostUnregister(ctx->plate_img);
        ctx->plate_img = NULL;
    }
    MP_TRY(hipHostRegister(img, n_bytes, hipHostRegisterMapped));
    if ((size_t)width * height != n_bytes) {
        mp_set_error("mp_attach_plate_image", "image size does not match width * height");
        return -1;
    }
    if (width % 64 != 0) {
        mp_set_error("mp_attach_plate_image", "width must be a multiple of 64");
        return -1;
    }
    ctx->plate_img = img;
    return 0;
}
