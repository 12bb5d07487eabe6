/// The release of AutoHeight this library is (semantic versioning; see CHANGELOG.md).
///
/// (Not named `AutoHeightVersion`: the symbol-graph extractor drops a type named after the
/// module plus `Version`, which would leave it out of the documentation.)
public enum LibraryVersion {
    /// The version string, e.g. `0.1.0`, as `autoheight --version` prints it.
    public static let current = "0.1.0"
}
