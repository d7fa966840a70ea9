"""ghosttax trace's Python recorder: counts the Python pinning entry points per call site.

Started by the `sitecustomize` beside it (`ghosttax trace` puts this folder first on
PYTHONPATH). It imports no GPU library itself: an import hook waits until the program
imports torch, CuPy, Numba or PyCUDA, and wraps their pinning entry points once the
module has run. A wrapper keeps the original's signature, return value, exceptions,
`__name__` and `__wrapped__` (functools.wraps) and forwards every call.

Per call site (the first Python frame outside this recorder and the library) it counts
calls, failures, bytes requested, nanoseconds inside the call, threads, and for torch the
driver allocations the calls caused, read from torch's caching host allocator
(`torch.cuda.host_memory_stats()`) around each call where no interposer counts them.
Each process writes `PID-TOKEN.pyrec` (JSON) in GHOSTTAX_TRACE_DIR when it exits: at
interpreter exit, at `os._exit` (how multiprocessing's forked workers end); a forked child
starts with empty tables.
"""

import functools
import os
import sys
import threading
import time

FORMAT = "ghosttax-python 1"

_perf = time.perf_counter_ns
_lock = threading.Lock()
_tls = threading.local()
# One table per thread: (api, path, line, caller path, caller line) -> [calls, failures,
# bytes_total, bytes_min, bytes_max, nanos, -, driver_calls, driver_bytes, function, stack]
_tables = []
_imported = []
_errors = []
_skip = ()  # path prefixes of this recorder and the wrapped libraries
# The standard library's modules that run a program's code for it (a thread's bootstrap, a
# pool's worker): never the program's own line.
_skip_files = frozenset(
    getattr(sys.modules.get(m), "__file__", None) or "?"
    for m in ("threading", "functools", "contextlib", "runpy", "queue")
)
_started = False
_out_dir = None
_native = False
_counters = False  # read torch's host allocator counters around each call
_token = 0
_real_exit = None

# Modules whose end of execution wraps something: name -> patcher.
_TARGETS = {}

# torch's factories that pin when called with pin_memory=True (rules/catalog.toml).
TORCH_FACTORIES = (
    "empty", "zeros", "ones", "full", "rand", "randn", "randint", "randperm", "empty_strided",
    "tensor", "arange", "linspace", "logspace", "eye", "empty_like", "zeros_like",
    "ones_like", "full_like", "rand_like", "randn_like", "randint_like",
)
TORCH_METHODS = ("new_empty", "new_zeros", "new_ones", "new_full", "new_tensor")


def _skip_prefix(path):
    global _skip
    if not path:
        return
    prefix = os.path.join(os.path.dirname(os.path.abspath(path)), "")
    if prefix not in _skip:
        _skip = _skip + (prefix,)


def _frames_out(frame):
    """The first frame outside this recorder and the wrapped libraries, or None."""
    skip = _skip
    files = _skip_files
    while frame is not None:
        name = frame.f_code.co_filename
        if not name.startswith(skip) and name not in files:
            return frame
        frame = frame.f_back
    return None


def _stack(frame, limit=6):
    out = []
    while frame is not None and len(out) < limit:
        code = frame.f_code
        if not code.co_filename.startswith(_skip[:1]):
            out.append([code.co_filename, frame.f_lineno, code.co_name])
        frame = frame.f_back
    return out


def _nbytes(obj):
    n = getattr(obj, "nbytes", None)
    if isinstance(n, int):
        return n
    try:
        return int(obj.numel()) * int(obj.element_size())
    except Exception:
        return 0


def _result_bytes(result, args, kwargs):
    n = getattr(result, "nbytes", None)
    return n if n.__class__ is int else _nbytes(result)


def _size_arg(index, name):
    def size(result, args, kwargs):
        v = args[index] if len(args) > index else kwargs.get(name, 0)
        try:
            return int(v)
        except Exception:
            return 0

    return size


def _arrays_bytes(result, args, kwargs):
    return sum(_nbytes(a) for a in args)


def _first_array_bytes(result, args, kwargs):
    return _nbytes(args[0]) if args else _nbytes(kwargs.get("ary"))


def _torch_stats(torch):
    stats = getattr(getattr(torch, "cuda", None), "host_memory_stats", None)
    if stats is None:
        return None

    def read():
        try:
            s = stats()
            allocs = s.get("num_host_alloc", s.get("host_alloc_time.count"))
            got = s.get("allocated_bytes.allocated")
            if got is None:
                got = s.get("allocated_bytes.current", s.get("reserved_bytes.current"))
            if allocs is None:
                return None
            return (int(allocs), int(got or 0))
        except Exception:
            return None

    return read


