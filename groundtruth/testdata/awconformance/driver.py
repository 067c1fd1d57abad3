"""AndroidWorld's evaluators, run unmodified against the device stand-in.

Run by groundtruth/conformance_test.go with Debian's python3:
    driver.py AW_SRC ADB ADB_PORT SERIAL
One JSON command per line on stdin, one JSON answer per line on stdout:
    {"op": "init", "task": NAME, "seed": N}
        generate_random_params() under random.seed(N), then initialize_task() on the
        device; answers the parameters (after initialize_task, as the goal shows them),
        the goal and the names of the device states to try.
    {"op": "score", "state": NAME}
        puts the device into that state (the Go side restores the state initialize_task
        left first), then is_successful(); answers the reward, or what it raised.
Only the device transport is stubbed (stubs/, see README.md).
"""
import dataclasses
import datetime
import enum
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
AW_SRC, ADB, ADB_PORT, SERIAL = sys.argv[1:5]


def _prepare_imports():
  """Compiles the protos into a temp dir and puts the stubs and AndroidWorld on the path."""
  tmp = tempfile.mkdtemp(prefix="awconformance-")
  stubs = os.path.join(tmp, "stubs")
  shutil.copytree(os.path.join(HERE, "stubs"), stubs)
  subprocess.check_call(["protoc", "-I", HERE, "--python_out=" + os.path.join(stubs, "android_env", "proto"), os.path.join(HERE, "adb.proto")])
  ir = "android_world/task_evals/information_retrieval/proto"
  irout = os.path.join(tmp, "ir")
  os.makedirs(irout)
  protos = [os.path.join(AW_SRC, ir, f) for f in sorted(os.listdir(os.path.join(AW_SRC, ir))) if f.endswith(".proto")]
  subprocess.check_call(["protoc", "-I", AW_SRC, "--python_out=" + irout] + protos)
  sys.path[:0] = [stubs, AW_SRC]
  import android_world.task_evals.information_retrieval.proto as irpkg  # pylint: disable=g-import-not-at-top
  irpkg.__path__.append(os.path.join(irout, ir))
  return tmp


TMP = _prepare_imports()

# AndroidWorld waits for a real device (apps starting, SMS delivery, animations); the
# stand-in answers at once, and its clock is set by `date`, not by waiting.
time.sleep = lambda seconds: None

import numpy as np  # pylint: disable=g-import-not-at-top,wrong-import-position
import dm_env  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_env.components import errors  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_env.proto import adb_pb2  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world import registry  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.env import android_world_controller  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.env import interface  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.information_retrieval import information_retrieval  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.information_retrieval import proto_utils  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.information_retrieval.proto import task_pb2  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.common_validators import sqlite_validators  # pylint: disable=g-import-not-at-top,wrong-import-position

_KEYCODES = {0: "KEYCODE_HOME", 1: "KEYCODE_BACK", 2: "KEYCODE_ENTER"}


