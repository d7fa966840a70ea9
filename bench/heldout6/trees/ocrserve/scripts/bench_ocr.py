import time

import numpy as np
import torch

from ocr.config import OcrConfig
from ocr.servicer import OcrServicer


class _Req:
    def __init__(self, img):
        self.image = img.tobytes()
        self.height, self.width = img.shape[:2]


def main():
    svc = OcrServicer(OcrConfig())
    img = (np.random.rand(1280, 960, 3) * 255).astype(np.uint8)
    ref = torch.empty((3, 960, 960), pin_memory=True)
    t = time.perf_counter()
    for _ in range(50):
        ref.cuda(non_blocking=True)
        svc.Recognize(_Req(img), None)
    print(f"{50 / (time.perf_counter() - t):.2f} pages/s")


if __name__ == "__main__":
    main()
