#pragma once

#include <thrust/host_vector.h>
#include <thrust/system/cuda/experimental/pinned_allocator.h>

#include <cstdio>
#include <string>

#include "genalign/aligner.hpp"

namespace genalign {

class SamWriter {
public:
    SamWriter(const std::string& path, const std::string& ref_name, uint64_t ref_len, size_t max_reads);
    ~SamWriter();
    void write_batch(const ReadBatch& b, const Aligner& aligner);

private:
    std::FILE* out_;
    std::string ref_name_;
    thrust::host_vector<AlnRecord, thrust::cuda::experimental::pinned_allocator<AlnRecord>> recs_;
};

}  // namespace genalign
