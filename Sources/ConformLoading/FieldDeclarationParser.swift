import ConformCore

/// Reads a form policy's `fields:`: the fields it reads as `form.FIELD`, each with example values
/// (`to: ana@example.com`, `to: [ana@example.com, ""]`, or `to:` for none).
enum FieldDeclarationParser {
    static func read(_ node: YNode?, domain: String, problems: inout ProblemCollector) -> [FormFieldDeclaration]? {
        guard let node else { return nil }
        guard domain == FormDomain.name else {
            problems.add("'fields' belongs to form policies (other domains declare their arguments in 'vocabulary')", at: node.position)
            return nil
        }
        if let items = node.sequence {
            // `fields: [amount, payee]`: the names alone, as a list.
            let names = items.compactMap(\.scalarText)
            let written = names.isEmpty ? "{ FIELD: [EXAMPLE, ...] }" : "{ " + names.map { "\($0): []" }.joined(separator: ", ") + " }"
            problems.add(
                "'fields' (field names mapped to example values) must be a map, not a list; write fields: \(written) "
                    + "(each name with its example values, [] for none)",
                at: node.position)
            return nil
        }
        guard let pairs = problems.mapping(node, "'fields' (field names mapped to example values)") else { return nil }
        var fields: [FormFieldDeclaration] = []
        for pair in pairs {
            guard let name = problems.text(pair.key, "a field name") else { continue }
            if !PolicyLoader.isIdentifier(name) {
                problems.add("'\(name)' cannot be read as form.\(name); a field name is letters, digits and _", at: pair.key.position)
                continue
            }
            var examples: [Value] = []
            for item in pair.value.sequence ?? [pair.value] {
                guard let value = item.scalarValue else {
                    problems.add("an example of field '\(name)' must be a scalar, not \(item.kindDescription)", at: item.position)
                    continue
                }
                // A bare `to:` declares the field with no example; `null` in a list is the example null.
                if value == .null, pair.value.sequence == nil { continue }
                examples.append(value)
            }
            fields.append(FormFieldDeclaration(name: name, examples: examples, position: pair.key.position))
        }
        return fields
    }
}
