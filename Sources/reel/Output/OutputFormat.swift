import ArgumentParser

/// `--format` of commands that print a summary: words for people, or one JSON object.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
