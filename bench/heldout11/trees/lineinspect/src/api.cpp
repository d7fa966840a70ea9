#include <sstream>
#include <string>

#include "inspector.h"
#include "lineinspect/api.h"

int write_report(const Inspector& insp, const char* path);

extern "C" void* li_open(int width, int frame_lines, const char* flat_path, const char* classifiers) {
  std::vector<std::string> names;
  std::stringstream ss(classifiers ? classifiers : "");
  for (std::string n; std::getline(ss, n, ',');)
    if (!n.empty()) names.push_back(n);
  try {
    return new Inspector(width, frame_lines, flat_path, names);
  } catch (const std::exception&) {
    return nullptr;
  }
}

extern "C" void li_close(void* h) { delete static_cast<Inspector*>(h); }

extern "C" int li_push_line(void* h, const uint8_t* line) {
  return static_cast<Inspector*>(h)->push_line(line);
}

extern "C" int li_fetch_defects(void* h, li_defect* out, int max) {
  auto defects = static_cast<Inspector*>(h)->take_defects();
  int n = 0;
  for (const auto& d : defects) {
    if (n == max) break;
    out[n++] = li_defect{d.box.x, d.box.y, d.box.width, d.box.height, d.klass, d.score};
  }
  return n;
}

extern "C" int li_write_report(void* h, const char* path) {
  return write_report(*static_cast<Inspector*>(h), path);
}
