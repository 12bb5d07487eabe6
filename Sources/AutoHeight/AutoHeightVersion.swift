/// The release of AutoHeight this library is (semantic versioning; see CHANGELOG.md).
public enum AutoHeightVersion {
    /// The version string, e.g. `0.1.0`, as `autoheight --version` prints it.
    public static let current = "0.1.0"
}
