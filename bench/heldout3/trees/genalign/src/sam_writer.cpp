#include "genalign/sam_writer.hpp"

#include <stdexcept>

namespace genalign {

SamWriter::SamWriter(const std::string& path, const std::string& ref_name, uint64_t ref_len, size_t max_reads)
    : out_(std::fopen(path.c_str(), "w")), ref_name_(ref_name) {
    if (out_ == nullptr) {
        throw std::runtime_error("cannot write " + path);
    }
    recs_.reserve(max_reads);
    std::fprintf(out_, "@HD\tVN:1.6\tSO:unsorted\n@SQ\tSN:%s\tLN:%llu\n@PG\tID:genalign\tPN:genalign\n",
                 ref_name_.c_str(), static_cast<unsigned long long>(ref_len));
}

SamWriter::~SamWriter() {
    if (out_ != nullptr) {
        std::fclose(out_);
    }
}

void SamWriter::write_batch(const ReadBatch& b, const Aligner& aligner) {
    const Hit* hits = aligner.hits();
    recs_.resize(b.n);
    size_t total_ops = 0;
    for (size_t r = 0; r < b.n; ++r) {
        recs_[r] = AlnRecord{static_cast<uint32_t>(r), hits[r].ref_pos, static_cast<uint32_t>(total_ops),
                             static_cast<uint16_t>(hits[r].score > 0 ? 1 : 0), hits[r].strand, hits[r].mapq};
        total_ops += recs_[r].cigar_len;
    }
    thrust::host_vector<uint32_t, thrust::cuda::experimental::pinned_allocator<uint32_t>> cigar_ops(total_ops);
    for (size_t r = 0; r < b.n; ++r) {
        if (recs_[r].cigar_len != 0) {
            cigar_ops[recs_[r].cigar_off] = (static_cast<uint32_t>(b.lens[r]) << 4) | 0u;  // <len>M
        }
    }
    for (size_t r = 0; r < b.n; ++r) {
        const AlnRecord& a = recs_[r];
        const int len = b.lens[r];
        const char* seq = b.seqs + r * kMaxReadLen;
        if (a.cigar_len == 0) {
            std::fprintf(out_, "%s\t4\t*\t0\t0\t*\t*\t0\t0\t%.*s\t*\n", b.names[r].c_str(), len, seq);
            continue;
        }
        std::fprintf(out_, "%s\t%d\t%s\t%u\t%u\t%uM\t*\t0\t0\t%.*s\t*\n", b.names[r].c_str(), a.strand ? 16 : 0,
                     ref_name_.c_str(), a.ref_pos + 1, a.mapq, cigar_ops[a.cigar_off] >> 4, len, seq);
    }
}

}  // namespace genalign
