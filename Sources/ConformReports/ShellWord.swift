import Foundation

/// A word as a POSIX shell reads it back unchanged: advice printed as a command must work when pasted.
public enum ShellWord {
    /// The word itself when it holds only characters no shell treats specially, else in single quotes
    /// (a quote inside written `'\''`).
    public static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:@%+,".unicodeScalars.contains(scalar))
            }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
