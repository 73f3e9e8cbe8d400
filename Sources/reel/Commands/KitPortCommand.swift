import ArgumentParser
import Foundation
import ReelTrace

/// `reel kit port FILES... [--output DIR]`: applies the edit list's mechanical rewrites (docs/KIT.md,
/// "The edit list") to a team's Swift files, in place or into a folder, and lists with file and line
/// what it could not do. Exit 0 when nothing is left, 1 when something is (the list says what).
struct KitPortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite UIKit Swift files for ReelKit: #selector target-action, @objc, @objc optional, #if os(iOS).",
        discussion: "Lists what it could not rewrite (overrides in extensions, other selectors) as FILE:LINE: reason; exit 1 then.")

    @Argument(help: "The Swift files to rewrite.")
    var files: [String]

    @Option(help: "Write the rewritten files into this folder (same names) instead of in place.")
    var output: String?

    /// Files larger than this are refused (a source file, not data).
    static let maximumFileBytes = 4 << 20

    func run() throws {
        try reportingErrors {
            guard !files.isEmpty else { throw ReelFailure(.usage, "kit port: give one or more Swift files") }
            var sources: [(path: String, text: String)] = []
            for path in files {
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                guard let size = attributes?[.size] as? Int else { throw ReelFailure(.noInput, "\(path): no such file") }
                guard size <= Self.maximumFileBytes else {
                    throw ReelFailure(.dataError, "\(path): \(size) bytes, more than a source file's \(Self.maximumFileBytes)")
                }
                guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    throw ReelFailure(.dataError, "\(path): not UTF-8 text")
                }
                sources.append((path, text))
            }
            let ported = KitPort.port(sources.map { KitPort.Source(path: $0.path, text: $0.text) })
            if let output {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            var left = 0
            for file in ported {
                let target =
                    output.map { URL(fileURLWithPath: $0).appendingPathComponent((file.path as NSString).lastPathComponent).path }
                    ?? file.path
                if file.text != file.original || target != file.path {
                    do {
                        try Data(file.text.utf8).write(to: URL(fileURLWithPath: target))
                    } catch {
                        throw ReelFailure(.cannotCreate, "\(target): cannot write: \(error.localizedDescription)")
                    }
                }
                print("\(UntrustedText.sanitized(target, limit: 400)): \(file.rewrites) rewrite\(file.rewrites == 1 ? "" : "s")")
                for note in file.notDone {
                    print("\(UntrustedText.sanitized(file.path, limit: 400)):\(note.line): not done: \(note.reason)")
                    left += 1
                }
            }
            if left > 0 {
                print("\(left) thing\(left == 1 ? "" : "s") left for you (docs/KIT.md, \"The edit list\")")
                throw ExitCode(1)
            }
        }
    }
}

/// The edit list's mechanical rewrites, on source text (line by line; comment lines are left alone).
enum KitPort {
    struct Source {
        var path: String
        var text: String
    }

    struct Ported {
        var path: String
        var original: String
        var text: String
        var rewrites: Int
        var notDone: [(line: Int, reason: String)]
    }

    /// Ports the files together: `@objc optional` requirements found in one are unwrapped at their
    /// call sites (`delegate?.name?(...)`) in all.
    static func port(_ sources: [Source]) -> [Ported] {
        let optionalNames = Set(sources.flatMap { optionalRequirementNames(in: $0.text) })
        return sources.map { port($0, optionalNames: optionalNames) }
    }

