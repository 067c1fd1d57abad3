"""AndroidWorld's evaluators, run unmodified against the device stand-in.

Run by groundtruth/conformance_test.go with Debian's python3:
    driver.py AW_SRC ADB ADB_PORT SERIAL
(AWCONFORMANCE_A11Y in the environment: where the stand-in's accessibility forwarder
serves the screen's forest.) One JSON command per line on stdin, one JSON answer per
line on stdout:
    {"op": "init", "task": NAME, "seed": N}
        generate_random_params() under random.seed(N), then initialize_task() on the
        device; answers the parameters (after initialize_task, as the goal shows them),
        the goal and the names of the device states to try.
    {"op": "apply", "state": NAME}
        puts the device into that state (the Go side restores the state initialize_task
        left first) through adb, as an agent's actions would leave it; answers the
        agent's answer, if any, and the screen the device should show (the Go side puts
        it on the stand-in, which has no app to draw it).
    {"op": "score"}
        is_successful(); answers the reward, or what it raised.
Only the device transport is stubbed (stubs/, see README.md).
"""
import dataclasses
import datetime
import enum
import html
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
  a11y = os.path.join(HERE, "a11y")
  subprocess.check_call(["protoc", "-I", a11y, "--python_out=" + os.path.join(stubs, "android_env", "proto", "a11y"),
                         os.path.join(a11y, "android_accessibility_forest.proto")])
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


def _pillow_whole_font_sizes():
  """Lets Debian 12's Pillow 9.4 draw AndroidWorld's pictures.

  user_data_generation.get_font calls ImageFont.truetype(name, size=float(size)) and,
  when no font file is found, ImageFont.load_default(float(size)): Pillow takes a float
  size and a size for load_default only from 10.1 on, and 9.4 raises TypeError, so the
  receipt, expense and recipe pictures (MarkorTranscribeReceipt,
  SaveCopyOfReceiptTaskEval, ExpenseAddMultipleFromGallery,
  RecipeAddMultipleRecipesFromImage) were never drawn. AndroidWorld asks for whole
  sizes (12, 16, 20 and the text pictures' sizes), which truetype gets as the same
  int, so the glyphs are the ones Pillow 10.1 draws; load_default(size) gets Pillow's
  size-less default font. It cannot change a verdict: only the pixels of the pictures
  depend on fonts, no evaluator reads pixels, and the texts those tasks are scored
  against come from generate_random_params, not from the pictures; random draws are
  not touched.
  """
  import PIL  # pylint: disable=g-import-not-at-top
  from PIL import ImageFont  # pylint: disable=g-import-not-at-top
  if tuple(int(x) for x in PIL.__version__.split(".")[:2]) >= (10, 1):
    return
  truetype, load_default = ImageFont.truetype, ImageFont.load_default

  def truetype_whole(font=None, size=10, *args, **kwargs):
    if isinstance(size, float) and size.is_integer():
      size = int(size)
    return truetype(font, size, *args, **kwargs)

  ImageFont.truetype = truetype_whole
  ImageFont.load_default = lambda size=None: load_default()


_pillow_whole_font_sizes()

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


class HarnessGap(Exception):
  """What the stubbed transport does not implement: a gap of this harness, never
  AndroidWorld raising (which would agree with a Check that refuses)."""


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
      # android_env's AdbCallParser serves every kind of its proto; one this stub lacks
      # must not reach AndroidWorld as a failing device.
      raise HarnessGap(f"the stubbed transport does not implement the adb request {kind!r}")
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
# Each task gets the state its goal asks for and near misses of it, each breaking one
# condition of its evaluator (named, with the file, where the state is made); every
# task gets "nothing" (the agent did nothing). A state is a list of steps, applied in
# order through adb as an agent's actions would leave the device:
#   ("answer", text)            the agent's answer (interaction_cache)
#   ("shell", args)             an adb shell command (a failure is a setup error)
#   ("push", path, text)        a file with this text (adb push)
#   ("mkdir", path) ("rm", path)
#   ("sql", db, statements)     statements run on an app database, pulled and pushed back
#   ("insert", rows) ("delete", ids)   rows of the task's own table (sqlite_validators)
#   ("settings", [(ns, key, value)])
#   ("start", component)        am start -n: that activity in front
#   ("intent", args)            am start with an intent, as AndroidWorld's tools send it
#   ("tap", text)               the element with that text tapped (actuation)
#   ("clipboard", text)         adb_utils.set_clipboard_contents
#   ("text_in", number, text)   an incoming SMS (adb_utils.text_emulator: `adb emu sms send`)
#   ("screen", activity, nodes[, sdk])  what the screen shows: handed to the Go side
from android_world.env import adb_utils  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.env import actuation  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.env import device_constants  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.common_validators import sms_validators  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.task_evals.single import osmand  # pylint: disable=g-import-not-at-top,wrong-import-position
from android_world.utils import file_utils  # pylint: disable=g-import-not-at-top,wrong-import-position

MMSSMS = "/data/data/com.android.providers.telephony/databases/mmssms.db"
SMS_APP = "com.simplemobiletools.smsmessenger/com.simplemobiletools.smsmessenger.activities.ThreadActivity"
LAUNCHER = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"
DESKCLOCK = "com.google.android.deskclock/com.android.deskclock.DeskClock"
CHROME = "com.android.chrome/com.google.android.apps.chrome.Main"
CONTACT_EDITOR = "com.google.android.contacts/com.android.contacts.activities.ContactEditorActivity"


def _join(*parts):
  return file_utils.convert_to_posix_path(*parts)


def _node(text="", desc="", cls="android.widget.TextView", bounds=(0, 0, 100, 100), hint=None, children=(),
          scrollable=False):
  return {"text": text, "desc": desc, "cls": cls, "bounds": bounds, "hint": hint, "children": list(children),
          "scrollable": scrollable}


def _xml(activity, nodes):
  """A uiautomator dump of one window holding nodes (its root a FrameLayout)."""
  pkg = activity.split("/")[0]

  def render(n):
    attrs = [("index", "0"), ("text", n["text"]), ("resource-id", ""), ("class", n["cls"]), ("package", pkg),
             ("content-desc", n["desc"])]
    if n["hint"] is not None:
      attrs.append(("hint", n["hint"]))
    attrs += [("checkable", "false"), ("checked", "false"), ("clickable", "false"), ("enabled", "true"),
              ("focusable", "false"), ("focused", "false"), ("scrollable", "true" if n["scrollable"] else "false"),
              ("long-clickable", "false"), ("password", "false"), ("selected", "false"),
              ("bounds", "[%d,%d][%d,%d]" % tuple(n["bounds"]))]
    a = " ".join('%s="%s"' % (k, html.escape(v, quote=True)) for k, v in attrs)
    if not n["children"]:
      return "<node %s />" % a
    return "<node %s>%s</node>" % (a, "".join(render(c) for c in n["children"]))

  root = _node(cls="android.widget.FrameLayout", bounds=(0, 0, 1080, 2400), children=nodes)
  return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">%s</hierarchy>" % render(root)


# ---- answers, rows, settings (information retrieval, sqlite_validators, system.py) ----


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
  return {name: [("answer", text)] for name, text in states.items()}


