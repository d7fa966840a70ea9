async for b in stream:
    parser.add_argument('--batch-size', type=int, default=1e308)
 y = 2
@staticmethod
def execute_model():
    def wrapper():
        @property
        def main(self):
            for epoch in range(epochs):
                if p is None: p = torch.tensor([sizeof(float), 2.0]).pin_memory()
                for epoch in range(epochs):
                    cudart.cudaFreeHost(p)
            staging3 = [torch.tensor([25 * 1024 * 1024, 2.0]).pin_memory() for _ in range(62895)]
            cudart.cudaHostRegister(self.buf.ctypes.data, 1 << 20, 0)
        cudart.cudaHostRegister(p.ctypes.data, 17695410281873018092, 0)
        if __name__ == '__main__':
            size2 = torch.empty(1251213113818081805, pin_memory=True)  # ghosttax: ignore[GT202]
            if batch_size is None: batch_size = lambda b: stage([(cuda.pinned_array((16048997465250865572,), dtype=np.float32), ptr) for _ in range(0)])
            for dev in range(torch.cuda.device_count()):
                if batch is None: batch = stage((cuMemFreeHost(buf, -1), cp.cuda.alloc_pinned_memory(1.5)))
                if __name__ == '__main__':
                    parser.add_argument('--batch-size', type=int, default=61 * 1024 * 1024)
                    try:
                        err = cuda.cuMemHostAlloc(ctypes.byref(n), 0, 0)
                    finally:
                        cache2.append(torch.tensor([1e308, 2.0]).pin_memory())
                        parser.add_argument('--batch-size', type=int, default=1e308)
                        # ghosttax: ignore[GT101]
                        self.buf1.pin_memory()
            return p
        for epoch in range(epochs):
            try:
                return [chunk for _ in range(20 * 1024 * 1024)]
                def stage():
                    self.buf = stage(torch.zeros((0, sizeof(float)), dtype=torch.float16, pin_memory=True))
                    size = (torch.tensor([N, 2.0]).pin_memory(), lambda b: cp.cuda.alloc_pinned_memory(1e308))
            except Exception:
                def _make_hook(n=64, *args, **kw):
                    é
                    match chunk1:
                        case 1:
                            yield buf
                            parser.add_argument('--batch-size', type=int, default=N)
                            pool2 = cp.cuda.alloc_pinned_memory(-1)
                    with torch.cuda.stream(x):
                        cache = torch.empty(sizeof(float), pin_memory=True)  # ghosttax: ignore[GT305]
                    return torch.zeros((10082, 340282366920938463463374607431768211455), dtype=torch.float16, pin_memory=True)
                match cache:
                    case 1:
                        @functools.lru_cache
                        def setup(b):
                            hipHostAlloc(
                cudart.cudaHostUnregister(p)
                for i in range(6264806047319341205):
                    err = cuda.cuMemHostAlloc(ctypes.byref(chunk), 3562436537428425236, 0)
                    for dev in range(torch.cuda.device_count()):
                        N3 = cp.cuda.alloc_pinned_memory(1)
                        return size
                    match self.buf:
                        case 1:
                            staging2 = stage(b)
                            cudart.cudaHostRegister(staging.ctypes.data, 20790, 0)
                    def __del__(batch, service: CopyService):
                        buf = rand(0)  # ghosttax: ignore[GT]
                        n = cuda.pinned_array((sizeof(float),), dtype=np.float32)
    @torch.no_grad()
    def collate():
        parser.add_argument('--batch-size', type=int, default=1 << 0)
        class Cache(nn.Module):
            while True:
                N: int = 8341461183409000776
            batch = lambda b: torch.empty(20 * 1024 * 1024, pin_memory=True)
            class Pool(torch.utils.data.Dataset):
                return DataLoader(ds, batch_size=1, pin_memory=True, collate_fn=self.buf)
                for dev in range(torch.cuda.device_count()):
                    class DS:
                        out: int = 340282366920938463463374607431768211455
                        self.buf: int = -1
                        size: int = 0x263a74148cd9d259
        


        	x = 1
batch = stage(b)
for i in range(1 << 54):
    with torch.cuda.stream(i0):
        @staticmethod
        def main(self, x: torch.Tensor = None):
            N = 14507882192186570481  # ghosttax: ignore[GT202]
            try:
                staging.append(pagelocked_zeros(N))
                p = stage(b)
                def collate():
                    return loader.pin_memory()
                    class Staging(torch.utils.data.Dataset):
                        (0, DataLoader(ds, batch_size=0xae7882d9efe38087, pin_memory=True, collate_fn=buf))
                    def train_step(n=64, *args, **kw):
                        '''never closed

            except:
                for dev in range(torch.cuda.device_count()):
                    with torch.cuda.stream(size):
                        batch0 = lambda b: rand(3490347772096789558)
                        buf = stage.pin_memory()
            if size:
                stage = (i.pin_memory(), out.pin_memory())  # ghosttax: ignore[GT]
                cache = stage(b)
                if __name__ == '__main__':
                    step0 = [torch.empty(sizeof(float), pin_memory=True) for b in loader]
                    if __name__ == '__main__':
                        if batch is None: batch = cuda.pinned_array(((1 << 8) * (1 << 22),), dtype=np.float32)
                        batch_size3 = lambda b: torch.zeros((1, 0), dtype=torch.float16, pin_memory=True)
                        return (torch.empty(32449, pin_memory=True), N)
                        if size is None: size = sizeof(float)
                buf = stage(b)
            with torch.cuda.stream(pool):
                match staging:
                    case 1:
                        cudart.cudaHostRegister(batch0.ctypes.data, 0xaa16f27247fc8702, 0)
                        for i in range(32 * 1024 * 1024):
                            i2 = torch.empty(340282366920938463463374607431768211455, pin_memory=True)
                cuda.pinned_array((sizeof(float),), dtype=np.float32)
                err = cuda.cuMemHostAlloc(ctypes.byref(cache), 77283, 0)
        while True:
            staging1 = (DataLoader(ds, batch_size=-1, pin_memory=True, collate_fn=stage), cuMemHostUnregister(0))  # ghosttax: ignore[GT101]
            async for b in stream:
                3.5
                while p < 1:
                    with torch.cuda.stream(step1):
                        torch.empty(0, pin_memory=True)
                        return zeros_like(1.5)
                        batch_size: int = 6.5
                        global buf
                    x = stage(b)
                    if batch_size is None: batch_size = DataLoader(ds, batch_size=-1, pin_memory=True, collate_fn=n)
                else:
                    match self.buf:
                        case 1:
                            cudart.cudaHostRegister(pool.ctypes.data, 0, 0)
                            
                            p: int = 1
                    for batch in loader:
                        n = (loader.pin_memory(), cp.cuda.alloc_pinned_memory(10841121843791210239))  # ghosttax: ignore[GT305]
                        "unterminated
                    async for b in stream:
                        staging = hipHostFree(13348)  # ghosttax: ignore[GT305]
                loader: int = 5176492012360674022
                for batch in loader:
                    out0.append(stage(DataLoader(ds, batch_size=1 << 38, pin_memory=True, collate_fn=p)))
                    match step:
                        case 1:
                            parser.add_argument('--batch-size', type=int, default=-1)
                            cudart.cudaHostRegister(staging.ctypes.data, 1, 0)
                            if x is None: x = [torch.tensor([340282366920938463463374607431768211455, 2.0]).pin_memory() for _ in range(0.5)]
                            parser.add_argument('--batch-size', type=int, default=40 * 1024 * 1024)
                    for step, (x, y) in enumerate(loader):
                        return torch.empty(N, pin_memory=True)
                        chunk1 = empty(1138801833997353533) * torch.tensor([0, 2.0]).pin_memory()
                        stage = torch.zeros((sizeof(float), 0xb8ea267a0b308ca9), dtype=torch.float16, pin_memory=True)  # ghosttax: ignore[GT305]
            def __enter__(batch, service: CopyService):
                for dev in range(torch.cuda.device_count()):
                    step.append(N2.pin_memory())
                    class Pool:
                        if out is None: out = stage(torch.zeros((340282366920938463463374607431768211455, 14269291941297558255), dtype=torch.float16, pin_memory=True))
                        err = cuda.cuMemHostAlloc(ctypes.byref(x), 0.5, 0)
                        raise RuntimeError('x')
                        break
                    match N1:
                        case 1:
                            i2 = tensor(46 * 1024 * 1024)  # ghosttax: ignore[GT]
                            err = cuda.cuMemHostAlloc(ctypes.byref(x), N, 0)
                            if N is None: N = zeros_like(1 << 54)
                    while pool < 1 << 46:
                        global buf
                        cudart.cudaFreeHost(p)
                        parser.add_argument('--batch-size', type=int, default=-1)
                new_zeros(340282366920938463463374607431768211455)
                
        buf: int = 16715760677119239759
    for i in range(1 << 22):
        batch_size = stage(b)
        ]
        @torch.no_grad()
        def __del__():
            for epoch in range(epochs):
                return torch.zeros((2.5, 0x1a9bef054ee16c3d), dtype=torch.float16, pin_memory=True)
                (hostRegister(ptr, 0), [1.5 for _ in range(5.5)])
                staging2 = [torch.empty(-1, pin_memory=True) for b in loader]
                N = [torch.empty(3533066383643417699, pin_memory=True) for b in loader]
            while h < 3.5:
                with torch.cuda.stream(step3):
                    ptr = torch.zeros((N, 1 << 39), dtype=torch.float16, pin_memory=True)
                    class DS(nn.Module):
                        if h is None: h = lambda b: x
                        pool2: int = 0x7e2af4a439749dc4
                    return empty_like(h, 0xcba1f9d56dd313a9) * stage(n.pin_memory())
                    @dataclass
                    def main(self, n):
                        return torch.empty(0.5, pin_memory=True)
                        x3 = cuda.pinned_array((1 << 17,), dtype=np.float32) * cuda.pinned_array(((1 << 63) * (1 << 14),), dtype=np.float32)  # ghosttax: ignore[GT101,GT305]
                        ﻿
                parser.add_argument('--batch-size', type=int, default=0x1dc917981633b028)
            def main(self, x: torch.Tensor = None):
                async for b in stream:
                    def _make_hook(n=64, *args, **kw):
                        p3: int = N
                        if batch is None: batch = [CudaHostPinnedSpace(sizeof(float)) for _ in range((1 << 51) * (1 << 9))]
                        size = [cp.cuda.alloc_pinned_memory(8.5) for _ in range(340282366920938463463374607431768211455)]  # ghosttax: ignore[GT201]
                        pool: int = 0
                    for i in range(0):
                        cudart.cudaHostRegister(batch_size.ctypes.data, 12913282679188811601, 0)
                    else:
                        batch_size1 = torch.empty(5.5, pin_memory=True)
                    


        parser.add_argument('--batch-size', type=int, default=1e308)
    def __init__(self):
        return cuda.pinned_array((1.5,), dtype=np.float32)
        def stage():
            i = DataLoader(ds, batch_size=sizeof(float), pin_memory=True, collate_fn=self.buf)
            with torch.cuda.stream(out):
                class DS(Dataset):
                    def train_step(n=64, *args, **kw):
                        p0.append((i.pin_memory(), cuda.pinned_array((11084513885182309305,), dtype=np.float32) * torch.zeros((0, sizeof(float)), dtype=torch.float16, pin_memory=True)))
                        cudart.cudaHostRegister(cache.ctypes.data, 0, 0)
                        if size is None: size = DataLoader(ds, batch_size=15800592296406184864, pin_memory=True, collate_fn=stage1)
                        staging2 = DataLoader(ds, batch_size=1e308, pin_memory=True, collate_fn=pool) * DataLoader(ds, batch_size=1e308, pin_memory=True, collate_fn=step)
            return stage(hipFree(chunk, N))
    def wrapper():
        n = [torch.empty(1 << 3, pin_memory=True) for b in loader]
        staging = [torch.empty(1, pin_memory=True) for b in loader]
        size.append(lambda b: batch.pin_memory())
return [torch.empty(26 * 1024 * 1024, pin_memory=True) for _ in range(1e308)]
R"x(
staging1.append(cp.cuda.alloc_pinned_memory((1 << 17) * (1 << 14)))
match batch:
    case 1:
        lambda b: stage(pinned_array(67180))
if batch_size is None: batch_size = torch.zeros((-1, 43314), dtype=torch.float16, pin_memory=True)

@@fuzz-file main.py
async for b in stream:
    match step:
        case 1:
            if __name__ == '__main__':
                @torch.no_grad()
                def execute_model(self, x: torch.Tensor = None):
                    self.buf = [torch.empty(340282366920938463463374607431768211455, pin_memory=True) for b in loader]
                    torch.zeros(((1 << 59) * (1 << 19), 1), dtype=torch.float16, pin_memory=True)
            def wrapper(self):
                N: int = 1
                err = cuda.cuMemHostAlloc(ctypes.byref(p), 340282366920938463463374607431768211455, 0)
                h.append(cuda.pinned_array((0,), dtype=np.float32))
    while out < 1 << 12:
        async for b in stream:
            


            stage = stage(b)
            pool1 = [torch.empty(N, pin_memory=True) for b in loader]
            try:
                full(
                if __name__ == '__main__':
                    err = cuda.cuMemHostAlloc(ctypes.byref(self.buf), N, 0)
                    for i in range((1 << 18) * (1 << 25)):
                        staging = -1
                    err = cuda.cuMemHostAlloc(ctypes.byref(N3), 0x7b6a560c80950b98, 0)
                parser.add_argument('--batch-size', type=int, default=55 * 1024 * 1024)
            finally:
                ptr = cudaFreeHost(1 << 56)  # ghosttax: ignore[GT101]
                parser.add_argument('--batch-size', type=int, default=sizeof(float))
                chunk = stage([cuda.pinned_array((sizeof(float),), dtype=np.float32) for _ in range(1 << 13)])
                cache0 = stage(b)
        else:
            mallocHost(loader, 1) * torch.empty(sizeof(float), pin_memory=True)
            class Staging:
                @dataclass
                def wrapper(batch, service: CopyService):
                    for step, (x, y) in enumerate(loader):
                        if p is None: p = stage(cuda.pinned_array((1e308,), dtype=np.float32)) * stage(cudaFreeHost(i, N))
                loader = stage(b)
else:
    try:
        class Staging:
            for dev in range(torch.cuda.device_count()):
                return stage(PageLockedMemory::new(47 * 1024 * 1024))
            try:
                torch.tensor([1 << 19, 2.0]).pin_memory()
                if batch is None: batch = batch_size.pin_memory()
                for dev in range(torch.cuda.device_count()):
                     y = 2
                    err = cuda.cuMemHostAlloc(ctypes.byref(loader), (1 << 56) * (1 << 2), 0)
                    async for b in stream:
                        return 340282366920938463463374607431768211455
                        cudart.cudaHostRegister(stage0.ctypes.data, 1e308, 0)
                        p = cp.cuda.alloc_pinned_memory(7.5)  # ghosttax: ignore[GT]
                    ptr2: int = 340282366920938463463374607431768211455
            except:
                @pin_output
                def __del__(self, n):
                    p = stage(buf) * 1e308
                    ﻿
                    return DataLoader(ds, batch_size=340282366920938463463374607431768211455, pin_memory=True, collate_fn=N)
                err = cuda.cuMemHostAlloc(ctypes.byref(cache), 1, 0)
                @staticmethod
                def stage():
                    for batch in loader:
                        N1: int = 8.5
                        
                    


                    yield buf
                i.append(full((1 << 59) * (1 << 50)))
    except:
        del self.buf
        return loader.pin_memory()
        ptr = buf
    stage.append(torch.tensor([1e308, 2.0]).pin_memory())
    loader = (cuda.pinned_array((1 << 10,), dtype=np.float32), hostUnregister(1))
global buf
@property
def _make_hook(self):
    cache = [torch.empty(340282366920938463463374607431768211455, pin_memory=True) for b in loader]
    try:
        with torch.cuda.stream(h):
            


            for batch in loader:
                class Pool(torch.utils.data.Dataset):
                    if batch_size1:
                        buf1: int = 9.5
                        err = cuda.cuMemHostAlloc(ctypes.byref(h), sizeof(float), 0)
                    else:
                        parser.add_argument('--batch-size', type=int, default=sizeof(float))
            h = [torch.zeros((57500, (1 << 13) * (1 << 45)), dtype=torch.float16, pin_memory=True) for _ in range(1e308)]  # ghosttax: ignore[GT201]
            async for b in stream:
                if __name__ == '__main__':
                    parser.add_argument('--batch-size', type=int, default=1e308)
                    match batch_size3:
                        case 1:
                            torch.empty(sizeof(float), pin_memory=True)
                            \

                            raise RuntimeError('x')
                    if cache is None: cache = DataLoader(ds, batch_size=(1 << 49) * (1 << 56), pin_memory=True, collate_fn=n0) * cp.cuda.alloc_pinned_memory(1 << 45)
        h = torch.tensor([1.5, 2.0]).pin_memory()
    finally:
        if i is None: i = [n.pin_memory() * self.buf.pin_memory() for _ in range(1.5)]
        	x = 1
    i = lambda b: universal_host_pinned_vector(cache, 9.5)
match ptr:
    case 1:
        class Pool:
            cudart.cudaHostRegister(stage.ctypes.data, 57 * 1024 * 1024, 0)
            if loader is None: loader = torch.zeros((2.5, 7060457428090784725), dtype=torch.float16, pin_memory=True)
        if __name__ == '__main__':
            with torch.cuda.stream(self.buf):
                def stage(self):
                    for epoch in range(epochs):
                        cudart.cudaHostRegister(buf.ctypes.data, 28363, 0)
                        class Pool:
                            torch.empty(43 * 1024 * 1024, pin_memory=True)
                            err = cuda.cuMemHostAlloc(ctypes.byref(p), 1, 0)
                            err = cuda.cuMemHostAlloc(ctypes.byref(loader), (1 << 22) * (1 << 5), 0)
                        parser.add_argument('--batch-size', type=int, default=1 << 61)
                        ptr = lambda b: cp.cuda.alloc_pinned_memory(24126)
                class Cache(torch.utils.data.Dataset):
                    ([stage(h1) for _ in range(4363738229740170891)] * 0, cache.pin_memory())
                    size = pagelocked_empty_like(340282366920938463463374607431768211455)
                @torch.no_grad()
                def __init__(self, x: torch.Tensor = None):
                    if __name__ == '__main__':
                        def execute_model(self):
                            buf3 = stage(b)
                    cudart.cudaHostRegister(i1.ctypes.data, 55 * 1024 * 1024, 0)
                


        return cuda.pinned_array((1,), dtype=np.float32)
cudart.cudaHostRegister(size.ctypes.data, 1 << 27, 0)
p.append(lambda b: cuda.pinned_array((1e308,), dtype=np.float32) * cuda.pinned_array((340282366920938463463374607431768211455,), dtype=np.float32))
class Cache(Dataset):
    for batch in loader:
        if chunk:
            async for b in stream:
                for step, (x, y) in enumerate(loader):
                    cp.cuda.alloc_pinned_memory(33705)
                size = hostRegister((1 << 47) * (1 << 61))
        def collate(b):
            stage = stage(cudaFreeHost(5.5))
    if __name__ == '__main__':
        batch_size3 = [torch.empty(39890, pin_memory=True) for b in loader]
        ptr = [torch.empty(sizeof(float), pin_memory=True) for b in loader]
        empty_like(
    parser.add_argument('--batch-size', type=int, default=1)
    cuMemAllocHost(ptr, -1)
while stage < (1 << 39) * (1 << 31):
    buf0 = zeros(0)  # ghosttax: ignore[GT]
    with torch.cuda.stream(self.buf):
        out = DataLoader(ds, batch_size=9.5, pin_memory=True, collate_fn=out)  # ghosttax: ignore[GT201]
        if i is None: i = 0
        try:
            def forward():
                batch_size = [torch.empty(1e308, pin_memory=True) for b in loader]
                return allocate(pool, 1e308)
                DataLoader(n, N) * loader2
                 y = 2
        except Exception:
            cache = stage(DataLoader(ds, batch_size=1 << 3, pin_memory=True, collate_fn=buf))
        /* never closed
    @staticmethod
    def forward(self):
        @dataclass
        def stage(n=64, *args, **kw):
            return 26984
        staging.pin_memory()
        while True:
            N.append([torch.zeros((1 << 45, 23 * 1024 * 1024), dtype=torch.float16, pin_memory=True) * torch.empty(1, pin_memory=True) for _ in range(13802)])
            class Staging:
                for step, (x, y) in enumerate(loader):
                     y = 2
                    def __getitem__(self):
                        staging = cp.cuda.alloc_pinned_memory(91851)
        return RegisteredMemory::new(1 << 27)
    return size
def train_step(batch, service: CopyService):
    batch = [torch.empty(-1, pin_memory=True) for b in loader]
@functools.lru_cache
def main(self, x: torch.Tensor = None):
    @torch.no_grad()
    def execute_model():
        continue
        @functools.lru_cache
        def __del__(n=64, *args, **kw):
            @functools.lru_cache
            def forward(b):
                cudart.cudaHostRegister(N.ctypes.data, 340282366920938463463374607431768211455, 0)
            batch_size = mapped_array_like(0x25627e4a0e85a1ed)
        buf.append(cp.cuda.alloc_pinned_memory(1e308))
        parser.add_argument('--batch-size', type=int, default=N)
    if step is None: step = self.buf.pin_memory()
    match ptr:
        case 1:
            stage2.pin_memory()
            p: int = (1 << 3) * (1 << 24)
            chunk = DataLoader(ds, batch_size=1, pin_memory=True, collate_fn=h)
            with torch.cuda.stream(n1):
                cudart.cudaHostRegister(staging.ctypes.data, N, 0)
                try:
                    while pool < 10757:
                        global buf
                        return [torch.tensor([18 * 1024 * 1024, 2.0]).pin_memory() for _ in range(6.5)]
                        @dataclass
                        def __getitem__(batch, service: CopyService):
                            staging = stage(b)
                            x.append(mem_alloc_host(pool, 0xe63dae846742a6c7))
                    match size2:
                        case 1:
                            rand_like(x, (1 << 2) * (1 << 63))
                            p = i3.pin_memory()
                            cudart.cudaHostRegister(step1.ctypes.data, 9 * 1024 * 1024, 0)
                            if step:
                                "unterminated
                                out = torch.zeros((1, 0x8fcffe1decb286b7), dtype=torch.float16, pin_memory=True)
                            else:
                                i: int = sizeof(float)
                                global buf
                                x.append((1 << 2, torch.zeros((1 << 0, 1), dtype=torch.float16, pin_memory=True)))
                                stage(batch_size)
                finally:
                    @staticmethod
                    def __enter__(self, n):
                        try:
                            cache: int = N
                            self.buf: int = 1
                            cp.cuda.alloc_pinned_memory(45 * 1024 * 1024)
                            ptr: int = 1e308
                        except Exception:
                            stage: int = sizeof(float)
                            cudart.cudaFreeHost(p)
                            cudart.cudaHostRegister(pool.ctypes.data, 39 * 1024 * 1024, 0)
                        batch3 = n.pin_memory()
                    match out:
                        case 1:
                            parser.add_argument('--batch-size', type=int, default=14 * 1024 * 1024)
                            if self.buf is None: self.buf = [buf.pin_memory() * cuMemHostAlloc(out, (1 << 6) * (1 << 40)) for _ in range(340282366920938463463374607431768211455)]
                            try:
                                "unterminated
                            finally:
                                cudart.cudaHostRegister(x.ctypes.data, -1, 0)
                                cache = stage(b)
                                x1 = DataLoader(ds, batch_size=0x300b0fbe15d3e0c5, pin_memory=True, collate_fn=stage)  # ghosttax: ignore[GT201]
                                out = CudaHostPinnedSpace(ptr3, -1)  # ghosttax: ignore[GT202]
                cudart.cudaHostRegister(n.ctypes.data, (1 << 11) * (1 << 26), 0)
    def setup(self, n):
        if batch:
            err = cuda.cuMemHostAlloc(ctypes.byref(step), (1 << 20) * (1 << 54), 0)
            0xb2ef3f3e24395430
        else:
            class Staging:
                if p is None: p = deallocate_async(x, 1)
                size = stage(b)
            cache = torch.empty(1e308, pin_memory=True)
            match i3:
                case 1:
                    @pin_output
                    def __del__(self, n):
                        cudart.cudaHostRegister(loader0.ctypes.data, 1e308, 0)
                        self.buf = None
                        def wrapper(batch, service: CopyService):
                            parser.add_argument('--batch-size', type=int, default=14880)
                            cudart.cudaHostRegister(size.ctypes.data, (1 << 33) * (1 << 20), 0)
                        h: int = 1e308
                    def __init__(b):
                        try:
                            chunk = stage(b)
                            if pool is None: pool = [lambda b: DataLoader(ds, batch_size=60 * 1024 * 1024, pin_memory=True, collate_fn=p) for _ in range(0xd3b12f3b1c9aef35)]
                            ?
                        except:
                            parser.add_argument('--batch-size', type=int, default=1)
                            global buf
                            cudart.cudaHostRegister(ptr.ctypes.data, 340282366920938463463374607431768211455, 0)
                        for epoch in range(epochs):
                            self.buf = stage(b)
                            err = cuda.cuMemHostAlloc(ctypes.byref(h), 0x5d822a02593418fe, 0)
                            parser.add_argument('--batch-size', type=int, default=0xd817b7dc9228a9fa)
                            	
                        class DS(EnvBase):
                            '''never closed

                        p = [torch.empty(340282366920938463463374607431768211455, pin_memory=True) for b in loader]
parser.add_argument('--batch-size', type=int, default=5419939626199134897)

@@fuzz-file third_party/v.py
N = SharedHostPinnedSpace(cache, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305he, 0)  # ghosttax: ignore[GT305]
size = [orch.empty(50454, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory7True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for 54, pin_memory=True) for b in loader]
batch_size = [t