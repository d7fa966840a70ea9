"""Mean projection of a whole movie on the GPU (run once per session, for ROI drawing)."""
import sys

import cv2
import numpy as np
import tifffile

movie = np.ascontiguousarray(tifffile.imread(sys.argv[1]), dtype=np.float32)
flat = movie.reshape(movie.shape[0], -1)
cv2.cuda.registerPageLocked(flat)
gpu = cv2.cuda_GpuMat()
gpu.upload(flat)
mean = cv2.cuda.reduce(gpu, 0, cv2.REDUCE_AVG).download()
cv2.cuda.unregisterPageLocked(flat)
tifffile.imwrite(sys.argv[2] if len(sys.argv) > 2 else "mean.tif", mean.reshape(movie.shape[1:]))
