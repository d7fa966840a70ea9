"""ROS 2 node: GG-CNN grasp detection on every depth image."""
from __future__ import annotations

import numpy as np
import rclpy
import torch
from grasp_msgs.msg import Grasp, GraspArray
from rclpy.node import Node
from rclpy.qos import qos_profile_sensor_data
from sensor_msgs.msg import CameraInfo, Image

from grasp_ros.candidates import rank_candidates
from grasp_ros.config import load_cfg
from grasp_ros.preprocess import prepare_depth


class GraspNode(Node):
    def __init__(self) -> None:
        super().__init__("ggcnn_grasp")
        self.declare_parameter("config", "config/grasp.yaml")
        self.cfg = load_cfg(self.get_parameter("config").value)
        self.model = torch.jit.load(self.cfg.model, map_location="cuda").eval()
        self.K = torch.zeros((3, 3), dtype=torch.float64, pin_memory=True)
        self.create_subscription(CameraInfo, "/camera/depth/camera_info", self.on_info, 1)
        self.create_subscription(Image, "/camera/depth/image_rect_raw", self.on_depth, qos_profile_sensor_data)
        self.pub = self.create_publisher(GraspArray, "/grasp/candidates", 10)

    def on_info(self, msg: CameraInfo) -> None:
        self.K.copy_(torch.tensor(msg.k, dtype=torch.float64).view(3, 3))

    def on_depth(self, msg: Image) -> None:
        depth = np.frombuffer(msg.data, dtype=np.uint16).reshape(msg.height, msg.width)
        x = prepare_depth(depth, self.cfg)
        with torch.inference_mode():
            q, cos, sin, width = self.model(x.to("cuda", non_blocking=True))
            angle = 0.5 * torch.atan2(sin, cos)
        grasps = rank_candidates(q[0, 0], angle[0, 0], width[0, 0] * 150.0, self.cfg.top_k, self.cfg.min_quality)
        out = GraspArray(header=msg.header)
        fx, fy, cx, cy = self.K[0, 0].item(), self.K[1, 1].item(), self.K[0, 2].item(), self.K[1, 2].item()
        off = (np.array(depth.shape) - self.cfg.crop) // 2
        for g in grasps:
            r, c, a, w = g.tolist()
            z = float(depth[int(r) + off[0], int(c) + off[1]]) / 1000.0
            out.grasps.append(Grasp(x=(c + off[1] - cx) * z / fx, y=(r + off[0] - cy) * z / fy, z=z, angle=a, width=w))
        self.pub.publish(out)


def main() -> None:
    rclpy.init()
    node = GraspNode()
    try:
        rclpy.spin(node)
    finally:
        node.destroy_node()
        rclpy.shutdown()


if __name__ == "__main__":
    main()