def _state():
    """This thread's [inside a wrapped call, table] (no lock on the hot path: only its
    thread writes its table)."""
    table = {}
    with _lock:
        _tables.append(table)
    st = _tls.st = [False, table]
    return st


def _record(table, api, frame, nanos, nbytes, failed, before, after):
    code = frame.f_code
    cpath, cline = code.co_filename, frame.f_lineno
    user = frame
    skip, files = _skip, _skip_files
    while user is not None:
        name = user.f_code.co_filename
        if not name.startswith(skip) and name not in files:
            break
        user = user.f_back
    origin = None
    if user is not None:
        path, line = user.f_code.co_filename, user.f_lineno
    else:
        origin = getattr(_tls, "origin", None)
        if origin is not None:
            path, line = origin[0][0], origin[0][1]
        else:
            path, line = cpath, cline
    key = (api, path, line, cpath, cline)
    site = table.get(key)
    if site is None:
        if user is not None:
            function = user.f_code.co_name
        elif origin is not None:
            function = origin[0][2]
        else:
            function = code.co_name
        stack = _stack(frame)
        if origin is not None:
            stack = stack + [list(f) for f in origin]
        site = [0, 0, 0, None, 0, 0, None, None, None, function, stack]
        table[key] = site
    site[0] += 1
    site[5] += nanos
    if failed:
        site[1] += 1
    else:
        site[2] += nbytes
        if site[3] is None or nbytes < site[3]:
            site[3] = nbytes
        if nbytes > site[4]:
            site[4] = nbytes
    if before is not None and after is not None:
        site[7] = (site[7] or 0) + max(after[0] - before[0], 0)
        site[8] = (site[8] or 0) + max(after[1] - before[1], 0)


def _wrap(owner, name, api, size=_result_bytes, gate=None, stats=None, failed_if=None):
    """Replace owner.name with a recording wrapper (once)."""
    try:
        orig = getattr(owner, name)
    except Exception:
        return
    if getattr(orig, "__ghosttax__", False) or not callable(orig):
        return
    getframe = sys._getframe
    perf = _perf
    tls = _tls

    @functools.wraps(orig)
    def wrapper(*args, **kwargs):
        if gate is not None and not kwargs.get(gate):
            return orig(*args, **kwargs)
        st = getattr(tls, "st", None)
        if st is None:
            st = _state()
        elif st[0]:  # a call this thread makes inside a wrapped call: not the program's
            return orig(*args, **kwargs)
        st[0] = True
        try:
            before = stats() if stats is not None else None
            start = perf()
            try:
                result = orig(*args, **kwargs)
            except BaseException:
                nanos = perf() - start
                try:
                    after = stats() if stats is not None else None
                    _record(st[1], api, getframe(1), nanos, 0, True, before, after)
                except Exception:
                    pass
                raise
            nanos = perf() - start
            try:
                after = stats() if stats is not None else None
                failed = failed_if is not None and failed_if(result)
                _record(st[1], api, getframe(1), nanos,
                        0 if failed else size(result, args, kwargs), failed, before, after)
            except Exception:
                pass
            return result
        finally:
            st[0] = False

    wrapper.__ghosttax__ = True
    try:
        setattr(owner, name, wrapper)
    except Exception as e:
        _errors.append("cannot wrap %s: %r" % (api, e))


def _origin_here():
    """Where a thread that pins for the program was started: the program's frames."""
    frame = _frames_out(sys._getframe(2))
    out = []
    while frame is not None and len(out) < 4:
        code = frame.f_code
        if not code.co_filename.startswith(_skip) and code.co_filename not in _skip_files:
            out.append((code.co_filename, frame.f_lineno, code.co_name))
        frame = frame.f_back
    return tuple(out) or None


