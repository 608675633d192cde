/// Checks an expression against a scope when its policy loads, so that an unknown name or a type
/// mismatch is a load error at its column rather than a surprise while checking traces.
public enum TypeChecker {
    /// The type of `expression` in `scope`.
    /// - Throws: `ExpressionError` at the offending sub-expression.
    public static func type(of expression: Expression, in scope: ExpressionScope) throws(ExpressionError) -> ExprType {
        switch expression.kind {
        case .literal(let value):
            switch value {
            case .null: return .null
            case .bool: return .bool
            case .number: return .number
            case .string: return .string
            case .symbol(let name): return .symbols([name])
            case .opaque: return .any
            }
        case .name(let name):
            guard let type = scope.type(of: name) else {
                throw ExpressionError("unknown name '\(name)'\(suggestion(for: name, in: scope))", at: expression.offset)
            }
            return type
        case .unary(let op, let operand):
            let type = try self.type(of: operand, in: scope)
            let wanted: ExprType = op == .not ? .bool : .number
            try require(type, wanted, for: "'\(op.rawValue)'", at: operand.offset)
            return wanted
        case .binary(let op, let left, let right):
            return try binaryType(op, left, right, in: scope)
        case .conditional(let condition, let then, let otherwise):
            try require(try type(of: condition, in: scope), .bool, for: "the condition of '?:'", at: condition.offset)
            let thenType = try type(of: then, in: scope)
            let otherwiseType = try type(of: otherwise, in: scope)
            guard let unified = thenType.unified(with: otherwiseType) else {
                throw ExpressionError(
                    "the branches of '?:' differ in type: \(thenType.description) and \(otherwiseType.description)",
                    at: otherwise.offset)
            }
            return unified
        case .call(let name, let arguments):
            guard let function = BuiltinFunction(rawValue: name) else {
                let known = BuiltinFunction.allCases.map(\.rawValue).joined(separator: ", ")
                throw ExpressionError("unknown function '\(name)' (known: \(known))", at: expression.offset)
            }
            guard !arguments.isEmpty else {
                throw ExpressionError("'\(name)' needs at least one argument", at: expression.offset)
            }
            if let arity = function.arity, arguments.count != arity {
                throw ExpressionError("'\(name)' takes \(arity) argument, not \(arguments.count)", at: expression.offset)
            }
            for argument in arguments {
                try require(try type(of: argument, in: scope), .number, for: "'\(name)'", at: argument.offset)
            }
            return .number
        }
    }

    /// Checks that `expression` has a type that fits `expected`, and returns that type (a loader that
    /// keeps it need not work it out a second time).
    @discardableResult
    public static func check(_ expression: Expression, fits expected: ExprType, in scope: ExpressionScope, what: String)
        throws(ExpressionError) -> ExprType
    {
        let type = try type(of: expression, in: scope)
        guard type.fits(expected) else {
            // `cancel: "'enabled'"`: a case of the enumeration written as a quoted string.
            var fix = ""
            if case .literal(.string(let text)) = expression.kind, case .enumeration(_, let cases) = expected, cases.contains(text) {
                fix = "; write \(text) without the inner quotes (quoted, it is text)"
            }
            throw ExpressionError("\(what) must be \(expected.description), not \(type.description)\(fix)", at: expression.offset)
        }
        return type
    }

    private static func binaryType(_ op: BinaryOperator, _ left: Expression, _ right: Expression, in scope: ExpressionScope)
        throws(ExpressionError) -> ExprType
    {
        if op == .equal || op == .notEqual {
            // A word meant as text, compared (`form.amount != empty`): strings are quoted in an expression.
            for side in [left, right] {
                if case .name(let name) = side.kind, scope.type(of: name) == nil, !name.contains("."),
                    suggestion(for: name, in: scope).isEmpty
                {
                    throw ExpressionError("unknown name '\(name)'; if it is text, quote it: '\(name)'", at: side.offset)
                }
            }
        }
        let leftType = try type(of: left, in: scope)
        let rightType = try type(of: right, in: scope)
        switch op {
        case .and, .or:
            try require(leftType, .bool, for: "'\(op.rawValue)'", at: left.offset)
            try require(rightType, .bool, for: "'\(op.rawValue)'", at: right.offset)
            return .bool
        case .equal, .notEqual:
            guard leftType.unified(with: rightType) != nil || leftType == .null || rightType == .null else {
                throw ExpressionError(
                    "cannot compare \(leftType.description) with \(rightType.description)", at: right.offset)
            }
            return .bool
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            try require(leftType, .number, for: "'\(op.rawValue)'", at: left.offset)
            try require(rightType, .number, for: "'\(op.rawValue)'", at: right.offset)
            return .bool
        case .add where leftType == .string || rightType == .string:
            try require(leftType, .string, for: "'+' on strings", at: left.offset)
            try require(rightType, .string, for: "'+' on strings", at: right.offset)
            return .string
        case .add, .subtract, .multiply, .divide:
            try require(leftType, .number, for: "'\(op.rawValue)'", at: left.offset)
            try require(rightType, .number, for: "'\(op.rawValue)'", at: right.offset)
            return .number
        }
    }

    private static func require(_ type: ExprType, _ wanted: ExprType, for what: String, at offset: Int)
        throws(ExpressionError)
    {
        guard type == wanted || type == .any else {
            throw ExpressionError("\(what) needs \(wanted.description), not \(type.description)", at: offset)
        }
    }

    private static func suggestion(for name: String, in scope: ExpressionScope) -> String {
        // A form field written without `form.` (`to` for `form.to`): the likeliest slip in a form policy.
        let asField = "form.\(name)"
        if !name.contains("."), scope.names[asField] != nil || scope.openPrefixes["form."] != nil,
            scope.names[asField] != nil || Spelling.nearest(to: name, among: Array(scope.names.keys) + Array(scope.symbols)) == nil
        {
            return "; did you mean '\(asField)'?"
        }
        guard let close = Spelling.nearest(to: name, among: Array(scope.names.keys) + Array(scope.symbols)) else { return "" }
        return "; did you mean '\(close)'?"
    }
}
