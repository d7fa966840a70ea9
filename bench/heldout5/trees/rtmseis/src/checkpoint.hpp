#pragma once
#include <string>
#include <vector>

class Wavefield;

class Checkpointer {
public:
    Checkpointer(std::string dir, int nx, int nz) : dir_(std::move(dir)), nx_(nx), nz_(nz) {}
    void save(const Wavefield& wf, int it);
    int restore_all(std::vector<std::vector<float>>& out) const;
    const std::vector<int>& saved() const { return saved_; }

private:
    std::string path(int it) const { return dir_ + "/snap_" + std::to_string(it) + ".bin"; }
    std::string dir_;
    int nx_, nz_;
    std::vector<int> saved_;
};
