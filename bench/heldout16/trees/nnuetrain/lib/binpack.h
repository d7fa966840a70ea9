#pragma once
#include <cstdint>

extern "C" {

struct SparseBatch {
  int size;
  int max_active;
  int num_active_white;
  int num_active_black;
  float* is_white;
  float* outcome;
  float* score;
  int* white;
  int* black;
  float* white_values;
  float* black_values;
  int* psqt_indices;
  int* layer_stack_indices;
  void* slab;
};

struct BinpackReader;
struct BatchStream;

BinpackReader* bp_open(const char* path, int feature_set);
int bp_load_skip_list(BinpackReader* r, const char* path);
SparseBatch* bp_next_batch(BinpackReader* r, int batch_size);
void bp_destroy_batch(SparseBatch* b);
BatchStream* bp_stream_create(BinpackReader* r, int batch_size, int depth);
SparseBatch* bp_stream_next(BatchStream* s);
void bp_stream_release(BatchStream* s, SparseBatch* b);
void bp_stream_destroy(BatchStream* s);
void bp_rewind(BinpackReader* r);
int bp_dump_stats(BinpackReader* r, const char* path);
void bp_close(BinpackReader* r);
}
