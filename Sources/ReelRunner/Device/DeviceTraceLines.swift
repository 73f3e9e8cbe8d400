import ReelFormats
import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The device's traces of a device file (docs/DEVICE.md, "The device file"): the `trace` member of
/// each session line, an engine-protocol answer, read line by line in step with the file's
/// `GestureStreamReader` (sessions come in line order, so one pass over the file finds each).
final class DeviceTraceLines {
    private let lines: LineSource

    init(path: String) throws(ReelFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReelFailure(.noInput, "\(path): cannot open: \(String(cString: strerror(errno)))") }
        lines = LineSource(fileDescriptor: descriptor, closeOnDeinit: true)
    }

    init(bytes: [UInt8]) {
        lines = LineSource(bytes: bytes)
    }

    /// The answer text of the session line at `line` (1-based), as one compact JSON line; nil when
    /// that session line has no `trace`. Lines before it are skipped; `line` must come after the
    /// last one asked for.
    func answer(atLine line: Int) throws -> [UInt8]? {
        while lines.lineNumber < line {
            let wanted = lines.lineNumber + 1 == line
            let found: Result<[UInt8]?, JSONParseError>? = try lines.withNextLine { bytes in
                wanted ? Result { () throws(JSONParseError) in try Self.traceMember(bytes) } : .success(nil)
            }
            guard let found else { return nil }
            if wanted { return try found.get() }
        }
        return nil
    }

    /// Whether the first non-blank line of the file at `path` is a session line carrying a
    /// `trace`: the file is a device file, recorded as its device's traces.
    static func isDeviceFile(path: String) -> Bool {
        guard let source = try? DeviceTraceLines(path: path) else { return false }
        while let kind = try? source.lines.withNextLine({ bytes in LineKind(bytes) }) {
            switch kind {
            case .blank: continue
            case .deviceSession: return true
            case .other: return false
            }
        }
        return false
    }

    private enum LineKind {
        case blank, deviceSession, other

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                self = .blank
            } else if case .object(let members)? = try? JSONParser.parse(bytes), members.contains(where: { $0.key == "trace" }),
                members.contains(where: { $0.key == "type" && $0.value == .string("session") })
            {
                self = .deviceSession
            } else {
                self = .other
            }
        }
    }

    private static func traceMember(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> [UInt8]? {
        guard case .object(let members) = try JSONParser.parse(bytes), let trace = members.first(where: { $0.key == "trace" }) else {
            return nil
        }
        return Array(JSONWriter.text(of: trace.value).utf8)
    }
}
