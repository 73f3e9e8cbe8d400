import ReelTrace

/// A member key of a fixed-member object, encoded once as JSON (quotes, escapes, the colon, and
/// the comma that separates it from the member before), so writing it is one copy of its bytes.
/// Encoders keep their keys in `static let`s and write objects with `JSONWriter.openObject(_:)`,
/// `member(_:)` and `closeObject()` instead of typing JSON punctuation.
///
/// ```swift
/// enum Keys { static let t = JSONKey("t"), progress = JSONKey("progress") }
/// var writer = JSONWriter()
/// writer.openObject(Keys.t)  // {"t":
/// writer.number(0.5)
/// writer.member(Keys.progress)  // ,"progress":
/// writer.number(1)
/// writer.closeObject()  // }
/// writer.text  // {"t":0.5,"progress":1}
/// ```
package struct JSONKey: Sendable {
    /// `,"name":`.
    let encoded: [UInt8]

    package init(_ name: String) {
        var bytes: [UInt8] = [UInt8(ascii: ",")]
        JSONString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        encoded = bytes
    }
}

extension JSONWriter {
    /// `{"name":`: opens an object with its first member's key.
    package mutating func openObject(_ key: JSONKey) {
        punctuation(UInt8(ascii: "{"))
        firstMember(key)
    }

    /// `"name":` without a comma: the first member, after `{` written otherwise.
    package mutating func firstMember(_ key: JSONKey) {
        key.encoded.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[1...])) }
    }

    /// `,"name":`: a member after another.
    package mutating func member(_ key: JSONKey) {
        key.encoded.withUnsafeBufferPointer { append($0) }
    }

    /// `}`.
    package mutating func closeObject() {
        punctuation(UInt8(ascii: "}"))
    }
}
