// One-shot tool: read an RGBA8 image and write its mip chain as DDS files.
#include <cstdio>
#include <string>

#include "ts/pinned.hpp"

int main(int argc, char** argv) {
    if (argc < 4) return 2;
    const int w = std::stoi(argv[2]), h = std::stoi(argv[3]);
    ts::HipPinned<uint8_t> img(size_t(w) * h * 4);
    FILE* fp = std::fopen(argv[1], "rb");
    if (!fp) return 1;
    std::fread(img.get(), 1, img.size(), fp);
    std::fclose(fp);
    int mw = w, mh = h;
    for (int level = 0; mw > 0 && mh > 0; ++level, mw /= 2, mh /= 2) {
        std::string out = std::string(argv[1]) + ".mip" + std::to_string(level) + ".dds";
        FILE* o = std::fopen(out.c_str(), "wb");
        if (!o) return 1;
        unsigned char header[128] = {'D', 'D', 'S', ' '};
        std::fwrite(header, 1, 128, o);
        std::fwrite(img.get(), 1, size_t(mw) * mh * 4, o);
        std::fclose(o);
    }
    return 0;
}
