"""Classify every image in a folder with a TensorRT plan (batch of one, fixed 224x224)."""
import sys
from pathlib import Path

import numpy as np
import pycuda.driver as cuda
from PIL import Image

from trtserve import TrtRunner

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)


def load(path):
    img = Image.open(path).convert("RGB").resize((224, 224))
    x = (np.asarray(img, dtype=np.float32) / 255.0 - MEAN) / STD
    return x.transpose(2, 0, 1)[None]


def main():
    runner = TrtRunner(sys.argv[1], max_batch=1)
    batch = cuda.pagelocked_empty((1, 3, 224, 224), np.float32)
    for p in sorted(Path(sys.argv[2]).glob("*.jpg")):
        batch[...] = load(p)
        scores = runner.infer(batch)
        print(p.name, int(scores.argmax()))


if __name__ == "__main__":
    main()
