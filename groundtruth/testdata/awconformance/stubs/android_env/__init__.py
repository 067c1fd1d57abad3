"""Stand-in for android_env: only the device transport (see ../README.md)."""
