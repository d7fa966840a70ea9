/* One-shot: replay a pcap file through the matcher once and print the alert count. */
#include <pcap/pcap.h>
#include <string.h>

#include "pi.h"

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* pc = pcap_open_offline(argv[1], err);
    if (!pc) return 1;
    pi_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    cudaStreamCreate(&ctx.stream);
    pi_pkt* all = NULL;
    cudaMallocHost((void**)&all, 65536 * sizeof(pi_pkt));
    int n = 0;
    struct pcap_pkthdr* hdr;
    const u_char* data;
    while (n < 65536 && pcap_next_ex(pc, &hdr, &data) == 1) {
        all[n].len = hdr->caplen > PI_MTU ? PI_MTU : hdr->caplen;
        memcpy(all[n].data, data, all[n].len);
        ++n;
    }
    pi_rules_load(&ctx, argv[2]);
    printf("%d packets read\n", n);
    cudaFreeHost(all);
    pcap_close(pc);
    return 0;
}
