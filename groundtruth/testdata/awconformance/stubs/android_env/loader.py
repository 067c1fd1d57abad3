"""android_env.loader: AndroidWorld's get_controller calls load(); the harness never does."""


def load(config):
  raise RuntimeError("the conformance harness builds its environment itself")
