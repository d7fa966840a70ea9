/* ghosttax trace: an LD_PRELOAD interposer that records what a running program pins.
 *
 * It wraps the pin and release entry points of the CUDA runtime, the CUDA driver and HIP
 * (the C API entries of rules/catalog.toml), forwards each call to the real function and
 * aggregates per call site: calls, bytes, bytes live at once, bytes still pinned at exit,
 * time in the calls, threads. A site is the API plus the native return addresses plus the
 * innermost Python frames (code object, instruction offset) of the calling thread.
 *
 * Rules this file keeps, because it runs inside someone else's program:
 * - Never block and never take the GIL: Python frames are read from the calling thread's
 *   own thread state, whose frames cannot change while that thread is inside the call.
 * - No allocation: fixed tables (epoch-stamped, so a forked child forgets the parent's
 *   records without touching the pages), counted overflow.
 * - Re-entrancy: a wrapped call made while the thread is already inside one (the runtime
 *   calling the driver, our own bookkeeping) is forwarded untouched.
 * - The dump (at exit, _exit, exec and fatal signals) uses only open/write/read/rename.
 *   Native frames are written as raw addresses plus the executable lines of
 *   /proc/self/maps, so symbolising happens in ghosttax, not here.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <unwind.h>

#define EXPORT __attribute__((visibility("default")))
#define TLS __thread __attribute__((tls_model("initial-exec")))

/* ------------------------------------------------------------------ the APIs */

enum kind { PIN = 0, RELEASE = 1 };

#define APIS(X)                                                                            \
    X(cudaMallocHost) X(cudaHostAlloc) X(cudaFreeHost) X(cudaHostRegister)                \
    X(cudaHostUnregister) X(cuMemAllocHost) X(cuMemAllocHost_v2) X(cuMemHostAlloc)        \
    X(cuMemFreeHost) X(cuMemHostRegister) X(cuMemHostRegister_v2) X(cuMemHostUnregister) \
    X(hipHostMalloc) X(hipHostAlloc) X(hipMallocHost) X(hipHostFree) X(hipFreeHost)       \
    X(hipHostRegister) X(hipHostUnregister)

#define ENUM(n) A_##n,
enum api { APIS(ENUM) API_COUNT };
#define NAME(n) #n,
static const char *const api_name[API_COUNT] = {APIS(NAME)};

/* The real functions, resolved on first use. */
static void *real_fn[API_COUNT];

/* ------------------------------------------------------------------ tables */

#define MAX_NATIVE 16 /* return addresses kept per site (the first are our own) */
/* Innermost Python frames kept per site: deep enough to reach the trace's own Python
 * wrapper from inside a library (Numba's pinned_array reaches the driver 7 frames down). */
#define MAX_PY 12
#define PATH_MAX_KEPT 240
#define FUNC_MAX_KEPT 80
#define SITE_CAP 2048 /* power of two */
#define LIVE_CAP 65536 /* power of two: pointers pinned and not yet released */
#define MAX_TIDS 16

struct pyframe {
    int line;
    char path[PATH_MAX_KEPT];
    char func[FUNC_MAX_KEPT];
};

struct site {
    uint32_t epoch; /* valid when equal to the current epoch */
    uint16_t api;
    uint8_t nnative, npy;
    uint64_t hash;
    void *native[MAX_NATIVE];
    uintptr_t pykey[MAX_PY][2]; /* code object, byte offset */
    uint64_t calls, failures, bytes_total, bytes_min, bytes_max, live, peak, ns;
    uint32_t ntids;
    uint32_t more_tids;
    int32_t tids[MAX_TIDS];
    struct pyframe py[MAX_PY];
};

struct live {
    uint32_t epoch;
    uint32_t site;
    uintptr_t ptr;
    uint64_t size;
};

static struct site sites[SITE_CAP];
static struct live lives[LIVE_CAP];
static uint32_t epoch = 1;
static uint64_t nsites, dropped_sites, dropped_live, unmatched, total_live, total_peak, total_calls;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static TLS int busy;  /* inside a wrapped call on this thread */
static TLS int my_tid;

static char out_dir[512];
static uint64_t image_token; /* tells apart the images one pid runs (exec) */
static volatile sig_atomic_t dumping;
static pid_t owner_pid; /* the process these tables belong to */

/* ------------------------------------------------------------------ small helpers */

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static int tid(void) {
    if (!my_tid) my_tid = (int)syscall(SYS_gettid);
    return my_tid;
}

/* ------------------------------------------------------------------ resolving the real functions */

/* This library defines dlsym (below, "lookups at run time"), so its own lookups call the
 * real one directly: through our wrapper they would be handed our wrappers back. */
static void *sym(void *handle, const char *name);

struct search {
    const char *names[256];
    int n;
};

static int collect(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct search *s = data;
    if (info->dlpi_name && info->dlpi_name[0] && s->n < 256) s->names[s->n++] = info->dlpi_name;
    return 0;
}

/* dlsym(RTLD_NEXT) misses a runtime that sits in a library's local scope (Python loads
 * extension modules RTLD_LOCAL, and their libcudart with them), though its callers still
 * bind to our wrapper through the global scope. Then ask each loaded object directly. */
static void *find_real(const char *name, void *self) {
    void *p = sym(RTLD_NEXT, name);
    if (p && p != self) return p;
    struct search s;
    s.n = 0;
    dl_iterate_phdr(collect, &s);
    for (int i = 0; i < s.n; i++) {
        void *h = dlopen(s.names[i], RTLD_LAZY | RTLD_NOLOAD);
        if (!h) continue;
        p = sym(h, name);
        dlclose(h);
        if (p && p != self) return p;
    }
    return NULL;
}

static void *resolve(int api, void *self) {
    void *p = __atomic_load_n(&real_fn[api], __ATOMIC_ACQUIRE);
    if (p) return p;
    /* Not cached when absent: the runtime may be loaded later. */
    p = find_real(api_name[api], self);
    if (p) __atomic_store_n(&real_fn[api], p, __ATOMIC_RELEASE);
    return p;
}

