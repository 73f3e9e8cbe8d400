import Foundation
import ReelEngine
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the `scenario` of a session line into a spec: a catalog name ("nav.interactive-pop") or
/// the path of a scenario JSON file (absolute, relative to the working directory, or relative to
/// the gesture stream's folder), or a spec given inline as JSON text. Files are read and inline
/// specs decoded once.
public final class ScenarioResolver {
    /// Specs a session may name by name beyond the catalog (a team's ReelKit scenes).
    private let scenes: [String: ScenarioSpec]
    private var files: [String: ScenarioSpec] = [:]
    private var inline: [String: ScenarioSpec] = [:]
    /// Canonical JSON of the specs resolved so far, by what named them ("=" + inline JSON, or the reference).
    private var encoded: [String: String] = [:]

    /// A resolver for the catalog and files, and for `scenes` by their names (the specs of a
    /// team's ReelKit scenes, which the catalog does not know; the last of two with one name wins).
    public init(scenes: [ScenarioSpec] = []) {
        self.scenes = Dictionary(scenes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The scenario of `session`: its inline spec, or the catalog name or file it names.
    public func resolve(_ session: GestureSession) throws(ReelFailure) -> ScenarioSpec {
        try resolve(name: session.scenario, specJSON: session.scenarioSpecJSON, relativeTo: session.sourceFile)
    }

    /// The session's scenario, as `resolve` finds it, with its canonical JSON (`ScenarioSpec.canonicalJSON`),
    /// encoded once per scenario rather than once per session.
    package func resolveEncoded(_ session: GestureSession) throws(ReelFailure) -> (spec: ScenarioSpec, json: String) {
        let spec = try resolve(session)
        // Keyed as `resolve` caches the specs: a reference names one spec for the whole run.
        let key = session.scenarioSpecJSON.map { "=" + $0 } ?? session.scenario
        if let json = encoded[key] { return (spec, json) }
        let json = spec.canonicalJSON
        encoded[key] = json
        return (spec, json)
    }

    /// The spec given inline as JSON text when there is one, else the scenario `name` refers to.
    package func resolve(name: String, specJSON: String?, relativeTo streamFile: String? = nil) throws(ReelFailure)
        -> ScenarioSpec
    {
        guard let json = specJSON else { return try resolve(name, relativeTo: streamFile) }
        if let spec = inline[json] { return spec }
        do {
            let spec = try ScenarioSpec.decode(json: json)
            inline[json] = spec
            return spec
        } catch {
            throw ReelFailure(
                .dataError, "the inline scenario is not a valid scenario spec: \(SpecDecodingError.describe(error, json: json))")
        }
    }

    /// The scenario a catalog name or a scenario file path refers to.
    public func resolve(_ reference: String, relativeTo streamFile: String? = nil) throws(ReelFailure) -> ScenarioSpec {
        if let spec = ScenarioCatalog.named(reference) { return spec }
        if let spec = scenes[reference] { return spec }
        if let spec = files[reference] { return spec }
        guard reference.hasSuffix(".json") || reference.contains("/") else {
            throw ReelFailure(
                .dataError, "unknown scenario '\(reference)' (`reel scenarios` lists the catalog; a scenario file path ends in .json)")
        }
        let spec = try load(candidates(for: reference, relativeTo: streamFile), reference: reference)
        files[reference] = spec
        return spec
    }

    private func candidates(for reference: String, relativeTo streamFile: String?) -> [String] {
        var paths = [reference]
        if !reference.hasPrefix("/"), let streamFile, streamFile != "-" {
            let folder = (streamFile as NSString).deletingLastPathComponent
            if !folder.isEmpty { paths.append((folder as NSString).appendingPathComponent(reference)) }
        }
        return paths
    }

    /// The longest scenario file read, in bytes: a spec is a few hundred bytes; a larger file is
    /// not one (and a device such as /dev/zero never ends).
    package static let maxFileBytes = 1 << 20

    private func load(_ paths: [String], reference: String) throws(ReelFailure) -> ScenarioSpec {
        for path in paths {
            guard let data = try Self.contents(of: path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            do {
                return try ScenarioSpec.decode(json: text)
            } catch {
                throw ReelFailure(.dataError, "\(path): not a valid scenario spec: \(SpecDecodingError.describe(error, json: text))")
            }
        }
        throw ReelFailure(.dataError, "scenario file '\(reference)' not found")
    }

    /// The bytes of the regular file at `path`, nil when nothing is there; a failure naming the
    /// reason for something that is there but is not a regular file of at most `maxFileBytes`
    /// (a folder, a device, a FIFO) or cannot be read.
    private static func contents(of path: String) throws(ReelFailure) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ReelFailure(.dataError, "scenario file '\(path)': cannot read it (\(String(cString: strerror(errno))))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ReelFailure(.dataError, "scenario file '\(path)' is not a regular file (a folder, a device or a FIFO); give a .json file")
        }
        guard info.st_size <= maxFileBytes else {
            throw ReelFailure(.dataError, "scenario file '\(path)' is larger than \(maxFileBytes) bytes; a scenario spec is not")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw ReelFailure(.dataError, "scenario file '\(path)': cannot read it (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: maxFileBytes + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                throw ReelFailure(.dataError, "scenario file '\(path)': cannot read it (\(String(cString: strerror(errno))))")
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maxFileBytes else {
            throw ReelFailure(.dataError, "scenario file '\(path)' is larger than \(maxFileBytes) bytes; a scenario spec is not")
        }
        return Array(bytes[..<count])
    }
}

/// read(2), under a name no method shadows.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
