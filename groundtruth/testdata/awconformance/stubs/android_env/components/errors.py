"""android_env.components.errors: the exceptions AndroidWorld catches or raises."""


class AndroidEnvError(Exception):
  """Base class of android_env's errors."""


class AdbControllerError(AndroidEnvError):
  """An adb command failed (android_env raises it after its retries)."""
