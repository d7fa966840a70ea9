import os

import nibabel as nib
import numpy as np
import torch


def load_nifti(path, dtype=np.float32):
    img = nib.load(path)
    return np.asarray(img.dataobj, dtype=dtype), img.affine


def load_nifti_pinned(path):
    arr, affine = load_nifti(path)
    return torch.from_numpy(arr).pin_memory(), affine


def save_nifti(path, arr, affine):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    nib.save(nib.Nifti1Image(np.asarray(arr), affine), path)


def list_cases(root, split="imagesTr"):
    d = os.path.join(root, split)
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".nii.gz"))
