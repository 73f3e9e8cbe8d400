import CSQLite

extension SQLiteError {
    /// Whether a constraint of the schema refused a row (SQLITE_CONSTRAINT: a CHECK, NOT NULL,
    /// UNIQUE or PRIMARY KEY, a FOREIGN KEY, a STRICT column's type). Rows Reel writes itself
    /// always satisfy them; a row copied from another archive that does not was damaged there.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// What the refused row has, in words, without SQLite's own phrasing or result codes ("a value
    /// its CHECK refuses (size_class IN ('compact', 'regular'))", "a NULL in sessions.recorded_at",
    /// "a reference to a row that does not exist"); nil when this is not a constraint violation.
    public var violatedConstraint: String? {
        guard isConstraintViolation else { return nil }
        // SQLite's message is "KIND constraint failed: DETAIL" (the detail: the CHECK's expression
        // or name, the table.column), or the kind alone for a foreign key.
        let detail = message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? ""
        switch extendedCode {
        case Self.checkConstraint: return "a value its CHECK refuses (\(detail))"
        case Self.notNullConstraint: return "a NULL in \(detail)"
        case Self.uniqueConstraint, Self.primaryKeyConstraint: return "a value of \(detail) that another row has"
        case Self.foreignKeyConstraint: return "a reference to a row that does not exist"
        case Self.dataTypeConstraint: return "a value of the wrong type (\(detail))"
        default: return "a value the schema does not allow (\(detail))"
        }
    }

    // The extended codes of SQLITE_CONSTRAINT, macros Swift does not import.
    private static let checkConstraint = SQLITE_CONSTRAINT | (1 << 8)
    private static let foreignKeyConstraint = SQLITE_CONSTRAINT | (3 << 8)
    private static let notNullConstraint = SQLITE_CONSTRAINT | (5 << 8)
    private static let primaryKeyConstraint = SQLITE_CONSTRAINT | (6 << 8)
    private static let uniqueConstraint = SQLITE_CONSTRAINT | (8 << 8)
    private static let dataTypeConstraint = SQLITE_CONSTRAINT | (12 << 8)
}
