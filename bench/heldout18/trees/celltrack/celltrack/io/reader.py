"""Frame reader for OME-TIFF time-lapse stacks."""
import cv2
import numpy as np
import tifffile


def frames(path, height, width):
    """Yield (t, frame, zstack) for every time point; frames share one page-locked buffer."""
    staging = cv2.cuda.HostMem(height, width, cv2.CV_16UC1)
    buf = staging.createMatHeader()
    with tifffile.TiffFile(path) as tif:
        series = tif.series[0]
        n_t, n_z = series.shape[0], series.shape[1]
        for t in range(n_t):
            planes = [series.asarray(key=t * n_z + z) for z in range(n_z)]
            np.copyto(buf, planes[n_z // 2])
            yield t, buf, planes
