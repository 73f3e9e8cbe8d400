import Foundation
import ReelTestSupport
import Testing

/// Issue 48 item 4: `reel kit init` wrote the last path component of `--reel-url`/`--reel-path` into
/// Package.swift's `.product(name: "ReelKit", package: "...")` unescaped, so a crafted name became
/// manifest code that `swift build` or `swift package dump-package` would run. Every value now goes
/// in as a Swift string literal that reads back as exactly that value, and a value with a control
/// character is refused (64, naming the option).
@Suite("reel kit init: values in generated source")
struct KitInitEscapingTests {
    /// Swift source split into its string literals, decoded by the language's rules (The Swift
    /// Programming Language, "Special Characters in String Literals": `\0 \\ \t \n \r \" \'` and
    /// `\u{n}` of 1 to 8 hex digits), and the rest of the text with each literal replaced by `"…"`.
    /// Comments are copied as they are. Nil when a literal does not end on its line or has an escape
    /// the language does not have (an interpolation `\(` among them).
    static func literals(of source: String) -> (skeleton: String, values: [String])? {
        let scalars = Array(source.unicodeScalars)
        var skeleton = String.UnicodeScalarView()
        var values: [String] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                while i < scalars.count, scalars[i] != "\n" {
                    skeleton.append(scalars[i])
                    i += 1
                }
                continue
            }
            guard c == "\"" else {
                skeleton.append(c)
                i += 1
                continue
            }
            i += 1
            var value = String.UnicodeScalarView()
            while true {
                guard i < scalars.count, scalars[i] != "\n" else { return nil }
                let d = scalars[i]
                i += 1
                if d == "\"" { break }
                guard d == "\\" else {
                    value.append(d)
                    continue
                }
                guard i < scalars.count else { return nil }
                let e = scalars[i]
                i += 1
                switch e {
                case "0": value.append("\0")
                case "\\": value.append("\\")
                case "t": value.append("\t")
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "\"": value.append("\"")
                case "'": value.append("'")
                case "u":
                    guard i < scalars.count, scalars[i] == "{", let close = scalars[i...].firstIndex(of: "}") else { return nil }
                    let hex = String(String.UnicodeScalarView(scalars[(i + 1)..<close]))
                    guard (1...8).contains(hex.count), let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        return nil
                    }
                    value.append(scalar)
                    i = close + 1
                default: return nil
                }
            }
            values.append(String(value))
            skeleton.append(contentsOf: "\"…\"".unicodeScalars)
        }
        return (String(skeleton), values)
    }

    /// SwiftPM's identity of a dependency: its last path component without `.git`, lowercased.
    static func identity(_ location: String) -> String {
        let last = location.split(separator: "/").last.map(String.init) ?? location
        return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
    }

    static func manifest(_ folder: String) throws -> String {
        try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)
    }

    /// The code of a manifest written for a plain URL: what every hostile one must equal outside its literals.
    static func plainSkeleton(in folder: String) throws -> String {
        let run = try runReel(["kit", "init", "plain", "--name", "drawers", "--reel-url", "https://example.com/team/reel.git"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(literals(of: try manifest(folder + "/plain"))).skeleton
    }

    static let hostileTails = [
        #"reel")]), .target(name: "x", path: "/")]) ; import Foundation //"#,
        #"a\"b\\c\(FileManager.default.removeItem(atPath: "/"))"#,
        #"x#"y"# + "\"\"\"" + #"z"#,
        "paren(s)#and#hash\u{202E}gnp.exe",
    ]

    @Test func aHostileURLRoundTripsAndAddsNoCode() throws {
        let folder = try temporaryFolder()
        let skeleton = try Self.plainSkeleton(in: folder)
        for (n, tail) in Self.hostileTails.enumerated() {
            let url = "https://example.com/team/" + tail
            let run = try runReel(["kit", "init", "p\(n)", "--name", "drawers", "--reel-url", url], in: folder)
            #expect(run.status == 0, "\(tail): \(run.standardError)")
            let text = try Self.manifest(folder + "/p\(n)")
            let parsed = try #require(Self.literals(of: text), "\(text)")
            #expect(parsed.skeleton == skeleton, "\(tail): the manifest's code changed:\n\(text)")
            #expect(parsed.values.contains(url), "\(tail): \(parsed.values)")
            #expect(parsed.values.contains(Self.identity(url)), "\(tail): \(parsed.values)")
            #expect(text.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) }, "plain ASCII: \(text)")
        }
    }

    @Test func aHostileCheckoutFolderRoundTripsAndAddsNoCode() throws {
        let folder = try temporaryFolder()
        let skeleton = try Self.plainSkeleton(in: folder)
        for (n, tail) in Self.hostileTails.enumerated() {
            let checkout = folder + "/checkout\(n)/" + tail.replacingOccurrences(of: "/", with: "|")
            try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
            try Data(".library(name: \"ReelKit\", targets: [])\n".utf8).write(to: URL(fileURLWithPath: checkout + "/Package.swift"))
            let run = try runReel(["kit", "init", "p\(n)", "--name", "drawers", "--reel-path", checkout], in: folder)
            #expect(run.status == 0, "\(tail): \(run.standardError)")
            let text = try Self.manifest(folder + "/p\(n)")
            let parsed = try #require(Self.literals(of: text), "\(text)")
            // The path form has one literal fewer (no `branch:`) than the URL form.
            #expect(
                parsed.skeleton == skeleton.replacingOccurrences(of: ".package(url: \"…\", branch: \"…\")", with: ".package(path: \"…\")"),
                "\(tail): the manifest's code changed:\n\(text)")
            let resolved = URL(fileURLWithPath: checkout).standardizedFileURL.resolvingSymlinksInPath().path
            #expect(parsed.values.contains(resolved), "\(tail): \(parsed.values)")
            #expect(parsed.values.contains(Self.identity(resolved)), "\(tail): \(parsed.values)")
        }
    }

    @Test func aControlCharacterOrAnEmptyIdentityIsRefusedNamingTheOption() throws {
        let folder = try temporaryFolder()
        for (option, value) in [
            ("--reel-url", "https://example.com/team/reel\n\")]) ; import Foundation //"),
            ("--reel-url", "https://example.com/team/re\u{1B}[2Jel.git"),
            ("--reel-url", "https://example.com/team/.git"),
            ("--reel-path", folder + "/line\rbreak"),
        ] {
            let run = try runReel(["kit", "init", "out", option, value], in: folder)
            #expect(run.status == 64, "\(option): \(run.status) \(run.standardError)")
            #expect(run.standardError.hasPrefix("reel: error: \(option) "), "\(run.standardError)")
            #expect(
                !run.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
                "no raw control character: \(run.standardError.debugDescription)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "nothing written")
        }
    }
}
