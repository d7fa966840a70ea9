"""Host-to-device bandwidth of one pinned batch, for sizing batch_size."""
import time

import torch

batch = torch.empty((512, 112), dtype=torch.float32).pin_memory()
torch.cuda.synchronize()
t0 = time.perf_counter()
for _ in range(200):
    batch.cuda(non_blocking=True)
torch.cuda.synchronize()
print(f"{200 * batch.numel() * 4 / (time.perf_counter() - t0) / 1e9:.2f} GB/s")
