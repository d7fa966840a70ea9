import time

import cv2
import numpy as np

from celltrack import Segmenter

seg = Segmenter(2048, 2048)
for size in (512, 1024, 2048):
    host = cv2.cuda.HostMem(size, size, cv2.CV_16UC1)
    img = host.createMatHeader()
    img[:] = np.random.randint(0, 4096, (size, size), dtype=np.uint16)
    t0 = time.perf_counter()
    for _ in range(20):
        seg.segment(np.array(img))
    print(size, (time.perf_counter() - t0) / 20)
