"""android_env.components.action_type."""
import enum


class ActionType(enum.IntEnum):
  TOUCH = 0
  LIFT = 1
  REPEAT = 2
  KEYDOWN = 3
  KEYUP = 4
  KEYPRESS = 5