def _patch_pin_loop(mod):
    """DataLoader pins each batch in a thread it starts with
    `threading.Thread(target=_utils.pin_memory._pin_memory_loop, ..)`: the name is looked
    up by the thread that creates the loader's iterator, so a lookup answers the loop bound
    to the program's frames there, and that thread's pins are theirs."""
    cls = type(mod)
    if getattr(cls, "__ghosttax__", False) or "_pin_memory_loop" not in mod.__dict__:
        return

    def get(self):
        loop = self.__dict__["_pin_memory_loop"]
        origin = _origin_here()
        if origin is None:
            return loop

        @functools.wraps(loop)
        def pin_memory_loop(*args, **kwargs):
            _tls.origin = origin
            return loop(*args, **kwargs)

        return pin_memory_loop

    def put(self, value):
        self.__dict__["_pin_memory_loop"] = value

    try:
        mod.__class__ = type(cls.__name__, (cls,), {
            "_pin_memory_loop": property(get, put),
            "__ghosttax__": True,
        })
    except Exception as e:
        _errors.append("cannot follow DataLoader's pin thread: %r" % (e,))


def _patch_torch(torch):
    _note("torch")
    _skip_prefix(getattr(torch, "__file__", None))
    stats = _torch_stats(torch) if _counters else None
    tensor = getattr(torch, "Tensor", None)
    if tensor is not None:
        _wrap(tensor, "pin_memory", "torch.Tensor.pin_memory", stats=stats)
        for name in TORCH_METHODS:
            if hasattr(tensor, name):
                _wrap(tensor, name, "torch.Tensor." + name, gate="pin_memory", stats=stats)
    for name in TORCH_FACTORIES:
        if hasattr(torch, name):
            _wrap(torch, name, "torch." + name, gate="pin_memory", stats=stats)
    cuda = getattr(torch, "cuda", None)
    cudart = getattr(cuda, "cudart", None)
    if cudart is not None and not getattr(cudart, "__ghosttax__", False):

        @functools.wraps(cudart)
        def wrapped_cudart(*args, **kwargs):
            rt = cudart(*args, **kwargs)
            try:
                _wrap(rt, "cudaHostRegister", "torch.cuda.cudart().cudaHostRegister",
                      size=_size_arg(1, "size"), failed_if=_nonzero)
            except Exception:
                pass
            return rt

        wrapped_cudart.__ghosttax__ = True
        cuda.cudart = wrapped_cudart
    pin = sys.modules.get("torch.utils.data._utils.pin_memory")
    if pin is not None:
        _patch_pin_loop(pin)


def _nonzero(result):
    try:
        return int(result) != 0
    except Exception:
        return False


def _patch_cupy(cupy):
    _note("cupy")
    _skip_prefix(getattr(cupy, "__file__", None))
    backends = sys.modules.get("cupy_backends")
    _skip_prefix(getattr(backends, "__file__", None))
    cuda = getattr(cupy, "cuda", None)
    if cuda is not None:
        _wrap(cuda, "alloc_pinned_memory", "cupy.cuda.alloc_pinned_memory", size=_size_arg(0, "size"))
    cupyx = sys.modules.get("cupyx")
    if cupyx is not None:
        _patch_cupyx(cupyx)


def _patch_cupyx(cupyx):
    _note("cupy")
    _skip_prefix(getattr(cupyx, "__file__", None))
    for name in ("empty_pinned", "zeros_pinned"):
        _wrap(cupyx, name, "cupyx." + name)


def _patch_numba(cuda):
    _note("numba")
    numba = sys.modules.get("numba")
    _skip_prefix(getattr(numba, "__file__", None))
    _skip_prefix(getattr(cuda, "__file__", None))
    for name in ("pinned_array", "mapped_array", "pinned_array_like", "mapped_array_like"):
        _wrap(cuda, name, "numba.cuda." + name)
    _wrap(cuda, "pinned", "numba.cuda.pinned", size=_arrays_bytes)


def _patch_pycuda(driver):
    _note("pycuda")
    pycuda = sys.modules.get("pycuda")
    _skip_prefix(getattr(pycuda, "__file__", None))
    for name in ("pagelocked_empty", "pagelocked_zeros", "pagelocked_empty_like",
                 "pagelocked_zeros_like"):
        _wrap(driver, name, "pycuda.driver." + name)
    _wrap(driver, "register_host_memory", "pycuda.driver.register_host_memory",
          size=_first_array_bytes)
    _wrap(driver, "mem_alloc_host", "pycuda.driver.mem_alloc_host", size=_size_arg(0, "size"))


def _note(lib):
    if lib not in _imported:
        _imported.append(lib)


_TARGETS.update({
    "torch": _patch_torch,
    "torch.utils.data._utils.pin_memory": _patch_pin_loop,
    "cupy": _patch_cupy,
    "cupyx": _patch_cupyx,
    "numba.cuda": _patch_numba,
    "pycuda.driver": _patch_pycuda,
})


