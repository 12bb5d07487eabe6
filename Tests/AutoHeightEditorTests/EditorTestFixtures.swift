// The fonts, generator and helpers shared by the three test targets (Tests/AutoHeightTestSupport).
@_exported import AutoHeightTestSupport