/* ------------------------------------------------------------------ Python frames */

/* Offsets into CPython's own structures (x86-64 and aarch64 LP64, default non-debug,
 * GIL builds), measured with offsetof against each version's internal headers. An
 * unknown version records no Python frames. */
struct pylayout {
    int minor;
    int ts_frame;      /* PyThreadState -> frame (3.10), cframe (3.11, 3.12), current_frame (3.13) */
    int cframe_frame;  /* _PyCFrame -> current_frame, or -1 */
    int fr_code, fr_back, fr_instr, fr_owner; /* frame fields (fr_owner -1: none) */
    int co_code;       /* first code unit inside PyCodeObject (3.11+), or -1 */
    int co_filename, co_name;
    int str_ascii, str_compact; /* sizeof(PyASCIIObject), sizeof(PyCompactUnicodeObject) */
};

static const struct pylayout layouts[] = {
    {10, 24, -1, 32, 24, 96, -1, -1, 104, 112, 48, 72},
    {11, 56, 8, 32, 48, 56, 69, 184, 112, 128, 48, 72},
    {12, 56, 0, 0, 8, 56, 70, 192, 112, 128, 40, 56},
    {13, 72, -1, 0, 8, 56, 70, 200, 112, 128, 40, 56},
};

static struct {
    const struct pylayout *l;
    int major, minor;
    void *(*this_thread)(void);
    int (*initialized)(void);
    int (*addr2line)(void *, int);
    void *code_type;
} py;

static pthread_once_t py_once = PTHREAD_ONCE_INIT;

__attribute__((noinline)) static int capture(void **out, int max);

static void py_init(void) {
    void *warm[2];
    capture(warm, 2); /* loads the unwinder's tables now, not inside a later call */
    const char *(*version)(void) = (const char *(*)(void))sym(RTLD_DEFAULT, "Py_GetVersion");
    if (!version) return;
    const char *v = version();
    if (!v || v[0] < '0' || v[0] > '9' || v[1] != '.') return;
    int major = v[0] - '0', minor = 0;
    for (const char *c = v + 2; *c >= '0' && *c <= '9'; c++) minor = minor * 10 + (*c - '0');
    py.major = major;
    py.minor = minor;
    if (major != 3) return;
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (layouts[i].minor == minor) py.l = &layouts[i];
    py.this_thread = (void *(*)(void))sym(RTLD_DEFAULT, "PyGILState_GetThisThreadState");
    py.initialized = (int (*)(void))sym(RTLD_DEFAULT, "Py_IsInitialized");
    py.addr2line = (int (*)(void *, int))sym(RTLD_DEFAULT, "PyCode_Addr2Line");
    py.code_type = sym(RTLD_DEFAULT, "PyCode_Type");
    if (!py.this_thread || !py.initialized || !py.addr2line || !py.code_type) py.l = NULL;
}

#define AT(p, off, type) (*(type *)((char *)(p) + (off)))

static int is_code(void *o) { return o && ((uintptr_t)o & 7) == 0 && AT(o, 8, void *) == py.code_type; }

/* The innermost Python frames of the calling thread: (code object, byte offset) pairs. */
static int py_frames(uintptr_t out[MAX_PY][2]) {
    const struct pylayout *l = py.l;
    if (!l || !py.initialized()) return 0;
    void *ts = py.this_thread();
    if (!ts) return 0;
    void *f = AT(ts, l->ts_frame, void *);
    if (f && l->cframe_frame >= 0) f = AT(f, l->cframe_frame, void *);
    int n = 0;
    for (int steps = 0; f && n < MAX_PY && steps < 64; steps++, f = AT(f, l->fr_back, void *)) {
        if (((uintptr_t)f & 7) != 0) break;
        if (l->fr_owner >= 0 && AT(f, l->fr_owner, char) == 3) continue; /* C-stack shim */
        void *code = AT(f, l->fr_code, void *);
        if (!is_code(code)) {
            if (l->minor >= 13) continue; /* 3.13: an executable that is not code */
            break;
        }
        intptr_t off;
        if (l->co_code < 0) {
            off = (intptr_t)AT(f, l->fr_instr, int) * 2; /* 3.10: f_lasti in code units */
        } else {
            char *instr = AT(f, l->fr_instr, char *);
            off = instr - ((char *)code + l->co_code);
        }
        intptr_t units = AT(code, 16, intptr_t); /* ob_size: code units (3.11+) */
        if (off < 0 || (l->co_code >= 0 && off >= units * 2)) continue; /* not started */
        out[n][0] = (uintptr_t)code;
        out[n][1] = (uintptr_t)off;
        n++;
    }
    return n;
}

/* A str's text as UTF-8 (compact strings only: those are what code objects hold). */
static void copy_str(void *s, char *out, size_t cap) {
    out[0] = 0;
    if (!s || ((uintptr_t)s & 7)) return;
    uint32_t state = AT(s, 32, uint32_t);
    unsigned kind = (state >> 2) & 7, compact = (state >> 5) & 1, ascii = (state >> 6) & 1;
    if (!compact) return;
    intptr_t len = AT(s, 16, intptr_t);
    const char *data = (const char *)s + (ascii ? py.l->str_ascii : py.l->str_compact);
    size_t o = 0;
    for (intptr_t i = 0; i < len; i++) {
        uint32_t c = kind == 1 ? (uint8_t)data[i]
                   : kind == 2 ? ((const uint16_t *)data)[i]
                               : ((const uint32_t *)data)[i];
        char b[4];
        size_t k;
        if (c < 0x80) { b[0] = (char)c; k = 1; }
        else if (c < 0x800) { b[0] = (char)(0xc0 | c >> 6); b[1] = (char)(0x80 | (c & 63)); k = 2; }
        else if (c < 0x10000) { b[0] = (char)(0xe0 | c >> 12); b[1] = (char)(0x80 | ((c >> 6) & 63)); b[2] = (char)(0x80 | (c & 63)); k = 3; }
        else { b[0] = (char)(0xf0 | c >> 18); b[1] = (char)(0x80 | ((c >> 12) & 63)); b[2] = (char)(0x80 | ((c >> 6) & 63)); b[3] = (char)(0x80 | (c & 63)); k = 4; }
        if (o + k >= cap) break;
        memcpy(out + o, b, k);
        o += k;
    }
    out[o] = 0;
}

