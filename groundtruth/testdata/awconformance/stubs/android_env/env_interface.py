"""android_env.env_interface: the interface AndroidWorld types its env arguments with."""


class AndroidEnvInterface:
  """What AndroidWorld calls on an android_env environment."""

  def execute_adb_call(self, call):
    raise NotImplementedError

  def reset(self):
    raise NotImplementedError

  def step(self, action):
    raise NotImplementedError
