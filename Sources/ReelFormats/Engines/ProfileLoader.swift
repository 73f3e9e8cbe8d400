import Foundation
import ReelEngine
import ReelJSON
import ReelTrace

/// Reads an engine profile file: a JSON object naming parameters of the built-in engine to override.
///
/// ```json
/// {"name": "candidate", "parameters": {"backswipe.threshold_cap": 0.4, "nav.duration": 0.3}}
/// ```
/// `name` is optional (the file's base name is used); every key of `parameters` must be a parameter
/// of `reel engine params` with a value of its type.
public enum ProfileLoader {
    public struct Loaded: Sendable {
        public var name: String
        public var profile: EngineProfile
    }

    public static func load(path: String) throws(ReelFailure) -> Loaded {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ReelFailure(
                exists ? .dataError : .noInput,
                exists
                    ? "\(path): cannot read the profile"
                    : "\(path): no such profile file, and no preset of that name"
                        + closestHint(to: path, in: ["builtin"] + EngineProfile.presetNames)
                        + " (--engine takes builtin, a preset of reel engine profiles, a profile .json or exec:COMMAND)")
        }
        return try parse(Array(data), path: path)
    }

    /// The profile an archive stored for engine `engineName` (`EngineIdentity.profileJSON`, the
    /// parameters object), read as the `parameters` of a profile file named `engineName`; errors
    /// name it "the stored profile of NAME".
    package static func parse(storedProfileJSON: String, of engineName: String) throws(ReelFailure) -> Loaded {
        let path = "the stored profile of \(engineName)"
        let parameters = try Self.json(Array(storedProfileJSON.utf8), path: path)
        return try loaded(name: engineName, overrides: Self.overrides(parameters, path: path), path: path)
    }

    package static func parse(_ bytes: [UInt8], path: String) throws(ReelFailure) -> Loaded {
        let json = try Self.json(bytes, path: path)
        guard case .object(let members) = json else {
            throw ReelFailure(.dataError, "\(path): a profile is a JSON object with \"parameters\", got \(json.kindDescription)")
        }
        var name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var overrides: [(String, ParameterValue)] = []
        for member in members {
            switch member.key {
            case "name":
                guard case .string(let text) = member.value, !text.isEmpty else {
                    throw ReelFailure(.dataError, "\(path): \"name\" must be a non-empty string")
                }
                name = text
            case "description":
                continue
            case "parameters":
                overrides += try Self.overrides(member.value, path: path)
            default:
                throw ReelFailure(.dataError, "\(path): unknown key \"\(member.key)\" (a profile has name, description and parameters)")
            }
        }
        return try loaded(name: name, overrides: overrides, path: path)
    }

    /// The parsed text of `bytes`, or a failure naming the line and column where it stops being JSON.
    private static func json(_ bytes: [UInt8], path: String) throws(ReelFailure) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw ReelFailure(.dataError, "\(path):\(line): not valid JSON at column \(column): \(error.reason)")
        }
    }

    /// The overrides a `parameters` object names, in its order.
    private static func overrides(_ parameters: JSONValue, path: String) throws(ReelFailure) -> [(String, ParameterValue)] {
        guard case .object(let members) = parameters else {
            throw ReelFailure(.dataError, "\(path): \"parameters\" must be an object of parameter names to values")
        }
        var overrides: [(String, ParameterValue)] = []
        for parameter in members {
            overrides.append((parameter.key, try value(parameter.value, name: parameter.key, path: path)))
        }
        return overrides
    }

    private static func loaded(name: String, overrides: [(String, ParameterValue)], path: String) throws(ReelFailure) -> Loaded {
        do {
            return Loaded(name: name, profile: try EngineProfile.builtin.overriding(overrides))
        } catch {
            throw ReelFailure(.dataError, "\(path): \(error)")
        }
    }

    /// The 1-based line and column (in bytes) of byte `offset`: a profile is usually several lines.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (1 + before.count(where: { $0 == UInt8(ascii: "\n") }), offset - lineStart + 1)
    }

    private static func value(_ json: JSONValue, name: String, path: String) throws(ReelFailure) -> ParameterValue {
        switch json {
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        default:
            throw ReelFailure(
                .dataError, "\(path): parameter '\(name)' must be a number, a boolean or a string, got \(json.kindDescription)")
        }
    }
}
