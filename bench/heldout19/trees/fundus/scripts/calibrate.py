"""One-off: derive the field-of-view mask of a camera from a flat-field photograph."""

import sys

import cv2
import numpy as np


def main(src: str, dst: str) -> None:
    img = cv2.imread(src, cv2.IMREAD_COLOR)
    cv2.cuda.registerPageLocked(img)
    g = cv2.cuda_GpuMat()
    g.upload(img)
    blur = cv2.cuda.createGaussianFilter(cv2.CV_8UC3, cv2.CV_8UC3, (51, 51), 15).apply(g).download()
    cv2.cuda.unregisterPageLocked(img)
    mask = (cv2.cvtColor(blur, cv2.COLOR_BGR2GRAY) > 30).astype(np.uint8) * 255
    cv2.imwrite(dst, cv2.resize(mask, (1024, 1024), interpolation=cv2.INTER_NEAREST))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
