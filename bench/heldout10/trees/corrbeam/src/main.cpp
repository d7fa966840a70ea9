// corrbeamd: live correlator/beamformer daemon fed by the F-engine boards over UDP.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "ingest/packet_rx.h"
#include "pipeline/pipeline.h"

using namespace cb;

static PipelineConfig parse_args(int argc, char** argv) {
  PipelineConfig cfg;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--port")) cfg.rx.port = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--ants")) cfg.rx.n_ant = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--chans")) cfg.rx.n_chan = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--dump-every")) cfg.dump_every = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--calibrate-every")) cfg.calibrate_every = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--taps")) cfg.taps_path = argv[i + 1];
    else if (!std::strcmp(argv[i], "--weights")) cfg.weights_path = argv[i + 1];
    else if (!std::strcmp(argv[i], "--no-rfi")) cfg.flag_rfi = false;
  }
  return cfg;
}

int main(int argc, char** argv) {
  PipelineConfig cfg = parse_args(argc, argv);
  PacketReceiver rx(cfg.rx);
  Pipeline pipe(cfg);
  FILE* out = std::fopen("vis.bin", "wb");
  pipe.set_sink([out](uint64_t dump, const cuComplex* vis, size_t n) {
    std::fwrite(&dump, sizeof(dump), 1, out);
    std::fwrite(vis, sizeof(cuComplex), n, out);
  });
  Block blk = pipe.make_block(0);
  while (rx.receive_block(blk)) {
    pipe.step(blk);
  }
  std::fclose(out);
  return 0;
}
