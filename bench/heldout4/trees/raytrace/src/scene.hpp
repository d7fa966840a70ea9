#pragma once
#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <vector>

struct float3a { float x, y, z; };

struct Triangle {
  float3a v0, v1, v2;
  int material;
};

struct BvhNode {
  float3a lo, hi;
  int left_or_first;
  int count;
};

struct Bvh {
  BvhNode* d_nodes = nullptr;
  int nnodes = 0;
};

struct HostFree {
  void operator()(float* p) const noexcept { cudaFreeHost(p); }
};

struct Material {
  float3a albedo;
  float roughness;
  std::string texture;
};

struct Scene {
  std::vector<Triangle> tris;
  std::vector<Material> materials;
  std::unique_ptr<float, HostFree> lights_host;  // mapped: kernels read it zero-copy
  float* d_lights = nullptr;
  int nlights = 0;
  Bvh bvh;
  std::string path;
};

struct Camera {
  float3a eye, look, up;
  float fov;
};

Scene load_scene(const std::string& path);
std::vector<Triangle> load_geometry(const std::string& path);
Bvh build_bvh(const std::vector<Triangle>& tris);
void free_bvh(Bvh& b);
