/// Up to ten items joined with commas, then how many more: "1, 2, 3" or "1, 2, ..., 10 and 5 more".
func shortList(_ items: [String]) -> String {
    items.count <= 10 ? items.joined(separator: ", ") : items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more"
}
