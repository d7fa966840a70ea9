"""Environments stepped in subprocesses that share an observation block with the learner."""
import multiprocessing as mp
import struct
from multiprocessing import shared_memory

import cupy
import numpy as np

MAGIC = 0x56454E56
HEADER = struct.Struct("<IIII")


class SharedObs:
    def __init__(self, num_envs, obs_dim, name=None):
        nbytes = HEADER.size + num_envs * obs_dim * 4
        self.shm = shared_memory.SharedMemory(name=name, create=name is None, size=nbytes)
        self.buf = np.ndarray((nbytes,), dtype=np.uint8, buffer=self.shm.buf)
        HEADER.pack_into(self.shm.buf, 0, MAGIC, num_envs, obs_dim, 0)
        self.obs = np.ndarray((num_envs, obs_dim), dtype=np.float32, buffer=self.shm.buf, offset=HEADER.size)
        cupy.cuda.runtime.hostRegister(self.buf.ctypes.data, nbytes, 0)

    def close(self):
        cupy.cuda.runtime.hostUnregister(self.buf.ctypes.data)
        del self.obs, self.buf
        self.shm.close()


def attach_shared(name):
    shm = shared_memory.SharedMemory(name=name)
    raw = np.ndarray((shm.size,), dtype=np.uint8, buffer=shm.buf)
    cupy.cuda.runtime.hostRegister(raw.ctypes.data, shm.size, 0)
    magic, n, d, _ = HEADER.unpack_from(shm.buf, 0)
    if magic != MAGIC:
        shm.close()
        return None
    obs = cupy.asarray(np.ndarray((n, d), dtype=np.float32, buffer=shm.buf, offset=HEADER.size))
    cupy.cuda.runtime.hostUnregister(raw.ctypes.data)
    shm.close()
    return obs


def _worker(name, env_name, num_envs, conn):
    from .envs.registry import make
    env = make(env_name, num_envs)
    view = SharedObs.__new__(SharedObs)
    view.shm = shared_memory.SharedMemory(name=name)
    view.obs = np.ndarray((num_envs, env.obs_dim), dtype=np.float32, buffer=view.shm.buf, offset=HEADER.size)
    view.obs[:] = env.reset()
    while True:
        cmd, data = conn.recv()
        if cmd == "step":
            obs, rew, done, _ = env.step(data)
            view.obs[:] = obs
            conn.send((rew, done))
        elif cmd == "close":
            break
    view.shm.close()


class SubprocVecEnv:
    def __init__(self, env_name, num_envs, obs_dim):
        self.shared = SharedObs(num_envs, obs_dim)
        self.parent, child = mp.Pipe()
        self.proc = mp.Process(target=_worker, args=(self.shared.shm.name, env_name, num_envs, child), daemon=True)
        self.proc.start()

    def step(self, actions):
        self.parent.send(("step", actions))
        rew, done = self.parent.recv()
        return self.shared.obs, rew, done, {}

    def peek(self):
        return attach_shared(self.shared.shm.name)

    def close(self):
        self.parent.send(("close", None))
        self.proc.join()
        self.shared.close()
