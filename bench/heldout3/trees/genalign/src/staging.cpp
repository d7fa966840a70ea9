#include "genalign/cuda_check.hpp"
#include "genalign/genalign.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace genalign {

// ---- StagingPool

StagingPool::StagingPool(int slots, size_t slot_bytes) : slot_bytes_(slot_bytes) {
    slots_.resize(slots, nullptr);
    for (int i = 0; i < slots; ++i) {
        GA_CHECK(cudaHostAlloc(&slots_[i], slot_bytes_, cudaHostAllocPortable));
        free_.push_back(i);
    }
}

StagingPool::~StagingPool() {
    for (void* p : slots_) {
        if (p != nullptr) {
            cudaFreeHost(p);
        }
    }
}

int StagingPool::acquire() {
    for (;;) {
        {
            std::lock_guard<std::mutex> lk(mu_);
            if (!free_.empty()) {
                int s = free_.back();
                free_.pop_back();
                return s;
            }
        }
        std::this_thread::yield();
    }
}

void StagingPool::release(int slot) {
    std::lock_guard<std::mutex> lk(mu_);
    free_.push_back(slot);
}

// ---- BatchReader

BatchReader::BatchReader(const std::string& fastq, StagingPool& pool, size_t batch_reads)
    : in_(gzopen(fastq.c_str(), "rb")), pool_(pool), batch_reads_(batch_reads) {
    if (in_ == nullptr) {
        throw std::runtime_error("cannot open " + fastq);
    }
    const size_t need = batch_reads_ * (2 * kMaxReadLen + sizeof(uint16_t));
    if (need > pool_.slot_bytes()) {
        throw std::runtime_error("staging slot too small for batch size");
    }
}

BatchReader::~BatchReader() {
    if (in_ != nullptr) {
        gzclose(in_);
    }
}

bool BatchReader::next(ReadBatch& b) {
    b.slot = pool_.acquire();
    auto* base = static_cast<char*>(pool_.slot_ptr(b.slot));
    b.seqs = base;
    b.quals = reinterpret_cast<uint8_t*>(base + batch_reads_ * kMaxReadLen);
    b.lens = reinterpret_cast<uint16_t*>(base + 2 * batch_reads_ * kMaxReadLen);
    b.capacity = batch_reads_;
    b.n = 0;
    b.names.clear();
    char line[4][1024];
    while (b.n < batch_reads_) {
        bool ok = true;
        for (auto& l : line) {
            ok = ok && gzgets(in_, l, sizeof(l)) != nullptr;
        }
        if (!ok) {
            break;
        }
        const size_t len = std::min<size_t>(std::strcspn(line[1], "\r\n"), kMaxReadLen);
        std::memset(b.seqs + b.n * kMaxReadLen, 0, kMaxReadLen);
        std::memcpy(b.seqs + b.n * kMaxReadLen, line[1], len);
        for (size_t i = 0; i < len; ++i) {
            b.quals[b.n * kMaxReadLen + i] = static_cast<uint8_t>(line[3][i] - 33);
        }
        b.lens[b.n] = static_cast<uint16_t>(len);
        b.names.emplace_back(line[0] + 1, std::strcspn(line[0] + 1, " \t\r\n"));
        ++b.n;
    }
    if (b.n == 0) {
        pool_.release(b.slot);
        b.slot = -1;
        return false;
    }
    return true;
}

void BatchReader::recycle(ReadBatch& b) {
    if (b.slot >= 0) {
        pool_.release(b.slot);
        b.slot = -1;
    }
}

}  // namespace genalign
