import ArgumentParser
import ConformKit
import Foundation

/// What the shell completes where (`conform --generate-completion-script bash|zsh|fish`): trace paths,
/// policy ids (the built-in ones and those in the command line's `--policies` folders), formats.
extension CompletionKind {
    /// Trace and policy files, and folders to look in.
    static var traceFiles: CompletionKind { .file(extensions: ["yaml", "yml", "json"]) }

    /// Baseline files.
    static var yamlFiles: CompletionKind { .file(extensions: ["yaml", "yml"]) }

    /// The ids of the policies the command would load: asked of `conform` itself when the user presses
    /// Tab, so that `--policies DIR` given earlier on the line counts.
    static var policyIDs: CompletionKind {
        .custom { words, _, prefix in PolicyCompletion.ids(words: words).filter { $0.hasPrefix(prefix) } }
    }

    /// The report formats `--report` takes.
    static var reportFormats: CompletionKind { .list(["md", "html", "junit", "json", "sarif", "all"]) }
}

/// Policy ids for completion.
enum PolicyCompletion {
    /// The built-in ids and those of the policies in every `--policies DIR` (or `--policies=DIR`) among
    /// `words`, else in the project configuration's `policies:` (`--config FILE`, else the .conform.yaml
    /// found from the working directory up, unless `--no-config`), as the command would load them;
    /// folders and configurations that do not load are passed over in silence (this is a Tab press, not a run).
    static func ids(words: [String]) -> [String] {
        var directories = values(of: "--policies", in: words)
        if directories.isEmpty, !words.contains("--no-config"),
            let path = values(of: "--config", in: words).last ?? (try? ConfigFile.findFromWorkingDirectory()) ?? nil
        {
            directories = ConfigFile.load(path).config?.policies ?? []
        }
        var library = PolicyLibrary.builtIn()
        library.load(paths: directories.filter { FileManager.default.fileExists(atPath: $0) })
        return library.ids
    }

    /// The values of `option` among `words` (`--option VALUE` or `--option=VALUE`), unquoted.
    private static func values(of option: String, in words: [String]) -> [String] {
        var found: [String] = []
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count {
                found.append(unquoted(words[index + 1]))
            } else if word.hasPrefix(option + "=") {
                found.append(unquoted(String(word.dropFirst(option.count + 1))))
            }
        }
        return found
    }

    /// A shell word as the shell would hand it over: without its quotes and escapes (words reach the
    /// completion verbatim).
    private static func unquoted(_ word: String) -> String {
        var out = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil, character == "'" || character == "\"" {
                quote = character
            } else {
                out.append(character)
            }
        }
        return out
    }
}
