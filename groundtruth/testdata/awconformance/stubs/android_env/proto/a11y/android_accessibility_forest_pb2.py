"""The a11y forest message: AndroidWorld reads UI elements through uiautomator here."""


class AndroidAccessibilityForest:
  pass
