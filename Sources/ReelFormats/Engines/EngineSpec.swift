import ReelEngine
import ReelTrace

/// What `--engine` names: the built-in engine, a named preset or a profile file over it, or an
/// external process.
public enum EngineSpec: Sendable, Hashable, CustomStringConvertible {
    /// This build's engine with its default profile.
    case builtin
    /// This build's engine with a profile that ships with it (`EngineProfile.presetNames`, e.g. legacy-0.3).
    case preset(name: String)
    /// This build's engine with the named parameters of a JSON profile file overridden.
    case profile(path: String)
    /// An external engine process speaking the engine protocol on stdin/stdout (run by /bin/sh -c).
    case exec(command: String)
    /// An engine object an embedder makes in its own process (`EngineFactory(inProcess:make:)`,
    /// e.g. a ReelKit engine): `name` is what replays store as their candidate ("in-process:NAME").
    /// No `--engine` text parses to it.
    case inProcess(name: String)

    /// Parses `builtin`, a preset name, `exec:COMMAND` or a path to a profile file.
    public init(parsing text: String) throws(ReelFailure) {
        if text == "builtin" {
            self = .builtin
        } else if EngineProfile.presetNames.contains(text) {
            self = .preset(name: text)
        } else if text.hasPrefix("exec:") {
            let command = String(text.dropFirst("exec:".count))
            guard !command.allSatisfy(\.isWhitespace) else {
                throw ReelFailure(.usage, "--engine exec: needs a command, as in exec:'python3 my_engine.py'")
            }
            self = .exec(command: command)
        } else if text.isEmpty {
            throw ReelFailure(.usage, "--engine needs a value: builtin, a profile .json file or exec:COMMAND")
        } else {
            self = .profile(path: text)
        }
    }

    public var description: String {
        switch self {
        case .builtin: "builtin"
        case .preset(let name): name
        case .profile(let path): path
        case .exec(let command): "exec:\(command)"
        case .inProcess(let name): "in-process:\(name)"
        }
    }
}
