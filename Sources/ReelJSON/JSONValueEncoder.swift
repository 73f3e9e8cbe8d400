/// Turns an `Encodable` value into a `JSONValue` tree, as Foundation's `JSONEncoder` sees it: object
/// members in the order they are encoded (a key encoded twice keeps its first place and its last
/// value), optionals left out when `encodeIfPresent` meets nil, enums with raw values as their raw
/// values. Written with `JSONWriter` (sorted keys, `.foundation` numbers) the text is the bytes
/// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes for Reel's specs, without
/// depending on Foundation's encoder (ScenarioSpec.canonicalJSON feeds the stored content hash).
///
/// Numbers become Doubles: an integer that a Double cannot hold exactly is an encoding error, not a
/// silently rounded number.
package enum JSONValueEncoder {
    /// The JSON value of `value`.
    package static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let root = EncodedNode()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// One value being encoded: set once by a single-value container, or filled member by member by a
/// keyed or unkeyed container.
private final class EncodedNode {
    enum Content {
        case unset
        case single(JSONValue)
        case object(keys: [String], members: [String: EncodedNode])
        case array([EncodedNode])
    }

    var content: Content = .unset

    /// The finished value; a value that encoded nothing is an empty object, as in `JSONEncoder`.
    var value: JSONValue {
        switch content {
        case .unset: return .object([])
        case .single(let value): return value
        case .object(let keys, let members): return .object(keys.map { JSONMember($0, members[$0]!.value) })
        case .array(let elements): return .array(elements.map(\.value))
        }
    }

    /// The node of member `key`, made (and placed last) when the object has none yet.
    func member(_ key: String) -> EncodedNode {
        var (keys, members): ([String], [String: EncodedNode]) = ([], [:])
        if case .object(let existingKeys, let existingMembers) = content { (keys, members) = (existingKeys, existingMembers) }
        if let node = members[key] { return node }
        let node = EncodedNode()
        keys.append(key)
        members[key] = node
        content = .object(keys: keys, members: members)
        return node
    }

    /// A new node appended to this array.
    func appendElement() -> EncodedNode {
        var elements: [EncodedNode] = []
        if case .array(let existing) = content { elements = existing }
        let node = EncodedNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    /// Makes this node an (empty) object unless it already is one.
    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], members: [:])
    }

    /// Makes this node an (empty) array unless it already is one.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// The JSON number of an integer, or an error when a Double cannot hold it exactly.
private func exactNumber(_ value: some BinaryInteger, codingPath: [any CodingKey]) throws -> JSONValue {
    guard let number = Double(exactly: value) else {
        throw EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) has no exact Double"))
    }
    return .number(number)
}

private struct TreeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .single(.null) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try value.encode(to: TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int {
        guard case .array(let elements) = node.content else { return 0 }
        return elements.count
    }

    mutating func encodeNil() throws { node.appendElement().content = .single(.null) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try value.encode(to: TreeEncoder(node: node.appendElement(), codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.appendElement(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.appendElement(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.appendElement(), codingPath: codingPath)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue) { node.content = .single(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.number(value)) }
    /// A Float as the Double of its shortest text ("0.1", not 0.10000000149011612), as JSONEncoder writes it.
    mutating func encode(_ value: Float) throws { set(.number(Double(value.description) ?? Double(value))) }
    mutating func encode(_ value: Int) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int8) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int16) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int32) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int64) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt16) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt32) throws { set(try exactNumber(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt64) throws { set(try exactNumber(value, codingPath: codingPath)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try value.encode(to: TreeEncoder(node: node, codingPath: codingPath))
    }
}
