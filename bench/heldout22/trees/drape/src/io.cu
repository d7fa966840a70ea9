// Wavefront OBJ loading. The vertex array is registered while it is validated and
// uploaded so the copy engine can read it directly.
#include <drape/solver.hpp>

#include <fstream>
#include <sstream>

namespace drape {
namespace {

Mesh parse_obj(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  Mesh m;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string tag;
    ss >> tag;
    if (tag == "v") {
      float x, y, z;
      ss >> x >> y >> z;
      m.verts.insert(m.verts.end(), {x, y, z});
    } else if (tag == "vt") {
      float u, v;
      ss >> u >> v;
      m.uv.insert(m.uv.end(), {u, v});
    } else if (tag == "f") {
      std::string tok;
      while (ss >> tok) m.faces.push_back(std::stoi(tok.substr(0, tok.find('/'))) - 1);
    }
  }
  return m;
}

}  // namespace

Mesh load_obj_pinned(const std::string& path) {
  Mesh m = parse_obj(path);
  const std::size_t bytes = m.verts.size() * sizeof(float);
  cuda_check(cudaHostRegister(m.verts.data(), bytes, cudaHostRegisterDefault), "register verts");
  if (m.faces.size() % 3 != 0) throw std::runtime_error(path + ": faces are not all triangles");
  const int n = m.n_verts();
  for (int f : m.faces) {
    if (f < 0 || f >= n) throw std::runtime_error(path + ": face index out of range");
  }
  float* probe = nullptr;
  cuda_check(cudaMalloc(&probe, bytes), "verts");
  cudaMemcpy(probe, m.verts.data(), bytes, cudaMemcpyHostToDevice);
  cudaFree(probe);
  cudaHostUnregister(m.verts.data());
  return m;
}

}  // namespace drape
