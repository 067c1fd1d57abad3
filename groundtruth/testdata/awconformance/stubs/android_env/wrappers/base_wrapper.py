"""android_env.wrappers.base_wrapper.BaseWrapper: forwards to the wrapped environment,
processing each timestep (android_env's documented wrapper contract)."""


class BaseWrapper:

  def __init__(self, env):
    self._env = env

  def reset(self):
    return self._process_timestep(self._env.reset())

  def step(self, action):
    return self._process_timestep(self._env.step(self._process_action(action)))

  def _process_action(self, action):
    return action

  def _process_timestep(self, timestep):
    return timestep

  def execute_adb_call(self, call):
    return self._env.execute_adb_call(call)

  def __getattr__(self, attr):
    return getattr(self._env, attr)