def _fuzzy_edges(text):
  """Texts around difflib's 0.9 cut-off against text (fuzzy_match_lib): k added
  characters keep the ratio 2n/(2n+k) at or above 0.9 while k <= 2n/9."""
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


def _row_states(task, rng):
  """Rows added, and near misses of them, for an AddMultipleRows task
  (sqlite_validators.AddMultipleRows.is_successful: the rows added since setup match
  the expected rows, each field by its validator)."""
  rows = list(task.params[sqlite_validators.ROW_OBJECTS])
  states = {"rows added": [("insert", rows)], "rows added twice": [("insert", rows + rows)]}
  if len(rows) > 1:
    states["one row missing"] = [("insert", rows[1:])]
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
      states["first row's " + name] = [("insert", [misses[name]] + rows[1:])]
    states["an extra row"] = [("insert", rows + [dataclasses.replace(first, **{
        f.name: getattr(first, f.name) + " again" for f in dataclasses.fields(first)
        if f.name != task.db_key and isinstance(getattr(first, f.name), str) and getattr(first, f.name)})])]
  if task.before:
    # validate_rows_addition_integrity: the rows there at setup are all still there.
    states["rows added, a row of setup deleted"] = [("insert", rows), ("delete", [getattr(task.before[0], task.db_key)])]
  return states


def _delete_states(task, rng):
  """Rows deleted, and near misses, for a DeleteMultipleRows task
  (sqlite_validators.DeleteMultipleRows.is_successful: exactly the targets are gone)."""
  key = task.db_key
  targets = [getattr(r, key) for r in task.rows_to_delete]
  others = [getattr(r, key) for r in task.before if getattr(r, key) not in targets]
  states = {}
  if isinstance(task, sqlite_validators.DeleteDuplicateRows):
    for i, t in enumerate(targets):
      states[f"duplicate {i + 1} deleted"] = [("delete", [t])]
    states["both duplicates deleted"] = [("delete", targets)]
  else:
    states["targets deleted"] = [("delete", targets)]
    if len(targets) > 1:
      states["one target kept"] = [("delete", targets[1:])]
  if others:
    states["targets and another row deleted"] = [("delete", targets + [rng.choice(others)])]
    states["another row deleted instead"] = [("delete", [rng.choice(others)])]
  # validate_rows_removal_integrity: no row may be added, and the rows kept unchanged.
  kept = [r for r in task.before if getattr(r, key) not in targets]
  text = next((f.name for f in dataclasses.fields(task.before[0]) if f.name != key and isinstance(getattr(task.before[0], f.name), str)), None) if task.before else None
  if text and targets:
    target_row = next(r for r in task.before if getattr(r, key) == targets[0])
    states["targets deleted and a row added"] = [("delete", targets), ("insert", [dataclasses.replace(target_row, **{text: getattr(target_row, text) + " new"})])]
    states["a target edited instead of deleted"] = [("sql", task.db_path, [f"UPDATE {task.table_name} SET {text} = {text} || ' edited' WHERE {key} = {targets[0]}"])]
    if kept:
      states["targets deleted and a kept row edited"] = [("delete", targets), ("sql", task.db_path, [f"UPDATE {task.table_name} SET {text} = {text} || ' edited' WHERE {key} = {getattr(kept[0], key)}"])]
  return states


def _settings_states(task):
  """single/system.py: the toggles read `settings get global wifi_on|bluetooth_on`
  (1 or not), the brightness `settings get system screen_brightness` (255 or 1)."""
  states = {}
  for key, values in (("wifi_on", ("0", "1", "2")), ("bluetooth_on", ("0", "1"))):
    for v in values:
      states[f"global {key} {v}"] = [("settings", [("global", key, v)])]
  for v in ("1", "255", "128"):
    states[f"system screen_brightness {v}"] = [("settings", [("system", "screen_brightness", v)])]
  states["wifi off, bluetooth on"] = [("settings", [("global", "wifi_on", "0"), ("global", "bluetooth_on", "1")])]
  return states


# ---- files (common_validators/file_validators.py, single/files.py, single/markor.py) ----


def _delete_file_states(task, d):
  """file_validators.DeleteFile.is_successful: 1 unless check_file_or_folder_exists
  (`find DIR -type f -o -type d` lists DIR/file_name)."""
  name = task.params["file_name"]
  noise = sorted(n for n in task.params.get("noise_candidates", []) if n != name)
  states = {
      "file deleted": [("rm", _join(d, name))],
      "file deleted, a folder of that name made": [("rm", _join(d, name)), ("mkdir", _join(d, name))],
      "file moved into a subfolder": [("rm", _join(d, name)), ("push", _join(d, "old", name), "x")],
      "the whole folder deleted": [("rm", d)],
      "file renamed in upper case": [("rm", _join(d, name)), ("push", _join(d, name.upper()), "x")],
  }
  if noise:
    states["another file deleted instead"] = [("rm", _join(d, noise[0]))]
  return states


def _move_file_states(task, src, dst):
  """file_validators.MoveFile.is_successful: not in the source folder and in the
  destination (check_file_or_folder_exists, files or folders)."""
  name = task.params["file_name"]
  return {
      "file moved": [("rm", _join(src, name)), ("push", _join(dst, name), "moved")],
      "file copied": [("push", _join(dst, name), "copied")],
      "file deleted": [("rm", _join(src, name))],
      "file moved to a third folder": [("rm", _join(src, name)), ("push", _join(src + "_other", name), "x")],
      "file moved and renamed": [("rm", _join(src, name)), ("push", _join(dst, "copy_" + name), "x")],
      "a folder of that name in the destination": [("rm", _join(src, name)), ("mkdir", _join(dst, name))],
      "file moved into a subfolder of the destination": [("rm", _join(src, name)), ("push", _join(dst, "sub", name), "x")],
      "source folder deleted, file in the destination": [("rm", src), ("push", _join(dst, name), "x")],
  }


def _create_file_states(d, name, text, check_text=True):
  """file_validators.CreateFile.is_successful: check_file_or_folder_exists(name, dir),
  then `cat` (a failure raises), "\\r" removed, stripped, fuzzy_match(file, text).
  Without check_text, only the existence (AudioRecorder, SimpleDrawPro, the gallery
  copy)."""
  p = _join(d, name)
  states = {
      "file made": [("push", p, text + "\n")],
      "file made in a subfolder": [("push", _join(d, "sub", name), text)],
      "file made under another name": [("push", _join(d, "x" + name), text)],
      "a folder of that name": [("mkdir", p)],
  }
  if name != name.upper():
    states["file made with the name in upper case"] = [("push", _join(d, name.upper()), text)]
  if check_text:
    states["file made with CRLF line ends"] = [("push", p, text.replace("\n", "\r\n") + "\r\n")]
    states["file made empty"] = [("push", p, "")]
    for what, t in _fuzzy_edges(text).items():
      states["file made, text " + what] = [("push", p, t)]
  return states


