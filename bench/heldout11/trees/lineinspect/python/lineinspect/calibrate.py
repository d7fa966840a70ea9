"""One-off flat-field calibration: averages white-reference captures into a reference image."""
import argparse

import cv2
import numpy as np
import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("captures", nargs="+")
    ap.add_argument("--out", default="flat_white.png")
    a = ap.parse_args()
    imgs = [cv2.imread(p, cv2.IMREAD_GRAYSCALE) for p in a.captures]
    stack = torch.from_numpy(np.stack(imgs).astype(np.float32)).pin_memory()
    mean = stack.cuda(non_blocking=True).mean(0).clamp(0, 255).byte().cpu().numpy()
    cv2.imwrite(a.out, mean)


if __name__ == "__main__":
    main()
