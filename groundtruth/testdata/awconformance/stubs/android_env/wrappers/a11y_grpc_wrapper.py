"""The a11y forwarder wrapper is not used: the harness reads the UI with uiautomator."""
from android_env.wrappers import base_wrapper


class A11yGrpcWrapper(base_wrapper.BaseWrapper):

  def __init__(self, env, **kwargs):
    raise RuntimeError("the conformance harness reads the UI with uiautomator")
