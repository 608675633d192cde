import Foundation

/// A UI snapshot as plain data: the JSON form of the test fixtures, and a way to keep a device's snapshot.
///
/// ```json
/// {"type": "button", "identifier": "", "label": "Done", "value": null, "enabled": true,
///  "frame": [318, 59, 56, 44], "children": []}
/// ```
/// `type` and `frame` are required; `identifier` and `label` default to "", `value` and `placeholder`
/// to null, `enabled` to true and `children` to none.
public struct ElementSnapshot: UIElementSnapshot, Codable, Hashable, Sendable {
    public var elementType: UIElementKind
    public var identifier: String
    public var label: String
    public var value: String?
    public var placeholderValue: String?
    public var isEnabled: Bool
    public var frame: UIRect
    /// The child elements, as this concrete type (`children` in JSON).
    public var elements: [ElementSnapshot]

    public var children: [any UIElementSnapshot] { elements }

    /// An element of type `elementType`; every other part has the JSON form's default.
    public init(
        _ elementType: UIElementKind, identifier: String = "", label: String = "", value: String? = nil,
        placeholderValue: String? = nil, isEnabled: Bool = true, frame: UIRect = .zero, children: [ElementSnapshot] = []
    ) {
        self.elementType = elementType
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholderValue = placeholderValue
        self.isEnabled = isEnabled
        self.frame = frame
        self.elements = children
    }

    /// A copy of any snapshot, for instance a device's, as plain data.
    public init(copying snapshot: any UIElementSnapshot) {
        self.init(
            snapshot.elementType, identifier: snapshot.identifier, label: snapshot.label, value: snapshot.value,
            placeholderValue: snapshot.placeholderValue, isEnabled: snapshot.isEnabled, frame: snapshot.frame,
            children: snapshot.children.map(ElementSnapshot.init(copying:)))
    }

    /// Reads a snapshot from its JSON form.
    /// - Throws: `ElementSnapshotError` saying where the JSON departs from the form above.
    public static func decode(json data: Data) throws(ElementSnapshotError) -> ElementSnapshot {
        do {
            return try JSONDecoder().decode(ElementSnapshot.self, from: data)
        } catch let error as DecodingError {
            throw ElementSnapshotError(error)
        } catch {
            throw ElementSnapshotError(path: "", message: "\(error)")
        }
    }

    /// The JSON form, keys sorted, so that the same snapshot always gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey {
        case type, identifier, label, value, placeholder, enabled, frame, children
    }

    /// Reads the JSON form; a missing `type` or `frame`, or a value of the wrong kind, throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elementType = try container.decode(UIElementKind.self, forKey: .type)
        identifier = try container.decodeIfPresent(String.self, forKey: .identifier) ?? ""
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? ""
        value = try container.decodeIfPresent(String.self, forKey: .value)
        placeholderValue = try container.decodeIfPresent(String.self, forKey: .placeholder)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        let numbers = try container.decode([Double].self, forKey: .frame)
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] >= 0, numbers[3] >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .frame, in: container,
                debugDescription: "a frame is [x, y, width, height]: 4 finite numbers, width and height not negative")
        }
        frame = UIRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        elements = try container.decodeIfPresent([ElementSnapshot].self, forKey: .children) ?? []
    }

    /// Writes the JSON form, leaving out parts that have their default value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elementType, forKey: .type)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(label, forKey: .label)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(placeholderValue, forKey: .placeholder)
        try container.encode(isEnabled, forKey: .enabled)
        try container.encode([frame.x, frame.y, frame.width, frame.height], forKey: .frame)
        try container.encode(elements, forKey: .children)
    }
}
