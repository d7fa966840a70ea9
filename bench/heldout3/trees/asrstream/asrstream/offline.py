"""Offline transcription of whole files, chunk by chunk, with the streaming model."""

import soundfile as sf
import torch

from .decoder import BeamDecoder


@torch.inference_mode()
def transcribe_file(model, path, chunk_samples=5120, device="cuda"):
    wav, sr = sf.read(path, dtype="float32")
    if sr != 16000:
        raise ValueError(f"{path}: expected 16 kHz audio, got {sr}")
    decoder = BeamDecoder(model.vocab_size, 1, beam=4, device=device)
    state = model.initial_state(device)
    text = ""
    for start in range(0, len(wav), chunk_samples):
        chunk = torch.from_numpy(wav[start:start + chunk_samples])
        chunk = chunk.pin_memory()
        feats = model.fbank(chunk.to(device, non_blocking=True))
        enc, state = model.encode_chunk(feats.unsqueeze(0), state)
        text = decoder.step(0, model.joint(enc)[0])
    return decoder.finalize(0) or text


def transcribe_many(model, paths, device="cuda"):
    return {p: transcribe_file(model, p, device=device) for p in paths}
