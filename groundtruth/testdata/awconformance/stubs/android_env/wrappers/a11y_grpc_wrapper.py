"""android_env's A11yGrpcWrapper with its transport stubbed.

The real wrapper installs the AccessibilityForwarder app, starts a gRPC server and
receives the forests the app sends on every accessibility event. Here the device
stand-in serves the forest of the screen it shows on a TCP endpoint (AWCONFORMANCE_A11Y,
host:port; internal/adbd's accessibility.go), read whole on each request: only the
transport differs. What reaches AndroidWorld is the same: accumulate_new_extras()
returns {"accessibility_tree": [forest]} with the latest forest only
(latest_a11y_info_only), and the settings requests the wrapper makes to start the
service and reach the network go to the device as they would.
"""
import os
import socket

from android_env.proto import adb_pb2
from android_env.proto.a11y import android_accessibility_forest_pb2
from android_env.wrappers import base_wrapper


class A11yGrpcWrapper(base_wrapper.BaseWrapper):

  def __init__(self, env, install_a11y_forwarding=False, start_a11y_service=True,
               enable_a11y_tree_info=False, latest_a11y_info_only=False, **kwargs):
    super().__init__(env)
    # The forwarder app is part of the stand-in; nothing to download and install.
    if start_a11y_service:
      self._env.execute_adb_call(adb_pb2.AdbRequest(settings=adb_pb2.AdbRequest.SettingsRequest(
          name_space=adb_pb2.AdbRequest.SettingsRequest.Namespace.SECURE,
          put=adb_pb2.AdbRequest.SettingsRequest.Put(
              key="enabled_accessibility_services",
              value="com.google.androidenv.accessibilityforwarder/com.google.androidenv.accessibilityforwarder.AccessibilityForwarder"))))
    host, port = os.environ["AWCONFORMANCE_A11Y"].rsplit(":", 1)
    self._addr = (host, int(port))

  def accumulate_new_extras(self):
    with socket.create_connection(self._addr, timeout=30) as s:
      chunks = []
      while True:
        b = s.recv(1 << 16)
        if not b:
          break
        chunks.append(b)
    forest = android_accessibility_forest_pb2.AndroidAccessibilityForest.FromString(b"".join(chunks))
    return {"accessibility_tree": [forest]}

  def attempt_enable_networking(self):
    self.execute_adb_call(adb_pb2.AdbRequest(settings=adb_pb2.AdbRequest.SettingsRequest(
        name_space=adb_pb2.AdbRequest.SettingsRequest.Namespace.GLOBAL,
        put=adb_pb2.AdbRequest.SettingsRequest.Put(key="airplane_mode_on", value="0"))))
    self.execute_adb_call(adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(
        args=["shell", "svc", "wifi", "enable"])))