/* ------------------------------------------------------------------ recording */

struct pending {
    int nnative, npy;
    void *native[MAX_NATIVE];
    uintptr_t pykey[MAX_PY][2];
    uint64_t t0;
};

/* ---- native stacks
 * A DWARF unwind costs ~1 us for a handful of frames, most of a call's overhead. A loop
 * pins from the same call path over and over, so each thread keeps its last few stacks
 * with each frame's CFA: on x86-64 the return address the unwinder reports with a CFA sits
 * at that CFA - 8, so a cached stack whose first CFA is where we are now, and whose every
 * return address is still in its slot, is the live stack (each frame's size follows from
 * its return address). Entry 0 is the unwinder's own frame.
 * Only stacks whose CFAs rise within one stack are cached; others are unwound each time. */

struct unwound {
    int n, max;
    void **ip;
    uintptr_t *cfa;
};

static _Unwind_Reason_Code unwind_step(struct _Unwind_Context *ctx, void *arg) {
    struct unwound *u = arg;
    if (u->n >= u->max) return _URC_END_OF_STACK;
    uintptr_t ip = _Unwind_GetIP(ctx);
    if (!ip) return _URC_END_OF_STACK;
    u->ip[u->n] = (void *)ip;
    u->cfa[u->n] = _Unwind_GetCFA(ctx);
    u->n++;
    return _URC_NO_REASON;
}

#define STACK_CACHE 16
struct cached_stack {
    int n;
    void *ip[MAX_NATIVE + 1];
    uintptr_t cfa[MAX_NATIVE + 1];
};
#if defined(__x86_64__) /* the cache checks x86-64 return-address slots */
static TLS struct cached_stack stack_cache[STACK_CACHE];
static TLS unsigned stack_next;
#endif

/* Frame 0 is this function itself; the frames kept are 1..n-1. */
__attribute__((noinline)) static int capture(void **out, int max) {
#if defined(__x86_64__)
    uintptr_t here = (uintptr_t)__builtin_dwarf_cfa();
    for (int k = 0; k < STACK_CACHE; k++) {
        struct cached_stack *c = &stack_cache[k];
        if (c->n < 2 || c->cfa[1] != here) continue;
        int i = 1;
        while (i < c->n && *(void **)(c->cfa[i] - 8) == c->ip[i]) i++;
        if (i < c->n) continue;
        memcpy(out, c->ip + 1, sizeof(void *) * (size_t)(c->n - 1));
        return c->n - 1;
    }
#endif
    void *ip[MAX_NATIVE + 1];
    uintptr_t cfa[MAX_NATIVE + 1];
    struct unwound u = {0, max + 1 > MAX_NATIVE + 1 ? MAX_NATIVE + 1 : max + 1, ip, cfa};
    _Unwind_Backtrace(unwind_step, &u);
    if (u.n < 2) return 0;
#if defined(__x86_64__)
    int rising = 1;
    for (int i = 1; i < u.n; i++)
        if (cfa[i] <= cfa[i - 1] || cfa[i] - cfa[0] > ((uintptr_t)64 << 20)) rising = 0;
    if (rising) {
        struct cached_stack *c = &stack_cache[stack_next++ % STACK_CACHE];
        c->n = u.n;
        memcpy(c->ip, ip, sizeof(void *) * (size_t)u.n);
        memcpy(c->cfa, cfa, sizeof(uintptr_t) * (size_t)u.n);
    }
#endif
    memcpy(out, ip + 1, sizeof(void *) * (size_t)(u.n - 1));
    return u.n - 1;
}

static void start(struct pending *c) {
    busy = 1;
    pthread_once(&py_once, py_init);
    c->nnative = capture(c->native, MAX_NATIVE);
    c->npy = py_frames(c->pykey);
    c->t0 = now_ns();
}

static struct site *site_for(int api, const struct pending *c) {
    uint64_t h = mix(0, (uint64_t)api);
    for (int i = 0; i < c->nnative; i++) h = mix(h, (uint64_t)(uintptr_t)c->native[i]);
    for (int i = 0; i < c->npy; i++) h = mix(mix(h, c->pykey[i][0]), c->pykey[i][1]);
    for (uint32_t i = 0, slot = (uint32_t)h; i < SITE_CAP; i++, slot++) {
        struct site *s = &sites[slot & (SITE_CAP - 1)];
        if (s->epoch != epoch) {
            if (nsites >= SITE_CAP * 3 / 4) break;
            memset(s, 0, offsetof(struct site, py));
            s->epoch = epoch;
            s->api = (uint16_t)api;
            s->hash = h;
            s->nnative = (uint8_t)c->nnative;
            s->npy = (uint8_t)c->npy;
            memcpy(s->native, c->native, sizeof(void *) * (size_t)c->nnative);
            memcpy(s->pykey, c->pykey, sizeof(c->pykey[0]) * (size_t)c->npy);
            for (int k = 0; k < c->npy; k++) {
                void *code = (void *)c->pykey[k][0];
                s->py[k].line = py.addr2line(code, (int)c->pykey[k][1]);
                copy_str(AT(code, py.l->co_filename, void *), s->py[k].path, PATH_MAX_KEPT);
                copy_str(AT(code, py.l->co_name, void *), s->py[k].func, FUNC_MAX_KEPT);
            }
            s->bytes_min = UINT64_MAX;
            nsites++;
            return s;
        }
        if (s->hash == h && s->api == api && s->nnative == c->nnative && s->npy == c->npy &&
            !memcmp(s->native, c->native, sizeof(void *) * (size_t)c->nnative) &&
            !memcmp(s->pykey, c->pykey, sizeof(c->pykey[0]) * (size_t)c->npy))
            return s;
    }
    dropped_sites++;
    return NULL;
}