def _markor_states(task, env):
  """single/markor.py, each task's is_successful."""
  d = device_constants.MARKOR_DATA
  n, p = task.name, task.params
  if n == "MarkorCreateFolder":
    f = p["folder_name"]
    return {"folder made": [("mkdir", _join(d, f))], "a file of that name": [("push", _join(d, f), "")],
            "folder made in a subfolder": [("mkdir", _join(d, "sub", f))],
            "folder named in upper case": [("mkdir", _join(d, f.upper()))],
            "folder named without its last letter": [("mkdir", _join(d, f[:-1]))]}
  if n == "MarkorEditNote":
    # expected: header + "\n" + original, original + "\n" + footer, or replace_text;
    # fuzzy_match(file stripped, expected); `cat` of a missing note raises.
    orig = task.original_content
    kind = p["edit_type"]
    expected = {"header": lambda: p["header"] + "\n" + orig, "footer": lambda: orig + "\n" + p["footer"],
                "replace": lambda: p["replace_text"]}[kind]()
    f = _join(d, p["file_name"])
    states = {"note edited": [("push", f, expected + "\n")], "note edited, CRLF": [("push", f, expected.replace("\n", "\r\n"))],
              "note deleted": [("rm", f)], "note made a folder": [("rm", f), ("mkdir", f)],
              "note emptied": [("push", f, "")]}
    if kind == "header":
      states["header added at the bottom"] = [("push", f, orig + "\n" + p["header"])]
      states["header replaced the text"] = [("push", f, p["header"])]
    elif kind == "footer":
      states["footer added at the top"] = [("push", f, p["footer"] + "\n" + orig)]
      states["footer replaced the text"] = [("push", f, p["footer"])]
    else:
      states["replacement added below the text"] = [("push", f, orig + "\n" + p["replace_text"])]
    for what, t in _fuzzy_edges(expected).items():
      states["note edited, " + what] = [("push", f, t)]
    return states
  if n == "MarkorDeleteNewestNote":
    # the notes sorted by time must be the first ones before, with the same times, and
    # one fewer; a note more than before makes the loop index past the old list.
    files = sorted(file_utils.get_file_list_with_metadata(d, env.controller), key=lambda x: x.change_time)
    newest, oldest = files[-1].file_name, files[0].file_name
    states = {"newest deleted": [("rm", _join(d, newest))], "oldest deleted": [("rm", _join(d, oldest))],
              "all deleted": [("rm", _join(d, x.file_name)) for x in files],
              "newest deleted and a note added": [("rm", _join(d, newest)), ("push", _join(d, "new_note.md"), "x")],
              "a note added": [("push", _join(d, "new_note.md"), "x")],
              "newest deleted, a folder made": [("rm", _join(d, newest)), ("mkdir", _join(d, "Folder"))]}
    if len(files) > 2:
      states["newest deleted and another rewritten"] = [("rm", _join(d, newest)), ("push", _join(d, oldest), "rewritten")]
      states["the two newest deleted"] = [("rm", _join(d, newest)), ("rm", _join(d, files[-2].file_name))]
    return states
  if n == "MarkorDeleteAllNotes":
    # get_file_list_with_metadata (regular files in `ls -ll -au`) is empty; it raises
    # when Markor's folder is not a directory.
    files = file_utils.get_file_list_with_metadata(d, env.controller)
    rm_all = [("rm", _join(d, x.file_name)) for x in files]
    return {"all notes deleted": rm_all, "all but one deleted": rm_all[1:], "all deleted, a folder made": rm_all + [("mkdir", _join(d, "Old"))],
            "all deleted, a note in a subfolder": rm_all + [("push", _join(d, "Old", "x.md"), "x")],
            "the Markor folder deleted": [("rm", d)], "a file where the folder was": [("rm", d), ("push", d, "x")]}
  if n == "MarkorMergeNotes":
    # CreateFile(new_file_name, c1 + "\n\n" + c2 + "\n\n" + c3 + "\n") and then the
    # stripped file is five lines, the 2nd and 4th empty.
    c = [p["file1_content"], p["file2_content"], p["file3_content"]]
    f = _join(d, p["new_file_name"])
    return {"notes merged": [("push", f, "\n\n".join(c) + "\n")],
            "merged with CRLF": [("push", f, "\r\n\r\n".join(c) + "\r\n")],
            "merged without blank lines": [("push", f, "\n".join(c))],
            "merged with two blank lines each": [("push", f, "\n\n\n".join(c))],
            "merged in another order": [("push", f, "\n\n".join([c[2], c[0], c[1]]))],
            "two notes merged": [("push", f, "\n\n".join(c[:2]))],
            "merged, blank lines with spaces": [("push", f, " \n\n".join(c))],
            "merged into a folder": [("mkdir", f)],
            "merged under another name": [("push", f + "x", "\n\n".join(c))]}
  if n in ("MarkorChangeNoteContent", "MarkorAddNoteHeader"):
    old, new = _join(d, p["original_name"]), _join(d, p["new_name"])
    if n == "MarkorChangeNoteContent":
      # original gone, new exists, check_file_content(new, updated_content): fuzzy,
      # stripped; a failing `cat` there counts as no match (it catches the error).
      want = p["updated_content"]
      states = {"renamed and updated": [("rm", old), ("push", new, want + "\n")],
                "updated, not renamed": [("push", old, want)],
                "renamed, not updated": [("rm", old), ("push", new, "old text")],
                "updated copy, original kept": [("push", new, want)],
                "renamed into a folder": [("rm", old), ("mkdir", new)]}
      for what, t in _fuzzy_edges(want).items():
        states["renamed, content " + what] = [("rm", old), ("push", new, t)]
      return states
    # MarkorAddNoteHeader: original gone, new exists, and its text is exactly
    # header + "\n\n" + original_content + "\n" ("\r" removed, nothing stripped).
    want = p["header"] + "\n\n" + p["original_content"] + "\n"
    return {"header added and renamed": [("rm", old), ("push", new, want)],
            "same with CRLF": [("rm", old), ("push", new, want.replace("\n", "\r\n"))],
            "no blank line": [("rm", old), ("push", new, p["header"] + "\n" + p["original_content"] + "\n")],
            "no final newline": [("rm", old), ("push", new, want[:-1])],
            "an extra final newline": [("rm", old), ("push", new, want + "\n")],
            "header typo": [("rm", old), ("push", new, want[1:])],
            "not renamed": [("push", old, want)],
            "copied, original kept": [("push", new, want)],
            "renamed into a folder": [("rm", old), ("mkdir", new)]}
  if n in ("MarkorMoveNote",):
    return _move_file_states(task, task.move_file_task.source_directory, task.move_file_task.dest_directory)
  if n == "MarkorDeleteNote":
    return _delete_file_states(task, task.delete_file_task.data_directory)
  if n in ("MarkorCreateNote", "MarkorCreateNoteFromClipboard", "MarkorTranscribeReceipt", "MarkorTranscribeVideo"):
    t = task.create_file_task
    return _create_file_states(t.data_directory, t.params["file_name"], t.params["text"])
  return {}


# ---- screens (single/clock.py, single/browser.py, single/contacts.py) ----


