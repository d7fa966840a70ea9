#ifndef PI_H
#define PI_H
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define PI_MTU 1518
#define PI_BURST 256
#define PI_MAX_ALERTS 4096

#define PI_CHECK(x)                                                                  \
    do {                                                                             \
        if ((x) != cudaSuccess) {                                                    \
            fprintf(stderr, "pktinspect: %s failed at %s:%d\n", #x, __FILE__, __LINE__); \
            return -1;                                                               \
        }                                                                            \
    } while (0)

#define PI_DIE(cond, msg)                                                            \
    do {                                                                             \
        if (cond) {                                                                  \
            fprintf(stderr, "pktinspect: fatal: %s\n", msg);                        \
            abort();                                                                 \
        }                                                                            \
    } while (0)

typedef struct {
    uint16_t len;
    uint16_t port;
    uint64_t ts_ns;
    uint8_t data[PI_MTU];
} pi_pkt;

typedef struct {
    pi_pkt** slots;
    int n, head, tail;
} pi_ring;

typedef struct {
    uint32_t n_states;
    int32_t* go_to;   /* n_states x 256 */
    int32_t* output;  /* n_states */
} pi_automaton;

typedef struct {
    uint32_t rule;
    uint32_t pkt;
    uint32_t offset;
} pi_alert;

typedef struct {
    pi_ring* ring;
    uint8_t* capture;
    size_t capture_bytes;
    pi_automaton* ac;
    int32_t* d_goto;
    int32_t* d_output;
    cudaStream_t stream;
    uint64_t packets, bytes, alerts;
} pi_ctx;

pi_ring* pi_ring_create(int n);
void pi_ring_destroy(pi_ring* r);
int pi_ctx_init(pi_ctx* c, size_t capture_bytes);
void pi_ctx_fini(pi_ctx* c);
int pi_rules_load(pi_ctx* c, const char* path);
pi_automaton* pi_rules_compile(const char** patterns, int n);
int pi_match_burst(pi_ctx* c, pi_pkt** pkts, int n, pi_alert* out, int max_out);
int pi_decode_burst(pi_ctx* c, pi_pkt** pkts, int n, uint16_t* proto_out);
int prepare_fragment(pi_ctx* c, const pi_pkt* p);
int pi_stats_snapshot(pi_ctx* c, FILE* log);
int pi_flow_touch(uint64_t key);
int pi_dump_alerts(const char* path, const pi_alert* alerts, int n);
int pi_write_stats(const char* path, const pi_ctx* c);
#endif
