"""The patterns `ghosttax trace` is for, on PyTorch (needs a CUDA GPU):

  python torch_pins.py            all four below, in order
  ghosttax trace -- python torch_pins.py

Each pinning line carries a PIN marker. Sizes are chosen so the figures can be checked by
hand: PyTorch's caching host allocator rounds a request up to a power of two and keeps
freed blocks for the next request of that size, so `cudaHostAlloc` runs far less often
than the Python line that asks for pinned memory.
"""
import torch

MiB = 1 << 20


class Pinned(torch.utils.data.Dataset):
    """A Dataset whose __getitem__ pins each sample (3 MiB: a 4 MiB block)."""

    def __len__(self):
        return 8

    def __getitem__(self, i):
        sample = torch.zeros(3 * MiB, dtype=torch.uint8).pin_memory()  # PIN:getitem
        # A pinned tensor cannot travel through the worker queue's shared memory: the
        # worker returns what it made of the sample.
        return int(sample.numel())


def dataset():
    # Two fork workers: each pins in its own process.
    loader = torch.utils.data.DataLoader(Pinned(), batch_size=None, num_workers=2)
    return sum(loader)


def training_loop(steps=20):
    # Pinned per step and dropped: after the first steps the cache serves every request.
    total = 0.0
    for step in range(steps):
        batch = torch.full((MiB,), float(step)).pin_memory()  # PIN:per-step (4 MiB)
        total += float(batch.to("cuda", non_blocking=True).sum())
    torch.cuda.synchronize()
    return total


def kept(count=6):
    # Kept alive: a new 2 MiB block per request.
    return [torch.empty(2 * MiB, dtype=torch.uint8, pin_memory=True) for _ in range(count)]  # PIN:kept


def register_without_unregister():
    buf = torch.empty(16 * MiB, dtype=torch.uint8)
    rt = torch.cuda.cudart()
    rt.cudaHostRegister(buf.data_ptr(), buf.numel(), 0)  # PIN:register
    return buf  # never unregistered


def by_name(name, n):
    # The allocator is looked up at run time: no static analysis sees a pin here.
    make = getattr(torch, name)
    return make(n, dtype=torch.uint8, pin_memory=True)  # PIN:getattr


if __name__ == "__main__":
    print("dataset bytes", dataset())
    print("training total", training_loop())
    keep = kept()
    print("kept", len(keep))
    held = register_without_unregister()
    print("registered", held.numel())
    grown = [by_name("empty", (k + 1) * 5 * MiB) for k in range(8)]
    print("by name", sum(g.numel() for g in grown))
    stats = torch.cuda.host_memory_stats()
    print("host cache: allocations", stats.get("num_host_alloc"),
          "frees", stats.get("num_host_free"),
          "reserved now", stats.get("allocated_bytes.current", stats.get("reserved_bytes.current")))
