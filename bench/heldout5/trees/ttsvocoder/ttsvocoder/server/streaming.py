import torch


def stream_chunks(engine, text, chunk_frames):
    """Yield 16-bit PCM chunks for `text`."""
    with torch.no_grad():
        mel = engine.mel(text)
        hop = engine.vocoder.hop
        staging = torch.empty(chunk_frames * hop, dtype=torch.int16, pin_memory=True)
        for start in range(0, mel.shape[-1], chunk_frames):
            wav = engine.vocoder(mel[..., start:start + chunk_frames]).squeeze()
            pcm = (wav.clamp(-1, 1) * 32767).to(torch.int16)
            staging[: pcm.numel()].copy_(pcm)
            yield staging[: pcm.numel()].numpy().tobytes()


def stream_raw(engine, text, chunk_frames):
    with torch.no_grad():
        mel = engine.mel(text)
        for start in range(0, mel.shape[-1], chunk_frames):
            wav = engine.vocoder(mel[..., start:start + chunk_frames]).squeeze()
            host = wav.float().cpu().pin_memory()
            yield host.numpy().tobytes()
