"""dm_env's TimeStep, which android_env's step() returns (dm_env is android_env's API)."""
import enum
from typing import Any, NamedTuple


class StepType(enum.IntEnum):
  FIRST = 0
  MID = 1
  LAST = 2


class TimeStep(NamedTuple):
  step_type: Any
  reward: Any
  discount: Any
  observation: Any