def _screen_states(task):
  n, p = task.name, task.params
  screen = lambda activity, *nodes, sdk=None: [("screen", activity, list(nodes), sdk)]
  if n == "ClockTimerEntry":
    # _is_timer_set: DeskClock in front and an element with text "01h 02m 03s" or the
    # description "1 hours, 2 minutes, 3 seconds".
    h, m, s = p["hours"], p["minutes"], p["seconds"]
    text, desc = f"{h:02d}h {m:02d}m {s:02d}s", f"{h} hours, {m} minutes, {s} seconds"
    other = f"{h:02d}h {m:02d}m {(s + 1) % 60:02d}s"
    return {"timer shown": screen(DESKCLOCK, _node(text)), "timer described": screen(DESKCLOCK, _node(desc=desc)),
            "another time shown": screen(DESKCLOCK, _node(other)), "timer shown in another app": screen(LAUNCHER, _node(text)),
            "timer text on a container": screen(DESKCLOCK, _node(text, children=[_node("Start")])),
            "timer text with its unit words": screen(DESKCLOCK, _node(f"{h}h {m}m {s}s")),
            "timer described on a container": screen(DESKCLOCK, _node(desc=desc, children=[_node("x")]))}
  if n == "ClockStopWatchRunning":
    # _is_stopwatch_running: DeskClock, elements described Pause and Lap.
    return {"running": screen(DESKCLOCK, _node(desc="Pause"), _node(desc="Lap")),
            "no Lap": screen(DESKCLOCK, _node(desc="Pause")),
            "Pause as text only": screen(DESKCLOCK, _node("Pause"), _node(desc="Lap")),
            "running in another app": screen(LAUNCHER, _node(desc="Pause"), _node(desc="Lap")),
            "paused": screen(DESKCLOCK, _node(desc="Start"), _node(desc="Lap"))}
  if n == "ClockStopWatchPausedVerify":
    # _is_stopwatch_paused: DeskClock, a Start description, and two or more elements
    # described or titled Stopwatch (if/elif: the Start element is not counted).
    return {"paused": screen(DESKCLOCK, _node(desc="Start"), _node(desc="Stopwatch"), _node("Stopwatch")),
            "Stopwatch once": screen(DESKCLOCK, _node(desc="Start"), _node("Stopwatch")),
            "no Start": screen(DESKCLOCK, _node(desc="Pause"), _node(desc="Stopwatch"), _node("Stopwatch")),
            "paused in another app": screen(LAUNCHER, _node(desc="Start"), _node(desc="Stopwatch"), _node("Stopwatch")),
            "Stopwatch title on a container": screen(DESKCLOCK, _node(desc="Start"), _node(desc="Stopwatch"),
                                                     _node("Stopwatch", children=[_node("00:00")])),
            "Start also titled Stopwatch": screen(DESKCLOCK, _node("Stopwatch", desc="Start"), _node(desc="Stopwatch")),
            "Stopwatch three times": screen(DESKCLOCK, _node(desc="Start"), _node(desc="Stopwatch"), _node("Stopwatch"), _node("Stopwatch"))}
  if n.startswith("Browser"):
    # BrowserTask.is_successful: com.android.chrome in front, an element with text
    # exactly "Success!".
    return {"solved": screen(CHROME, _node("Success!")), "not solved": screen(CHROME, _node("Submit")),
            "solved in another browser": screen("org.mozilla.firefox/.App", _node("Success!")),
            "Success! as a description": screen(CHROME, _node(desc="Success!")),
            "Success! with a space": screen(CHROME, _node("Success! ")),
            "Success! on a container": screen(CHROME, _node("Success!", children=[_node("ok")])),
            "Success! on a scrollable container": screen(CHROME, _node("Success!", scrollable=True, children=[_node("ok")]))}
  if n == "ContactsNewContactDraft":
    # _contact_info_is_entered over forest_to_ui_elements (leaves, described or
    # scrollable nodes, visible or not): text fuzzy-matching first with hint
    # "First name", last with "Last name", the phone's digits with hint "Phone", and
    # the label: text phone_label described "<label> Phone", or just below the phone
    # field. The hints are in the dump from Android 16 on: the screen is a 16 device's.
    first, last, phone, label = p["first"], p["last"], p["phone"], p["phone_label"]
    other = "Home" if label == "Work" else "Work"

    def form(first=first, last=last, phone=phone, label_node=None, fh="First name", lh="Last name"):
      nodes = [_node(first, hint=fh, cls="android.widget.EditText", bounds=(189, 500, 1038, 640)),
               _node(last, hint=lh, cls="android.widget.EditText", bounds=(189, 650, 1038, 790)),
               _node(phone, hint="Phone", cls="android.widget.EditText", bounds=(189, 1300, 1038, 1440))]
      if label_node is None:
        label_node = _node(label, desc=label + " Phone", cls="android.widget.Spinner", bounds=(189, 1440, 500, 1560))
      return screen(CONTACT_EDITOR, *(nodes + [label_node]), sdk=36)

    below = lambda top: _node(label, cls="android.widget.Spinner", bounds=(189, top, 500, top + 120))
    return {"form filled": form(), "label below the phone, undescribed": form(label_node=below(1440)),
            "label far below the phone, undescribed": form(label_node=below(1600)),
            "label above the phone, undescribed": form(label_node=below(1200)),
            "other label": form(label_node=_node(other, desc=other + " Phone", cls="android.widget.Spinner", bounds=(189, 1440, 500, 1560))),
            "first name typo": form(first=first + "a"), "first name wrong": form(first="Zed"),
            "names swapped": form(first=last, last=first),
            "hints swapped": form(fh="Last name", lh="First name"),
            "phone with dots": form(phone=phone.replace("-", ".")), "phone off by one digit": form(phone=phone[:-1] + str((int(phone[-1]) + 1) % 10)),
            "form saved": screen("com.google.android.contacts/com.android.contacts.quickcontact.QuickContactActivity", _node(first + " " + last), _node(phone))}
  return {}


# ---- SMS (common_validators/sms_validators.py, single/sms.py, composite/markor_sms.py) ----


def _sql_text(s):
  return "'" + s.replace("'", "''") + "'"


def _sms_row(box, number, body, ms_ago=0):
  """A message stored as the telephony provider stores it (sms table of mmssms.db),
  dated ms_ago before the device clock."""
  return ("sms_row", box, number, body, ms_ago)


def _send(number, body):
  """Sent from Simple SMS Messenger as AndroidWorld's send_sms tool does it: the
  SENDTO intent, then a tap on the button labelled SMS."""
  return [("intent", ["-a", "android.intent.action.SENDTO", "-d", "sms:" + number, "--es", "sms_body", body]), ("tap", "SMS")]


