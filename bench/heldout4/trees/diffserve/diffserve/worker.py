import concurrent.futures
import queue
import threading
from dataclasses import dataclass

import torch


@dataclass
class Job:
    prompt: str
    noise: torch.Tensor
    steps: int
    lora: str
    preview: bool
    future: concurrent.futures.Future


class GenerationWorker:
    """Single GPU worker thread; requests are serialised through a queue."""

    def __init__(self, pipeline, encoder, safety):
        self.pipeline = pipeline
        self.encoder = encoder
        self.safety = safety
        self.q = queue.Queue()
        self.previews = queue.Queue(maxsize=64)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True, name="gen-worker")

    def start(self):
        self._thread.start()

    def submit(self, prompt, noise, steps, lora=None, preview=False):
        fut = concurrent.futures.Future()
        self.q.put(Job(prompt, noise, steps, lora, preview, fut))
        return fut

    def _on_preview(self, i, latents_host):
        try:
            self.previews.put_nowait((i, latents_host))
        except queue.Full:
            pass

    def _loop(self):
        while not self._stop.is_set():
            try:
                job = self.q.get(timeout=0.05)
            except queue.Empty:
                continue
            try:
                cb = self._on_preview if job.preview else None
                latents = self.pipeline(job.prompt, job.noise, job.steps, lora=job.lora, preview_cb=cb)
                if latents.shape[-1] * latents.shape[-2] > 256 * 256:
                    png, pixels = self.encoder.decode_tiled(latents)
                else:
                    png, pixels = self.encoder.decode_to_png(latents)
                if self.safety.flag(pixels):
                    png = self.encoder.blank_png(pixels.shape)
                job.future.set_result(png)
            except Exception as exc:  # noqa: BLE001
                job.future.set_exception(exc)

    def stop(self):
        self._stop.set()
        self._thread.join()