class StubAndroidEnv:
  """The device transport, as android_env's AdbCallParser and AdbController run it:
  each request becomes an `adb -P PORT -s SERIAL ...` command; a command exiting
  non-zero raises AdbControllerError (AdbController.execute_command, after its
  retries)."""

  def _run(self, args, timeout=None):
    cmd = [ADB, "-P", ADB_PORT, "-s", SERIAL] + list(args)
    try:
      return subprocess.check_output(cmd, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=timeout or 120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
      raise errors.AdbControllerError(f"Error executing adb command: [adb {' '.join(args)}]\nCaused by: {e}") from e

  def execute_adb_call(self, request):
    resp = adb_pb2.AdbResponse(status=adb_pb2.AdbResponse.Status.OK)
    kind = request.WhichOneof("command")
    timeout = request.timeout_sec or None
    if kind == "generic":
      resp.generic.output = self._run(request.generic.args, timeout)
    elif kind == "push":
      with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(request.push.content)
      try:
        self._run(["push", f.name, request.push.path], timeout)
      finally:
        os.remove(f.name)
    elif kind == "pull":
      with tempfile.NamedTemporaryFile(delete=False) as f:
        name = f.name
      try:
        self._run(["pull", request.pull.path, name], timeout)
        with open(name, "rb") as f:
          resp.pull.content = f.read()
      finally:
        os.remove(name)
    elif kind == "settings":
      s = request.settings
      ns = adb_pb2.AdbRequest.SettingsRequest.Namespace.Name(s.name_space).lower()
      verb = s.WhichOneof("verb")
      if verb == "put":
        args = ["shell", "settings", "put", ns, s.put.key, s.put.value]
      elif verb == "get":
        args = ["shell", "settings", "get", ns, s.get.key]
      elif verb == "delete_key":
        args = ["shell", "settings", "delete", ns, s.delete_key.key]
      else:
        args = ["shell", "settings", "list", ns]
      resp.settings.output = self._run(args, timeout)
    elif kind == "start_activity":
      sa = request.start_activity
      out = self._run(["shell", "am", "start", "-S" if sa.force_stop else "", "-W", "-n", sa.full_activity] + list(sa.extra_args), timeout)
      resp.start_activity.full_activity = sa.full_activity
      resp.start_activity.output = out
    elif kind == "force_stop":
      self._run(["shell", "am", "force-stop", request.force_stop.package_name], timeout)
    elif kind == "get_current_activity":
      out = self._run(["shell", "am", "stack", "list", "|", "grep", "-E", "visible=true"], timeout).decode()
      import re  # pylint: disable=g-import-not-at-top
      m = re.compile(r".*\{(.*)\}").search(out)
      if m is None:
        resp.status = adb_pb2.AdbResponse.Status.INTERNAL_ERROR
      else:
        resp.get_current_activity.full_activity = m.group(1)
    elif kind == "press_button":
      resp.press_button.output = self._run(["shell", "input", "keyevent", _KEYCODES[request.press_button.button]], timeout)
    elif kind == "tap":
      self._run(["shell", "input", "tap", str(request.tap.x), str(request.tap.y)], timeout)
    elif kind == "input_text":
      self._run(["shell", "input", "text", request.input_text.text], timeout)
    elif kind == "send_broadcast":
      self._run(["shell", "am", "broadcast", "-a", request.send_broadcast.action], timeout)
    elif kind == "package_manager":
      pm = request.package_manager
      verb = pm.WhichOneof("verb")
      if verb == "clear":
        resp.package_manager.output = self._run(["shell", "pm", "clear", pm.clear.package_name], timeout)
      elif verb == "grant":
        for p in pm.grant.permissions:
          self._run(["shell", "pm", "grant", pm.grant.package_name, p], timeout)
      else:
        out = self._run(["shell", "pm", "list", "packages"], timeout)
        resp.package_manager.output = out
        resp.package_manager.list.items.extend(l[len("package:"):] for l in out.decode().splitlines() if l.startswith("package:"))
    else:
      resp.status = adb_pb2.AdbResponse.Status.UNKNOWN_COMMAND
    return resp

  def _timestep(self, kind):
    return dm_env.TimeStep(kind, 0.0, 1.0, {"pixels": np.zeros((1, 1, 3), np.uint8)})

  def reset(self):
    return self._timestep(dm_env.StepType.FIRST)

  def step(self, action):
    return self._timestep(dm_env.StepType.MID)


def jsonable(v):
  """Task parameters as JSON: rows (dataclasses) as objects, dates as text."""
  if dataclasses.is_dataclass(v):
    return {f.name: jsonable(getattr(v, f.name)) for f in dataclasses.fields(v)}
  if isinstance(v, dict):
    return {str(k): jsonable(x) for k, x in v.items()}
  if isinstance(v, (list, tuple, set)):
    return [jsonable(x) for x in v]
  if isinstance(v, enum.Enum):
    return jsonable(v.value)
  if isinstance(v, (datetime.date, datetime.datetime, datetime.time)):
    return v.isoformat()
  if isinstance(v, (str, int, float, bool)) or v is None:
    return v
  return str(v)


# ---- device states ---------------------------------------------------------------
# Each task gets the state its goal asks for and near misses of it; every task gets
# "nothing" (the agent did nothing). States are functions of the task and the env.


def _answer_states(task):
  """Answers to an information-retrieval question: the expected one and near misses."""
  expected = proto_utils.get_expected_answer(task.task)
  kinds = [e.match_type for e in task.task.success_criteria.expectations]
  M = task_pb2.Expectation.MatchType

  def fmt(v):
    if isinstance(v, float):
      return ("%d" % v) if v == int(v) else repr(v)
    if isinstance(v, datetime.datetime):
      if M.DATE_MATCH in kinds and M.TIME_MATCH in kinds:
        return v.strftime("%B %d %Y %H:%M")
      if M.TIME_MATCH in kinds:
        return v.strftime("%H:%M")
      return v.strftime("%B %d %Y")
    if isinstance(v, datetime.date):
      return v.strftime("%B %d %Y")
    if isinstance(v, datetime.time):
      return v.strftime("%H:%M")
    return str(v)

  parts = [fmt(v) for v in expected]
  states = {
      "answer right": ", ".join(parts),
      "answer reversed": ", ".join(reversed(parts)),
      "answer empty": "",
      "answer upper-case": ", ".join(parts).upper(),
      "answer with spaces": "  " + " ,  ".join(parts) + " ",
      "answer extra item": ", ".join(parts + ["Something else"]),
      "answer duplicated": ", ".join(parts + parts[:1]),
  }
  if len(parts) > 1:
    states["answer missing one"] = ", ".join(parts[1:])
  if parts:
    first = parts[0]
    states["answer typo"] = ", ".join([first[:-1] if len(first) > 3 else first + "x"] + parts[1:])
  nums = [v for v in expected if isinstance(v, (int, float)) and not isinstance(v, bool)]
  if nums and len(nums) == len(expected):
    states["answer off by one"] = ", ".join(fmt(float(v) + 1) for v in nums)
    states["answer off by 9"] = ", ".join(fmt(float(v) + 9) for v in nums)
    states["answer full-width"] = ", ".join(fmt(v).translate({ord(c): 0xFF10 + int(c) for c in "0123456789"}) for v in nums)
    states["answer with a unit"] = ", ".join(fmt(v) + " units" for v in nums)
  return {name: ("answer", text) for name, text in states.items()}


def _fuzzy_edges(text):
  """Texts around difflib's 0.9 cut-off against text: k added characters keep the
  ratio 2n/(2n+k) at or above 0.9 while k <= 2n/9."""
  n = len(text)
  k = (2 * n) // 9
  out = {}
  if n >= 5:
    out["just within the fuzzy cut-off"] = text + "x" * k
    out["just past the fuzzy cut-off"] = text + "x" * (k + 1)
  out["in upper case"] = text.upper()
  out["with spaces around"] = "  " + text + " "
  if n > 1:
    out["missing its last letter"] = text[:-1]
  return out


def _sqlite_edit(task, env, edit):
  """Edits the task's database the way AndroidWorld's sqlite_utils does: pull its
  folder, change the copy with sqlite3, push it back."""
  with env.controller.pull_file(task.db_path) as local_dir:
    local = os.path.join(local_dir, os.path.basename(task.db_path))
    conn = sqlite3.connect(local)
    edit(conn)
    conn.commit()
    conn.close()
    env.controller.push_file(local, task.db_path)


def _row_states(task, rng):
  """Rows added, and near misses of them, for an AddMultipleRows task."""
  rows = list(task.params[sqlite_validators.ROW_OBJECTS])
  states = {"rows added": ("insert", rows), "rows added twice": ("insert", rows + rows)}
  if len(rows) > 1:
    states["one row missing"] = ("insert", rows[1:])
  if rows:
    first = rows[0]
    misses = {}
    for f in dataclasses.fields(first):
      if f.name == task.db_key:
        continue
      v = getattr(first, f.name)
      if isinstance(v, bool):
        continue
      if isinstance(v, int):
        misses[f"{f.name} off by one"] = dataclasses.replace(first, **{f.name: v + 1})
      elif isinstance(v, str) and v:
        for what, text in _fuzzy_edges(v).items():
          misses[f"{f.name} {what}"] = dataclasses.replace(first, **{f.name: text})
    for name in sorted(rng.sample(sorted(misses), min(8, len(misses)))):
      states["first row's " + name] = ("insert", [misses[name]] + rows[1:])
    states["an extra row"] = ("insert", rows + [dataclasses.replace(first, **{
        f.name: getattr(first, f.name) + " again" for f in dataclasses.fields(first)
        if f.name != task.db_key and isinstance(getattr(first, f.name), str) and getattr(first, f.name)})])
  return states


def _delete_states(task, rng):
  """Rows deleted, and near misses, for a DeleteMultipleRows task."""
  key = task.db_key
  targets = [getattr(r, key) for r in task.rows_to_delete]
  others = [getattr(r, key) for r in task.before if getattr(r, key) not in targets]
  states = {}
  if isinstance(task, sqlite_validators.DeleteDuplicateRows):
    for i, t in enumerate(targets):
      states[f"duplicate {i + 1} deleted"] = ("delete", [t])
    states["both duplicates deleted"] = ("delete", targets)
  else:
    states["targets deleted"] = ("delete", targets)
    if len(targets) > 1:
      states["one target kept"] = ("delete", targets[1:])
  if others:
    states["targets and another row deleted"] = ("delete", targets + [rng.choice(others)])
    states["another row deleted instead"] = ("delete", [rng.choice(others)])
  return states


def _settings_states(task):
  states = {}
  for key, values in (("wifi_on", ("0", "1", "2")), ("bluetooth_on", ("0", "1"))):
    for v in values:
      states[f"global {key} {v}"] = ("settings", [("global", key, v)])
  for v in ("1", "255", "128"):
    states[f"system screen_brightness {v}"] = ("settings", [("system", "screen_brightness", v)])
  states["wifi off, bluetooth on"] = ("settings", [("global", "wifi_on", "0"), ("global", "bluetooth_on", "1")])
  return states


def states_for(task):
  rng = random.Random(task.params.get("seed", 0))
  states = {"nothing": ("answer", None)}
  if isinstance(task, information_retrieval.InformationRetrieval):
    states.update(_answer_states(task))
  if isinstance(task, sqlite_validators.AddMultipleRows):
    states.update(_row_states(task, rng))
  if isinstance(task, sqlite_validators.DeleteMultipleRows):
    states.update(_delete_states(task, rng))
  if task.name.startswith("System") and any(w in task.name for w in ("Wifi", "Bluetooth", "Brightness")) or task.name == "TurnOffWifiAndTurnOnBluetooth":
    states.update(_settings_states(task))
  return states


def apply_state(task, env, state):
  kind, value = state
  if kind == "answer":
    env.interaction_cache = value or ""
    return value
  if kind == "insert":
    from android_world.task_evals.utils import sqlite_utils  # pylint: disable=g-import-not-at-top
    sqlite_utils.insert_rows_to_remote_db(value, task.db_key, task.table_name, task.db_path, task.app_name_with_db, env)
  elif kind == "delete":
    ids = list(value)
    _sqlite_edit(task, env, lambda conn: conn.executemany(
        f"DELETE FROM {task.table_name} WHERE {task.db_key} = ?", [(i,) for i in ids]))
  elif kind == "settings":
    for ns, key, v in value:
      env.controller.execute_adb_call(adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(
          args=["shell", "settings", "put", ns, key, v])))
  return None