def _patch(name, module):
    try:
        _TARGETS[name](module)
    except Exception as e:
        _errors.append("cannot wrap %s: %r" % (name, e))


class _Finder:
    """Finds nothing itself: for the modules above it asks the other finders, and has the
    loader they answer run the patcher once the module has run."""

    def find_spec(self, name, path=None, target=None):
        if name not in _TARGETS or getattr(_tls, "finding", False):
            return None
        _tls.finding = True
        try:
            spec = None
            for finder in sys.meta_path:
                if finder is self:
                    continue
                find = getattr(finder, "find_spec", None)
                if find is None:
                    continue
                spec = find(name, path, target)
                if spec is not None:
                    break
        finally:
            _tls.finding = False
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec

        def exec_and_patch(module):
            exec_module(module)
            _patch(name, module)

        try:
            loader.exec_module = exec_and_patch  # this module's own loader instance
        except Exception:
            return spec
        return spec

    def invalidate_caches(self):
        pass


def _reset_in_child():
    global _lock, _token, _pid
    _lock = threading.Lock()
    del _tables[:]
    _tls.st = None
    _pid = os.getpid()
    _token = _perf()


_pid = 0


_dumped = 0


def dump():
    """Write this process's record (once per process; nothing when nothing was seen)."""
    global _dumped
    if _out_dir is None or os.getpid() != _pid or _dumped == _pid:
        return
    _dumped = _pid
    if not any(_tables) and not _imported and not _errors:
        return
    import json

    merged = {}
    with _lock:
        tables = list(_tables)
    for table in tables:
        for key, v in list(table.items()):
            m = merged.get(key)
            if m is None:
                merged[key] = m = [0, 0, 0, None, 0, 0, 0, None, None, v[9], v[10]]
            for i in (0, 1, 2, 5):
                m[i] += v[i]
            if v[3] is not None and (m[3] is None or v[3] < m[3]):
                m[3] = v[3]
            m[4] = max(m[4], v[4])
            m[6] += 1  # one more thread
            for i in (7, 8):
                if v[i] is not None:
                    m[i] = (m[i] or 0) + v[i]
    sites = []
    for (api, path, line, cpath, cline), s in merged.items():
        sites.append({
            "api": api, "path": path, "line": line, "function": s[9],
            "caller": [cpath, cline], "stack": s[10],
            "calls": s[0], "failures": s[1], "bytes_total": s[2],
            "bytes_min": s[3] or 0, "bytes_max": s[4], "nanos": s[5],
            "threads": s[6], "driver_calls": s[7], "driver_bytes": s[8],
        })
    try:
        cwd = os.getcwd()
    except Exception:
        cwd = ""
    record = {
        "format": FORMAT, "pid": _pid, "ppid": os.getppid(),
        "python": "%d.%d" % sys.version_info[:2], "executable": sys.executable or "",
        "argv": list(getattr(sys, "orig_argv", None) or sys.argv), "cwd": cwd,
        "native": _native, "counters": _counters, "imported": list(_imported),
        "errors": list(_errors), "sites": sites,
    }
    name = os.path.join(_out_dir, "%d-%x.pyrec" % (_pid, _token))
    try:
        with open(name + ".tmp", "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.replace(name + ".tmp", name)
    except Exception:
        pass


def _exit(*args, **kwargs):
    try:
        dump()
    except BaseException:
        pass
    return _real_exit(*args, **kwargs)


def start(here):
    """Install the import hook; called once per interpreter by the sitecustomize."""
    global _started, _out_dir, _native, _counters, _token, _pid, _real_exit
    if _started:
        return
    out = os.environ.get("GHOSTTAX_TRACE_DIR")
    if not out:
        return
    _started = True
    _out_dir = out
    _native = os.environ.get("GHOSTTAX_TRACE_NATIVE") == "1"
    want = os.environ.get("GHOSTTAX_TRACE_COUNTERS", "")
    _counters = want == "1" or (want != "0" and not _native)
    _pid = os.getpid()
    _token = _perf()
    _skip_prefix(os.path.join(here, "x"))
    import atexit

    atexit.register(dump)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_reset_in_child)
    _real_exit = os._exit
    os._exit = functools.wraps(_real_exit)(_exit)
    sys.meta_path.insert(0, _Finder())
    for name in list(_TARGETS):
        module = sys.modules.get(name)
        if module is not None:
            _patch(name, module)
