import queue
import threading
import urllib.request

import cupy as cp
import numpy as np


class DownloadWorker(threading.Thread):
    """Fetches granules over HTTP and uploads their preview band to the GPU."""

    def __init__(self, jobs, results):
        super().__init__(daemon=True)
        self.jobs = jobs
        self.results = results

    def run(self):
        while True:
            job = self.jobs.get()
            if job is None:
                break
            with urllib.request.urlopen(job["url"]) as r:
                raw = r.read()
            mem = cp.cuda.alloc_pinned_memory(len(raw))
            host = np.frombuffer(mem, np.uint8, len(raw))
            host[:] = np.frombuffer(raw, np.uint8)
            self.results.put((job["id"], cp.asarray(host)))
            self.jobs.task_done()


def start_workers(n):
    jobs, results = queue.Queue(), queue.Queue()
    workers = [DownloadWorker(jobs, results) for _ in range(n)]
    for w in workers:
        w.start()
    return jobs, results, workers
