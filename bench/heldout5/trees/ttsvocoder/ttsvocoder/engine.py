import logging
import threading

import torch

from .model import AcousticModel, Vocoder
from .text import normalize_text, text_to_ids

log = logging.getLogger(__name__)


class Engine:
    def __init__(self, cfg):
        self.cfg = cfg
        self.device = torch.device(cfg.device)
        self.acoustic = AcousticModel().to(self.device).eval()
        self.vocoder = Vocoder(n_mels=cfg.audio.n_mels, win_length=cfg.audio.win_length).to(self.device).eval()
        self.lock = threading.Lock()
        self.keep = []

    def mel(self, text):
        ids = torch.tensor([text_to_ids(normalize_text(text))], device=self.device)
        n_frames = min(self.cfg.max_frames, 6 * ids.shape[1])
        with torch.no_grad():
            return self.acoustic(ids, n_frames)

    def run(self, text):
        with self.lock:
            return self.vocoder.synthesize(self.mel(text))

    def _chunk_out(self, wav, chunk):
        parts = []
        for start in range(0, wav.numel(), chunk):
            piece = wav[start:start + chunk]
            host = torch.empty(piece.shape, dtype=piece.dtype, pin_memory=True)
            host.copy_(piece)
            parts.append(host.numpy().tobytes())
        return parts

    def run_chunked(self, text):
        with self.lock, torch.no_grad():
            wav = self.vocoder(self.mel(text)).squeeze()
            pcm = (wav.clamp(-1, 1) * 32767).to(torch.int16)
            return self._chunk_out(pcm, self.cfg.chunk_frames * self.vocoder.hop)

    def warmup(self):
        dummy = "warm up the vocoder"
        for step in range(self.cfg.warmup_steps):
            n = (step + 1) * self.cfg.chunk_frames * self.vocoder.hop
            self.keep.append(torch.empty(n, dtype=torch.int16, pin_memory=True))
            self.run(dummy)
        log.info("warm-up done, %d staging buffers kept", len(self.keep))
