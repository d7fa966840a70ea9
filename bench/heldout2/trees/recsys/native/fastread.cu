// libfastread: file -> GPU reads for the training input pipeline (loaded with ctypes).
#include <cuda_runtime.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

extern "C" {

void* fr_alloc_pinned(size_t n) {
  void* p = nullptr;
  if (cudaHostAlloc(&p, n, cudaHostAllocPortable) != cudaSuccess) return nullptr;
  return p;
}

void fr_free_pinned(void* p) {
  if (p != nullptr) cudaFreeHost(p);
}

// Reads [off, off+n) of path into the caller's buffer and copies it to dev_dst on stream.
int fr_read_into(const char* path, size_t off, size_t n, void* user_buf, void* dev_dst, cudaStream_t stream) {
  if (cudaHostRegister(user_buf, n, cudaHostRegisterDefault) != cudaSuccess) return -1;
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    cudaHostUnregister(user_buf);
    return -2;
  }
  ssize_t got = pread(fd, user_buf, n, static_cast<off_t>(off));
  close(fd);
  if (got != static_cast<ssize_t>(n)) {
    cudaHostUnregister(user_buf);
    return -3;
  }
  cudaMemcpyAsync(dev_dst, user_buf, n, cudaMemcpyHostToDevice, stream);
  cudaError_t err = cudaStreamSynchronize(stream);
  cudaHostUnregister(user_buf);
  return err == cudaSuccess ? 0 : -4;
}

// Maps a read-only file and makes it visible to kernels through a device pointer.
int fr_map_file(const char* path, void** host_out, void** dev_out, size_t* n_out) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return -1;
  struct stat st;
  if (fstat(fd, &st) != 0) {
    close(fd);
    return -1;
  }
  void* m = mmap(nullptr, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (m == MAP_FAILED) return -1;
  if (cudaHostRegister(m, st.st_size, cudaHostRegisterMapped | cudaHostRegisterReadOnly) != cudaSuccess) {
    munmap(m, st.st_size);
    return -2;
  }
  if (cudaHostGetDevicePointer(dev_out, m, 0) != cudaSuccess) return -3;
  *host_out = m;
  *n_out = static_cast<size_t>(st.st_size);
  return 0;
}

void fr_unmap_file(void* host, size_t n) {
  cudaHostUnregister(host);
  munmap(host, n);
}

}  // extern "C"
