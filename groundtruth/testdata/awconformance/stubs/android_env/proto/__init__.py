# adb_pb2 is generated from ../../adb.proto by protoc when the driver starts.
