import ReelEngine
import ReelFormats
import ReelSynth
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `main` of a team's transitions executable: serves its scenes over the engine protocol
/// (docs/PROTOCOL.md) so `reel record` / `reel replay --engine exec:PATH` run them, and makes
/// sessions for them.
///
/// ```
/// my-transitions                 serve the engine protocol on standard input/output
/// my-transitions scenes          list the scenes
/// my-transitions spec NAME       print a scene's scenario spec (JSON)
/// my-transitions synth NAME [--count N] [--seed S] [--refresh-hz HZ] [--width W] [--height H]
///                                write synthesized gesture sessions for a scene (JSON Lines)
/// ```
///
/// ```swift
/// // Sources/my-transitions/main.swift
/// import ReelKit
/// ReelKitServer.main(scenes: [cardScene, sheetScene], name: "my-transitions", version: "1.4.0")
/// ```
public nonisolated enum ReelKitServer {
    /// Runs the command in `arguments` and exits with its status (0 ok, 64 usage, 74 I/O).
    public static func main(scenes: [ReelKitScene], name: String, version: String, arguments: [String] = CommandLine.arguments) -> Never {
        exit(run(scenes: scenes, name: name, version: version, arguments: Array(arguments.dropFirst())))
    }

    /// `main` under the name the engine protocol's docs use: serves (or runs the command in
    /// `arguments`) and exits.
    public static func serve(scenes: [ReelKitScene], name: String, version: String, arguments: [String] = CommandLine.arguments) -> Never {
        main(scenes: scenes, name: name, version: version, arguments: arguments)
    }

    /// Runs one command; returns the exit status.
    public static func run(scenes: [ReelKitScene], name: String, version: String, arguments: [String]) -> Int32 {
        let engine = ReelKitEngine(scenes: scenes, name: name, version: version)
        switch arguments.first {
        case nil, "serve":
            return serve(engine)
        case "scenes":
            for scene in scenes { put("\(scene.name)\t\(scene.spec.summary)\n", to: 1) }
            return 0
        case "spec":
            guard arguments.count == 2, let scene = engine.scene(named: arguments[1]) else {
                return usage("spec needs one scene name (`scenes` lists them)")
            }
            put(scene.spec.canonicalJSON + "\n", to: 1)
            return 0
        case "synth":
            return synth(engine, Array(arguments.dropFirst()))
        case "-h", "--help", "help":
            put(help, to: 1)
            return 0
        default:
            return usage("unknown command '\(arguments[0])'")
        }
    }

    static let help = """
        usage: EXECUTABLE                 serve the engine protocol on standard input/output
               EXECUTABLE scenes          list the scenes
               EXECUTABLE spec NAME       print a scene's scenario spec (JSON)
               EXECUTABLE synth NAME [--count N] [--seed S] [--refresh-hz HZ] [--width W] [--height H]

        """

    /// Serves on a copy of standard output, with descriptor 1 pointed at standard error for the
    /// app's own output (`ProtocolChannel`).
    private static func serve(_ engine: ReelKitEngine) -> Int32 {
        let answers: Int32
        switch ProtocolChannel.claimStandardOutput() {
        case .success(let descriptor): answers = descriptor
        case .failure(let error):
            put("\(error.message)\n", to: 2)
            return 74
        }
        defer { close(answers) }
        do {
            try EngineProtocolServer.serve(input: 0, output: answers) { request in answer(request, engine: engine) }
            return 0
        } catch {
            put("\(error.message)\n", to: 2)
            return 74
        }
    }

    /// The reply to one request: the scene's trace, or an error naming the scene and the reason.
    package static func answer(_ request: EngineRequest, engine: ReelKitEngine) -> EngineReply {
        guard let scene = engine.scene(named: request.scenarioName) else {
            return .error("unknown scene '\(request.scenarioName)' (this engine has: \(engine.scenes.map(\.name).joined(separator: ", ")))")
        }
        do {
            let trace = try SessionIsolation.run {
                KitSession.result(
                    scene, device: request.device, refreshHz: request.refreshHz, touches: request.touches, outcomeHierarchy: true)
            }.get()
            return .response(EngineResponse(engineName: engine.identity.name, engineVersion: engine.identity.version, trace: trace))
        } catch {
            return .error(error.message)
        }
    }

    private static func synth(_ engine: ReelKitEngine, _ arguments: [String]) -> Int32 {
        guard let sceneName = arguments.first, let scene = engine.scene(named: sceneName) else {
            return usage("synth needs a scene name (`scenes` lists them)")
        }
        var options: [String: Double] = ["--count": 100, "--seed": 1, "--refresh-hz": 60, "--width": 390, "--height": 844]
        var index = 1
        while index < arguments.count {
            let flag = arguments[index]
            guard options[flag] != nil, index + 1 < arguments.count, let value = Double(arguments[index + 1]), value.isFinite else {
                return usage("bad option '\(flag)' (options: --count, --seed, --refresh-hz, --width, --height, each with a number)")
            }
            options[flag] = value
            index += 2
        }
        let count = options["--count"]!
        let refreshHz = options["--refresh-hz"]!
        guard count >= 0, count <= 1_000_000, count == count.rounded(), refreshHz >= 1, refreshHz <= 240, options["--seed"]! >= 0,
            options["--width"]! >= 1, options["--height"]! >= 1
        else {
            return usage("--count must be 0-1000000, --refresh-hz 1-240, --seed >= 0, --width and --height >= 1")
        }
        let device = Device(width: options["--width"]!, height: options["--height"]!, scale: 3)
        let synthesizer = GestureSynthesizer(
            scenario: scene.spec, device: device, refreshHz: refreshHz, seed: UInt64(options["--seed"]!))
        let inline = scene.needsInlineSpec ? scene.spec.canonicalJSON : nil
        for session in 0..<Int(count) {
            var generated = synthesizer.session(index: session)
            generated.scenarioSpecJSON = inline
            guard put(GestureStreamWriter.encode(generated), to: 1) else { return 74 }
        }
        return 0
    }

    private static func usage(_ message: String) -> Int32 {
        put("error: \(message)\n" + help, to: 2)
        return 64
    }

    @discardableResult
    private static func put(_ text: String, to descriptor: Int32) -> Bool { put(Array(text.utf8), to: descriptor) }

    @discardableResult
    private static func put(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                offset += count
            } else if count < 0, errno != EINTR {
                return false
            }
        }
        return true
    }
}
