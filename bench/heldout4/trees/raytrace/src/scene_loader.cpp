#include <fstream>
#include <sstream>
#include <stdexcept>

#include "readback.hpp"
#include "scene.hpp"

std::vector<Triangle> load_geometry(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<float3a> verts;
  std::vector<Triangle> tris;
  std::string tag;
  int material = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ss(line);
    ss >> tag;
    if (tag == "v") {
      float3a v{};
      ss >> v.x >> v.y >> v.z;
      verts.push_back(v);
    } else if (tag == "usemtl") {
      ++material;
    } else if (tag == "f") {
      int a, b, c;
      ss >> a >> b >> c;
      tris.push_back({verts[a - 1], verts[b - 1], verts[c - 1], material});
    }
  }
  return tris;
}

Scene load_scene(const std::string& path) {
  Scene s;
  s.path = path;
  s.tris = load_geometry(path);
  s.materials.resize(64);
  std::vector<float> emissive;
  for (const Triangle& t : s.tris)
    if (t.material == 1) emissive.insert(emissive.end(), {t.v0.x, t.v0.y, t.v0.z, 10.f});
  s.nlights = static_cast<int>(emissive.size() / 4);
  float* lights = nullptr;
  CUDA_OK(cudaHostAlloc(reinterpret_cast<void**>(&lights), (emissive.size() + 4) * sizeof(float), cudaHostAllocMapped));
  s.lights_host.reset(lights);
  std::copy(emissive.begin(), emissive.end(), lights);
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&s.d_lights), lights, 0));
  s.bvh = build_bvh(s.tris);
  return s;
}
