import ReelTrace

/// Builds compact JSON text (no whitespace) into a byte buffer.
///
/// Number format, `NumberStyle.reel` (round-trip exact: `JSONParser` reads every written number back
/// bit-identical):
/// - an integer-valued Double of magnitude below 2^53 is written as an integer: `390`, `-4`, `0`;
/// - negative zero is written `-0.0` (so readers that parse `-0` as an integer keep the sign);
/// - every other finite Double is written as Swift's shortest round-trip representation
///   (`Double.description`): `0.1`, `0.016666666666666666`, `1e-07`, `1.5e+300`;
/// - NaN and infinities, which JSON cannot express, are written `null`.
///
/// Strings are written with `"`, `\` and control characters escaped (`\n`, `\t`, ... or `\u00XX`)
/// and everything else as UTF-8, so the output never contains a raw newline: one value, one line.
public struct JSONWriter: Sendable {
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8] = []
    /// How `number(_:)` writes Doubles.
    public let numberStyle: NumberStyle

    /// How a Double is written. There is one rule, `reel`; `foundation`, `fingerprint` and
    /// `swiftDescription` are the legacy styles that stored content hashes, engine fingerprints and
    /// replay rows need byte for byte.
    public enum NumberStyle: Sendable, Hashable {
        /// The rule above (`format(_:)`).
        case reel
        /// What Foundation's `JSONEncoder` writes (`foundationFormat(_:)`): the scenario spec's
        /// canonical JSON has always been written this way, and its bytes feed the content hash of
        /// every stored session whose scenario is not in the catalog.
        case foundation
        /// The engine's canonical style (`fingerprintFormat(_:)`): profiles and final hierarchies
        /// have always been written this way, and their bytes feed the engine fingerprint stored
        /// with every session and replay.
        case fingerprint
        /// Swift's `Double.description` (`0.5`, `0.0`, `1e-05`), NaN and infinities as `null`: the
        /// tolerances of every stored replay row (`tolerances_json`) have always been written so.
        case swiftDescription
    }

    public init(reservingCapacity capacity: Int = 256, numberStyle: NumberStyle = .reel) {
        self.numberStyle = numberStyle
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends raw, already-valid JSON text (or punctuation) as is.
    public mutating func raw(_ text: String) {
        // The string's own UTF-8 buffer, copied in one go (a literal's or a native string's).
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends already-encoded bytes as they are (a `JSONKey`'s).
    mutating func append(_ encoded: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends `count` bytes that `fill` writes in place, already valid JSON text (base64url
    /// between quotes, say): no buffer of their own, no second copy.
    ///
    /// ```swift
    /// var writer = JSONWriter()
    /// writer.verbatim(count: 2) { $0[0] = UInt8(ascii: "\""); $0[1] = UInt8(ascii: "\"") }
    /// writer.text  // ""
    /// ```
    package mutating func verbatim(count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { all in fill(UnsafeMutableRawBufferPointer(rebasing: all[start..<(start + count)])) }
    }

    /// Appends one ASCII byte of punctuation: `{`, `}`, `[`, `]`, `,`, `:`.
    public mutating func punctuation(_ character: UInt8) {
        bytes.append(character)
    }

    /// Appends `"key":`.
    public mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func null() {
        raw("null")
    }

    public mutating func bool(_ value: Bool) {
        let text: StaticString = value ? "true" : "false"
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func int(_ value: Int) {
        appendDigits(Int64(value))
    }

    public mutating func number(_ value: Double) {
        switch numberStyle {
        case .reel:
            // The integers of `format(_:)` (most coordinates and every identity transform) are
            // written digit by digit, without making a String; the bytes are the same.
            if value != 0, value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
                appendDigits(Int64(value))
            } else {
                appendShortest(value)
            }
        case .foundation: raw(JSONWriter.foundationFormat(value))
        case .fingerprint: raw(JSONWriter.fingerprintFormat(value))
        case .swiftDescription: raw(value.isFinite ? value.description : "null")
        }
    }

    /// Appends `format(value)` for a value that is not an integer below 2^53: the shortest
    /// round-trip digits (`Double.description`'s) go straight into `bytes` through the standard
    /// library's ASCII sink, without making a String (an allocation for every number longer than
    /// 15 characters, most fractions).
    private mutating func appendShortest(_ value: Double) {
        guard value.isFinite, value != 0 else {
            raw(JSONWriter.format(value))
            return
        }
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    private mutating func appendDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // Most significant digit first, each appended as it is found (no temporary buffer).
        var divisor: UInt64 = 10
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    /// The text `number(_:)` writes for `value`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return value.description
    }

    /// The text Foundation's `JSONEncoder` writes for `value`: `Double.description` without a
    /// trailing ".0" (`1`, `-0`, `0.5`, `1e+16`); NaN and infinities, which it refuses, as `null`.
    public static func foundationFormat(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The text of the engine's canonical style for `value`: an integer-valued Double of magnitude
    /// below 10^15 as an integer (`390`, `-4`; negative zero as `0`), every other finite Double as
    /// `Double.description` (`0.1`, `1e-07`, `1000000000000000.0`, `1e+16`); NaN and infinities as
    /// `null`.
    public static func fingerprintFormat(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    public mutating func string(_ value: String) {
        JSONString.append(value, to: &bytes)
    }

    /// Appends a whole value. With `sortedKeys`, object members are written in ascending order of
    /// their keys' UTF-8 bytes (canonical form); otherwise in their stored order.
    public mutating func value(_ value: JSONValue, sortedKeys: Bool = false) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .array(let elements):
            array(elements) { $0.value($1, sortedKeys: sortedKeys) }
        case .object(let members):
            let ordered = sortedKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            object(ordered, key: \.key) { $0.value($1.value, sortedKeys: sortedKeys) }
        }
    }

    /// The compact text of `value`; canonical (sorted keys) when `sortedKeys` is set.
    public static func text(of value: JSONValue, sortedKeys: Bool = false, numberStyle: NumberStyle = .reel) -> String {
        var writer = JSONWriter(numberStyle: numberStyle)
        writer.value(value, sortedKeys: sortedKeys)
        return writer.text
    }
}

/// The byte buffer `Double.write(to:)` writes its digits into: the standard library hands a
/// stream that takes ASCII bytes (`_writeASCII`) its digit buffer directly.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
