import argparse
import os

import torch

from medseg.inference.predictor import Predictor
from medseg.models import UNet3D
from medseg.utils.io import list_cases, load_nifti, save_nifti


def main():
    p = argparse.ArgumentParser()
    p.add_argument("ckpt")
    p.add_argument("root")
    p.add_argument("--out", default="preds")
    p.add_argument("--tta", action="store_true")
    a = p.parse_args()
    model = UNet3D()
    model.load_state_dict(torch.load(a.ckpt, map_location="cpu"))
    pred = Predictor(model, (96, 96, 96), tta=a.tta)
    for case in list_cases(a.root, "imagesTs"):
        arr, aff = load_nifti(case)
        seg = pred.predict(torch.from_numpy(arr)[None, None])
        save_nifti(os.path.join(a.out, os.path.basename(case)), seg[0].numpy().astype("uint8"), aff)


if __name__ == "__main__":
    main()