    private static func port(_ source: Source, optionalNames: Set<String>) -> Ported {
        var lines = source.text.components(separatedBy: "\n")
        var rewrites = 0
        var notDone: [(Int, String)] = []
        var defaults: [String: [String]] = [:]
        var protocolName: String?
        var protocolDepth = 0
        var extensionDepth: Int?
        var depth = 0
        // The class the line is in, as far as its declaration line tells (a method reference names
        // it: `Self.handlePan` does not compile in a class that is not final).
        var enclosingClass: String?
        for index in lines.indices {
            var line = lines[index]
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            if let declaration = trimmed.range(
                of: #"^((public|open|internal|fileprivate|private|final)\s+)*class\s+[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression)
            {
                let name = String(trimmed[declaration].split(separator: " ").last ?? "")
                // `class func` and `class var` declare type members, not a class.
                if !["func", "var", "let", "subscript", "override"].contains(name) { enclosingClass = name }
            }

            // #if os(iOS) -> #if canImport(UIKit): ReelKit is UIKit on Linux.
            if trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif"), line.contains("os(iOS)") {
                line = line.replacingOccurrences(of: "os(iOS)", with: "canImport(UIKit)")
                rewrites += 1
            }
            // @objc protocol P -> protocol P: AnyObject (delegates are weak).
            if let match = line.range(of: #"@objc\s+(public\s+)?protocol\s+(\w+)"#, options: .regularExpression) {
                let declaration = line[match].replacingOccurrences(of: #"@objc\s+"#, with: "", options: .regularExpression)
                let name = declaration.split(separator: " ").last.map(String.init) ?? ""
                var rest = String(line[match.upperBound...])
                if !rest.trimmingCharacters(in: .whitespaces).hasPrefix(":") { rest = ": AnyObject" + rest }
                line = String(line[..<match.lowerBound]) + declaration + rest
                protocolName = name
                protocolDepth = depth
                rewrites += 1
            }
            // @objc optional func f(...) -> func f(...), with an empty default in an extension.
            if let match = line.range(of: #"@objc\s+optional\s+"#, options: .regularExpression) {
                line.removeSubrange(match)
                let requirement = line.trimmingCharacters(in: .whitespaces)
                if requirement.hasPrefix("func "), !requirement.contains("->"), requirement.hasSuffix(")"), let protocolName {
                    defaults[protocolName, default: []].append(requirement + " {}")
                    rewrites += 1
                } else {
                    notDone.append((number, "an optional requirement with a result or not on one line: give it a default in an extension"))
                }
            }
            // Call sites of optional requirements: delegate?.name?(...) -> delegate?.name(...).
            for name in optionalNames where line.contains(".\(name)?(") {
                line = line.replacingOccurrences(of: ".\(name)?(", with: ".\(name)(")
                rewrites += 1
            }
            // Target-action: action: #selector(handlePan(_:)) -> action: Card.handlePan (the enclosing
            // class's name; Self when no class declaration came before).
            while let match = line.range(of: #"action:\s*#selector\(([^()]|\([^()]*\))*\)"#, options: .regularExpression) {
                let inner = line[match].replacingOccurrences(of: #"^action:\s*#selector\("#, with: "", options: .regularExpression)
                    .dropLast()
                var method = String(inner)
                if let labels = method.firstIndex(of: "(") { method = String(method[..<labels]) }
                if method.hasPrefix("self.") { method.removeFirst(5) }
                let reference =
                    method.first?.isUppercase == true && method.contains(".") ? method : (enclosingClass ?? "Self") + "." + method
                line.replaceSubrange(match, with: "action: " + reference)
                rewrites += 1
            }
            if line.contains("#selector(") {
                notDone.append(
                    (number, "a #selector other than a recognizer's action: (Linux has no Objective-C runtime): call the method directly"))
            }
            // @objc, @objc(name), @IBAction, @IBOutlet, @objcMembers, dynamic: no Objective-C runtime.
            let before = line
            line = line.replacingOccurrences(of: #"@objc\([^)]*\)\s*"#, with: "", options: .regularExpression)
            line = line.replacingOccurrences(
                of: #"@(objcMembers|objc|IBAction|IBOutlet|IBInspectable|IBDesignable)\b\s*"#, with: "", options: .regularExpression)
            line = line.replacingOccurrences(
                of: #"\bdynamic\s+(?=(var|func|public|private|internal|open|final|override))"#, with: "", options: .regularExpression)
            if line != before { rewrites += 1 }

            // Overrides in extensions cannot be moved mechanically (the class may be elsewhere).
            if extensionDepth == nil, trimmed.hasPrefix("extension ") || trimmed.contains(" extension ") { extensionDepth = depth }
            if let extensionDepth, depth > extensionDepth, line.range(of: #"\boverride\s+(func|var)"#, options: .regularExpression) != nil {
                notDone.append(
                    (number, "an override in an extension (Swift allows it only for Objective-C members): move it into the class"))
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if let start = extensionDepth, depth <= start, line.contains("}") { extensionDepth = nil }
            if protocolName != nil, depth <= protocolDepth, line.contains("}") { protocolName = nil }
            lines[index] = line
        }
        var text = lines.joined(separator: "\n")
        for (name, functions) in defaults.sorted(by: { $0.key < $1.key }) {
            if !text.hasSuffix("\n") { text += "\n" }
            text += "\n// Defaults of the former @objc optional requirements (reel kit port).\nextension \(name) {\n"
            text += functions.map { "    " + $0 + "\n" }.joined() + "}\n"
        }
        return Ported(path: source.path, original: source.text, text: text, rewrites: rewrites, notDone: notDone)
    }

    /// The names of `@objc optional func` requirements.
    static func optionalRequirementNames(in text: String) -> [String] {
        guard let pattern = try? NSRegularExpression(pattern: #"@objc\s+optional\s+func\s+(\w+)"#) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }
}
