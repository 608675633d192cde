/// Which conform this is, where the library can read it: run documents record it (`"version"`), and
/// `conform --version` prints it.
public enum ConformVersion {
    /// conform's version.
    public static let current = "0.1.0"

    /// The format version of the run document (`"conform": 1`), which `conform diff` and `conform history`
    /// read; runs of different conform versions with the same format version compare.
    public static let runDocumentFormat = 1
}
