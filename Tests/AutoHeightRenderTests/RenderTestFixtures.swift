// The fonts and fixtures shared by the three test targets (Tests/AutoHeightTestSupport).
@_exported import AutoHeightTestSupport
