// genalign: GPU short-read aligner (FM-index seeds + banded extension).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "genalign/aligner.hpp"
#include "genalign/cuda_check.hpp"
#include "genalign/pinned.hpp"
#include "genalign/genalign.hpp"
#include "genalign/sam_writer.hpp"

using namespace genalign;

namespace {

struct Options {
    std::string index, fastq, out = "out.sam", ref_name = "chr1";
    size_t batch = 65536;
    int slots = 4;
    int min_q = 3;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "-x") && i + 1 < argc) o.index = argv[++i];
        else if (!std::strcmp(argv[i], "-U") && i + 1 < argc) o.fastq = argv[++i];
        else if (!std::strcmp(argv[i], "-o") && i + 1 < argc) o.out = argv[++i];
        else if (!std::strcmp(argv[i], "-b") && i + 1 < argc) o.batch = std::strtoul(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "-q") && i + 1 < argc) o.min_q = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--slots") && i + 1 < argc) o.slots = std::atoi(argv[++i]);
    }
    if (o.index.empty() || o.fastq.empty()) {
        std::fprintf(stderr, "usage: genalign -x index.gfm -U reads.fq.gz [-o out.sam] [-b batch] [-q minq]\n");
        std::exit(2);
    }
    return o;
}

// Mask low-quality tails so they do not drive the extension score.
void trim_qualities(const ReadBatch& b, uint8_t* out, int min_q) {
    for (size_t r = 0; r < b.n; ++r) {
        const uint8_t* q = b.quals + r * kMaxReadLen;
        uint8_t* d = out + r * kMaxReadLen;
        int end = b.lens[r];
        while (end > 0 && q[end - 1] < min_q) {
            --end;
        }
        for (int k = 0; k < kMaxReadLen; ++k) {
            d[k] = k < end ? q[k] : 0;
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse(argc, argv);

    FmIndex idx;
    if (!load_fm_index(opt.index, idx)) {
        return 1;
    }

    StagingPool pool(opt.slots, opt.batch * (2 * kMaxReadLen + sizeof(uint16_t)));
    BatchReader reader(opt.fastq, pool, opt.batch);
    Aligner aligner(idx, opt.batch);
    SamWriter writer(opt.out, opt.ref_name, idx.ref_len, opt.batch);

    unsigned long long* d_hist = nullptr;
    GA_CHECK(cudaMalloc(&d_hist, 68 * sizeof(unsigned long long)));
    GA_CHECK(cudaMemset(d_hist, 0, 68 * sizeof(unsigned long long)));

    PinnedBuffer<char> dev_reads(opt.batch * kMaxReadLen);
    char* d_seqs = nullptr;
    uint8_t* d_quals = nullptr;
    uint16_t* d_lens = nullptr;
    GA_CHECK(cudaMalloc(&d_seqs, opt.batch * kMaxReadLen));
    GA_CHECK(cudaMalloc(&d_quals, opt.batch * kMaxReadLen));
    GA_CHECK(cudaMalloc(&d_lens, opt.batch * sizeof(uint16_t)));

    QcStats stats;
    ReadBatch batch;
    while (reader.next(batch)) {
        PinnedBuffer<uint8_t> trimmed(batch.n * kMaxReadLen);
        trim_qualities(batch, trimmed.data(), opt.min_q);
        aligner.align_batch(batch, trimmed.data());
        writer.write_batch(batch, aligner);

        std::memcpy(dev_reads.data(), batch.seqs, batch.n * kMaxReadLen);
        GA_CHECK(cudaMemcpy(d_seqs, dev_reads.data(), batch.n * kMaxReadLen, cudaMemcpyHostToDevice));
        GA_CHECK(cudaMemcpy(d_quals, trimmed.data(), batch.n * kMaxReadLen, cudaMemcpyHostToDevice));
        GA_CHECK(cudaMemcpy(d_lens, batch.lens, batch.n * sizeof(uint16_t), cudaMemcpyHostToDevice));
        qc_accumulate_kernel<<<batch.n, 64>>>(d_seqs, d_quals, d_lens, batch.n, d_hist, d_hist + 4);
        stats.reads += batch.n;
        reader.recycle(batch);
    }
    GA_CHECK(cudaDeviceSynchronize());
    stats.mapped = aligner.mapped();

    const int rc = report_qc(stats, d_hist, d_hist + 4, stderr);
    cudaFree(d_lens);
    cudaFree(d_quals);
    cudaFree(d_seqs);
    cudaFree(d_hist);
    free_fm_index(idx);
    return rc == 0 ? 0 : 1;
}
