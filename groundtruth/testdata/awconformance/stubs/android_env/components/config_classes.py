"""android_env.components.config_classes: names AndroidWorld's controller module uses."""
import dataclasses


@dataclasses.dataclass
class AdbControllerConfig:
  adb_path: str = "adb"
  adb_server_port: int = 5037
  device_name: str = ""
  default_timeout: float = 120.0
  use_adb_server_port_from_os_env: bool = False


@dataclasses.dataclass
class EmulatorLauncherConfig:
  emulator_console_port: int = 5554
  adb_port: int = 5555
  grpc_port: int = 8554


@dataclasses.dataclass
class EmulatorConfig:
  emulator_launcher: EmulatorLauncherConfig = None
  adb_controller: AdbControllerConfig = None


@dataclasses.dataclass
class FilesystemTaskConfig:
  path: str = ""


@dataclasses.dataclass
class AndroidEnvConfig:
  task: FilesystemTaskConfig = None
  simulator: EmulatorConfig = None
