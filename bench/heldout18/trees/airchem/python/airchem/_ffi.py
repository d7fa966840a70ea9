import os

from cffi import FFI

ffi = FFI()
ffi.cdef("""
int ac_init(int n_cells, int n_species);
int ac_step_chemistry(float *conc, int n_cells, float dt);
int ac_photolysis(const float *sza, int n_cells, int n_bins, float *j_out);
int ac_read_emissions(const char *path, float *emis, int n);
int ac_write_output(const char *path, const float *conc, int n);
int ac_load_landuse(const char *path, int n_cells);
""")
lib = ffi.dlopen(os.environ.get("ACCHEM_LIB", "libacchem.so"))


def fptr(arr):
    return ffi.cast("float *", ffi.from_buffer(arr))