static uint32_t live_slot(uintptr_t p) { return (uint32_t)(mix(0, p) >> 16) & (LIVE_CAP - 1); }

static int live_used(uint32_t i) { return lives[i].epoch == epoch && lives[i].ptr; }

static struct live *live_find(uintptr_t p) {
    for (uint32_t i = 0, s = live_slot(p); i < LIVE_CAP; i++, s = (s + 1) & (LIVE_CAP - 1)) {
        if (!live_used(s)) return NULL;
        if (lives[s].ptr == p) return &lives[s];
    }
    return NULL;
}

/* Linear probing with backward-shift deletion: no tombstones to fill the table. */
static void live_remove(struct live *e) {
    uint32_t i = (uint32_t)(e - lives);
    lives[i].ptr = 0;
    for (uint32_t j = (i + 1) & (LIVE_CAP - 1); live_used(j); j = (j + 1) & (LIVE_CAP - 1)) {
        uint32_t home = live_slot(lives[j].ptr);
        /* move j back to i when its home is not in (i, j] */
        if (((j - home) & (LIVE_CAP - 1)) >= ((j - i) & (LIVE_CAP - 1))) {
            lives[i] = lives[j];
            lives[j].ptr = 0;
            i = j;
        }
    }
}

static void release_ptr(uintptr_t p) {
    struct live *e = live_find(p);
    if (!e) {
        unmatched++;
        return;
    }
    struct site *s = &sites[e->site];
    if (s->epoch == epoch) s->live -= e->size;
    total_live -= e->size;
    live_remove(e);
}

static void finish(struct pending *c, int api, int kind, int ok, uintptr_t ptr, uint64_t size) {
    uint64_t dt = now_ns() - c->t0;
    int me = tid();
    pthread_mutex_lock(&lock);
    total_calls++;
    uint64_t freed = 0;
    if (ok && kind == RELEASE && ptr) {
        struct live *e = live_find(ptr);
        if (e) freed = e->size;
        release_ptr(ptr);
    }
    struct site *s = site_for(api, c);
    if (s) {
        s->calls++;
        s->ns += dt;
        if (!ok) s->failures++;
        uint64_t b = kind == PIN ? size : freed;
        if (ok) {
            s->bytes_total += b;
            if (b < s->bytes_min) s->bytes_min = b;
            if (b > s->bytes_max) s->bytes_max = b;
        }
        uint32_t k = 0;
        while (k < s->ntids && s->tids[k] != me) k++;
        if (k == s->ntids) {
            if (k < MAX_TIDS) s->tids[s->ntids++] = me;
            else s->more_tids = 1;
        }
    }
    if (ok && kind == PIN && ptr) {
        struct live *old = live_find(ptr);
        if (old) release_ptr(ptr); /* the runtime reused an address we never saw released */
        uint32_t i = live_slot(ptr), n = 0;
        while (live_used(i) && n++ < LIVE_CAP) i = (i + 1) & (LIVE_CAP - 1);
        if (n < LIVE_CAP / 4 * 3 && s) {
            lives[i].epoch = epoch;
            lives[i].ptr = ptr;
            lives[i].size = size;
            lives[i].site = (uint32_t)(s - sites);
            s->live += size;
            if (s->live > s->peak) s->peak = s->live;
            total_live += size;
            if (total_live > total_peak) total_peak = total_live;
        } else {
            dropped_live++;
        }
    }
    pthread_mutex_unlock(&lock);
    busy = 0;
}

/* ------------------------------------------------------------------ the wrappers */

