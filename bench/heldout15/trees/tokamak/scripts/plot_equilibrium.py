"""Plot the flux surfaces of one reconstructed time slice (run by hand after a shot)."""
import sys

import matplotlib.pyplot as plt
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda

psi_all = np.load(sys.argv[1], mmap_mode="r")
index = int(sys.argv[2]) if len(sys.argv) > 2 else len(psi_all) // 2
psi = cuda.pagelocked_empty(psi_all.shape[1:], dtype=np.float64)
psi[...] = psi_all[index]
r = np.linspace(0.4, 2.0, psi.shape[0])
z = np.linspace(-1.2, 1.2, psi.shape[1])
plt.contour(r, z, psi.T, levels=30)
plt.gca().set_aspect("equal")
plt.xlabel("R [m]")
plt.ylabel("Z [m]")
plt.savefig(sys.argv[3] if len(sys.argv) > 3 else "equilibrium.png", dpi=150)
