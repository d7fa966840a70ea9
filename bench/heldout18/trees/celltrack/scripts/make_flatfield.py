"""One-shot: average blank-field images into flatfield.tif."""
import glob
import sys

import cv2
import numpy as np

files = sorted(glob.glob(sys.argv[1] + "/*.tif"))
first = cv2.imread(files[0], cv2.IMREAD_ANYDEPTH)
acc = cv2.cuda.HostMem(first.shape[0], first.shape[1], cv2.CV_32FC1)
mat = acc.createMatHeader()
mat[:] = 0
for f in files:
    mat += cv2.imread(f, cv2.IMREAD_ANYDEPTH).astype(np.float32)
cv2.imwrite("flatfield.tif", (mat / mat.mean()).astype(np.float32))
