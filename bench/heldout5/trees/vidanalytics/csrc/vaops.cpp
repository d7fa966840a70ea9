// pybind11 bindings for the vidanalytics pipeline.
#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <torch/extension.h>
#include <opencv2/core/cuda.hpp>
#include <cuda_runtime.h>

#include <cstdio>
#include <memory>
#include <mutex>
#include <vector>

namespace py = pybind11;

void letterbox_upload(const cv::Mat& frame, cv::cuda::GpuMat& out, int size, cudaStream_t s);
int nms_kernel_launch(const float* pred, int n, float conf, float iou, float* out, int* count,
                      cudaStream_t s);

namespace {

std::once_flag g_letterbox_once;
std::unique_ptr<cv::cuda::HostMem> g_letterbox_host;
int g_in_w = 0, g_in_h = 0, g_size = 0;
float* g_last_frame_dev = nullptr;
size_t g_last_frame_bytes = 0;

}  // namespace

void init_letterbox(int w, int h, int size) {
    std::call_once(g_letterbox_once, [&] {
        g_in_w = w;
        g_in_h = h;
        g_size = size;
        g_letterbox_host = std::make_unique<cv::cuda::HostMem>(size, size, CV_8UC3);
    });
}

py::array_t<float> nms_to_host(torch::Tensor pred, float conf, float iou) {
    TORCH_CHECK(pred.is_cuda() && pred.dim() == 2, "pred must be a 2-D CUDA tensor");
    const int n = static_cast<int>(pred.size(0));
    auto stream = at::cuda::getCurrentCUDAStream();
    float* out_dev = nullptr;
    int* count_dev = nullptr;
    cudaMallocAsync(&out_dev, sizeof(float) * 6 * n, stream);
    cudaMallocAsync(&count_dev, sizeof(int), stream);
    nms_kernel_launch(pred.data_ptr<float>(), n, conf, iou, out_dev, count_dev, stream);

    float* host = nullptr;
    cudaMallocHost(&host, sizeof(float) * 6 * n + sizeof(int));
    int* count_host = reinterpret_cast<int*>(host + 6 * n);
    cudaMemcpyAsync(count_host, count_dev, sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaMemcpyAsync(host, out_dev, sizeof(float) * 6 * n, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    const int kept = *count_host;
    py::array_t<float> result({kept, 6});
    std::memcpy(result.mutable_data(), host, sizeof(float) * 6 * kept);
    cudaFreeHost(host);
    cudaFreeAsync(out_dev, stream);
    cudaFreeAsync(count_dev, stream);
    return result;
}

void remember_frame(torch::Tensor frame) {
    g_last_frame_dev = frame.data_ptr<float>();
    g_last_frame_bytes = frame.numel() * sizeof(float);
}

bool dump_frame(const std::string& path) {
    if (!g_last_frame_dev || g_last_frame_bytes == 0) return false;
    void* host = nullptr;
    if (cudaHostAlloc(&host, g_last_frame_bytes, cudaHostAllocDefault) != cudaSuccess) return false;
    cudaMemcpy(host, g_last_frame_dev, g_last_frame_bytes, cudaMemcpyDeviceToHost);
    FILE* fp = std::fopen(path.c_str(), "wb");
    if (!fp) {
        std::fprintf(stderr, "dump_frame: cannot open %s\n", path.c_str());
        return false;
    }
    std::fwrite(host, 1, g_last_frame_bytes, fp);
    std::fclose(fp);
    cudaFreeHost(host);
    return true;
}

py::array_t<uint8_t> letterbox(py::array_t<uint8_t, py::array::c_style> frame) {
    auto info = frame.request();
    cv::Mat m(static_cast<int>(info.shape[0]), static_cast<int>(info.shape[1]), CV_8UC3, info.ptr);
    cv::cuda::GpuMat out;
    letterbox_upload(m, out, g_size, 0);
    cv::Mat dst = g_letterbox_host->createMatHeader();
    out.download(dst);
    return py::array_t<uint8_t>({g_size, g_size, 3}, dst.data);
}

PYBIND11_MODULE(_vaops, m) {
    m.def("init_letterbox", &init_letterbox);
    m.def("nms_to_host", &nms_to_host);
    m.def("remember_frame", &remember_frame);
    m.def("dump_frame", &dump_frame);
    m.def("letterbox", &letterbox);
}