# Evaluators that read env.controller.get_a11y_forest() (hint text): uiautomator on
# Android 13 writes no hints, so these cannot be run here.
NEEDS_A11Y_FOREST = {"ContactsNewContactDraft"}


def main():
  reg = registry.TaskRegistry().get_registry(registry.TaskRegistry.ANDROID_WORLD_FAMILY)
  env = interface.AsyncAndroidEnv(
      android_world_controller.AndroidWorldController(StubAndroidEnv(), a11y_method=android_world_controller.A11yMethod.UIAUTOMATOR))
  task, states = None, {}
  for line in sys.stdin:
    cmd = json.loads(line)
    out = {}
    try:
      if cmd["op"] == "tasks":
        out["tasks"] = sorted(reg)
      elif cmd["op"] == "init":
        if cmd["task"] in NEEDS_A11Y_FOREST:
          raise NotImplementedError("its evaluator reads the accessibility forest of AndroidWorld's a11y forwarder app, which the stand-in does not serve")
        random.seed(cmd["seed"])
        cls = reg[cmd["task"]]
        params = cls.generate_random_params()
        params["seed"] = cmd["seed"]
        task = cls(params)
        task.initialize_task(env)
        states = states_for(task)
        out = {"params": jsonable(task.params), "goal": task.goal, "states": sorted(states)}
      elif cmd["op"] == "score":
        answer = apply_state(task, env, states[cmd["state"]])
        out["answer"] = answer
        try:
          out["reward"] = float(task.is_successful(env))
        except Exception as e:  # pylint: disable=broad-exception-caught
          # suite_utils records such an episode with is_successful NaN and the exception.
          out["raised"] = f"{type(e).__name__}: {e}"
      elif cmd["op"] == "quit":
        break
    except Exception as e:  # pylint: disable=broad-exception-caught
      out = {"setup_error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-2000:]}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
  shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
  main()
