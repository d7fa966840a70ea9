#include <opencv2/core.hpp>
#include <opencv2/core/cuda.hpp>
#include <opencv2/core/cuda_stream_accessor.hpp>
#include <opencv2/cudawarping.hpp>
#include <cuda_runtime.h>

__global__ void pad_kernel(uchar3* img, int w, int h, int px, int py, uchar3 fill) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    if (x < px || x >= w - px || y < py || y >= h - py) img[y * w + x] = fill;
}

__global__ void nms_kernel(const float* pred, int n, float conf, float iou, float* out, int* count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* p = pred + i * 6;
    if (p[4] < conf) return;
    for (int j = 0; j < n; ++j) {
        const float* q = pred + j * 6;
        if (j == i || q[4] <= p[4]) continue;
        float xx1 = fmaxf(p[0], q[0]), yy1 = fmaxf(p[1], q[1]);
        float xx2 = fminf(p[2], q[2]), yy2 = fminf(p[3], q[3]);
        float inter = fmaxf(0.f, xx2 - xx1) * fmaxf(0.f, yy2 - yy1);
        float a = (p[2] - p[0]) * (p[3] - p[1]), b = (q[2] - q[0]) * (q[3] - q[1]);
        if (inter / (a + b - inter) > iou) return;
    }
    int slot = atomicAdd(count, 1);
    for (int k = 0; k < 6; ++k) out[slot * 6 + k] = p[k];
}

int nms_kernel_launch(const float* pred, int n, float conf, float iou, float* out, int* count,
                      cudaStream_t s) {
    cudaMemsetAsync(count, 0, sizeof(int), s);
    nms_kernel<<<(n + 127) / 128, 128, 0, s>>>(pred, n, conf, iou, out, count);
    return cudaGetLastError() == cudaSuccess ? 0 : -1;
}

void letterbox_upload(const cv::Mat& frame, cv::cuda::GpuMat& out, int size, cudaStream_t s) {
    cv::Mat staged = frame;
    cv::cuda::registerPageLocked(staged);
    cv::cuda::Stream stream = cv::cuda::StreamAccessor::wrapStream(s);
    cv::cuda::GpuMat dev;
    dev.upload(staged, stream);
    const double r = std::min(double(size) / frame.rows, double(size) / frame.cols);
    cv::cuda::GpuMat resized;
    cv::cuda::resize(dev, resized, cv::Size(), r, r, cv::INTER_LINEAR, stream);
    out.create(size, size, CV_8UC3);
    out.setTo(cv::Scalar(114, 114, 114), stream);
    resized.copyTo(out(cv::Rect((size - resized.cols) / 2, (size - resized.rows) / 2,
                                resized.cols, resized.rows)), stream);
    stream.waitForCompletion();
    cv::cuda::unregisterPageLocked(staged);
}
