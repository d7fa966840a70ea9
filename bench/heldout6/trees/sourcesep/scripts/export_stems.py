"""Separate a whole album once with the JAX backend and write the stems."""
import pickle
import sys

import numpy as np
import soundfile as sf
import torch

from sepkit.jax_backend import JaxSeparator


def main(params_path, *wavs):
    with open(params_path, "rb") as fh:
        params, apply_fn = pickle.load(fh)
    sep = JaxSeparator(params, apply_fn)
    header = torch.zeros(16, dtype=torch.int32).pin_memory()
    header[0] = len(wavs)
    for path in wavs:
        mix, sr = sf.read(path, dtype="float32", always_2d=True)
        stems = sep.separate(mix.T, 10 * sr)
        np.save(path.replace(".wav", ".stems.npy"), stems)
    print("exported", int(header[0]), "tracks")


if __name__ == "__main__":
    main(sys.argv[1], *sys.argv[2:])
