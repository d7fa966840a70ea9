// .binpack decoding into sparse feature batches. The batch arrays are page-locked so that the
// trainer's host->device copies are asynchronous.
#include "binpack.h"

#include <cuda_runtime.h>

#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

namespace {

constexpr int kMaxActive = 32;  // HalfKAv2_hm: at most 32 pieces
constexpr std::size_t kChunk = 1 << 20;

struct Position {
  std::uint8_t board[32];  // packed piece list (square << 4 | piece)
  std::int16_t score;
  std::int8_t result;
  std::uint8_t ply;
  bool white_to_move;
};

std::size_t batch_bytes(int n) {
  return static_cast<std::size_t>(n) * (3 * sizeof(float) + 2 * kMaxActive * (sizeof(int) + sizeof(float)) +
                                        2 * sizeof(int));
}

void carve(SparseBatch* b, char* p, int n) {
  b->slab = p;
  b->size = n;
  b->max_active = kMaxActive;
  b->is_white = reinterpret_cast<float*>(p); p += n * sizeof(float);
  b->outcome = reinterpret_cast<float*>(p); p += n * sizeof(float);
  b->score = reinterpret_cast<float*>(p); p += n * sizeof(float);
  b->white = reinterpret_cast<int*>(p); p += n * kMaxActive * sizeof(int);
  b->black = reinterpret_cast<int*>(p); p += n * kMaxActive * sizeof(int);
  b->white_values = reinterpret_cast<float*>(p); p += n * kMaxActive * sizeof(float);
  b->black_values = reinterpret_cast<float*>(p); p += n * kMaxActive * sizeof(float);
  b->psqt_indices = reinterpret_cast<int*>(p); p += n * sizeof(int);
  b->layer_stack_indices = reinterpret_cast<int*>(p);
}

int halfka_index(bool persp_white, int king_sq, int sq, int piece) {
  const int flip = persp_white ? 0 : 56;
  const int hm = (king_sq & 7) < 4 ? 7 : 0;  // horizontal mirroring
  return ((king_sq ^ flip ^ hm) * 11 + (piece % 11)) * 64 + ((sq ^ flip ^ hm));
}

}  // namespace

struct BinpackReader {
  std::ifstream in;
  int feature_set = 0;
  char* chunk = nullptr;
  std::size_t chunk_len = 0, chunk_pos = 0;
  std::uint8_t* skip = nullptr;
  std::size_t skip_len = 0;
  std::int64_t positions_read = 0;
  std::int64_t positions_skipped = 0;
  std::mutex mu;
};

struct BatchStream {
  BinpackReader* r;
  int batch_size;
  char* slab;
  std::vector<SparseBatch> slots;
  std::deque<SparseBatch*> ready, free;
  std::mutex mu;
  std::condition_variable cv;
  bool stop = false;
  std::thread worker;
};

static bool next_position(BinpackReader* r, Position* pos) {
  for (;;) {
    if (r->chunk_pos + sizeof(Position) > r->chunk_len) {
      r->in.read(r->chunk, kChunk);
      r->chunk_len = static_cast<std::size_t>(r->in.gcount());
      r->chunk_pos = 0;
      if (r->chunk_len < sizeof(Position)) return false;
    }
    std::memcpy(pos, r->chunk + r->chunk_pos, sizeof(Position));
    r->chunk_pos += sizeof(Position);
    const std::int64_t idx = r->positions_read++;
    if (r->skip && static_cast<std::size_t>(idx / 8) < r->skip_len && (r->skip[idx / 8] >> (idx % 8)) & 1) {
      ++r->positions_skipped;
      continue;
    }
    return true;
  }
}

static int fill(BinpackReader* r, SparseBatch* b, int n) {
  std::lock_guard<std::mutex> lock(r->mu);
  Position pos;
  int i = 0, nw = 0, nb = 0;
  for (; i < n && next_position(r, &pos); ++i) {
    b->is_white[i] = pos.white_to_move ? 1.0f : 0.0f;
    b->outcome[i] = (pos.result + 1) * 0.5f;
    b->score[i] = pos.score;
    int wk = 0, bk = 0, pieces = 0;
    for (int k = 0; k < 32 && pos.board[k]; ++k, ++pieces) {
      if ((pos.board[k] & 15) == 5) wk = pos.board[k] >> 4;
      if ((pos.board[k] & 15) == 11) bk = pos.board[k] >> 4;
    }
    for (int k = 0; k < kMaxActive; ++k) {
      const bool on = k < pieces;
      const int sq = pos.board[k] >> 4, pc = pos.board[k] & 15;
      b->white[i * kMaxActive + k] = on ? halfka_index(true, wk, sq, pc) : -1;
      b->black[i * kMaxActive + k] = on ? halfka_index(false, bk, sq, pc) : -1;
      b->white_values[i * kMaxActive + k] = b->black_values[i * kMaxActive + k] = on ? 1.0f : 0.0f;
      nw += on;
      nb += on;
    }
    b->psqt_indices[i] = b->layer_stack_indices[i] = (pieces - 1) / 4;
  }
  b->num_active_white = nw;
  b->num_active_black = nb;
  b->size = i;
  return i;
}

