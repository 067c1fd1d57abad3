# android_accessibility_forest_pb2 is generated from ../../../../a11y/*.proto by protoc
# when the driver starts.