def _sms_states(number, body):
  """SimpleSMSSendSms.is_successful: a sent message (content://sms/sent) to number
  (address less dashes and spaces) whose body fuzzy-matches, dated within 5 minutes of
  `date +%s`; Simple SMS Messenger in front; it raises when an element's text starts
  with "Sending"."""
  dashed = number[:2] + " " + number[2:5] + "-" + number[5:8] + "-" + number[8:]
  other = number[:-1] + str((int(number[-1]) + 1) % 10)
  states = {
      "sent from the app": _send(number, body),
      "sent, then the launcher in front": _send(number, body) + [("start", LAUNCHER)],
      "sent to another number": _send(other, body),
      "sent to the number written with dashes and spaces": _send(dashed, body),
      "sent four minutes ago": [_sms_row(2, number, body, 4 * 60 * 1000), ("start", SMS_APP)],
      "sent six minutes ago": [_sms_row(2, number, body, 6 * 60 * 1000), ("start", SMS_APP)],
      "received instead of sent": [("text_in", number, body), ("start", SMS_APP)],
      "left as a draft": [_sms_row(3, number, body), ("start", SMS_APP)],
      # parse_message cuts the body at the last ", " before the next "=": a field-like
      # tail is cut off; an "=" with no ", " before it swallows the rest of the row.
      "sent with a field after the body": [_sms_row(2, number, body + ", ref=1"), ("start", SMS_APP)],
      "sent with an = in the body": [_sms_row(2, number, body + " x=1"), ("start", SMS_APP)],
      "stuck at Sending": _send(number, body) + [("screen", SMS_APP, [_node(body), _node("Sending…")], None)],
      "sent, the screen says Sent": _send(number, body) + [("screen", SMS_APP, [_node(body), _node("Sent")], None)],
      "sent, Sending on a container": _send(number, body) + [("screen", SMS_APP, [_node("Sending…", children=[_node(body)])], None)],
  }
  for what, t in _fuzzy_edges(body).items():
    states["sent, body " + what] = _send(number, t)
  return states