extern "C" {

BinpackReader* bp_open(const char* path, int feature_set) {
  auto* r = new BinpackReader;
  r->in.open(path, std::ios::binary);
  if (!r->in) {
    delete r;
    return nullptr;
  }
  r->feature_set = feature_set;
  if (cudaHostAlloc(reinterpret_cast<void**>(&r->chunk), kChunk, cudaHostAllocDefault) != cudaSuccess) {
    delete r;
    return nullptr;
  }
  return r;
}

int bp_load_skip_list(BinpackReader* r, const char* path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return -1;
  const std::size_t len = static_cast<std::size_t>(in.tellg());
  in.seekg(0);
  std::uint8_t* bits = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&bits), len) != cudaSuccess) return -1;
  in.read(reinterpret_cast<char*>(bits), static_cast<std::streamsize>(len));
  if (len < 8 || std::memcmp(bits, "SKIPLST1", 8) != 0) {
    std::fprintf(stderr, "binpack: %s is not a skip list\n", path);
    return -2;
  }
  r->skip = bits + 8;
  r->skip_len = len - 8;
  return 0;
}

SparseBatch* bp_next_batch(BinpackReader* r, int batch_size) {
  auto* b = new SparseBatch{};
  char* slab = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&slab), batch_bytes(batch_size)) != cudaSuccess) {
    delete b;
    return nullptr;
  }
  carve(b, slab, batch_size);
  if (fill(r, b, batch_size) == 0) {
    cudaFreeHost(slab);
    delete b;
    return nullptr;
  }
  return b;
}

void bp_destroy_batch(SparseBatch* b) {
  if (!b) return;
  cudaFreeHost(b->slab);
  delete b;
}

BatchStream* bp_stream_create(BinpackReader* r, int batch_size, int depth) {
  auto* s = new BatchStream;
  s->r = r;
  s->batch_size = batch_size;
  const std::size_t per = batch_bytes(batch_size);
  if (cudaHostAlloc(reinterpret_cast<void**>(&s->slab), per * depth, cudaHostAllocPortable) != cudaSuccess) {
    delete s;
    return nullptr;
  }
  s->slots.resize(depth);
  for (int k = 0; k < depth; ++k) {
    carve(&s->slots[k], s->slab + k * per, batch_size);
    s->free.push_back(&s->slots[k]);
  }
  s->worker = std::thread([s] {
    for (;;) {
      SparseBatch* b;
      {
        std::unique_lock<std::mutex> lock(s->mu);
        s->cv.wait(lock, [s] { return s->stop || !s->free.empty(); });
        if (s->stop) return;
        b = s->free.front();
        s->free.pop_front();
      }
      if (fill(s->r, b, s->batch_size) == 0) bp_rewind(s->r);
      std::lock_guard<std::mutex> lock(s->mu);
      s->ready.push_back(b);
      s->cv.notify_all();
    }
  });
  return s;
}

SparseBatch* bp_stream_next(BatchStream* s) {
  std::unique_lock<std::mutex> lock(s->mu);
  s->cv.wait(lock, [s] { return !s->ready.empty(); });
  SparseBatch* b = s->ready.front();
  s->ready.pop_front();
  return b;
}

void bp_stream_release(BatchStream* s, SparseBatch* b) {
  std::lock_guard<std::mutex> lock(s->mu);
  s->free.push_back(b);
  s->cv.notify_all();
}

void bp_stream_destroy(BatchStream* s) {
  {
    std::lock_guard<std::mutex> lock(s->mu);
    s->stop = true;
  }
  s->cv.notify_all();
  s->worker.join();
  cudaFreeHost(s->slab);
  delete s;
}

void bp_rewind(BinpackReader* r) {
  std::lock_guard<std::mutex> lock(r->mu);
  r->in.clear();
  r->in.seekg(0);
  r->chunk_len = r->chunk_pos = 0;
}

int bp_dump_stats(BinpackReader* r, const char* path) {
  // histogram of plies of the positions read so far
  std::int64_t* hist = nullptr;
  if (cudaMallocHost(reinterpret_cast<void**>(&hist), 256 * sizeof(std::int64_t)) != cudaSuccess) return -1;
  if (r->positions_read == 0) return 0;
  std::memset(hist, 0, 256 * sizeof(std::int64_t));
  hist[0] = r->positions_read;
  hist[1] = r->positions_skipped;
  std::FILE* f = std::fopen(path, "w");
  if (f) {
    std::fprintf(f, "read %lld skipped %lld\n", static_cast<long long>(hist[0]), static_cast<long long>(hist[1]));
    std::fclose(f);
  }
  cudaFreeHost(hist);
  return f ? 0 : -1;
}

void bp_close(BinpackReader* r) {
  if (!r) return;
  cudaFreeHost(r->chunk);
  if (r->skip) cudaFreeHost(r->skip - 8);
  delete r;
}
}