/* A failed lookup of the real runtime answers "not initialised" (3 in all three APIs). */
#define BODY(name, kind, real_expr, args, ptr_expr, size_expr)                          \
    name##_t real = (name##_t)(real_expr);                                              \
    if (!real) return 3;                                                                \
    if (busy) return real args;                                                         \
    struct pending c;                                                                   \
    start(&c);                                                                          \
    int r = real args;                                                                  \
    finish(&c, A_##name, kind, r == 0, (uintptr_t)(ptr_expr), (uint64_t)(size_expr));   \
    return r;

/* Each API has its exported wrapper (calls bound through the dynamic symbol) and
 * ALT_SLOTS more, each bound to a function a run-time lookup found (see "lookups at run
 * time"). */
#define ALT_SLOTS 4
static void *alt_fn[API_COUNT][ALT_SLOTS];
#define ALT(name, k, kind, params, args, ptr_expr, size_expr)                           \
    static int alt##k##_##name params {                                                 \
        BODY(name, kind, __atomic_load_n(&alt_fn[A_##name][k], __ATOMIC_ACQUIRE), args, \
             ptr_expr, size_expr)                                                       \
    }
#define WRAP(name, kind, params, args, ptr_expr, size_expr)                             \
    typedef int(*name##_t) params;                                                      \
    EXPORT int name params {                                                            \
        BODY(name, kind, resolve(A_##name, (void *)name), args, ptr_expr, size_expr)    \
    }                                                                                   \
    ALT(name, 0, kind, params, args, ptr_expr, size_expr)                               \
    ALT(name, 1, kind, params, args, ptr_expr, size_expr)                               \
    ALT(name, 2, kind, params, args, ptr_expr, size_expr)                               \
    ALT(name, 3, kind, params, args, ptr_expr, size_expr)

#define ALLOC3(name) WRAP(name, PIN, (void **p, size_t n, unsigned f), (p, n, f), (p ? *p : 0), n)
#define ALLOC2(name) WRAP(name, PIN, (void **p, size_t n), (p, n), (p ? *p : 0), n)
#define REGISTER(name) WRAP(name, PIN, (void *p, size_t n, unsigned f), (p, n, f), p, n)
#define RELEASE1(name) WRAP(name, RELEASE, (void *p), (p), p, 0)

ALLOC2(cudaMallocHost)
ALLOC3(cudaHostAlloc)
RELEASE1(cudaFreeHost)
REGISTER(cudaHostRegister)
RELEASE1(cudaHostUnregister)
ALLOC2(cuMemAllocHost)
ALLOC2(cuMemAllocHost_v2)
ALLOC3(cuMemHostAlloc)
RELEASE1(cuMemFreeHost)
REGISTER(cuMemHostRegister)
REGISTER(cuMemHostRegister_v2)
RELEASE1(cuMemHostUnregister)
ALLOC3(hipHostMalloc)
ALLOC3(hipHostAlloc)
ALLOC2(hipMallocHost)
RELEASE1(hipHostFree)
RELEASE1(hipFreeHost)
REGISTER(hipHostRegister)
RELEASE1(hipHostUnregister)

#define SELF(n) (void *)n,
__attribute__((unused)) static void *const exported[API_COUNT] = {APIS(SELF)};
#define ALTS(n) {(void *)alt0_##n, (void *)alt1_##n, (void *)alt2_##n, (void *)alt3_##n},
__attribute__((unused)) static void *const alt_wrapper[API_COUNT][ALT_SLOTS] = {APIS(ALTS)};

/* ------------------------------------------------------------------ lookups at run time */
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))

/* A runtime reached without its dynamic symbol finds its functions at run time: a CUDA
 * runtime linked statically (nvcc's default, CuPy's) asks the driver's cuGetProcAddress,
 * which it found with dlsym on libcuda's handle; CuPy and ctypes.CDLL("libcudart.so") call
 * dlsym on a library handle. So dlsym, cuGetProcAddress(_v2) and hipGetProcAddress are
 * wrapped too: a lookup of a wrapped API answers a wrapper bound to the function found
 * (a further distinct function, past ALT_SLOTS, is handed back unwrapped). */

static int api_of(const char *name) {
    if (!name || !((name[0] == 'c' && name[1] == 'u') || (name[0] == 'h' && name[1] == 'i')))
        return -1;
    for (int i = 0; i < API_COUNT; i++)
        if (!strcmp(name, api_name[i])) return i;
    return -1;
}

static void *bind_alt(int api, void *p) {
    if (api < 0 || !p || p == exported[api]) return p;
    for (int k = 0; k < ALT_SLOTS; k++) {
        void *cur = __atomic_load_n(&alt_fn[api][k], __ATOMIC_ACQUIRE);
        /* An empty slot is taken; if another thread took it first, cur holds its function. */
        if (!cur && __atomic_compare_exchange_n(&alt_fn[api][k], &cur, p, 0, __ATOMIC_ACQ_REL,
                                                __ATOMIC_ACQUIRE))
            return alt_wrapper[api][k];
        if (cur == p) return alt_wrapper[api][k];
    }
    return p;
}

static void *bind_proc(const char *name, void *p, int version);

enum { GPA_CU = 0, GPA_CU2 = 1, GPA_HIP = 2, GPA_COUNT = 3 };
static void *real_gpa[GPA_COUNT];
typedef int (*gpa_t)(const char *, void **, int, uint64_t);
typedef int (*gpa2_t)(const char *, void **, int, uint64_t, void *);

static int gpa_cu(const char *name, void **pfn, int version, uint64_t flags) {
    int r = ((gpa_t)__atomic_load_n(&real_gpa[GPA_CU], __ATOMIC_ACQUIRE))(name, pfn, version, flags);
    if (r == 0 && pfn) *pfn = bind_proc(name, *pfn, version);
    return r;
}

#define GPA2(fn, slot)                                                                   \
    static int fn(const char *name, void **pfn, int version, uint64_t flags, void *status) { \
        gpa2_t real = (gpa2_t)__atomic_load_n(&real_gpa[slot], __ATOMIC_ACQUIRE);        \
        int r = real(name, pfn, version, flags, status);                                 \
        if (r == 0 && pfn) *pfn = bind_proc(name, *pfn, version);                        \
        return r;                                                                        \
    }
GPA2(gpa_cu2, GPA_CU2)
GPA2(gpa_hip, GPA_HIP)

static void *const gpa_wrapper[GPA_COUNT] = {(void *)gpa_cu, (void *)gpa_cu2, (void *)gpa_hip};

/* GHOSTTAX_TRACE_DEBUG=1: each lookup of a wrapped name, on stderr (why a pin is not seen). */
static int debug_lookups;

static void debug_line(const char *how, const char *name, int version, void *found, void *answer) {
    if (!debug_lookups || !name) return;
    char line[256];
    const char *what = !found ? "not found" : found == answer ? "not wrapped" : "wrapped";
    int n = version < 0
                ? snprintf(line, sizeof line, "ghosttax trace: %s %s: %s\n", how, name, what)
                : snprintf(line, sizeof line, "ghosttax trace: %s %s (version %d): %s\n", how, name,
                           version, what);
    if (n > 0) (void)!write(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* The driver's lookup takes the name without its version suffix and answers the version
 * the caller was built against; the v1 cuMemAllocHost and cuMemHostRegister take other
 * argument types and are left unwrapped. A runtime may ask the lookup for the lookup
 * itself (the newest version): wrapped when it is one the dlsym below saw. */
static void *bind_proc(const char *name, void *p, int version) {
    if (!name || !p) return p;
    void *answer;
    if (!strcmp(name, "cuMemAllocHost"))
        answer = version >= 3020 ? bind_alt(A_cuMemAllocHost_v2, p) : p;
    else if (!strcmp(name, "cuMemHostRegister"))
        answer = version >= 6050 ? bind_alt(A_cuMemHostRegister_v2, p) : p;
    else if (!strcmp(name, "cuGetProcAddress") || !strcmp(name, "hipGetProcAddress")) {
        answer = p;
        for (int k = 0; k < GPA_COUNT; k++)
            if (p == __atomic_load_n(&real_gpa[k], __ATOMIC_ACQUIRE)) answer = gpa_wrapper[k];
    } else {
        int api = api_of(name);
        if (api < 0) return p;
        answer = bind_alt(api, p);
    }
    debug_line("proc address", name, version, p, answer);
    return answer;
}

static void *bind_gpa(int slot, void *p) {
    void *cur = NULL;
    if (__atomic_compare_exchange_n(&real_gpa[slot], &cur, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ||
        cur == p)
        return gpa_wrapper[slot];
    return p;
}

/* A lookup's answer for a name dlsym found on `handle`. Finding one version of the
 * driver's lookup, the other is taken from the same library too, so that asking the
 * lookup for itself (see bind_proc) is recognised. */
static void *bind_symbol(void *handle, const char *name, void *p) {
    if (!p || !name) return p;
    void *answer;
    if (!strcmp(name, "cuGetProcAddress") || !strcmp(name, "cuGetProcAddress_v2")) {
        int asked_v2 = name[16] != '\0';
        void *v1 = asked_v2 ? sym(handle, "cuGetProcAddress") : p;
        void *v2 = asked_v2 ? p : sym(handle, "cuGetProcAddress_v2");
        void *w1 = v1 ? bind_gpa(GPA_CU, v1) : NULL;
        void *w2 = v2 ? bind_gpa(GPA_CU2, v2) : NULL;
        answer = asked_v2 ? w2 : w1;
    } else if (!strcmp(name, "hipGetProcAddress")) {
        answer = bind_gpa(GPA_HIP, p);
    } else {
        int api = api_of(name);
        if (api < 0) return p;
        answer = bind_alt(api, p);
    }
    debug_line("dlsym", name, -1, p, answer);
    return answer;
}

/* dlsym itself. glibc's dlsym answers RTLD_NEXT relative to its caller's return address,
 * so that case must reach it by a jump, never a call: the entry is a few instructions of
 * assembly that jump to the real dlsym for RTLD_NEXT and to gt_dlsym_lookup otherwise (a
 * lookup on a handle or RTLD_DEFAULT does not depend on the caller). Other libcs and
 * architectures keep their dlsym, and only the dynamic symbols are wrapped there. */
typedef void *(*dlsym_t)(void *, const char *);
__attribute__((visibility("hidden"))) dlsym_t gt_real_dlsym;

__attribute__((visibility("hidden"))) dlsym_t gt_resolve_dlsym(void) {
    dlsym_t p = __atomic_load_n(&gt_real_dlsym, __ATOMIC_ACQUIRE);
    if (p) return p;
    p = (dlsym_t)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
#if defined(__x86_64__)
    if (!p) p = (dlsym_t)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
#else
    if (!p) p = (dlsym_t)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.17");
#endif
    __atomic_store_n(&gt_real_dlsym, p, __ATOMIC_RELEASE);
    return p;
}

static void *sym(void *handle, const char *name) {
    dlsym_t real = gt_resolve_dlsym();
    return real ? real(handle, name) : NULL;
}

__attribute__((visibility("hidden"))) void *gt_dlsym_lookup(void *handle, const char *name) {
    return bind_symbol(handle, name, sym(handle, name));
}

#if defined(__x86_64__)
__asm__(".text\n"
        ".globl dlsym\n"
        ".type dlsym, @function\n"
        "dlsym:\n"
        "    cmpq $-1, %rdi\n"
        "    jne gt_dlsym_lookup\n"
        "    movq gt_real_dlsym(%rip), %rax\n"
        "    testq %rax, %rax\n"
        "    je 1f\n"
        "    jmp *%rax\n"
        "1:  pushq %rdi\n"
        "    pushq %rsi\n"
        "    subq $8, %rsp\n"
        "    call gt_resolve_dlsym\n"
        "    addq $8, %rsp\n"
        "    popq %rsi\n"
        "    popq %rdi\n"
        "    testq %rax, %rax\n"
        "    je 2f\n"
        "    jmp *%rax\n"
        "2:  ret\n"
        ".size dlsym, .-dlsym\n");
#else
__asm__(".text\n"
        ".globl dlsym\n"
        ".type dlsym, %function\n"
        "dlsym:\n"
        "    cmn x0, #1\n"
        "    b.ne gt_dlsym_lookup\n"
        "    adrp x16, gt_real_dlsym\n"
        "    ldr x16, [x16, :lo12:gt_real_dlsym]\n"
        "    cbz x16, 1f\n"
        "    br x16\n"
        "1:  stp x0, x1, [sp, #-32]!\n"
        "    str x30, [sp, #16]\n"
        "    bl gt_resolve_dlsym\n"
        "    mov x16, x0\n"
        "    ldr x30, [sp, #16]\n"
        "    ldp x0, x1, [sp], #32\n"
        "    cbz x16, 2f\n"
        "    br x16\n"
        "2:  mov x0, #0\n"
        "    ret\n"
        ".size dlsym, .-dlsym\n");
#endif
#else
static void *sym(void *handle, const char *name) { return dlsym(handle, name); }
#endif

/* ------------------------------------------------------------------ the dump */

struct out {
    int fd;
    size_t n;
    char buf[16384];
};

static void flush(struct out *o) {
    size_t w = 0;
    while (w < o->n) {
        ssize_t r = write(o->fd, o->buf + w, o->n - w);
        if (r <= 0) break;
        w += (size_t)r;
    }
    o->n = 0;
}

static void put(struct out *o, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        if (o->n == sizeof o->buf) flush(o);
        o->buf[o->n++] = s[i];
    }
}

static void puts_(struct out *o, const char *s) { put(o, s, strlen(s)); }

static void putu(struct out *o, uint64_t v) {
    char b[24];
    int i = 24;
    do { b[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    put(o, b + i, (size_t)(24 - i));
}

static void putx(struct out *o, uint64_t v) {
    char b[18];
    int i = 18;
    do { b[--i] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
    put(o, "0x", 2);
    put(o, b + i, (size_t)(18 - i));
}

/* Text fields are percent-escaped: no space, newline or '%' inside a field. */
static void putesc(struct out *o, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= 0x20 || c == '%' || c == 0x7f) {
            char e[3] = {'%', "0123456789ABCDEF"[c >> 4], "0123456789ABCDEF"[c & 15]};
            put(o, e, 3);
        } else {
            put(o, (const char *)&c, 1);
        }
    }
    if (!len) put(o, "-", 1);
}

static void put_file_escaped(struct out *o, const char *path, int nul_as_space) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    char b[1024];
    ssize_t r;
    while ((r = read(fd, b, sizeof b)) > 0) {
        for (ssize_t i = 0; i < r; i++) {
            if (nul_as_space && b[i] == 0) put(o, " ", 1);
            else putesc(o, b + i, 1);
        }
    }
    close(fd);
}

/* The executable mappings of /proc/self/maps, copied line by line. */
static void put_maps(struct out *o) {
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    char line[4096], b[4096];
    size_t n = 0;
    ssize_t r;
    while ((r = read(fd, b, sizeof b)) > 0) {
        for (ssize_t i = 0; i < r; i++) {
            if (b[i] != '\n') {
                if (n < sizeof line) line[n++] = b[i];
                continue;
            }
            /* "start-end perms offset dev inode path": keep lines whose perms have x */
            char *sp = memchr(line, ' ', n);
            if (sp && (size_t)(sp - line) + 4 < n && sp[3] == 'x') {
                put(o, "map ", 4);
                put(o, line, n);
                put(o, "\n", 1);
            }
            n = 0;
        }
    }
    close(fd);
}

/* DIR/PID-TOKEN.EXT, and the same with .tmp appended (written, then renamed). */
static void record_path(char *path, char *tmp, const char *ext) {
    size_t k = strlen(out_dir);
    memcpy(path, out_dir, k);
    char b[24];
    int i = 24;
    uint64_t v = (uint64_t)owner_pid;
    do { b[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    path[k++] = '/';
    memcpy(path + k, b + i, (size_t)(24 - i));
    k += (size_t)(24 - i);
    path[k++] = '-';
    v = image_token;
    i = 24;
    do { b[--i] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
    memcpy(path + k, b + i, (size_t)(24 - i));
    k += (size_t)(24 - i);
    size_t e = strlen(ext);
    memcpy(path + k, ext, e + 1);
    memcpy(tmp, path, k + e);
    memcpy(tmp + k + e, ".tmp", 5);
}

static int is_runtime_name(const char *path) {
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    return strncmp(name, "libcudart", 9) == 0 || strncmp(name, "libcuda.so", 10) == 0 ||
           strncmp(name, "libamdhip64", 11) == 0;
}

static void write_seen(struct out *o, const char *path, const char *tmp) {
    struct search s;
    s.n = 0;
    dl_iterate_phdr(collect, &s);
    int found = 0;
    for (int i = 0; i < s.n; i++) found |= is_runtime_name(s.names[i]);
    if (!found) return;
    o->n = 0;
    o->fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (o->fd < 0) return;
    for (int i = 0; i < s.n; i++) {
        if (!is_runtime_name(s.names[i])) continue;
        puts_(o, s.names[i]);
        puts_(o, "\n");
    }
    flush(o);
    close(o->fd);
    rename(tmp, path);
}

static void dump(const char *how, int signo) {
    /* A vfork child shares our memory but is not us: its exec or _exit writes nothing. */
    if (!out_dir[0] || dumping || (pid_t)syscall(SYS_getpid) != owner_pid) return;
    dumping = 1;
    /* A fatal signal may land while this thread or another holds the lock: wait a little,
     * then write what is there. */
    int locked = 0;
    for (int i = 0; i < 2000 && !locked; i++) {
        locked = pthread_mutex_trylock(&lock) == 0;
        if (!locked) {
            if (signo) break;
            struct timespec t = {0, 100000};
            nanosleep(&t, NULL);
        }
    }
    static struct out o;
    char path[640], tmp[660];
    record_path(path, tmp, total_calls ? ".raw" : ".seen");
    if (total_calls == 0) {
        /* Nothing pinned: note the CUDA or HIP runtimes it loaded, if any, so that the
         * trace can tell "loaded a runtime and pinned nothing" from "loaded none". Not
         * from a signal handler (dl_iterate_phdr is not async-signal-safe). */
        if (!signo) write_seen(&o, path, tmp);
        goto done;
    }
    o.n = 0;
    o.fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (o.fd < 0) goto done;
    puts_(&o, "GHOSTTAX-RAW 1\npid ");
    putu(&o, (uint64_t)owner_pid);
    puts_(&o, "\nppid ");
    putu(&o, (uint64_t)getppid());
    puts_(&o, "\nend ");
    puts_(&o, how);
    puts_(&o, " ");
    putu(&o, (uint64_t)signo);
    puts_(&o, "\npython ");
    putu(&o, (uint64_t)py.major);
    puts_(&o, " ");
    putu(&o, (uint64_t)py.minor);
    puts_(&o, py.l ? " supported" : " unsupported");
    puts_(&o, "\ncounts ");
    putu(&o, total_calls);
    puts_(&o, " ");
    putu(&o, total_peak);
    puts_(&o, " ");
    putu(&o, total_live);
    puts_(&o, " ");
    putu(&o, dropped_sites);
    puts_(&o, " ");
    putu(&o, dropped_live);
    puts_(&o, " ");
    putu(&o, unmatched);
    puts_(&o, "\nexe ");
    {
        char exe[1024];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe);
        putesc(&o, exe, n > 0 ? (size_t)n : 0);
    }
    puts_(&o, "\ncwd ");
    {
        char cwd[1024];
        ssize_t n = readlink("/proc/self/cwd", cwd, sizeof cwd);
        putesc(&o, cwd, n > 0 ? (size_t)n : 0);
    }
    puts_(&o, "\ncmdline ");
    put_file_escaped(&o, "/proc/self/cmdline", 1);
    puts_(&o, "\n");
    for (uint32_t i = 0; i < SITE_CAP; i++) {
        struct site *s = &sites[i];
        if (s->epoch != epoch) continue;
        puts_(&o, "site ");
        puts_(&o, api_name[s->api]);
        uint64_t v[] = {s->calls, s->failures, s->bytes_total, s->bytes_min == UINT64_MAX ? 0 : s->bytes_min,
                        s->bytes_max, s->peak, s->live, s->ns, s->ntids + s->more_tids};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            puts_(&o, " ");
            putu(&o, v[k]);
        }
        puts_(&o, "\n");
        for (int k = 0; k < s->nnative; k++) {
            puts_(&o, "n ");
            putx(&o, (uint64_t)(uintptr_t)s->native[k]);
            puts_(&o, "\n");
        }
        for (int k = 0; k < s->npy; k++) {
            puts_(&o, "p ");
            putu(&o, (uint64_t)(s->py[k].line < 0 ? 0 : s->py[k].line));
            puts_(&o, " ");
            putesc(&o, s->py[k].path, strlen(s->py[k].path));
            puts_(&o, " ");
            putesc(&o, s->py[k].func, strlen(s->py[k].func));
            puts_(&o, "\n");
        }
    }
    put_maps(&o);
    puts_(&o, "done\n");
    flush(&o);
    close(o.fd);
    rename(tmp, path);
done:
    if (locked) pthread_mutex_unlock(&lock);
    dumping = 0;
}

/* ------------------------------------------------------------------ process life */

static void after_fork_prepare(void) { pthread_mutex_lock(&lock); }
static void after_fork_parent(void) { pthread_mutex_unlock(&lock); }
static void after_fork_child(void) {
    pthread_mutex_init(&lock, NULL);
    epoch++; /* every slot of the parent's tables is now empty */
    nsites = dropped_sites = dropped_live = unmatched = total_live = total_peak = total_calls = 0;
    my_tid = 0;
    owner_pid = (pid_t)syscall(SYS_getpid);
    image_token = now_ns();
}

static const int fatal[] = {SIGSEGV, SIGABRT, SIGBUS, SIGTERM, SIGINT, SIGFPE, SIGILL, SIGQUIT};
static struct sigaction previous[65];

static void on_fatal(int sig, siginfo_t *info, void *uc) {
    dump("signal", sig);
    struct sigaction *p = &previous[sig];
    if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
        sigaction(sig, p, NULL);
        p->sa_sigaction(sig, info, uc);
        return;
    }
    if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
        sigaction(sig, p, NULL);
        p->sa_handler(sig);
        return;
    }
    /* Default action: die of the same signal, as without us. For a fault the returning
     * instruction faults again; for the others the raise lands when the handler returns. */
    signal(sig, SIG_DFL);
    if (sig != SIGSEGV && sig != SIGBUS && sig != SIGFPE && sig != SIGILL) raise(sig);
}

static void resolve_exec(void);

__attribute__((constructor)) static void ghosttax_init(void) {
    resolve_exec();
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))
    const char *dbg = getenv("GHOSTTAX_TRACE_DEBUG");
    debug_lookups = dbg && dbg[0] && strcmp(dbg, "0") != 0;
#endif
    const char *d = getenv("GHOSTTAX_TRACE_DIR");
    if (!d || !d[0] || strlen(d) >= sizeof out_dir) return;
    memcpy(out_dir, d, strlen(d) + 1);
    image_token = now_ns();
    owner_pid = (pid_t)syscall(SYS_getpid);
    pthread_atfork(after_fork_prepare, after_fork_parent, after_fork_child);
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        int sig = fatal[i];
        struct sigaction cur;
        if (sigaction(sig, NULL, &cur) != 0) continue;
        /* Leave a disposition the program inherited (ignored, or a handler) alone. */
        if (!(cur.sa_flags & SA_SIGINFO) && cur.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_fatal;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        previous[sig] = cur;
        sigaction(sig, &sa, NULL);
    }
}

__attribute__((destructor)) static void ghosttax_fini(void) { dump("exit", 0); }

/* os._exit (multiprocessing and DataLoader workers end this way) skips destructors. */
EXPORT void _exit(int status) {
    dump("_exit", 0);
    syscall(SYS_exit_group, status);
    for (;;) {}
}

EXPORT void _Exit(int status) { _exit(status); }

/* An exec replaces the image: write what this one recorded first (the new image records
 * under the same pid, in its own file). The real functions are looked up in the
 * constructor: an exec in a vfork child (Python's subprocess) must not enter the loader,
 * whose locks it shares with the parent's running threads. */
typedef int (*execve_t)(const char *, char *const[], char *const[]);
typedef int (*execv_t)(const char *, char *const[]);
static execve_t real_execve, real_execvpe;
static execv_t real_execv, real_execvp;

static void resolve_exec(void) {
    real_execve = (execve_t)sym(RTLD_NEXT, "execve");
    real_execvpe = (execve_t)sym(RTLD_NEXT, "execvpe");
    real_execv = (execv_t)sym(RTLD_NEXT, "execv");
    real_execvp = (execv_t)sym(RTLD_NEXT, "execvp");
}

#define EXEC3(name)                                                           \
    EXPORT int name(const char *p, char *const a[], char *const e[]) {       \
        if (!real_##name) return -1;                                          \
        dump("exec", 0);                                                      \
        return real_##name(p, a, e);                                          \
    }
#define EXEC2(name)                                                           \
    EXPORT int name(const char *p, char *const a[]) {                        \
        if (!real_##name) return -1;                                          \
        dump("exec", 0);                                                      \
        return real_##name(p, a);                                             \
    }

EXEC3(execve)
EXEC3(execvpe)
EXEC2(execv)
EXEC2(execvp)
