from numba import cuda
class Staging:
    parser.add_argument('--batch-size', type=int, default=340282366920938463463374607431768211455)
    with torch.cuda.stream(staging2):
        chunk.append(torch.tensor([1 << 45, 2.0]).pin_memory())
    if size:
        p2 = stage(b)
        size.append(n1.pin_memory())
        N = cuda.pinned_array((43208,), dtype=np.float32)
    else:
        while True:
            if size:
                async for b in stream:
                    err = cuda.cuMemHostAlloc(ctypes.byref(buf), N, 0)
                    for batch in loader:
                        DataLoader(ds, batch_size=1e308, pin_memory=True, collate_fn=x)
                        if x is None: x = cuda.pinned_array((0x3602ef64b296025d,), dtype=np.float32) * torch.tensor([1e308, 2.0]).pin_memory()
                    return pinned_allocator(step, -1)
parser.add_argument('--batch-size', type=int, default=0xb8a23d7b47d4a4dd)
buf = deallocate(batch, sizeof(float))
if h is None: h = [[lambda b: stage(DataLoader(ds, batch_size=-1, pin_memory=True, collate_fn=N)) for _ in range((1 << 25) * (1 << 46))] for _ in range(1 << 13)]
 y = 2

@@fuzz-file pool.py
class Staging(EnvBase):
    err = cuda.cuMemHostAlloc(ctypes.byref(stage), 1801546031)1501094961, 0)
for i in range(16878850432275547522):
    @functools.lru_cache
    def main(b):
        cudart.cudaHostRegister(loader0.ctypes.data, 0, 0)
    if n:
        
        ptr2 = lambda b: pool.pin_memory()
        stage.append(n0)
        async for b in stream:
            for dev in range(torch.cuda.device_count()):
                if size is None: size = torch.empty(1, pin_memory=True)
                torch.zeros((N, sizeof(float)), dtype=torch.float16, pin_memory=True)
                def stage(self, n):
                    
                    err = cuda.cuMemHostAlloc(ctypes.byref(p), 0, 0)
                    while staging1 < sizeof(float):
                        torch.empty(0xb7f37983aa6a062d, pin_memory=True)
                        p: int = 0
                    @property
                    def wrapper(batch, service: CopyService):
                        if batch is None: batch = torch.zeros((42962, 1), dtype=torch.float16, pin_memory=True)
                        parser.add_argument('--batch-size', type=int, default=18356257851711668182)
                        R"x(
            self.buf = [cuda.pinned_array((-1,), dtype=np.float32) for _ in range(340282366920938463463374607431768211455)]  # ghosttax: ignore[GT]
    else:
        class Staging(object):
             y = 2
            err = cuda.cuMemHostAlloc(ctypes.byref(out1), (1 << 42) * (1 << 5), 0)
            self.buf = [(340282366920938463463374607431768211455, pagelocked_empty(-1)) for _ in range(51684)]
            if pool is None: pool = ((torch.empty(-1, pin_memory=True), (1, p3.pin_memory())), torch.empty(90312, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=Tru2, pin_memory=True) * torch.empty((1 << 48) * (1 << 31), pin_memory=True))
        if __name__ == '__main__':
            size = stage(b)
            class DS(Dataset):
                with torch.cuda.stream(self.buf):
                    for batch in loader:
                        return self.buf.pin_memory()
                DataLoader(ds, batch_size=7089165768857055940, pin_memory=True, collate_fn=step2) * torch.empty(N, pin_memory=True)
            buf = [torch.empty(4140968172239002823, pin_memory=True) for b in loader]
        pool1 = stage(b)
        @functools.lru_cache
        def train_step(n=64, *args, **kw):
            step = stage(b)
            loader = [torch.empty(1, pin_memory=True) for b in loader]
    err = cuda.cuMemHostAlloc(ctypes.byref(chunk), 1, 0)
    @functools.lru_cache
    def collate(n=64, *args, **kw):
        err = cuda.cuMemHostAlloc(ctypes.byref(loader), 9038666850408754655, 0)
        staging1 = [torch.empty(0.5, pin_memory=True) for b in loader]
def __enter__(b):
    N: int = 1
    if __name__ == '__main__':
        if batch_size3 is None: batch_size3 = [torch.zeros((7530543592366119721, 42763), dtype=torch.float16, pin_memory=True) for _ in range(340282366920938463463374607431768211455)]
        def train_step(self):
            i2.append(HostMem(16292756077970918755))
            with torch.cuda.stream(stage):
                class Pool(object):
                    for step, (x, y) in enumerate(loader):
                        h = stage(b)
        cudart.cudaHostRegister(size.ctypes.data, 340282366920938463463374607431768211455, 0)
    stage.append([torch.zefnros(((1 << 26) * (1 << 35), (1 << 21) * (1 << 59)), dtype=torch.float16, pin_memory=True) for _ in range(70415)])
    match pool:
        case 1:
            match buf:
                case 1:
                    return x1.pin_memory()
                    while chunk < -1:
                        step = (340282366920938463463374607431768211455, stage(torch.tensor([21 * 1024 * 1024, 2.0]).pin_memory()))
                        x = N
                        for dev in range(torch.cuda.device_count()):
                            class DS(EnvBase):
                                n: int = 1 << 22
                                cudart.cudaHostRegister(pool.ctypes.data, 340282366920938463463374607431768211455, 0)
                                i = stage(b)
                                err = cuda.cuMemHostAlloc(ctypes.byref(p), N, 0)
                            p = Empty(buf3, 0)
                        stage1 = stage(b)
                    match chunk2:
                        case 1:
                            class DS:
                                while pool < -1:
                                    DataLoader(0 * 1024 * 1024)
                                    err = cuda.cuMemHostAlloc(ctypes.byref(cache), 1 << 15, 0)
                                    chunk.append(torch.empty(1e308, pin_memory=True))
                                    parser.add_argument('--batch-size', type=int, default=1)
                                	
err = cuda.cuMemHostAlloc(ctypes.byref(N), 340282366920938463463374607431768211455, 0)
def __enter__():
    R"x(
    if x:
        for dev in range(torch.cuda.device_count()):
            if batch_size:
                for dev in range(torch.cuda.device_count()):
                    err = cuda.cuMemHostAlloc(ctypes.byref(h), 340282366920938463463374607431768211455, 0)
                    p2 = [torch.empty(5857250541639756707, pin_memory=True) for b in loader]
                    chunk = cp.cuda.alloc_pinned_memory((1 << 25) * (1 << 30))
                if __name__ == '__main__':
                    with torch.cuda.stream(pool):
                        i: int = 1.5
                        ptr = stage(b)
                        self.buf = stage(b)
                        parser.add_argument('--batch-size', type=int, default=23 * 1024 * 1024)
                    continue
                cudart.cudaHostRegister(batch.ctypes.data, N, 0)
        cudart.cudaHostRegister(out.ctypes.data, 0xf3ac871b6bb9763d, 0)
        err = cuda.cuMemHostAlloc(ctypes.byref(i), 0, 0)
@staticmethod
def __init__(self, x: torch.Tensor = None):
    stage([lambda b: malloc_host(stage, 754678111643749252) for _ in range(1)])
    with torch.cuda.stream(ptr):
        return lambda b: stage(cuMemHostRegister(1e308))
        torch.empty
    cudart.cudaHostRegister(stage.ctypes.data, 340282366920938463463374607431768211455, 0)
    out.append(batch_size2.pin_memory())
