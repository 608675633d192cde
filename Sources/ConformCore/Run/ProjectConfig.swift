/// A project's configuration (`.conform.yaml`): what every command uses when the command line does
/// not say. Paths are as written in the file, relative to its folder (`ProjectConfig.resolved(in:)`
/// turns them into paths from the working directory).
public struct ProjectConfig: Sendable, Equatable {
    /// The file it was read from, as found.
    public var file: String
    /// Folders or files of policies loaded beside the built-in library (`--policies`).
    public var policies: [String] = []
    /// The paths `run` and `lint` check when given none.
    public var traces: [String]? = nil
    /// The baseline file (`--baseline`).
    public var baseline: String? = nil
    /// Report formats, as `--report` takes them (`md`, `html`, `junit`, `json`, `sarif`, `all`).
    public var reports: [String]? = nil
    /// The folder for the report files (`--output`).
    public var output: String? = nil

    /// A configuration that sets nothing yet, read from `file`.
    public init(file: String) {
        self.file = file
    }

    /// Every path of the configuration made relative to the working directory: joined to `folder`
    /// (the config file's folder as the working directory sees it) unless absolute.
    public func resolved(in folder: String) -> ProjectConfig {
        var config = self
        let join = { (path: String) -> String in
            if path.hasPrefix("/") || folder.isEmpty || folder == "." { return path }
            return folder.hasSuffix("/") ? folder + path : folder + "/" + path
        }
        config.policies = policies.map(join)
        config.traces = traces?.map(join)
        config.baseline = baseline.map(join)
        config.output = output.map(join)
        return config
    }
}
