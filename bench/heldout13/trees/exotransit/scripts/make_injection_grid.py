"""Build the injection grid used for completeness maps (run once per data release)."""
import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda


def main(out: str = "injection_grid.npy") -> None:
    grid = cuda.pagelocked_empty((64, 64, 2), np.float32)
    p = np.geomspace(0.5, 20.0, 64)
    r = np.geomspace(0.5, 4.0, 64)
    grid[..., 0] = p[:, None]
    grid[..., 1] = r[None, :]
    np.save(out, grid)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
