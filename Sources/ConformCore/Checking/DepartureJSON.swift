/// A departure's `expected` and `observed` written straight into the JSON report, the same bytes as
/// their `JSONValue`s written pretty (`JSONValue.write(to:pretty:indent:)`). The JSON report writes two
/// for every departure of every pair, claimed or not (some 60,000 in a 10,000-trace run), and building
/// each tree to write it once was a third of that report's own time. The trees stay for what compares
/// or merges values (`conform diff`, shards); `DepartureJSONTests` holds the two to the same bytes.
extension DepartureDetail {
    /// `expected`, written at `indent`.
    func writeExpected(to out: inout JSONText, indent: Int) {
        switch self {
        case .observed(let item, let expected):
            var object = out.openObject(indent: indent)
            object.key(item.key, in: &out)
            expected.writeJSON(to: &out, indent: indent + 1)
            object.close(in: &out)
        case .missingSheet(_, _, let expected, _):
            var object = out.openObject(indent: indent)
            object.key("sheet", in: &out)
            expected.writeJSON(to: &out, indent: indent + 1)
            object.close(in: &out)
        default:
            // Departures at an action: rarer, and small.
            expected.write(to: &out, pretty: true, indent: indent)
        }
    }

    /// `observed`, written at `indent`.
    func writeObserved(to out: inout JSONText, indent: Int) {
        switch self {
        case .observed(let item, _), .missingSheet(_, _, _, let item):
            var object = out.openObject(indent: indent)
            object.key(item.key, in: &out)
            item.value.writeJSON(to: &out, indent: indent + 1)
            object.close(in: &out)
        default:
            observed.write(to: &out, pretty: true, indent: indent)
        }
    }
}

extension DepartureDetail.ExpectedValue {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        switch self {
        case .field(let name, let value):
            var object = out.openObject(indent: indent)
            object.key(name, in: &out)
            value.writeJSON(to: &out)
            object.close(in: &out)
        case .sheet(let sheet): sheet.writeJSON(to: &out, indent: indent)
        case .value(let value): value.writeJSON(to: &out)
        }
    }
}

extension Value {
    /// `json`, written (a scalar: no layout).
    func writeJSON(to out: inout JSONText) {
        switch self {
        case .null: out.append("null")
        case .bool(let bool): out.append(bool ? "true" as StaticString : "false")
        // As `JSONValue.number` writes one: a number that is not finite as a string.
        case .number(let number) where number.isFinite: out.append(Value.format(number))
        case .number(let number): out.appendQuoted(Value.format(number))
        case .string(let text), .symbol(let text): out.appendQuoted(text)
        case .opaque: out.append("\"(a new value)\"")
        }
    }
}

extension ObservedValue {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        switch self {
        case .scalar(let value): value.writeJSON(to: &out)
        case .sheet(let sheet): sheet.writeJSON(to: &out, indent: indent)
        case .fields(let fields):
            var object = out.openObject(indent: indent)
            for index in fields.indices {
                object.key(fields[index].name, in: &out)
                fields[index].value.writeJSON(to: &out)
            }
            object.close(in: &out)
        }
    }
}

extension SheetObservation {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        switch self {
        case .none: out.append("\"none\"")
        case .shown: out.append("\"shown\"")
        case .details(let title, let message, let actions, let outsideCancels):
            var object = out.openObject(indent: indent)
            if let title {
                object.key("title", in: &out)
                title.writeJSON(to: &out)
            }
            if let message {
                object.key("message", in: &out)
                message.writeJSON(to: &out)
            }
            if let actions {
                object.key("actions", in: &out)
                actions.writeJSON(to: &out, indent: indent + 1)
            }
            if outsideCancels {
                object.key("outside", in: &out)
                out.append("\"cancel\"")
            }
            object.close(in: &out)
        }
    }
}

extension TextObservation {
    /// `json`, written.
    func writeJSON(to out: inout JSONText) {
        switch self {
        case .absent: out.append("null")
        case .text(let text): out.appendQuoted(text)
        }
    }
}

/// A sheet's action, seen or expected, written as JSON: so that a list of either is written one way.
protocol SheetActionJSON {
    func writeJSON(to out: inout JSONText, indent: Int)
}

extension RandomAccessCollection where Element: SheetActionJSON {
    /// The actions (expected ones an array, seen ones a slice of their trace's table) as a JSON array at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        var array = out.openArray(indent: indent)
        for index in indices {
            array.element(in: &out)
            self[index].writeJSON(to: &out, indent: indent + 1)
        }
        array.close(in: &out)
    }
}

extension SheetActionObservation: SheetActionJSON {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        guard let role else { return out.appendQuoted(title) }
        var object = out.openObject(indent: indent)
        object.key("title", in: &out)
        out.appendQuoted(title)
        object.key("role", in: &out)
        out.appendQuoted(role.rawValue)
        object.close(in: &out)
    }
}

extension SheetExpectation {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        guard case .shown(let title, let message, let actions) = self else { return out.append("\"none\"") }
        // A sheet whose parts are all open is `"shown"`, as `json` says it.
        if title.isOpen, message.isOpen, actions == nil { return out.append("\"shown\"") }
        var object = out.openObject(indent: indent)
        if !title.isOpen {
            object.key("title", in: &out)
            title.writeJSON(to: &out)
        }
        if !message.isOpen {
            object.key("message", in: &out)
            message.writeJSON(to: &out)
        }
        if let actions {
            object.key("actions", in: &out)
            actions.writeJSON(to: &out, indent: indent + 1)
        }
        object.close(in: &out)
    }
}

extension TextExpectation {
    /// `json` (never open here: the caller leaves an open one out), written.
    func writeJSON(to out: inout JSONText) {
        switch self {
        case .open, .absent: out.append("null")
        case .text(let text): out.appendQuoted(text)
        }
    }
}

extension SheetActionSpec: SheetActionJSON {
    /// `json`, written at `indent`.
    func writeJSON(to out: inout JSONText, indent: Int) {
        var object = out.openObject(indent: indent)
        if let title {
            object.key("title", in: &out)
            out.appendQuoted(title)
        }
        if let role {
            object.key("role", in: &out)
            out.appendQuoted(role.rawValue)
        }
        object.close(in: &out)
    }
}
