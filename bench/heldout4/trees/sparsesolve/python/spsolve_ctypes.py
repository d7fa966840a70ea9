"""Implicit heat-equation stepper using libspsolve through ctypes."""
import ctypes
import sys

import numpy as np

lib = ctypes.CDLL("libspsolve.so")
lib.sps_create.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
lib.sps_create.restype = ctypes.c_void_p
lib.sps_solve.argtypes = [ctypes.c_void_p] + [np.ctypeslib.ndpointer(np.float64, flags="C")] * 3
lib.sps_solve.restype = ctypes.c_int
lib.sps_write_solution.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
lib.sps_destroy.argtypes = [ctypes.c_void_p]


def main(mtx, n, nrhs=4, steps=1000, dt=1e-3):
    h = lib.sps_create(mtx.encode(), nrhs, 2)
    if not h:
        sys.exit(f"cannot load {mtx}")
    u = np.random.rand(nrhs, n)
    x = np.empty_like(u)
    norms = np.empty(nrhs)
    for step in range(steps):
        b = np.ascontiguousarray(u + dt * np.sin(step * dt))
        rc = lib.sps_solve(h, b, x, norms)
        if rc != 0:
            print(f"step {step}: solver error {rc}, retrying with smaller dt")
            dt *= 0.5
            continue
        u, x = x, u
    lib.sps_write_solution(h, b"final.mtx", 0)
    lib.sps_destroy(h)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
