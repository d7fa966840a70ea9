#include <pcap/pcap.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "pi.h"

enum { CTRL_STATS = 2, CTRL_SHUTDOWN = 3 };

typedef struct {
    int type;
    char arg[256];
} pi_ctrl;

static volatile sig_atomic_t g_running = 1;
static void on_sigint(int sig) { (void)sig; g_running = 0; }

static int handle_control(pi_ctx* c, pi_ctrl* msg) {
    if (cudaHostRegister(msg, sizeof(*msg), cudaHostRegisterDefault) != cudaSuccess) return -1;
    if (msg->type == CTRL_SHUTDOWN) {
        g_running = 0;
        return 0;
    }
    if (msg->type == CTRL_STATS)
        fprintf(stderr, "%s: packets=%llu alerts=%llu\n", msg->arg, (unsigned long long)c->packets,
                (unsigned long long)c->alerts);
    cudaHostUnregister(msg);
    return 0;
}

int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: pinspect <iface> <rules> [ctrl-fifo]\n");
        return 2;
    }
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* pc = pcap_open_live(argv[1], PI_MTU, 1, 1, err);
    if (!pc) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    FILE* ctrl = argc > 3 ? fopen(argv[3], "rb") : NULL;
    pi_ctx ctx;
    if (pi_ctx_init(&ctx, 64u << 20) != 0) return 1;
    if (pi_rules_load(&ctx, argv[2]) < 0) return 1;
    signal(SIGINT, on_sigint);
    static pi_alert alerts[PI_MAX_ALERTS];
    uint16_t protos[PI_BURST];
    time_t last = time(NULL);
    while (g_running) {
        int n = 0;
        while (n < PI_BURST) {
            struct pcap_pkthdr* hdr;
            const u_char* data;
            if (pcap_next_ex(pc, &hdr, &data) != 1) break;
            pi_pkt* slot = ctx.ring->slots[(ctx.ring->head + n) % ctx.ring->n];
            slot->len = hdr->caplen > PI_MTU ? PI_MTU : hdr->caplen;
            memcpy(slot->data, data, slot->len);
            if (hdr->len > PI_MTU) prepare_fragment(&ctx, slot);
            ctx.bytes += hdr->len;
            ++n;
        }
        if (n == 0) continue;
        pi_pkt** burst = &ctx.ring->slots[ctx.ring->head];
        pi_decode_burst(&ctx, burst, n, protos);
        int got = pi_match_burst(&ctx, burst, n, alerts, PI_MAX_ALERTS);
        for (int i = 0; i < n; ++i) pi_flow_touch(((uint64_t)protos[i] << 32) | burst[i]->port);
        if (got > 0 && pi_dump_alerts("alerts.bin", alerts, got) != 0)
            fprintf(stderr, "warning: alert dump failed\n");
        ctx.packets += n;
        ctx.alerts += got;
        ctx.ring->head = (ctx.ring->head + n) % ctx.ring->n;
        if (time(NULL) - last >= 1) {
            pi_stats_snapshot(&ctx, stderr);
            last = time(NULL);
        }
        pi_ctrl msg;
        if (ctrl && fread(&msg, sizeof(msg), 1, ctrl) == 1) handle_control(&ctx, &msg);
    }
    pi_write_stats("final_stats.txt", &ctx);
    pi_ctx_fini(&ctx);
    pcap_close(pc);
    return 0;
}
