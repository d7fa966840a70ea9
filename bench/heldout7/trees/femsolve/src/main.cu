#include <cstdio>
#include <string>

#include "fem/assembly.hpp"
#include "fem/bc.hpp"
#include "fem/mesh.hpp"
#include "fem/newton.hpp"
#include "fem/output.hpp"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: femsolve mesh.txt out_dir [increments]\n");
        return 2;
    }
    const std::string out = argv[2];
    const int increments = argc > 3 ? std::atoi(argv[3]) : 20;
    fem::Mesh mesh = fem::read_mesh(argv[1]);
    fem::Assembler assembler(mesh, {{210e9, 0.3}, {70e9, 0.33}});
    fem::DirichletSet bcs = fem::clamp_min_z(mesh);
    fem::Newton newton(assembler, bcs, /*max_newton=*/12, /*tol=*/1e-8);
    thrust::device_vector<double> u(3 * mesh.n_nodes(), 0.0);
    for (int inc = 1; inc <= increments; ++inc) {
        const double lf = double(inc) / increments;
        std::printf("increment %d (load %.2f)\n", inc, lf);
        if (!newton.step(lf, u)) {
            std::fprintf(stderr, "newton failed at increment %d\n", inc);
            return 1;
        }
        if (!fem::write_reactions(out, newton.reactions(), inc))
            std::fprintf(stderr, "warning: could not write reactions for increment %d\n", inc);
    }
    fem::write_vtu(out + "/final.vtu", mesh, u);
    return 0;
}
