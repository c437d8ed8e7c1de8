import APNSLintSyntax

/// "Did you mean …?" for misspelled keys and ids.
public enum Suggestion {
    /// Words longer than this get no suggestion: every key and rule id is far shorter, and the edit distance costs
    /// the product of two lengths.
    public static let longestWord = 64

    /// The best candidate for `word`: first an exact match after folding snake_case and camelCase into
    /// kebab-case (`content_available`, `contentAvailable` → `content-available`), then the closest by edit
    /// distance within a budget that grows with the word's length (at most 3). Candidates whose length differs
    /// from the word's by more than the budget are skipped: they cannot be within it.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        guard word.utf8.count <= longestWord else { return nil }
        let folded = kebabCase(word)
        if folded != word, candidates.contains(folded) { return folded }
        let lowered = word.lowercased()
        if lowered != word, candidates.contains(lowered) { return lowered }
        let length = folded.count
        let budget = max(1, min(3, word.count / 4))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where abs(candidate.count - length) <= budget {
            let distance = editDistance(folded, candidate)
            if distance <= budget, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// What `word` may have meant among `candidates`: the closest one (`closest`), else every candidate that starts
    /// with it (`badge` → `badge-invalid`, `badge-negative`), in their order; empty when none fits. A prefix needs two
    /// characters at least: one letter begins too many names to be a hint.
    public static func matches(for word: String, in candidates: [String]) -> [String] {
        if let best = closest(to: word, in: candidates) { return [best] }
        let folded = kebabCase(word).lowercased()
        guard folded.count >= 2 else { return [] }
        return candidates.filter { $0.hasPrefix(folded) }
    }

    /// "did you mean 'a'?", "did you mean 'a' or 'b'?", "did you mean 'a', 'b' or 'c'?" (without the quotes when
    /// `quoted` is false, as the configuration file's messages write names); nil for no candidate.
    public static func question(_ candidates: [String], quoted: Bool = true) -> String? {
        guard !candidates.isEmpty else { return nil }
        let names = quoted ? candidates.map { "'\($0)'" } : candidates
        return "did you mean \(names.spokenList())?"
    }

    /// `contentAvailable` → `content-available`, `thread_id` → `thread-id`, `Loc Key` → `loc-key`.
    public static func kebabCase(_ word: String) -> String {
        var result = ""
        var previousWasLowerOrDigit = false
        for character in word {
            if character == "_" || character == " " {
                result.append("-")
                previousWasLowerOrDigit = false
            } else if character.isUppercase {
                if previousWasLowerOrDigit { result.append("-") }
                result += character.lowercased()
                previousWasLowerOrDigit = false
            } else {
                result.append(character)
                previousWasLowerOrDigit = character.isLowercase || character.isNumber
            }
        }
        return result
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, so `time-senstive` is one step from `time-sensitive`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](specializedRepeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](specializedRepeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
