/// Counts in words, with the noun in the right number: "1 trace", "2 traces".
enum Plural {
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
