import APNSLint

extension LanguageServer {
    /// `textDocument/hover`: on a finding, its rule's summary and page; on a key the schema knows (in `aps`, `alert`,
    /// `sound`, the headers, the payload's or the envelope's top level), the type APNs expects and the rules that check
    /// the key. Markdown; nil where there is nothing to say.
    func hover(uri: String, position: LSPPosition) -> Hover? {
        guard let document = documents[uri], let format = document.format else { return nil }
        let offset = document.offset(of: position)
        var sections: [String] = []
        var range: LSPRange?
        if let report = outcome(for: uri)?.report {
            let found = report.diagnostics.filter { ($0.range.map { $0.start <= offset && offset <= $0.end }) ?? false }
            var seen = Set<String>()
            for diagnostic in found where seen.insert(diagnostic.ruleID).inserted {
                sections.append(Self.ruleExplanation(diagnostic.ruleID, severity: diagnostic.severity))
                range = range ?? diagnostic.range.map(document.range(of:))
            }
        }
        // The keys as written, then those of the payloads a system reads inside strings (an SNS message's APNS),
        // whose ranges are the file's.
        let report = outcome(for: uri)?.report
        let embedded = report?.definitions.compactMap { $0.payload?.node }.filter { payload in
            payload.range.start <= offset && offset <= payload.range.end
        } ?? []
        let documents = format.read(document.text, retentionLimit: nil).documents
        let trees = documents.map { ($0, [String]()) } + embedded.map { ($0, [String]()) }
        for (tree, base) in trees.reversed() {
            guard let (path, keyRange) = Self.key(at: offset, in: tree, path: base) else { continue }
            if let text = Self.keyExplanation(path) {
                sections.append(text)
                range = document.range(of: keyRange)
            }
            // On a key of the definition's top level: which system it is read as, and why.
            if path.count == 1, let index = documents.firstIndex(where: { $0.range.start <= offset && offset <= $0.range.end }),
               let readings = report?.readings, readings.indices.contains(index) {
                sections.append(Self.readingExplanation(readings[index]))
                range = range ?? document.range(of: keyRange)
            }
            break
        }
        guard !sections.isEmpty else { return nil }
        return Hover(markdown: sections.joined(separator: "\n\n---\n\n"), range: range)
    }

    /// "Read as …": the system a definition is read as, why, and what else was weighed.
    static func readingExplanation(_ reading: DialectReading) -> String {
        var text = "**Read as \(reading.dialect.title)** (`\(reading.dialect.rawValue)`) because \(reading.because)."
        if !reading.weighed.isEmpty {
            text += " Weighed against \(reading.weighed.map(\.title).joined(separator: ", "))."
        }
        if !reading.isCertain {
            text += " Say which system sends it with `\"dialect\": \"\(reading.dialect.rawValue)\"` (or `dialect:` in .apns-lint.yml)."
        }
        return text
    }

    /// The rule's summary and a link to its page.
    static func ruleExplanation(_ id: String, severity: Severity) -> String {
        let summary = RuleRegistry.rule(id: id).map { $0.documentation.summary } ?? ""
        return "**\(id)** (\(severity.rawValue)): \(summary)\n\n[\(id) rule page](\(APNSLintTool.documentationURL(forRule: id)))"
    }

    /// The path of the key whose text holds `offset`, and the key's range.
    static func key(at offset: Int, in node: DocumentNode, path: [String]) -> ([String], SourceRange)? {
        if let members = node.members {
            for member in members {
                if member.keyRange.start <= offset, offset <= member.keyRange.end { return (path + [member.key], member.keyRange) }
                if member.value.range.start <= offset, offset <= member.value.range.end,
                   let found = key(at: offset, in: member.value, path: path + [member.key]) { return found }
            }
        } else if let elements = node.elements {
            for (index, element) in elements.enumerated() where element.range.start <= offset && offset <= element.range.end {
                return key(at: offset, in: element, path: path + [String(index)])
            }
        }
        return nil
    }

    /// What the schema says of the key at `path`, and the rules that check it; nil for a key it does not know.
    static func keyExplanation(_ path: [String]) -> String? {
        // A `headers`/`payload` envelope: the payload's keys are under `payload`.
        var keys = path
        if keys.first == EnvelopeKey.payload, keys.count > 1 { keys.removeFirst() }
        let spec: KeySpec, part: String, subscription: Subscription?
        switch (keys.count, keys.first, keys.dropFirst().first) {
        case (1, _, _):
            if path.count == 1, let key = EnvelopeField(name: keys[0]) {
                (spec, part, subscription) = (key.spec, "a member of the definition's envelope (what is sent, and how)", nil)
            } else if let key = PayloadKey(name: keys[0]) {
                (spec, part, subscription) = (key.spec, "a top-level payload key", nil)
            } else { return nil }
        case (2, EnvelopeKey.headers, _) where path.first == EnvelopeKey.headers:
            guard let key = HeaderKey(name: keys[1]) else { return nil }
            (spec, part, subscription) = (key.spec, "an HTTP/2 request header APNs reads", .header(key))
        case (2, "aps", _):
            guard let key = APSKey(name: keys[1]) else { return nil }
            (spec, part, subscription) = (key.spec, "a key of `aps`, the dictionary APNs and the device read", .aps(key))
        case (3, "aps", "alert"):
            guard let key = AlertKey(name: keys[2]) else { return nil }
            (spec, part, subscription) = (key.spec, "a key of the `alert` dictionary, what the notification shows", .alert(key))
        case (3, "aps", "sound"):
            guard let key = SoundKey(name: keys[2]) else { return nil }
            (spec, part, subscription) = (key.spec, "a key of the critical-alert `sound` dictionary", nil)
        default:
            return nil
        }
        var text = "**`\(spec.name)`**: \(part). APNs expects \(spec.type.phrase)."
        let rules = subscription.map { subscription in RuleRegistry.all.filter { $0.descriptor.subscriptions.contains(subscription) } } ?? []
        if !rules.isEmpty {
            text += "\n\nRules that check it:\n" + rules.map { rule in
                "- [`\(rule.id)`](\(APNSLintTool.documentationURL(forRule: rule.id))): \(rule.documentation.summary)"
            }.joined(separator: "\n")
        }
        return text
    }
}