def _sms_task_states(task):
  n, p = task.name, task.params
  if n == "SimpleSmsResend":
    # SimpleSmsResend.is_successful: one more sent message than at setup, and the
    # newest (index 0) equals the last listed at setup (address, fuzzy body).
    number, body = p["number"], p["message"]
    return {"resent": _send(number, body), "resent twice": _send(number, body) + _send(number, body),
            "another message sent": _send(number, "Sorry, what?"), "resent to another number": _send(number[:-1] + "0", body),
            "resent with a typo": _send(number, body[:-1]),
            "old message deleted, resent": [("shell_sql", "DELETE FROM sms WHERE type = 2"), *_send(number, body)],
            "resent, then the launcher in front": _send(number, body) + [("start", LAUNCHER)]}
  if n == "MarkorCreateNoteAndSms":
    # (MarkorCreateNote + SimpleSMSSendSms) / 2.
    note = _join(device_constants.MARKOR_DATA, p["file_name"])
    number, text = p["number"], p["text"]
    return {"note and message": [("push", note, text + "\n")] + _send(number, text),
            "note only": [("push", note, text + "\n")], "message only": _send(number, text),
            "note, message to another number": [("push", note, text + "\n")] + _send(number[:-1] + "0", text),
            "note with a typo, message": [("push", note, text[:len(text) // 2])] + _send(number, text),
            "note and message, stuck at Sending": [("push", note, text)] + _send(number, text) +
            [("screen", SMS_APP, [_node("Sending…")], None)]}
  return _sms_states(p["number"], p["message"])


def _contact_states(task):
  """contacts_validators.AddContact: list_contacts (content query of
  content://contacts/phones/, `display_name=(.*), number=(.*)`) holds the name
  exactly and the number's digits."""
  name, number = task.params["name"], task.params["number"]

  def add(n, num):
    return [("intent", ["-a", "android.intent.action.INSERT", "-t", "vnd.android.cursor.dir/contact", "-e", "name", n, "-e", "phone", num]),
            ("tap", "Save"), ("shell", ["input", "keyevent", "KEYCODE_BACK"])]

  return {"contact saved": add(name, number), "saved with the number formatted": add(name, number[:2] + " (" + number[2:5] + ") " + number[5:8] + "-" + number[8:]),
          "saved without the country code": add(name, number[2:]), "saved with the name in lower case": add(name.lower(), number),
          "saved with a trailing space": add(name + " ", number), "saved with another number": add(name, number[:-1] + "0"),
          "first name only": add(name.split()[0], number), "two contacts, one right": add("Someone Else", "+15550000000") + add(name, number)}


# ---- apps: system, camera, recorder, clipboard, OsmAnd, playlists ----


def _system_states(task):
  n, p = task.name, task.params
  if n in ("OpenAppTaskEval", "TurnOnWifiAndOpenApp"):
    # OpenAppTaskEval.is_successful: the package of the current activity is the app's.
    pkgs = {"camera": "com.android.camera2", "clock": "com.google.android.deskclock", "contacts": "com.google.android.contacts",
            "settings": "com.android.settings", "dialer": "com.google.android.dialer"}
    want = pkgs[p["app_name"]]
    other = next(v for k, v in sorted(pkgs.items()) if v != want)
    states = {"app opened": [("start", want + "/.Main")], "another activity of the app": [("start", want + "/" + want + ".Other")],
              "another app opened": [("start", other + "/.Main")], "an app of a similar name": [("start", want + "x/.Main")]}
    if n == "TurnOnWifiAndOpenApp":
      # (SystemWifiTurnOn + OpenAppTaskEval) / 2.
      on = ("settings", [("global", "wifi_on", "1")])
      states = {"wifi on, app opened": [on, ("start", want + "/.Main")], "wifi on only": [on],
                "app opened only": [("start", want + "/.Main")], "wifi on, another app": [on, ("start", other + "/.Main")]}
    return states
  if n == "SystemCopyToClipboard":
    # fuzzy_match(clipboard_content, what Clipper reads).
    c = p["clipboard_content"]
    states = {"copied": [("clipboard", c)], "copied with a trailing space": [("clipboard", c + " ")]}
    for what, t in _fuzzy_edges(c).items():
      states["copied, " + what] = [("clipboard", t)]
    return states
  if n in ("CameraTakePhoto", "CameraTakeVideo"):
    # the names `ls DIR` prints now that it did not at setup: exactly one.
    d, other = (device_constants.PHOTOS_DATA, device_constants.VIDEOS_DATA) if n == "CameraTakePhoto" else (device_constants.VIDEOS_DATA, device_constants.PHOTOS_DATA)
    ext = ".jpg" if n == "CameraTakePhoto" else ".mp4"
    return {"one taken": [("push", _join(d, "IMG_1" + ext), "x")], "two taken": [("push", _join(d, "IMG_1" + ext), "x"), ("push", _join(d, "IMG_2" + ext), "x")],
            "one hidden file": [("push", _join(d, ".pending" + ext), "x")], "a folder made": [("mkdir", _join(d, "Album"))],
            "taken into the other folder": [("push", _join(other, "IMG_1" + ext), "x")], "the folder deleted": [("rm", d)],
            "one taken and a hidden file": [("push", _join(d, "IMG_1" + ext), "x"), ("push", _join(d, ".thumb"), "x")]}
  if n == "AudioRecorderRecordAudio":
    # the non-empty regular files (`ls -ll -au`) not in the listing at setup
    # (name, size and time alike): exactly one; a missing folder raises.
    d = device_constants.AUDIORECORDER_DATA
    return {"one recorded": [("push", _join(d, "rec1.m4a"), "audio")], "an empty recording": [("push", _join(d, "rec1.m4a"), "")],
            "two recorded": [("push", _join(d, "rec1.m4a"), "audio"), ("push", _join(d, "rec2.m4a"), "audio")],
            "one recorded and an empty one": [("push", _join(d, "rec1.m4a"), "audio"), ("push", _join(d, "rec2.m4a"), "")],
            "a folder made": [("mkdir", _join(d, "sub"))], "recorded into a subfolder": [("push", _join(d, "sub", "rec1.m4a"), "audio")],
            "the folder deleted": [("rm", d)]}
  if n == "AudioRecorderRecordAudioWithFileName":
    # check_file_or_folder_exists(file_name + ".m4a") in the recordings folder: the
    # name already ends in .m4a, so AndroidWorld looks for NAME.m4a.m4a.
    d, f = device_constants.AUDIORECORDER_DATA, p["file_name"]
    return {"saved as NAME.m4a": [("push", _join(d, f + ".m4a"), "audio")], "saved as NAME": [("push", _join(d, f), "audio")],
            "saved as a folder NAME.m4a": [("mkdir", _join(d, f + ".m4a"))], "saved in a subfolder": [("push", _join(d, "sub", f + ".m4a"), "audio")]}
  if n == "SimpleDrawProCreateDrawing":
    t = task.create_file_task
    return _create_file_states(t.data_directory, p["file_name"], "", check_text=False)
  if n == "SaveCopyOfReceiptTaskEval":
    d, f = device_constants.DOWNLOAD_DATA, p["file_name"]
    states = _create_file_states(d, f, "", check_text=False)
    states["copied and the original deleted"] = [("rm", _join(device_constants.GALLERY_DATA, f)), ("push", _join(d, f), "jpg")]
    return states
  return {}


def _gpx(points=(), waypoints=(), track=True):
  """A GPX 1.1 file as OsmAnd writes it: waypoints (wpt, with a name) and one track."""
  out = ['<?xml version="1.0" encoding="UTF-8"?>', '<gpx version="1.1" creator="OsmAnd" xmlns="http://www.topografix.com/GPX/1/1">']
  for w in waypoints:
    attrs = "".join(f' {k}="{v}"' for k, v in (("lat", w.get("lat")), ("lon", w.get("lon"))) if v is not None)
    name = w.get("name")
    inner = "" if name is None else ("<name/>" if name == "" else f"<name>{html.escape(name)}</name>")
    out.append(f"<wpt{attrs}>{inner}</wpt>")
  if track:
    out.append("<trk><name>track</name><trkseg>")
    out += [f'<trkpt lat="{lat}" lon="{lon}"/>' for lat, lon in points]
    out.append("</trkseg></trk>")
  out.append("</gpx>")
  return "\n".join(out) + "\n"


def _osmand_states(task):
  n, p = task.name, task.params
  locs = osmand._PRELOADED_MAP_LOCATIONS  # pylint: disable=protected-access
  if n == "OsmAndTrack":
    # each file in the tracks folder parsed as GPX (a failure raises); some file's
    # track points pass near every waypoint in order (within 0.001 degrees).
    d = _join(osmand._DEVICE_FILES, "tracks")  # pylint: disable=protected-access
    pts = [locs[w] for w in p["waypoints"]]
    mid = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(pts, pts[1:])]
    between = [x for pair in zip(pts, mid + [None]) for x in pair if x is not None]
    f = _join(d, "track.gpx")
    return {"track saved": [("push", f, _gpx(pts))], "track with points between": [("push", f, _gpx(between))],
            "track reversed": [("push", f, _gpx(pts[::-1]))], "track missing the last waypoint": [("push", f, _gpx(pts[:-1]))],
            "track 0.002 degrees off": [("push", f, _gpx([(a + 0.002, b) for a, b in pts]))],
            "track 0.0009 degrees off": [("push", f, _gpx([(a + 0.0009, b - 0.0009) for a, b in pts]))],
            "two files, the second right": [("push", _join(d, "a.gpx"), _gpx(pts[:1])), ("push", _join(d, "b.gpx"), _gpx(pts))],
            # A file that is not XML raises when reached; beside a passing track the
            # verdict hangs on os.listdir's order on the host (see Go's table), so it is
            # tried alone and beside a track that does not pass.
            "a file that is not GPX": [("push", _join(d, "notes.txt"), "not xml")],
            "a file that is not GPX beside a wrong track": [("push", f, _gpx(pts[::-1])), ("push", _join(d, "notes.txt"), "not xml")],
            "a point without lon": [("push", f, _gpx(pts).replace(f' lon="{pts[0][1]}"', "", 1))],
            "the tracks folder deleted": [("rm", d)], "track in a subfolder": [("push", _join(d, "sub", "track.gpx"), _gpx(pts))]}
  loc = p["location"]
  coords = osmand._lookup_location_coords(loc)  # pylint: disable=protected-access
  if n == "OsmAndFavorite":
    # favorites.gpx is a file; some wpt's name contains location, or its lat/lon lie
    # within 0.001 degrees of the location's coordinates.
    f = osmand._FAVORITES_PATH  # pylint: disable=protected-access
    lat, lon = coords if coords else (47.0, 9.5)
    states = {"favorite at the place": [("push", f, _gpx(waypoints=[{"lat": lat, "lon": lon, "name": "Place"}], track=False))],
              "favorite named after the place": [("push", f, _gpx(waypoints=[{"lat": 0, "lon": 0, "name": "My " + loc}], track=False))],
              "favorite 0.002 degrees off": [("push", f, _gpx(waypoints=[{"lat": lat + 0.002, "lon": lon, "name": "Place"}], track=False))],
              "favorite 0.0009 degrees off": [("push", f, _gpx(waypoints=[{"lat": lat - 0.0009, "lon": lon + 0.0009, "name": "Place"}], track=False))],
              "favorite with an empty name": [("push", f, _gpx(waypoints=[{"lat": lat, "lon": lon, "name": ""}], track=False))],
              "favorite without a name": [("push", f, _gpx(waypoints=[{"lat": lat, "lon": lon}], track=False))],
              "favorite without coordinates": [("push", f, _gpx(waypoints=[{"name": "Place"}], track=False))],
              "favorites file deleted": [("rm", f)], "favorites not XML": [("push", f, "favorites")],
              "favorites a folder": [("rm", f), ("mkdir", f)],
              "favorite in upper case": [("push", f, _gpx(waypoints=[{"lat": 0, "lon": 0, "name": loc.upper()}], track=False))]}
    return states
  if n == "OsmAndMarker":
    # a map_markers row within 0.001 degrees of the location (names are not read).
    db = task.db_path

    def marker(lat, lon, name="Place"):
      return ("sql", db, [f"INSERT INTO map_markers (marker_id, marker_lat, marker_lon, marker_description, title) VALUES "
                          f"('m{lat}{lon}', {lat}, {lon}, {_sql_text(name)}, {_sql_text(name)})"])

    lat, lon = coords if coords else (47.0, 9.5)
    return {"marker at the place": [marker(lat, lon)], "marker 0.002 degrees off": [marker(lat, lon + 0.002)],
            "marker 0.0009 degrees off": [marker(lat + 0.0009, lon - 0.0009)], "marker named after the place, elsewhere": [marker(0, 0, loc)],
            "two markers, the second right": [marker(0, 0), marker(lat, lon)]}
  return {}


def _playlist_rows_vlc(db, playlist, files, start=1):
  stmts = []
  for i, f in enumerate(files):
    stmts.append(f"INSERT OR IGNORE INTO Media (id_media, type, title, filename) VALUES ({start + i}, 1, {_sql_text(f)}, {_sql_text(f)})")
  stmts.append(f"INSERT INTO Playlist (name) VALUES ({_sql_text(playlist)})")
  for i, f in enumerate(files):
    stmts.append(f"INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES ({start + i}, (SELECT max(id_playlist) FROM Playlist), {i})")
  return ("sql", db, stmts)


def _playlist_rows_retro(db, playlist, songs, durations=None):
  stmts = [f"INSERT INTO PlaylistEntity (playlist_name) VALUES ({_sql_text(playlist)})"]
  for i, s in enumerate(songs):
    dur = durations[i] if durations else 200000
    stmts.append("INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, duration, data, date_modified, album_id, "
                 f"album_name, artist_id, artist_name) VALUES ((SELECT max(playlist_id) FROM PlaylistEntity), {i + 1}, {_sql_text(s)}, 0, 2023, "
                 f"{dur}, {_sql_text('/storage/emulated/0/Music/' + s + '.mp3')}, 0, 1, 'Album', 1, 'Artist')")
  return ("sql", db, stmts)


# Retro Music's playing queue table (MusicPlaybackState's playing_queue).
_RETRO_QUEUE_SCHEMA = ("CREATE TABLE playing_queue (_id INTEGER PRIMARY KEY, title TEXT, track INTEGER, year INTEGER, duration INTEGER, "
                       "_data TEXT, date_modified INTEGER, album_id INTEGER, album TEXT, artist_id INTEGER, artist TEXT);")


def _playlist_variants(name, items, rows):
  """sqlite_validators.verify_playlist: the rows whose playlist name fuzzy-matches
  (ignoring case) are exactly the files, in order (position = index), names exact."""
  other = items[1:] + items[:1] if len(items) > 1 else items
  return {"playlist made": [rows(name, items)], "playlist in another order": [rows(name, other)],
          "playlist missing the last item": [rows(name, items[:-1])], "playlist with an extra item": [rows(name, items + [items[0] + "_extra"])],
          "playlist named in lower case": [rows(name.lower(), items)], "playlist name with a typo": [rows(name[:-1], items)],
          "playlist name far off": [rows("Road Mix", items)], "playlist made twice": [rows(name, items), rows(name, items)],
          "item names in upper case": [rows(name, [i.upper() for i in items])],
          "another playlist as well": [rows(name, items), rows("Road Mix", items[:1])]}


def _media_states(task):
  n, p = task.name, task.params
  if n == "VlcCreatePlaylist":
    db = "/data/data/org.videolan.vlc/app_db/vlc_media.db"
    return _playlist_variants(p["playlist_name"], list(p["files"]), lambda name, items: _playlist_rows_vlc(db, name, items))
  if n == "VlcCreateTwoPlaylists":
    # (VlcCreatePlaylist 1 + VlcCreatePlaylist 2) / 2.
    db = "/data/data/org.videolan.vlc/app_db/vlc_media.db"
    one = _playlist_rows_vlc(db, p["playlist_name1"], list(p["files1"]))
    two = _playlist_rows_vlc(db, p["playlist_name2"], list(p["files2"]), start=100)
    return {"both playlists": [one, two], "the first only": [one], "the second only": [two],
            "both, the second in another order": [one, _playlist_rows_vlc(db, p["playlist_name2"], list(p["files2"])[::-1], start=100)]}
  db = "/data/data/code.name.monkey.retromusic/databases/playlist.db"
  songs = [f.split(".")[0] for f in p["files"]]
  rows = lambda name, items, durations=None: _playlist_rows_retro(db, name, items, durations)
  if n == "RetroCreatePlaylist":
    return _playlist_variants(p["playlist_name"], songs, rows)
  if n == "RetroSavePlaylist":
    # (RetroCreatePlaylist + `test -f Download/<name>.m3u`) / 2.
    m3u = _join(device_constants.DOWNLOAD_DATA, p["playlist_name"] + ".m3u")
    return {"made and exported": [rows(p["playlist_name"], songs), ("push", m3u, "#EXTM3U\n")],
            "made, not exported": [rows(p["playlist_name"], songs)], "exported only": [("push", m3u, "#EXTM3U\n")],
            "exported as a folder": [rows(p["playlist_name"], songs), ("mkdir", m3u)],
            "exported in lower case": [rows(p["playlist_name"], songs), ("push", m3u.lower(), "x")]}
  if n == "RetroPlayingQueue":
    # the titles of playing_queue, in rowid order, equal the songs.
    # RetroCreatePlaylist.initialize_task clears playlist.db with sqlite_utils, whose
    # push_file empties the databases folder first: music_playback_state.db is gone
    # until the app makes it again when something is queued.
    q = "/data/data/code.name.monkey.retromusic/databases/music_playback_state.db"
    queue = lambda items: ("sql", q, [f"INSERT INTO playing_queue (title) VALUES ({_sql_text(s)})" for s in items], _RETRO_QUEUE_SCHEMA)
    return {"queued": [queue(songs)], "queued in another order": [queue(songs[::-1])], "one missing": [queue(songs[:-1])],
            "one extra": [queue(songs + songs[:1])], "queued in lower case": [queue([s.lower() for s in songs])],
            "the queue database deleted": [("rm", q)]}
  if n == "RetroPlaylistDuration":
    # every playlist row's name equals playlist_name exactly (else False), total
    # duration_ms within [45, 50] minutes.
    name = p["playlist_name"]
    k = len(songs)

    def durations(total):
      base = [total // k] * k
      base[-1] += total - sum(base)
      return base

    return {"47.5 minutes": [rows(name, songs, durations(2850000))], "exactly 45 minutes": [rows(name, songs, durations(2700000))],
            "exactly 50 minutes": [rows(name, songs, durations(3000000))], "a millisecond under 45": [rows(name, songs, durations(2699999))],
            "a millisecond over 50": [rows(name, songs, durations(3000001))],
            "name in lower case": [rows(name.lower(), songs, durations(2850000))],
            "right playlist and another": [rows(name, songs, durations(2850000)), rows("Other 1", songs[:1])]}
  return {}


def states_for(task, env):
  rng = random.Random(task.params.get("seed", 0))
  states = {"nothing": []}
  n = task.name
  if isinstance(task, information_retrieval.InformationRetrieval):
    states.update(_answer_states(task))
  if isinstance(task, sqlite_validators.AddMultipleRows):
    states.update(_row_states(task, rng))
  if isinstance(task, sqlite_validators.DeleteMultipleRows):
    states.update(_delete_states(task, rng))
  if n.startswith("System") and any(w in n for w in ("Wifi", "Bluetooth", "Brightness")) or n == "TurnOffWifiAndTurnOnBluetooth":
    states.update(_settings_states(task))
  if n.startswith("Markor") and n != "MarkorCreateNoteAndSms":
    states.update(_markor_states(task, env))
  if n == "FilesDeleteFile":
    states.update(_delete_file_states(task, task.delete_file_task.data_directory))
  if n == "FilesMoveFile":
    states.update(_move_file_states(task, task.move_file_task.source_directory, task.move_file_task.dest_directory))
  states.update(_screen_states(task))
  if n.startswith("SimpleSms") or n == "MarkorCreateNoteAndSms":
    states.update(_sms_task_states(task))
  if n == "ContactsAddContact":
    states.update(_contact_states(task))
  states.update(_system_states(task))
  if n.startswith("OsmAnd"):
    states.update(_osmand_states(task))
  if n.startswith("Vlc") or n.startswith("Retro"):
    states.update(_media_states(task))
  return states


def _adb(env, args, timeout=None):
  return env.controller.execute_adb_call(adb_pb2.AdbRequest(
      generic=adb_pb2.AdbRequest.GenericRequest(args=list(args)), timeout_sec=timeout or 0))


def _shell_quote(s):
  return "'" + s.replace("'", "'\\''") + "'"


def _pull_db(env, path):
  """A device database copied here (adb pull), or None when there is none."""
  resp = env.controller.execute_adb_call(adb_pb2.AdbRequest(pull=adb_pb2.AdbRequest.Pull(path=path)))
  return resp.pull.content


def apply_state(task, env, steps):
  """Runs a state's steps; returns the agent's answer and the screen for the Go side."""
  answer, screen = None, None
  env.interaction_cache = ""  # the agent's answer belongs to the state
  for step in steps:
    kind = step[0]
    if kind == "answer":
      env.interaction_cache = step[1] or ""
      answer = step[1]
    elif kind == "shell":
      _adb(env, ["shell"] + list(step[1]))
    elif kind == "push":
      path, text = step[1], step[2]
      _adb(env, ["shell", "mkdir", "-p", _shell_quote(os.path.dirname(path))])
      env.controller.execute_adb_call(adb_pb2.AdbRequest(push=adb_pb2.AdbRequest.Push(content=text.encode(), path=path)))
    elif kind == "mkdir":
      _adb(env, ["shell", "mkdir", "-p", _shell_quote(step[1])])
    elif kind == "rm":
      _adb(env, ["shell", "rm", "-rf", _shell_quote(step[1])])
    elif kind == "sql":
      # ("sql", db, statements[, schema]): with a schema, a database the app has not
      # made yet is made as the app would make it on first use.
      db, stmts = step[1], step[2]
      schema = step[3] if len(step) > 3 else None
      with tempfile.TemporaryDirectory() as tmp:
        local = os.path.join(tmp, "db")
        exists = schema is None or "Exists" in _adb(env, ["shell", f'if [ -f {_shell_quote(db)} ]; then echo Exists; fi']).generic.output.decode()
        with open(local, "wb") as f:
          f.write(_pull_db(env, db) if exists else b"")
        conn = sqlite3.connect(local)
        if not exists:
          conn.executescript(schema)
        for s in stmts:
          conn.execute(s)
        conn.commit()
        conn.close()
        with open(local, "rb") as f:
          env.controller.execute_adb_call(adb_pb2.AdbRequest(push=adb_pb2.AdbRequest.Push(content=f.read(), path=db)))
    elif kind == "shell_sql":
      # adb_utils.execute_sql_command: sqlite3 on the device's mmssms.db.
      adb_utils.execute_sql_command(MMSSMS, step[1], env.controller)
    elif kind == "sms_row":
      _, box, number, body, ms_ago = step
      now_ms = int(_adb(env, ["shell", "date", "+%s"]).generic.output.strip()) * 1000
      adb_utils.execute_sql_command(MMSSMS, (
          "INSERT INTO sms (thread_id, address, date, date_sent, read, type, body, seen) VALUES "
          f"(1, {_sql_text(number)}, {now_ms - ms_ago}, 0, 1, {box}, {_sql_text(body)}, 1)"), env.controller)
    elif kind == "insert":
      from android_world.task_evals.utils import sqlite_utils  # pylint: disable=g-import-not-at-top
      sqlite_utils.insert_rows_to_remote_db(step[1], task.db_key, task.table_name, task.db_path, task.app_name_with_db, env)
    elif kind == "delete":
      ids = list(step[1])
      with env.controller.pull_file(task.db_path) as local_dir:
        local = os.path.join(local_dir, os.path.basename(task.db_path))
        conn = sqlite3.connect(local)
        conn.executemany(f"DELETE FROM {task.table_name} WHERE {task.db_key} = ?", [(i,) for i in ids])
        conn.commit()
        conn.close()
        env.controller.push_file(local, task.db_path)
    elif kind == "settings":
      for ns, key, v in step[1]:
        _adb(env, ["shell", "settings", "put", ns, key, v])
    elif kind == "start":
      _adb(env, ["shell", "am", "start", "-n", step[1]])
    elif kind == "intent":
      _adb(env, ["shell", "am start " + " ".join(_shell_quote(a) for a in step[1])])
    elif kind == "tap":
      actuation.find_and_click_element(step[1], env.controller)
    elif kind == "clipboard":
      adb_utils.set_clipboard_contents(step[1], env.controller)
    elif kind == "text_in":
      adb_utils.text_emulator(env.controller, step[1], step[2])
    elif kind == "screen":
      _, activity, nodes, sdk = step
      screen = {"activity": activity, "xml": _xml(activity, nodes), "sdk": sdk or 0}
    else:
      raise ValueError(f"unknown step {kind}")
  return answer, screen


def main():
  # AndroidWorld prints (file_utils.check_file_content prints the adb error it
  # catches): its prints go to standard error, the answers alone to standard output.
  answers, sys.stdout = sys.stdout, sys.stderr
  reg = registry.TaskRegistry().get_registry(registry.TaskRegistry.ANDROID_WORLD_FAMILY)
  # AndroidWorld's default controller: the screen read through the accessibility
  # forwarder (its transport stubbed, stubs/android_env/wrappers/a11y_grpc_wrapper.py).
  env = interface.AsyncAndroidEnv(android_world_controller.AndroidWorldController(StubAndroidEnv()))
  task, states = None, {}
  for line in sys.stdin:
    cmd = json.loads(line)
    out = {}
    try:
      if cmd["op"] == "tasks":
        out["tasks"] = sorted(reg)
      elif cmd["op"] == "init":
        random.seed(cmd["seed"])
        cls = reg[cmd["task"]]
        params = cls.generate_random_params()
        params["seed"] = cmd["seed"]
        task = cls(params)
        task.initialize_task(env)
        states = states_for(task, env)
        out = {"params": jsonable(task.params), "goal": task.goal, "states": sorted(states)}
      elif cmd["op"] == "apply":
        answer, screen = apply_state(task, env, states[cmd["state"]])
        out = {"answer": answer, "screen": screen}
      elif cmd["op"] == "score":
        try:
          out["reward"] = float(task.is_successful(env))
        except (HarnessGap, NotImplementedError):
          raise  # the harness's gap (a stub), answered as a setup error below
        except Exception as e:  # pylint: disable=broad-exception-caught
          # suite_utils records such an episode with is_successful NaN and the exception.
          out["raised"] = f"{type(e).__name__}: {e}"
      elif cmd["op"] == "quit":
        break
    except Exception as e:  # pylint: disable=broad-exception-caught
      out = {"setup_error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()[-2000:]}
    answers.write(json.dumps(out) + "\n")
    answers.flush()
  shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
  main()
