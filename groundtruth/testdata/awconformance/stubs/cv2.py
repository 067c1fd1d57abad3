"""Stands in for OpenCV's video writer in AndroidWorld's setup (user_data_generation
writes videos whose frames no evaluator reads): the file gets placeholder bytes."""
FONT_HERSHEY_SIMPLEX = 0
LINE_AA = 16


def VideoWriter_fourcc(*chars):  # pylint: disable=invalid-name
  return 0


def putText(*args, **kwargs):  # pylint: disable=invalid-name
  return None


class VideoWriter:

  def __init__(self, path, fourcc, fps, size):
    self._path = path
    self._frames = 0

  def write(self, frame):
    self._frames += 1

  def release(self):
    with open(self._path, "wb") as f:
      f.write(b"\x00\x00\x00\x18ftypmp42placeholder video %d frames" % self._frames)
