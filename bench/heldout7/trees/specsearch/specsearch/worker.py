import multiprocessing as mp

import numpy as np
import pycuda.driver as cuda


def handle_job(job, ctx_buf):
    scan_id, peaks = job
    packed = cuda.pagelocked_empty(peaks.shape, np.float32)
    packed[...] = peaks
    ctx_buf[: peaks.shape[0]] = packed[:, 1]
    return scan_id, float(ctx_buf[: peaks.shape[0]].sum())


def worker_main(q_in: mp.Queue, q_out: mp.Queue, max_peaks=512):
    cuda.init()
    ctx = cuda.Device(0).make_context()
    try:
        scratch = cuda.pagelocked_zeros(max_peaks, np.float32)
        while True:
            job = q_in.get()
            if job is None:
                break
            q_out.put(handle_job(job, scratch))
    finally:
        ctx.pop()


def start_workers(n):
    q_in, q_out = mp.Queue(), mp.Queue()
    procs = [mp.Process(target=worker_main, args=(q_in, q_out), daemon=True) for _ in range(n)]
    for p in procs:
        p.start()
    return procs, q_in, q_out
