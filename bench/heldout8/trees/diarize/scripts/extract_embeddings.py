"""Extract speaker embeddings for one recording and save them. Run once per file."""
import sys

import numpy as np
import soundfile as sf
import torch

from diarize.embed import embed_sliding
from diarize.model import SpeakerEncoder


def main(wav_path, ckpt, out):
    model = SpeakerEncoder(192).cuda().eval()
    model.load_state_dict(torch.load(ckpt))
    audio, sr = sf.read(wav_path, dtype="float32")
    pinned = torch.from_numpy(audio).pin_memory()
    embs = [e.numpy() for _, e in embed_sliding(model, pinned, sr, 1.5, 0.75)]
    np.save(out, np.stack(embs))


if __name__ == "__main__":
    main(*sys.argv[1:4])
